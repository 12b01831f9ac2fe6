"""The OpenAPI schema describes every endpoint without warnings, and the docs page serves it."""

from __future__ import annotations

import re
from unittest.mock import ANY

import pytest
import yaml
from django.core.management import call_command
from jsonschema import Draft7Validator  # type: ignore[import-untyped]  # no stubs installed

from scoring import all_games
from tests.long_matches import long_match


def test_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
    schema = (tmp_path / "schema.yml").read_text()
    for path in (
        "/api/matches/{match_id}/rounds/",
        "/api/auth/token/",
        "/api/games/",
        "/api/clubs/{club_id}/invitations/{invitation_id}/",
        "/api/invitations/{token}/accept/",
        "/api/competitions/{competition_id}/",
        "/api/competitions/{competition_id}/evenings/",
        "/api/evenings/{evening_id}/presence/",
    ):
        assert path in schema


def test_schema_documents_the_league_writes(tmp_path):
    """Each league write is an operation with its body and the one error shape for refusals."""
    call_command("spectacular", "--file", str(tmp_path / "schema.yml"))
    paths = yaml.safe_load((tmp_path / "schema.yml").read_text())["paths"]
    operations = {
        ("/api/clubs/{club_id}/competitions/", "post"): "Competition",
        ("/api/competitions/{competition_id}/", "patch"): "PatchedCompetition",
        ("/api/competitions/{competition_id}/evenings/", "post"): "EveningBody",
        ("/api/evenings/{evening_id}/", "patch"): "PatchedEveningBody",
        ("/api/evenings/{evening_id}/presence/", "put"): "Presence",
    }
    for (path, method), body in operations.items():
        operation = paths[path][method]
        assert operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(f"/{body}")
        error = operation["responses"]["400"]["content"]["application/json"]["schema"]["$ref"]
        assert error.endswith("/Errors")
    for path in ("/api/competitions/{competition_id}/", "/api/evenings/{evening_id}/"):
        assert set(paths[path]["delete"]["responses"]) >= {"204", "403", "404"}


def test_the_schema_forbids_the_bodies_the_api_refuses(tmp_path):
    """What schemathesis found allowed by the schema and refused by the API: empty names and
    lists, deal 0, an invitation as owner."""
    call_command("spectacular", "--file", str(tmp_path / "schema.yml"))
    bodies = yaml.safe_load((tmp_path / "schema.yml").read_text())["components"]["schemas"]
    new_match = bodies["NewMatch"]["properties"]
    assert new_match["game"]["minLength"] == 1 and new_match["players"]["minItems"] == 1
    assert new_match["dealer"] == {"type": "integer", "minimum": 0, "description": ANY}
    assert new_match["options"]["type"] == "object" and new_match["teams"]["type"] == "array"
    round_body = bodies["RoundBody"]["properties"]
    assert round_body["entries"]["minItems"] == 1 and round_body["number"]["minimum"] == 1
    for competition in (bodies["Competition"], bodies["PatchedCompetition"]):
        assert competition["properties"]["name"]["minLength"] == 1
        assert competition["properties"]["games"]["minItems"] == 1
    role = bodies["NewInvitation"]["properties"]["role"]
    assert role["not"] == {"enum": ["owner"]} and role["allOf"] == [{"$ref": "#/components/schemas/RoleEnum"}]


@pytest.mark.django_db
def test_docs_page_is_served_without_a_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert "cdn.jsdelivr" not in response.content.decode()


@pytest.mark.django_db
def test_games_list_names_every_game_with_its_options(client):
    games = {game["slug"]: game for game in client.get("/api/games/").json()}
    assert set(games) == {game.slug for game in all_games()}
    assert {
        "frustration-nl",
        "frustration-fr",
        "duizenden",
        "barbuse",
        "canasta",
        "klaverjassen",
        "tarot",
    } <= set(games)
    deals = next(o for o in games["tarot"]["options"] if o["name"] == "deals")
    assert deals["defaults"]["4"] == 16 and deals["defaults"]["5"] == 20
    packs = next(o for o in games["canasta"]["options"] if o["name"] == "packs")
    assert packs["defaults"]["6"] == 3 and packs["defaults"]["4"] == 2


def test_the_schema_closes_the_bodies_that_refuse_unknown_keys(tmp_path):
    """schemathesis's "valid request refused": a key the API refuses, a null or empty player, an
    empty player name were all allowed by the schema."""
    call_command("spectacular", "--file", str(tmp_path / "schema.yml"))
    bodies = yaml.safe_load((tmp_path / "schema.yml").read_text())["components"]["schemas"]
    for name in ("NewMatch", "Competition", "PatchedCompetition", "EveningBody", "Presence", "Archive"):
        assert bodies[name]["additionalProperties"] is False, name
    assert bodies["NewMatch"]["properties"]["players"]["items"] == {
        "oneOf": [{"type": "string", "minLength": 1, "pattern": r"\S"}, {"type": "integer", "minimum": 0}]
    }
    assert bodies["PlayerBody"]["properties"]["name"]["minLength"] == 1
    assert "additionalProperties" not in bodies["Credentials"]  # it ignores what it does not read


def test_a_round_body_of_every_game_matches_exactly_one_of_the_documented_shapes(tmp_path):
    """The rounds the engine accepts, as a client would post them, are the ones the schema
    describes: a line per scoring unit, or Tarot's deal; and a Tarot deal is not a round of lines."""
    call_command("spectacular", "--file", str(tmp_path / "schema.yml"))
    components = yaml.safe_load((tmp_path / "schema.yml").read_text())["components"]
    shapes = components["schemas"]["GameRoundBody"]["oneOf"]
    for game in all_games():
        _setup, bodies = long_match(game.slug, 3)
        for body in bodies:
            matching = [
                shape["$ref"]
                for shape in shapes
                if Draft7Validator({**shape, "components": components}).is_valid({"number": 1, **body})
            ]
            assert len(matching) == 1, (game.slug, body, matching)
            assert matching[0].endswith("/TarotRoundBody") == (game.slug == "tarot")


def test_a_required_text_holds_more_than_spaces_and_a_time_of_day_has_no_offset(tmp_path):
    """DRF trims a text before it checks it: "  " is refused as "" is, and the schema says so.
    A time of day is written "19:30:00", which OpenAPI's ``format: time`` (RFC 3339, with an
    offset) would call wrong: the schema gives the pattern the API reads instead."""
    call_command("spectacular", "--file", str(tmp_path / "schema.yml"))
    schemas = yaml.safe_load((tmp_path / "schema.yml").read_text())["components"]["schemas"]
    assert schemas["EndEarly"]["properties"]["reason"]["pattern"] == r"\S"
    assert schemas["PlayerBody"]["properties"]["name"]["pattern"] == r"\S"
    assert schemas["Competition"]["properties"]["games"]["items"]["pattern"] == r"\S"
    for name in ("Evening", "EveningBody", "EveningSummary"):
        starts_at = schemas[name]["properties"]["starts_at"]
        assert "format" not in starts_at, name
        assert re.fullmatch(starts_at["pattern"].strip("^$"), "19:30:00"), name
        assert not re.fullmatch(starts_at["pattern"].strip("^$"), "19:30:00Z"), name
