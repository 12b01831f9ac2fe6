"""House games through the API: Alice declares Boerenbridge for her own matches, plays it (a deal
whose tricks do not add up to the cards dealt is refused, hits and misses score by the game's
parameters), changes it without touching the match already played, and shares it as a file;
Bob, a member, reads the club's games but changes none; Charlie, from elsewhere, sees none."""

from __future__ import annotations

import copy
import json
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile

from house.models import HouseGame
from matches.models import Match
from scoring.declared import TEMPLATES


def boerenbridge(**entry: Any) -> dict[str, Any]:
    definition: dict[str, Any] = copy.deepcopy(dict(TEMPLATES["boerenbridge"]))
    definition["entry"].update(entry)
    return definition


def declare(api, club, definition: dict[str, Any]) -> dict[str, Any]:
    response = api.post(f"/api/clubs/{club.pk}/games/", definition, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def start(api, slug: str, players: int = 4) -> dict[str, Any]:
    names = ["Anna", "Bram", "Cor", "Dirk", "Eva"][:players]
    response = api.post("/api/matches/", {"game": slug, "players": names}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def bids(*pairs: tuple[int, int]) -> dict[str, Any]:
    return {"entries": [{"bid": bid, "tricks": tricks} for bid, tricks in pairs]}


def test_boerenbridge_refuses_tricks_not_adding_up_and_scores_hits_and_misses(api, club):
    game = declare(api, club, boerenbridge())
    assert game["name"] == "Boerenbridge"
    assert game["players"] == [3, 4, 5, 6, 7]
    match = start(api, game["slug"])
    assert match["name"] == "Boerenbridge"
    assert match["next"] == {"number": 1, "dealer": 0, "cards": 1, "deals_left": 13}
    url = f"/api/matches/{match['id']}/rounds/"

    refused = api.post(url, bids((0, 1), (0, 1), (0, 0), (0, 0)), format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {
            "field": "",
            "code": "tricks_total",
            "message": "The tricks add up to 2; this deal has 1 trick to take.",
        }
    ]
    dealer = api.post(url, bids((1, 1), (0, 0), (0, 0), (0, 0)), format="json")
    assert dealer.json()["errors"][0]["code"] == "dealer_bid"
    assert dealer.json()["errors"][0]["field"] == "entries.0.bid"

    assert api.post(url, bids((0, 0), (1, 1), (1, 0), (0, 0)), format="json").status_code == 201
    second = api.post(url, bids((0, 1), (2, 1), (0, 0), (1, 0)), format="json")  # two cards, dealer 1
    assert second.status_code == 201, second.json()
    played = api.get(f"/api/matches/{match['id']}/").json()
    assert [r["scores"] for r in played["rounds"]] == [[10, 12, -2, 10], [-2, -2, 10, -2]]
    assert played["next"]["cards"] == 3


def test_a_fixed_penalty_for_a_miss(api, club):
    game = declare(api, club, boerenbridge(miss_fixed=5))
    match = start(api, game["slug"], players=3)
    answer = api.post(f"/api/matches/{match['id']}/rounds/", bids((1, 0), (1, 1), (1, 0)), format="json")
    assert answer.status_code == 201, answer.json()
    assert answer.json()["scores"] == [-5, 12, -5]


def test_a_contradictory_definition_is_refused_with_its_reason(api, club):
    refused = api.post(f"/api/clubs/{club.pk}/games/", boerenbridge(cards=8), format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {
            "field": "entry.cards",
            "code": "schedule_exceeds_deck",
            "message": "8 cards each for 7 players need more than the 52 cards in the deck.",
        }
    ]
    dutch = api.post(
        f"/api/clubs/{club.pk}/games/",
        {**TEMPLATES["free"], "end": {"kind": "target", "value": 0}},
        format="json",
        headers={"Accept-Language": "nl"},
    )
    assert dutch.json()["errors"][0]["code"] == "target_not_positive"
    assert dutch.json()["errors"][0]["message"] == "Vul een getal boven 0 in."
    assert not HouseGame.objects.exists()


def test_changing_the_game_never_rescores_a_played_match(api, club):
    game = declare(api, club, boerenbridge())
    match = start(api, game["slug"])
    url = f"/api/matches/{match['id']}/rounds/"
    assert api.post(url, bids((0, 0), (1, 1), (1, 0), (0, 0)), format="json").status_code == 201
    changed = api.put(
        f"/api/clubs/{club.pk}/games/{game['slug']}/",
        boerenbridge(hit_base=20, hit_per_trick=5),
        format="json",
    )
    assert changed.status_code == 200
    assert changed.json()["version"] == 2
    assert api.get(f"/api/matches/{match['id']}/").json()["rounds"][0]["scores"] == [10, 12, -2, 10]
    newer = start(api, game["slug"])
    answer = api.post(
        f"/api/matches/{newer['id']}/rounds/", bids((0, 0), (1, 1), (1, 0), (0, 0)), format="json"
    )
    assert answer.json()["scores"] == [20, 25, -2, 20]
    assert Match.objects.get(pk=match["id"]).definition["entry"]["hit_base"] == 10


def test_a_game_shared_as_a_file_comes_back_the_same(api, club):
    game = declare(api, club, boerenbridge())
    download = api.get(f"/api/clubs/{club.pk}/games/{game['slug']}/file/")
    assert download.status_code == 200
    assert download["Content-Disposition"] == f'attachment; filename="{game["slug"]}.json"'
    upload = SimpleUploadedFile("boerenbridge.json", download.content, content_type="application/json")
    imported = api.post(f"/api/clubs/{club.pk}/games/", {"file": upload}, format="multipart")
    assert imported.status_code == 201, imported.json()
    assert imported.json()["definition"] == json.loads(download.content)
    assert imported.json()["slug"] != game["slug"]
    broken = SimpleUploadedFile("x.json", b"{not json", content_type="application/json")
    refused = api.post(f"/api/clubs/{club.pk}/games/", {"file": broken}, format="multipart")
    assert (refused.status_code, refused.json()["errors"][0]["field"]) == (400, "file")


def test_members_read_the_club_games_and_only_managers_change_them(api, bob_api, charlie_api, club):
    game = declare(api, club, boerenbridge())
    listed = bob_api.get(f"/api/clubs/{club.pk}/games/")
    assert [item["slug"] for item in listed.json()] == [game["slug"]]
    assert bob_api.post(f"/api/clubs/{club.pk}/games/", boerenbridge(), format="json").status_code == 403
    detail = f"/api/clubs/{club.pk}/games/{game['slug']}/"
    assert bob_api.put(detail, boerenbridge(), format="json").status_code == 403
    assert bob_api.delete(detail).status_code == 403
    assert charlie_api.get(f"/api/clubs/{club.pk}/games/").status_code == 404
    assert charlie_api.get(detail).status_code == 404
    assert charlie_api.post(
        "/api/matches/", {"game": game["slug"], "players": ["A", "B", "C"]}, format="json"
    ).json()["errors"][0] == {"field": "game", "code": "invalid", "message": "This value is not valid here."}
    assert api.delete(detail).status_code == 204
    assert api.get(f"/api/clubs/{club.pk}/games/").json() == []
    assert api.get(detail).status_code == 404
    # Retired, not removed: its slug still names its rules.
    assert HouseGame.objects.get().retired_at is not None


def test_the_templates_are_listed_for_anyone(anonymous_api):
    listed = anonymous_api.get("/api/house-games/templates/").json()
    assert [item["template"] for item in listed] == ["boerenbridge", "hartenjagen", "rikken", "free"]


def test_the_templates_are_named_in_the_readers_language(anonymous_api):
    listed = anonymous_api.get("/api/house-games/templates/", headers={"Accept-Language": "fr"}).json()
    names = {item["template"]: item["definition"]["name"] for item in listed}
    assert names == {
        "boerenbridge": "Boerenbridge",
        "hartenjagen": "Hartenjagen",
        "rikken": "Rikken",
        "free": "Jeu libre",
    }
