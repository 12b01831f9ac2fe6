"""A sixth game plugs in through its engine module and its home alone: registered here, defined
only under tests/, it is set up on the new-match page, scored on the sheet (a round accepted, a
round refused by a rule code of its own, worded in the reader's language by its home), explained
on its rules page and played through the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse

from games import registry as homes
from scoring import registry as engines
from tests.toy_game.engine import GAME
from tests.toy_game.home import HOME

_ENGINE: dict[str, Any] = dict(settings.TEMPLATES[0])
TOY_TEMPLATES = [{**_ENGINE, "DIRS": [*_ENGINE["DIRS"], settings.BASE_DIR / "tests/toy_game/templates"]}]
TOY_LOCALE = [*settings.LOCALE_PATHS, settings.BASE_DIR / "tests/toy_game/locale"]


@pytest.fixture
def toy_game():
    """The toy game known to the engine and to the site, for one test."""
    with (
        engines.register(GAME),
        override_settings(TEMPLATES=TOY_TEMPLATES, LOCALE_PATHS=TOY_LOCALE),
        homes.registered(HOME),
    ):
        yield HOME


@pytest.fixture
def alice_client(client, alice, club):
    client.force_login(alice)
    return client


def test_new_match_page_lists_and_sets_up_the_toy_game(alice_client, toy_game):
    assert "Honderd" in alice_client.get(reverse("new_match")).content.decode()
    setup = reverse("new_match_setup", args=["honderd"])
    assert alice_client.get(setup).status_code == 200
    response = alice_client.post(setup, {"player_0": "Anna", "player_1": "Bram", "dealer": "0", "club": ""})
    assert response.status_code == 302, response.content.decode()
    sheet = alice_client.get(response["Location"]).content.decode()
    assert "Honderd" in sheet
    assert "To go: 100, 100" in sheet


def test_sheet_accepts_a_round_and_refuses_one_by_its_own_rule_in_dutch(alice_client, toy_game):
    response = alice_client.post(
        reverse("new_match_setup", args=["honderd"]), {"player_0": "Anna", "player_1": "Bram", "dealer": "0"}
    )
    match_url = response["Location"]
    rounds_url = f"{match_url}rounds/"
    accepted = alice_client.post(rounds_url, {"entries.0.points:int": "40", "entries.1.points:int": "15"})
    assert accepted.status_code == 302
    assert "To go: 60, 85" in alice_client.get(match_url).content.decode()
    refused = alice_client.post(
        rounds_url,
        {"entries.0.points:int": "55", "entries.1.points:int": "0"},
        headers={"Accept-Language": "nl"},
    )
    assert refused.status_code == 400
    assert "Een spel levert een speler hoogstens 50 punten op." in refused.content.decode()


def test_rules_page_and_paper_sheet_of_the_toy_game(client, toy_game):
    assert "Honderd" in client.get(reverse("rules_index")).content.decode()
    page = client.get(reverse("rules_game", args=["honderd"])).content.decode()
    assert "Count the points of your tricks." in page
    assert "The first to reach it wins." in page  # the options table, from the engine's option
    assert client.get(reverse("rules_paper", args=["honderd"])).status_code == 200


def test_api_plays_the_toy_game(api, toy_game):
    games = api.get("/api/games/").json()
    assert "honderd" in [game["slug"] for game in games]
    created = api.post("/api/matches/", {"game": "honderd", "players": ["Anna", "Bram"]}, format="json")
    assert created.status_code == 201, created.json()
    match = created.json()
    assert match["next"] == {"number": 1, "dealer": 0, "to_go": [100, 100]}
    url = f"/api/matches/{match['id']}/rounds/"
    body = {"entries": [{"points": 50}, {"points": 50}]}
    assert api.post(url, body, format="json").status_code == 201
    bad = {"entries": [{"points": 60}, {"points": 0}]}
    refused = api.post(url, bad, format="json", headers={"Accept-Language": "nl"})
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {
            "field": "entries.0.points",
            "code": "over_the_deal",
            "message": "Een spel levert een speler hoogstens 50 punten op.",
        }
    ]
    english = api.post(url, bad, format="json", headers={"Accept-Language": "en"}).json()["errors"][0]
    assert english["message"] == "A deal brings a player at most 50 points."
    api.post(url, body, format="json")
    finished = api.get(f"/api/matches/{match['id']}/").json()
    assert (finished["status"], finished["winners"]) == ("finished", [0, 1])


def test_a_round_said_in_one_line_fills_the_toy_games_form_by_default(alice_client, toy_game):
    """A home that states nothing about quick entry still gets it: one number per player."""
    response = alice_client.post(
        reverse("new_match_setup", args=["honderd"]), {"player_0": "Anna", "player_1": "Bram", "dealer": "0"}
    )
    page = alice_client.post(f"{response['Location']}rounds/quick/", {"line": "Anna forty, Bram 15"})
    html = page.content.decode()
    assert 'name="entries.0.points:int" value="40"' in html
    assert 'name="entries.1.points:int" value="15"' in html
