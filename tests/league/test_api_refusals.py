"""Alice sends the league API what a program might send by mistake: each answer is a 400 in the
one error shape, at the JSON path of what was wrong, in the phone form's words (the serializers
and the form share ``league.rules``), and nothing is stored. Never a 500."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from league.models import Competition, Evening
from tests.conftest import _api_client
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EveningFactory,
    HouseGameFactory,
    PlayerFactory,
)

pytestmark = pytest.mark.django_db

ZOMER = {"name": "Zomer", "games": ["duizenden"], "starts_on": "2027-06-01", "ends_on": "2027-08-31"}


def refusals(response) -> list[tuple[str, str, str]]:
    assert response.status_code == 400, response.content[:300]
    return [(e["field"], e["code"], e["message"]) for e in response.json()["errors"]]


def create(user, club, body):
    return _api_client(user).post(reverse("api-competitions", args=[club.pk]), body, format="json")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"name": "Zo\x07mer"}, [("name", "invalid", "This is not a name.")]),
        ({"name": " \t\n "}, [("name", "required", None)]),
        (
            {"tie_breaks": ["wins", "played", "wins", "played"]},
            [
                ("tie_breaks.2", "invalid", "Already chosen above: pick each tie-break at most once."),
                ("tie_breaks.3", "invalid", "Already chosen above: pick each tie-break at most once."),
            ],
        ),
        (
            {"evening_dates": ["2027-06-04", "2027-09-03"]},
            [("evening_dates", "invalid", "Plan the evenings between the season's first and last day.")],
        ),
        (
            {"placement_by_size": {"7": "1"}},
            [("placement_by_size", "invalid", "Give points by place for tables of 2 to 6 seats.")],
        ),
        (
            {"placement_by_size": {"3": "10,7,99999"}},
            [("placement_by_size", "invalid", "A place scores at most 10000 points.")],
        ),
        (
            {"games": ["duizenden", "duizenden"]},
            [("games", "invalid", "Choose at least one game, each at most once.")],
        ),
        ({"options": {"duizenden": {"target": "far"}}}, [("options.duizenden.target", "invalid", None)]),
        ({"options": {"duizenden": {"jokers": True}}}, [("options.duizenden.jokers", "invalid", None)]),
        ({"options": []}, [("options", "invalid", None)]),
        ({"tie_breaks": "wins"}, [("tie_breaks", "invalid", None)]),
        ({"evening_dates": ["someday"]}, [("evening_dates.0", "invalid", None)]),
    ],
)
def test_a_refused_competition_says_what_is_wrong_where_and_stores_nothing(
    klaverclub, alice, change, expected
):
    answer = refusals(create(alice, klaverclub, {**ZOMER, **change}))
    assert [(field, code) for field, code, _message in answer] == [(f, c) for f, c, _m in expected]
    for (_field, _code, message), (_f, _c, said) in zip(answer, expected, strict=True):
        assert message and (said is None or message == said)
    assert not Competition.objects.exists()


def test_an_option_left_empty_keeps_the_games_default(klaverclub, alice):
    answer = create(alice, klaverclub, {**ZOMER, "options": {"duizenden": {"target": None}}})
    assert answer.status_code == 201 and answer.json()["options"] == {}


def test_a_size_left_empty_uses_the_one_list(klaverclub, alice):
    answer = create(alice, klaverclub, {**ZOMER, "placement_by_size": {"3": "", "4": "9,5,2,0"}})
    assert answer.status_code == 201 and answer.json()["placement_by_size"] == {"4": "9,5,2,0"}


def test_another_clubs_house_game_is_not_one_of_the_choices(klaverclub, alice):
    theirs = HouseGameFactory.create(club=ClubFactory.create())
    [(field, code, message)] = refusals(create(alice, klaverclub, {**ZOMER, "games": [theirs.slug]}))
    assert (field, code) == ("games", "invalid") and theirs.slug in message
    ours = HouseGameFactory.create(club=klaverclub)
    assert create(alice, klaverclub, {**ZOMER, "games": [ours.slug]}).status_code == 201


def test_a_game_an_evening_plays_cannot_be_dropped(klaverclub, alice):
    competition = CompetitionFactory.create(club=klaverclub, games=["duizenden", "barbuse"])
    EveningFactory.create(competition=competition, game="barbuse")
    answer = _api_client(alice).patch(
        reverse("api-competition", args=[competition.pk]), {"games": ["duizenden"]}, format="json"
    )
    [(field, code, message)] = refusals(answer)
    assert field == "games" and code == "invalid" and "keep that game" in message
    competition.refresh_from_db()
    assert competition.games == ["duizenden", "barbuse"]


@pytest.mark.parametrize("date", [None, "", "tomorrow", 20261208])
def test_an_evening_without_a_date_it_can_read_is_refused(klaverclub, alice, date):
    competition = CompetitionFactory.create(club=klaverclub)
    evening = EveningFactory.create(competition=competition, date=datetime.date(2026, 12, 1))
    url = reverse("api-evening", args=[evening.pk])
    [(field, _code, message)] = refusals(_api_client(alice).patch(url, {"date": date}, format="json"))
    assert field == "date" and message
    evening.refresh_from_db()
    assert evening.date == datetime.date(2026, 12, 1)
    answer = _api_client(alice).post(
        reverse("api-evenings", args=[competition.pk]), {"date": date}, format="json"
    )
    assert refusals(answer)[0][0] == "date" and Evening.objects.count() == 1


def test_a_retired_player_is_not_ticked_present_anew(klaverclub, alice):
    competition = CompetitionFactory.create(club=klaverclub)
    evening = EveningFactory.create(competition=competition)
    retired = PlayerFactory.create(club=klaverclub)
    retired.retire()
    url = reverse("api-evening-presence", args=[evening.pk])
    [(field, code, message)] = refusals(_api_client(alice).put(url, {"present": [retired.pk]}, format="json"))
    assert (field, code) == ("present", "unknown_player") and str(retired.pk) in message
    assert not evening.present.exists()


def test_an_evening_of_a_competition_where_every_match_counts_keeps_counting(klaverclub, alice):
    """The form has no "counts" then (every match counts anyway): the API leaves it as it is."""
    competition = CompetitionFactory.create(club=klaverclub, counts=Competition.Counts.MATCHES)
    answer = _api_client(alice).post(
        reverse("api-evenings", args=[competition.pk]), {"date": "2026-12-08", "counts": False}, format="json"
    )
    assert answer.status_code == 201 and Evening.objects.get().counts is True
