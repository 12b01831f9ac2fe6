"""Guessing passwords: ten failed log-ins lock the account, and separately the address, for a while;
the log-in page and the token endpoint both say so (429) and stop checking passwords."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from players.lockout import lockout_message
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
LIMIT = settings.AXES_FAILURE_LIMIT


def fail_logins(client, username: str, times: int, address: str = "10.0.0.1") -> list[int]:
    return [
        client.post(
            "/accounts/login/", {"username": username, "password": "wrong"}, REMOTE_ADDR=address
        ).status_code
        for _ in range(times)
    ]


def test_the_login_page_locks_an_account_after_ten_failures(client, alice):
    codes = fail_logins(client, "alice", LIMIT)
    assert codes[:-1] == [200] * (LIMIT - 1) and codes[-1] == 429
    # Even the right password is refused now, with the reason on the page.
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.2"
    )
    assert response.status_code == 429
    assert lockout_message() in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lock_message_is_in_the_readers_language(client, alice):
    fail_logins(client, "alice", LIMIT)
    response = client.post(
        "/accounts/login/",
        {"username": "alice", "password": PASSWORD},
        headers={"Accept-Language": "nl"},
    )
    with translation.override("nl"):
        assert lockout_message() in response.content.decode()


def test_one_address_trying_many_accounts_is_locked(client):
    for n in range(LIMIT):
        UserFactory(username=f"user-{n}")
    codes = [
        client.post(
            "/accounts/login/", {"username": f"user-{n}", "password": "x"}, REMOTE_ADDR="10.0.0.9"
        ).status_code
        for n in range(LIMIT)
    ]
    assert codes[-1] == 429
    other = client.post("/accounts/login/", {"username": "someone", "password": "x"}, REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 429


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
    assert client.post("/accounts/login/", {"username": "alice", "password": PASSWORD}).status_code == 302
    client.logout()
    assert fail_logins(client, "alice", LIMIT - 1) == [200] * (LIMIT - 1)
