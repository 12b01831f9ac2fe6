"""One account guessed from many addresses: each address has its own lock, so failures are also
counted per account and, past ten, every further try waits longer (a day's window), whatever the
address; the owner is never locked out, and a device the owner signed in on before does not wait.
An IPv6 client is one client per /64."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client

from players.addresses import as_client
from players.guessing import KNOWN_DEVICE_COOKIE, delay_after
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db
FREE = settings.ACCOUNT_FAILURES_FREE


@pytest.fixture(autouse=True)
def clock(monkeypatch) -> list[float]:
    """The guessing count's clock, stopped: a slow machine must not let a wait run out."""
    now = [1_000_000.0]
    monkeypatch.setattr("players.guessing._now", lambda: now[0])
    return now


def log_in(client: Client, password: str, address: str, username: str = "alice"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_thirty_failures_from_thirty_addresses_slow_the_account_down(alice):
    codes = [log_in(Client(), f"guess-{n}", f"198.51.100.{n}").status_code for n in range(30)]
    assert codes[:FREE] == [200] * FREE  # wrong passwords, each checked
    assert codes[FREE:] == [429] * (30 - FREE)  # no password checked any more
    assert sum(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == FREE
    refused = log_in(Client(), "guess-31", "198.51.100.99")
    assert int(refused["Retry-After"]) == delay_after(FREE) == 15
    assert "Too many tries" in refused.content.decode()


def test_the_owner_s_known_device_still_gets_in(alice):
    phone = Client()
    assert log_in(phone, PASSWORD, "192.0.2.10").status_code == 302
    assert KNOWN_DEVICE_COOKIE in phone.cookies
    phone.post("/accounts/logout/")  # the cookie stays on the phone
    for n in range(30):
        log_in(Client(), f"guess-{n}", f"198.51.100.{n}")
    # A new device has to wait, even with the right password; from a new address, the owner's
    # own phone goes through.
    assert log_in(Client(), PASSWORD, "192.0.2.78").status_code == 429
    assert log_in(phone, PASSWORD, "192.0.2.77").status_code == 302


def test_the_wait_grows_with_each_failure_and_ends(alice, clock):
    for n in range(FREE):
        log_in(Client(), f"guess-{n}", f"198.51.100.{n}")
    waits = []
    for n in range(4):
        refused = log_in(Client(), "x", "203.0.113.1")
        waits.append(int(refused["Retry-After"]))
        clock[0] += waits[-1]
        assert log_in(Client(), f"again-{n}", f"203.0.113.{n + 2}").status_code == 200  # checked
    assert waits == [15, 30, 60, 120]
    assert delay_after(FREE + 40) == 3600  # at most an hour
    clock[0] += 3600
    assert log_in(Client(), PASSWORD, "203.0.113.50").status_code == 302  # never locked out


def test_the_api_slows_a_guessed_account_down_too(alice):
    codes = [
        Client()
        .post(
            "/api/auth/token/",
            {"username": "alice", "password": f"guess-{n}"},
            content_type="application/json",
            REMOTE_ADDR=f"198.51.100.{n}",
        )
        .status_code
        for n in range(30)
    ]
    assert codes[:FREE] == [400] * FREE and set(codes[FREE:]) == {429}


def test_other_accounts_do_not_wait_for_a_guessed_one(alice, bob):
    for n in range(30):
        log_in(Client(), f"guess-{n}", f"198.51.100.{n}")
    assert log_in(Client(), PASSWORD, "198.51.100.1", username="bob").status_code == 302


def test_a_slash_64_is_one_client():
    assert as_client("2001:db8:0:1::1") == as_client("2001:db8:0:1:ffff:1:2:3c") == "2001:db8:0:1::"
    assert as_client("2001:db8:0:2::1") == "2001:db8:0:2::"
    assert as_client("::ffff:192.0.2.1") == "192.0.2.1"
    assert as_client("192.0.2.1") == "192.0.2.1"


def test_failures_from_one_slash_64_lock_it_as_one_address(alice):
    codes = [log_in(Client(), "x", f"2001:db8:0:1::{n:x}").status_code for n in range(1, 13)]
    assert 429 in codes[: settings.AXES_FAILURE_LIMIT]
    assert log_in(Client(), PASSWORD, "2001:db8:0:1::abcd").status_code == 429
    assert log_in(Client(), PASSWORD, "2001:db8:0:2::1").status_code == 302


def test_the_guest_limit_counts_a_slash_64_once(settings):
    settings.GUEST_STARTS_PER_HOUR = 3
    codes = [Client().post("/try/", REMOTE_ADDR=f"2001:db8:0:1::{n}").status_code for n in range(1, 6)]
    assert codes == [302, 302, 302, 429, 429]
