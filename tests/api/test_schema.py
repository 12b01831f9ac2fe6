"""The OpenAPI schema describes every endpoint without warnings, and the docs page serves it."""

from __future__ import annotations

import pytest
from django.core.management import call_command


def test_schema_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
    schema = (tmp_path / "schema.yml").read_text()
    for path in (
        "/api/matches/{match_id}/rounds/",
        "/api/auth/token/",
        "/api/games/",
        "/api/clubs/{club_id}/invitations/{invitation_id}/",
        "/api/invitations/{token}/accept/",
    ):
        assert path in schema


@pytest.mark.django_db
def test_docs_page_is_served_without_a_cdn(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    assert "cdn.jsdelivr" not in response.content.decode()


@pytest.mark.django_db
def test_games_list_names_every_game_with_its_options(client):
    games = {game["slug"]: game for game in client.get("/api/games/").json()}
    assert set(games) == {"frustration-nl", "frustration-fr", "duizenden", "barbuse", "canasta"}
    packs = next(o for o in games["canasta"]["options"] if o["name"] == "packs")
    assert packs["defaults"]["6"] == 3 and packs["defaults"]["4"] == 2
