"""No input answers 500: odd bodies, odd names, odd addresses and odd headers each get a clear
4xx in the API's error shape, in the reader's language, and store nothing."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import override_settings
from django.utils import translation

from config.errors import MESSAGES
from matches.models import Match, Round
from players.models import Club, Player, clean_player_name

pytestmark = pytest.mark.django_db

NEW_MATCH = {"game": "frustration-nl", "players": ["Anna", "Bram"]}


def errors(response) -> list[tuple[str, str]]:
    assert response["Content-Type"] == "application/json", response.content[:200]
    return [(e["code"], e["field"]) for e in response.json()["errors"]]


def post_raw(api, path: str, body: bytes | str, **headers: str):
    return api.generic("POST", path, body, content_type="application/json", headers=headers)


@pytest.fixture
def match_id(api) -> int:
    return api.post("/api/matches/", NEW_MATCH, format="json").json()["id"]


# --- bodies ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/matches/", "/api/auth/token/"])
def test_json_nested_deeper_than_python_can_parse_is_a_400(api, path):
    response = post_raw(api, path, "[" * 100_000 + "]" * 100_000)
    assert response.status_code == 400
    assert errors(response) == [("invalid", "")]
    assert not Match.objects.exists()


def test_deep_json_in_a_round_is_a_400(api, match_id):
    response = post_raw(api, f"/api/matches/{match_id}/rounds/", '{"entries": ' + "[" * 100_000)
    assert response.status_code == 400
    assert not Round.objects.exists()


def test_an_infinite_number_is_a_400_not_a_database_error(api, match_id):
    response = post_raw(api, f"/api/matches/{match_id}/rounds/", '{"entries": [1e999, 1e999]}')
    assert response.status_code == 400
    assert errors(response) == [("invalid", "")]
    assert not Round.objects.exists()


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_upload_limit_is_a_413(api):
    body = json.dumps({**NEW_MATCH, "options": {"x": "y" * 2000}})
    response = post_raw(api, "/api/matches/", body)
    assert response.status_code == 413
    assert errors(response) == [("too_large", "")]
    assert not Match.objects.exists()


def test_a_form_body_is_refused_with_415(api):
    response = api.post("/api/matches/", {"game": "barbuse"}, format="multipart")
    assert response.status_code == 415
    assert errors(response) == [("invalid", "")]


# --- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["An\u0000na", "\ud800", "Bram\udfff"])
def test_names_a_database_cannot_store_are_invalid_at_their_field(api, name):
    body = json.dumps({"game": "frustration-nl", "players": ["Cor", name]})  # \u escapes, as JSON allows
    response = post_raw(api, "/api/matches/", body)
    assert response.status_code == 400
    assert errors(response) == [("invalid", "players.1")]
    assert not Player.objects.exists()


def test_unstorable_text_anywhere_in_a_round_is_invalid_at_its_field(api, match_id):
    body = '{"entries": [{"went_out": true, "points": 0}, {"note": "\\u0000"}]}'
    response = post_raw(api, f"/api/matches/{match_id}/rounds/", body)
    assert response.status_code == 400
    assert errors(response) == [("invalid", "entries.1.note")]
    assert not Round.objects.exists()


def test_a_name_with_control_characters_is_invalid_at_its_field(api):
    response = api.post(
        "/api/matches/", {"game": "frustration-nl", "players": ["Cor", "Bram\x07"]}, format="json"
    )
    assert response.status_code == 400
    assert errors(response) == [("invalid", "players.1")]


@pytest.mark.parametrize(
    ("stored", "typed"),
    [("kees", "\u212aees"), ("\u212aees", "kees"), ("Anna", "ANNA"), ("İlse", "İLSE")],
)
def test_names_the_database_folds_together_are_one_player(api, club, stored, typed):
    """Names are one player when the database's LOWER, which the unique constraint uses, says so
    (the Kelvin sign is k on PostgreSQL, not on SQLite): never an IntegrityError."""
    Player.objects.create(club=club, name=stored)
    response = api.post(
        "/api/matches/", {"game": "frustration-nl", "players": [typed, "Bram"]}, format="json"
    )
    assert response.status_code == 201, response.content
    with connection.cursor() as cursor:
        cursor.execute("SELECT LOWER(%s) = LOWER(%s)", [stored, typed])
        same = bool(cursor.fetchone()[0])
    assert Player.objects.filter(club=club).count() == (2 if same else 3)


def test_player_named_compares_names_as_the_unique_constraint_does(club):
    kees = club.player_named("kees")
    if connection.vendor == "postgresql":
        assert club.player_named("\u212aees") == kees
    assert club.player_named("  KEES ") == kees


@pytest.mark.parametrize("name", ["", "   ", "a\x00b", "\ud800", "bell\x07", "\x1b[31mred", "x" * 61])
def test_clean_player_name_refuses_what_is_not_a_name(name):
    with pytest.raises(ValidationError) as refused:
        clean_player_name(name)
    assert refused.value.code == "invalid"


def test_clean_player_name_tidies_the_spaces():
    assert clean_player_name("  Anna   de  Vries ") == "Anna de Vries"
    assert clean_player_name("Zoë") == "Zoë"


@pytest.mark.parametrize("name", ["a\x00b", "\ud800"])
def test_player_named_refuses_what_no_database_stores(club, name):
    with pytest.raises(ValidationError):
        club.player_named(name)
    assert not Player.objects.exists()


# --- credentials and headers ----------------------------------------------------------------


@pytest.mark.parametrize(
    "credentials",
    [
        {"username": "ali\u0000ce", "password": "correct-horse-battery"},
        {"username": "alice", "password": "correct\u0000horse"},
        {"username": "\ud800", "password": "x"},
        {"username": ["alice"], "password": {"a": 1}},
    ],
)
def test_odd_credentials_are_a_400_at_their_field(anonymous_api, alice, credentials):
    response = post_raw(anonymous_api, "/api/auth/token/", json.dumps(credentials))
    assert response.status_code == 400
    fields = {field for _, field in errors(response)}
    assert fields <= {"username", "password"} and fields


@pytest.mark.parametrize("token", ["abc\u0000def", "0" * 64 + "\u0000", "é" * 64, "0" * 65])
def test_a_malformed_token_is_a_401(anonymous_api, alice, token):
    response = anonymous_api.get("/api/matches/", headers={"Authorization": f"Token {token}"})
    assert response.status_code == 401
    assert errors(response) == [("authentication_failed", "")]


@pytest.mark.parametrize("key", ["abc\u0000", "line\nbreak", "tab\there"])
def test_an_idempotency_key_with_control_characters_is_a_400(api, match_id, key):
    body = {"entries": [{"laid_down": True, "went_out": True, "points": 0}, {"points": 5}]}
    response = api.post(
        f"/api/matches/{match_id}/rounds/", body, format="json", headers={"Idempotency-Key": key}
    )
    assert response.status_code == 400
    assert errors(response) == [("invalid", "Idempotency-Key")]
    assert not Round.objects.exists()


# --- addresses ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/api/nothing-here/",
        "/api/matches/abc/",
        "/api/matches/-1/",
        "/api/matches/99999999999999999999999/",
        "/api/matches/1/rounds/99999999999999999999999/",
        "/api/matches/%00/",
    ],
)
def test_unknown_api_addresses_answer_json_404(api, path):
    response = api.get(path)
    assert response.status_code == 404
    assert errors(response) == [("not_found", "")]


def test_a_404_speaks_the_readers_language(api):
    response = api.get("/api/nothing-here/", headers={"Accept-Language": "nl"})
    with translation.override("nl"):
        assert response.json()["errors"][0]["message"] == str(MESSAGES["not_found"])


def test_a_page_404_is_the_sites_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b'class="topbar"' in response.content


def test_post_without_the_trailing_slash_names_the_right_address(api):
    response = api.post("/api/matches", NEW_MATCH, format="json")
    assert response.status_code == 404
    assert errors(response) == [("missing_slash", "")]
    assert "/api/matches/" in response.json()["errors"][0]["message"]
    assert not Match.objects.exists()


def test_get_without_the_trailing_slash_is_still_redirected(api):
    assert api.get("/api/matches").status_code == 301


@pytest.mark.parametrize(("path", "shape"), [("/api/games/", "json"), ("/", "html")])
def test_a_disallowed_host_is_a_400(client, path, shape):
    response = client.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 400
    if shape == "json":
        assert errors(response) == [("bad_request", "")]
    else:
        assert response["Content-Type"].startswith("text/html")


def test_a_second_personal_club_cannot_be_made(alice):
    from django.db import IntegrityError, transaction

    Club.personal_for(alice)
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="Another", personal=True, personal_owner=alice)
