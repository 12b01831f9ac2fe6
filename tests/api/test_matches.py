"""POST /api/matches/ and GET /api/matches/: starting matches, refusing bad set-ups, listing."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.api.views import MatchCursor
from matches.models import Match
from players.models import Player
from tests.factories import ClubFactory, MatchFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def errors(response) -> list[tuple[str, str]]:
    return [(e["code"], e["field"]) for e in response.json()["errors"]]


def test_starts_a_match_with_defaults_filled_in(api):
    response = api.post(
        "/api/matches/",
        {"game": "canasta", "players": ["Anna", "Bram", "Cor", "Dirk"], "dealer": 3},
        format="json",
    )
    assert response.status_code == 201
    data = response.json()
    assert data["options"] == {
        "target": 5000,
        "special_canastas": True,
        "concealed_bonus": 200,
        "canastas_to_go_out": 1,
        "packs": 2,
    }
    assert data["teams"] == [[0, 2], [1, 3]]
    assert [p["team"] for p in data["players"]] == [0, 1, 0, 1]
    assert data["next"] == {"number": 1, "dealer": 3, "minimum_meld": [50, 50]}
    assert data["status"] == "in_progress" and data["winners"] == []


def test_known_names_are_the_clubs_players_whatever_their_case(api, club):
    anna = Player.objects.create(club=club, name="Anna")
    response = api.post(
        "/api/matches/", {"game": "frustration-nl", "players": ["  aNNa ", "Bram"]}, format="json"
    )
    assert response.json()["players"][0]["id"] == anna.pk
    assert Player.objects.filter(club=club).count() == 2


def test_player_ids_are_accepted(api, club):
    ids = [Player.objects.create(club=club, name=name).pk for name in ("Eva", "Fien")]
    response = api.post("/api/matches/", {"game": "frustration-fr", "players": ids}, format="json")
    assert response.status_code == 201
    assert [p["name"] for p in response.json()["players"]] == ["Eva", "Fien"]


def test_another_clubs_player_id_is_refused(api):
    stranger = Player.objects.create(club=ClubFactory(), name="Zed")
    response = api.post(
        "/api/matches/", {"game": "frustration-fr", "players": [stranger.pk, "Eva"]}, format="json"
    )
    assert response.status_code == 400
    assert errors(response) == [("unknown_player", "players.0")]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"game": "poker", "players": ["A", "B"]}, [("invalid", "game")]),
        ({"players": ["A", "B"]}, [("required", "game")]),
        ({"game": "barbuse"}, [("required", "players")]),
        ({"game": "barbuse", "players": "Anna, Bram"}, [("invalid", "players")]),
        ({"game": "barbuse", "players": ["A", "B", "C", "D", "E"]}, [("wrong_player_count", "players")]),
        (
            {"game": "duizenden", "players": ["A", "B"], "options": {"target": "1000"}},
            [("invalid", "options.target")],
        ),
        (
            {"game": "duizenden", "players": ["A", "B"], "options": {"target": 1001}},
            [("not_multiple_of_5", "options.target")],
        ),
        (
            {"game": "duizenden", "players": ["A", "B"], "options": {"goal": 500}},
            [("unknown_option", "options.goal")],
        ),
        ({"game": "duizenden", "players": ["A", "B"], "options": []}, [("invalid", "options")]),
        ({"game": "duizenden", "players": ["A", "B"], "dealer": 2}, [("invalid", "dealer")]),
        ({"game": "duizenden", "players": ["A", "B"], "dealer": "0"}, [("invalid", "dealer")]),
        ({"game": "frustration-nl", "players": ["A", "B"], "teams": [[0], [1]]}, [("invalid", "teams")]),
        ({"game": "frustration-nl", "players": ["A", "A"]}, [("duplicate_player", "players")]),
        ({"game": "frustration-nl", "players": ["A", ""]}, [("invalid", "players.1")]),
        ({"game": "frustration-nl", "players": ["A", "B"], "colour": "red"}, [("invalid", "colour")]),
    ],
)
def test_bad_setups_are_refused_with_their_code_and_nothing_is_stored(api, body, expected):
    response = api.post("/api/matches/", body, format="json")
    assert response.status_code == 400
    assert errors(response) == expected
    assert all(e["message"] for e in response.json()["errors"])
    assert not Match.objects.exists()


def test_malformed_json_is_a_400(api):
    response = api.generic("POST", "/api/matches/", b"{oops", content_type="application/json")
    assert response.status_code == 400
    assert errors(response) == [("invalid", "")]


def test_matches_of_another_club_can_be_started_by_its_members(api, alice):
    other = ClubFactory(name="De Klaverclub")
    MembershipFactory(club=other, user=alice)
    response = api.post(
        "/api/matches/", {"game": "frustration-nl", "players": ["A", "B"], "club": other.pk}, format="json"
    )
    assert response.status_code == 201
    assert Match.objects.get().club == other


def test_a_club_the_user_is_not_in_is_refused(api):
    response = api.post(
        "/api/matches/",
        {"game": "frustration-nl", "players": ["A", "B"], "club": ClubFactory().pk},
        format="json",
    )
    assert errors(response) == [("invalid", "club")]


def test_list_shows_only_the_users_clubs_matches_filtered_by_status(api, charlie_api):
    api.post("/api/matches/", {"game": "frustration-nl", "players": ["A", "B"]}, format="json")
    listing = api.get("/api/matches/?status=in_progress").json()
    assert len(listing["results"]) == 1 and listing["results"][0]["players"] == ["A", "B"]
    assert api.get("/api/matches/?status=finished").json()["results"] == []
    assert charlie_api.get("/api/matches/").json()["results"] == []


def test_list_pages_by_cursor_through_every_match_once_newest_first_without_counting(
    api, alice, club, monkeypatch
):
    monkeypatch.setattr(MatchCursor, "page_size", 2)
    made = [MatchFactory.create(club=club, game="duizenden", players=["A", "B"], by=alice) for _ in range(5)]
    seen: list[int] = []
    url: str | None = "/api/matches/"
    with CaptureQueriesContext(connection) as queries:
        while url:
            page = api.get(url).json()
            seen += [match["id"] for match in page["results"]]
            url = page["next"]
    assert seen == [match.pk for match in reversed(made)]
    assert not any("COUNT(" in query["sql"].upper() for query in queries.captured_queries)


def test_token_endpoint_answers_a_token_and_refuses_a_wrong_password(anonymous_api, alice):
    good = anonymous_api.post(
        "/api/auth/token/", {"username": "alice", "password": "correct-horse-battery"}, format="json"
    )
    assert good.status_code == 200 and good.json()["token"]
    bad = anonymous_api.post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"] == ""
