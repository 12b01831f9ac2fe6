"""Guessing passwords: ten failed log-ins lock that account from that address for a while, and
many more from one address lock the address for every account; the log-in page and the token
endpoint both say so (429) and stop checking passwords. Nobody can lock an account from elsewhere,
and tries made while locked do not count."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.utils import translation

from players.lockout import lockout_message
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db
LIMIT = settings.AXES_FAILURE_LIMIT


def fail_logins(client, username: str, times: int, address: str = "10.0.0.1") -> list[int]:
    return [
        client.post(
            "/accounts/login/", {"username": username, "password": "wrong"}, REMOTE_ADDR=address
        ).status_code
        for _ in range(times)
    ]


def test_the_login_page_locks_an_account_after_ten_failures_from_one_address(client, alice):
    codes = fail_logins(client, "alice", LIMIT)
    assert codes[:-1] == [200] * (LIMIT - 1) and codes[-1] == 429
    # Even the right password is refused now from there, with the reason on the page.
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 429
    assert lockout_message() in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_nobody_locks_an_account_out_from_elsewhere(client, alice):
    """Usernames are no secret: ten wrong passwords for Alice from another address leave Alice's
    own log-in working."""
    fail_logins(client, "alice", LIMIT, address="203.0.113.66")
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="198.51.100.7"
    )
    assert response.status_code == 302


def test_the_lock_message_is_in_the_readers_language(client, alice):
    fail_logins(client, "alice", LIMIT)
    response = client.post(
        "/accounts/login/",
        {"username": "alice", "password": PASSWORD},
        headers={"Accept-Language": "nl"},
        REMOTE_ADDR="10.0.0.1",
    )
    with translation.override("nl"):
        assert lockout_message() in response.content.decode()


def test_one_address_trying_many_accounts_is_locked_at_its_own_higher_limit(client, settings):
    settings.LOGIN_FAILURES_PER_ADDRESS = 2 * LIMIT
    codes = [
        client.post(
            "/accounts/login/", {"username": f"user-{n}", "password": "x"}, REMOTE_ADDR="10.0.0.9"
        ).status_code
        for n in range(2 * LIMIT)
    ]
    assert codes[:-1] == [200] * (2 * LIMIT - 1) and codes[-1] == 429
    other = client.post("/accounts/login/", {"username": "someone", "password": "x"}, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 429
    elsewhere = client.post(
        "/accounts/login/", {"username": "user-0", "password": "x"}, REMOTE_ADDR="10.0.0.8"
    )
    assert elsewhere.status_code == 200


def test_a_club_behind_one_address_is_not_locked_by_one_members_typos(client, alice, settings):
    """A club's Wi-Fi is one address: 25 wrong passwords for one account there leave the other
    members' log-ins working (the address limit is higher than that)."""
    assert getattr(settings, "LOGIN_FAILURES_PER_ADDRESS", LIMIT) > 25
    fail_logins(client, "accept", 25, address="10.0.0.7")
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.7"
    )
    assert response.status_code == 302


def test_tries_while_locked_do_not_count_or_extend_the_lock(client, alice):
    fail_logins(client, "alice", LIMIT + 2)
    for _ in range(2):
        client.post("/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    counted = AccessAttempt.objects.filter(username="alice").aggregate(n=Sum("failures_since_start"))["n"]
    assert counted == LIMIT


def test_the_token_endpoint_locks_too_in_the_error_shape(anonymous_api, alice):
    codes = [
        anonymous_api.post(
            "/api/auth/token/", {"username": "alice", "password": "wrong"}, format="json"
        ).status_code
        for _ in range(LIMIT)
    ]
    assert codes[:-1] == [400] * (LIMIT - 1) and codes[-1] == 429
    response = anonymous_api.post(
        "/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 429
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [("locked_out", "")]
    assert "token" not in response.json()


def test_a_successful_login_clears_the_count(client, alice):
    fail_logins(client, "alice", LIMIT - 1)
    login = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert login.status_code == 302
    client.logout()
    assert fail_logins(client, "alice", LIMIT - 1) == [200] * (LIMIT - 1)


def rates(settings, **per_scope: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}), **per_scope},
    }


def test_the_token_endpoint_is_throttled_per_address_in_the_error_shape(anonymous_api, settings):
    """Past its rate the token endpoint answers 429 ``throttled`` with ``Retry-After``, before
    any password is checked; another address still gets through."""
    rates(settings, login="3/minute")
    for n in range(3):
        response = anonymous_api.post(
            "/api/auth/token/",
            {"username": f"user-{n}", "password": "x"},
            format="json",
            REMOTE_ADDR="10.0.0.3",
        )
        assert response.status_code == 400
    response = anonymous_api.post(
        "/api/auth/token/", {"username": "user-9", "password": "x"}, format="json", REMOTE_ADDR="10.0.0.3"
    )
    assert response.status_code == 429
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [("throttled", "")]
    assert 0 < int(response["Retry-After"]) <= 60
    other = anonymous_api.post(
        "/api/auth/token/", {"username": "user-9", "password": "x"}, format="json", REMOTE_ADDR="10.0.0.4"
    )
    assert other.status_code == 400
