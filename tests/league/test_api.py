"""The league through the API: Alice draws an evening, the tables finish, Bob reads the standings."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.urls import reverse

from league.api import StandingRowSerializer
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, StandingFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_drawn_evening_scored_to_the_end_shows_in_the_standings(klaverclub, alice, bob):
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub))
    evening.present.set(PlayerFactory.create_batch(8, club=klaverclub))
    drawn = _api_client(alice).post(reverse("api-evening-draw", args=[evening.pk]))
    assert drawn.status_code == 201
    tables = drawn.json()["tables"]
    assert [(t["round"], t["number"], t["status"], len(t["players"])) for t in tables] == [
        (1, 1, "in_progress", 4),
        (1, 2, "in_progress", 4),
    ]
    again = _api_client(alice).post(reverse("api-evening-draw", args=[evening.pk]))
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "still_playing"
    for table in tables:
        answer = _api_client(alice).post(
            reverse("api-rounds", args=[table["match"]]), deal(winner=3), format="json"
        )
        assert answer.status_code == 201
    body = _api_client(bob).get(reverse("api-standings", args=[evening.competition_id])).json()
    winners = {row["name"] for row in body["rows"] if row["rank"] == 1}
    assert winners == {t["players"][3] for t in tables}
    assert all(row["points"] == "10.00" for row in body["rows"] if row["rank"] == 1)


def test_standings_rows_read_as_their_serializer_lays_them_out(klaverclub, bob):
    """The rows are written without the serializer (a ladder has one per member): the same JSON,
    unranked rows, fractions, negative points, no trend and units included."""
    competition = CompetitionFactory.create(club=klaverclub)
    StandingFactory.create(competition=competition, points=Decimal("12.50"), trend=2, wins=3)
    StandingFactory.create(
        competition=competition, points=Decimal("-3.25"), evenings={"7": "4.5"}, counted=[7]
    )
    StandingFactory.create(competition=competition, rank=None, booby=True, average_place=Decimal("1.33"))
    body = _api_client(bob).get(reverse("api-standings", args=[competition.pk])).json()
    stored = competition.standings.select_related("player").order_by("position")
    expected = StandingRowSerializer(
        [{**vars(row), "player": row.player_id, "name": row.player.name} for row in stored], many=True
    ).data
    assert body["rows"] == expected
    assert [row["points"] for row in body["rows"]] == ["12.50", "-3.25", "10.00"]


def test_the_standings_answer_follows_every_rebuild(klaverclub, bob):
    """The answer is kept under the standings' last rebuild (``league.season.built``): a finished
    table and a renamed player each show on the next read."""
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub))
    evening.present.set(PlayerFactory.create_batch(8, club=klaverclub))
    first, _second = evening.draw_and_start(rng=random.Random(2))
    url = reverse("api-standings", args=[evening.competition_id])
    assert _api_client(bob).get(url).json()["rows"] == []
    first.match.add_round(deal(winner=1))
    winner = first.match.seats.get(position=1).player
    rows = _api_client(bob).get(url).json()["rows"]
    assert [row["name"] for row in rows if row["rank"] == 1] == [winner.name]
    winner.name = "Renamed Winner"
    winner.save()
    rows = _api_client(bob).get(url).json()["rows"]
    assert [row["name"] for row in rows if row["rank"] == 1] == ["Renamed Winner"]


def test_a_draw_that_does_not_fit_answers_in_the_one_error_shape(klaverclub, alice):
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub, games=["barbuse"]))
    # Fewer than one table: nobody sitting out would help (5 would seat four, one sitting out).
    evening.present.set(PlayerFactory.create_batch(3, club=klaverclub))
    answer = _api_client(alice).post(reverse("api-evening-draw", args=[evening.pk]))
    assert answer.status_code == 400
    [error] = answer.json()["errors"]
    assert error["code"] == "invalid" and error["field"] == "present"
    assert "3 players present do not fit tables of 4" in error["message"]


def test_competitions_say_their_games_what_counts_and_tie_breaks_in_order(klaverclub, bob):
    competition = CompetitionFactory.create(
        club=klaverclub, games=["duizenden", "barbuse"], counts="matches", tie_breaks=["played", "wins"]
    )
    evening = EveningFactory.create(competition=competition, game="barbuse")
    [body] = _api_client(bob).get(reverse("api-competitions", args=[klaverclub.pk])).json()
    assert (body["games"], body["counts"], body["tie_breaks"]) == (
        ["duizenden", "barbuse"],
        "matches",
        ["played", "wins"],
    )
    assert body["options"] == {"duizenden": {"target": 100}}
    assert _api_client(bob).get(reverse("api-evening", args=[evening.pk])).json()["game"] == "barbuse"
