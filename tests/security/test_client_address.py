"""Behind the load balancer (``PROXY_COUNT=1``) a client is the address the balancer added to
X-Forwarded-For, not the balancer itself: the log-in lock, the guest limit and the API's throttles
tell two clients apart, and what a client writes into the header itself changes nothing."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from players.models import Guest
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

BALANCER = "10.0.0.2"
ATTACKER = "203.0.113.66"
VICTIM = "198.51.100.7"


@pytest.fixture
def behind_one_proxy(settings):
    settings.PROXY_COUNT = 1


def through_balancer(address: str, sent_by_client: str = "") -> dict[str, str]:
    """What the app server sees: the balancer's connection, and the client's address appended to
    whatever X-Forwarded-For the client sent (haproxy's ``option forwardfor``)."""
    forwarded = f"{sent_by_client}, {address}" if sent_by_client else address
    return {"REMOTE_ADDR": BALANCER, "HTTP_X_FORWARDED_FOR": forwarded}


def token(client, username: str, password: str, address: str, sent_by_client: str = "") -> int:
    return client.post(
        "/api/auth/token/",
        {"username": username, "password": password},
        content_type="application/json",
        **through_balancer(address, sent_by_client),
    ).status_code


def test_failed_logins_from_one_client_do_not_lock_out_another(behind_one_proxy, client, alice):
    """The issue's repro: ten failures with any usernames from one client, then the right
    password from another client."""
    codes = [token(client, f"nobody-{n}", "guess", ATTACKER) for n in range(10)]
    assert codes == [400] * 10
    assert token(client, "alice", PASSWORD, VICTIM) == 200


def test_two_forwarded_addresses_are_two_lock_counts(behind_one_proxy, client, alice):
    limit = django_settings.AXES_FAILURE_LIMIT
    codes = [token(client, "alice", "guess", ATTACKER) for _ in range(limit)]
    assert codes[-1] == 429
    assert token(client, "alice", PASSWORD, ATTACKER) == 429
    assert token(client, "alice", PASSWORD, VICTIM) == 200


def test_a_client_cannot_choose_its_address_by_sending_the_header(behind_one_proxy, client, alice):
    """Entries left of the balancer's are the client's own words: a new made-up one for each try
    does not start a new count."""
    limit = django_settings.AXES_FAILURE_LIMIT
    codes = [token(client, "alice", "guess", ATTACKER, sent_by_client=f"192.0.2.{n}") for n in range(limit)]
    assert codes[-1] == 429
    assert token(client, "alice", PASSWORD, ATTACKER, sent_by_client=VICTIM) == 429


def test_without_a_proxy_the_header_is_ignored(client, alice):
    """``PROXY_COUNT=0``: the connection's own address, whatever X-Forwarded-For claims."""
    limit = django_settings.AXES_FAILURE_LIMIT
    for n in range(limit):
        client.post(
            "/api/auth/token/",
            {"username": "alice", "password": "guess"},
            content_type="application/json",
            REMOTE_ADDR=ATTACKER,
            HTTP_X_FORWARDED_FOR=f"192.0.2.{n}",
        )
    response = client.post(
        "/api/auth/token/",
        {"username": "alice", "password": PASSWORD},
        content_type="application/json",
        REMOTE_ADDR=ATTACKER,
        HTTP_X_FORWARDED_FOR=VICTIM,
    )
    assert response.status_code == 429


def test_the_guest_limit_counts_each_client_behind_the_balancer(behind_one_proxy, settings):
    settings.GUEST_STARTS_PER_HOUR = 2
    for _ in range(2):
        assert Client().post(reverse("guest_start"), **through_balancer(ATTACKER)).status_code == 302
    assert Client().post(reverse("guest_start"), **through_balancer(ATTACKER)).status_code == 429
    assert Client().post(reverse("guest_start"), **through_balancer(VICTIM)).status_code == 302
    assert Guest.objects.count() == 3
