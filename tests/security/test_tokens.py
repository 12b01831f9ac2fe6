"""API tokens: handed out once, stored only as a hash, revoked by log-out and by a password change."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import CONSTANTS
from rest_framework.test import APIClient

from tests.factories import PASSWORD, token_for

pytestmark = pytest.mark.django_db


def client_with(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_the_token_endpoint_answers_a_token_that_works(anonymous_api, alice):
    response = anonymous_api.post(
        "/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert client_with(token).get("/api/matches/").status_code == 200


def test_the_database_keeps_a_hash_not_the_token(alice):
    token = token_for(alice)
    stored = AuthToken.objects.get(user=alice)
    assert token not in (stored.digest, stored.token_key) and stored.digest != token


def test_log_out_revokes_the_token_it_was_sent_with(alice):
    first, second = token_for(alice), token_for(alice)
    response = client_with(first).post("/api/auth/logout/")
    assert response.status_code == 204
    assert client_with(first).get("/api/matches/").status_code == 401
    assert client_with(second).get("/api/matches/").status_code == 200


def test_log_out_needs_a_login(anonymous_api):
    assert anonymous_api.post("/api/auth/logout/").status_code == 401


def test_a_password_change_revokes_every_token(client, alice):
    token = token_for(alice)
    client.force_login(alice)
    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-phrase",
            "new_password2": "another-long-phrase",
        },
    )
    assert response.status_code == 302
    assert client_with(token).get("/api/matches/").status_code == 401


def test_a_password_set_anywhere_revokes_the_tokens(alice):
    token_for(alice)
    alice.set_password("yet-another-phrase")
    alice.save()
    assert not AuthToken.objects.filter(user=alice).exists()


def test_logging_in_again_keeps_the_other_tokens(anonymous_api, alice):
    token = token_for(alice)
    anonymous_api.post("/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert client_with(token).get("/api/matches/").status_code == 200


def test_an_expired_token_is_refused_and_deleted(alice):
    token = token_for(alice)
    AuthToken.objects.filter(user=alice).update(expiry=timezone.now() - timedelta(seconds=1))
    assert client_with(token).get("/api/matches/").status_code == 401
    assert not AuthToken.objects.filter(user=alice).exists()


def test_logging_in_again_deletes_the_users_expired_tokens(anonymous_api, alice):
    working, stale = token_for(alice), token_for(alice)
    stale_key = stale[: CONSTANTS.TOKEN_KEY_LENGTH]
    AuthToken.objects.filter(token_key=stale_key).update(expiry=timezone.now() - timedelta(days=1))
    response = anonymous_api.post(
        "/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    assert not AuthToken.objects.filter(token_key=stale_key).exists()
    assert client_with(working).get("/api/matches/").status_code == 200


def test_a_token_in_use_is_renewed_and_a_wrong_one_with_its_key_is_refused(alice):
    """A token in use lives 30 days from its last use; a token with a right key and a wrong rest
    is refused, an inactive user's token too."""
    token = token_for(alice)
    AuthToken.objects.filter(user=alice).update(expiry=timezone.now() + timedelta(days=1))
    assert client_with(token).get("/api/matches/").status_code == 200
    assert AuthToken.objects.get(user=alice).expiry > timezone.now() + timedelta(days=29)
    forged = token[: CONSTANTS.TOKEN_KEY_LENGTH] + "0" * (len(token) - CONSTANTS.TOKEN_KEY_LENGTH)
    assert client_with(forged).get("/api/matches/").status_code == 401
    alice.is_active = False
    alice.save()
    assert client_with(token).get("/api/matches/").status_code == 401


def test_an_account_has_only_so_many_live_tokens(anonymous_api, alice, settings):
    """Past the cap a log-in is refused in the error shape, saying how to free one; a log-out
    (or an expired token) makes room again."""
    settings.REST_KNOX = {**settings.REST_KNOX, "TOKEN_LIMIT_PER_USER": 2}
    first, _second = token_for(alice), token_for(alice)
    credentials = {"username": "alice", "password": PASSWORD}
    response = anonymous_api.post("/api/auth/token/", credentials, format="json")
    assert response.status_code == 403
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [("too_many_tokens", "")]
    assert AuthToken.objects.filter(user=alice).count() == 2
    client_with(first).post("/api/auth/logout/")
    assert anonymous_api.post("/api/auth/token/", credentials, format="json").status_code == 200


def test_the_token_cap_is_set(settings):
    from knox.settings import knox_settings

    assert 1 <= (knox_settings.TOKEN_LIMIT_PER_USER or 0) <= 20
