"""Alice runs the season through the API: she creates a competition and its evenings, ticks who
is present, changes the scheme and deletes what was wrong; Bob (member) reads along. Refusals
come in the one error shape and say what the phone's form says (one set of rules,
``league.rules`` and the model's checks, which the API's serializers and the form both use).
Who is refused which endpoint is in tests/test_permissions.py.

Placement in one Duizenden deal to 100 (``deal(winner=0)``): seat 0, then seats 3, 2, 1.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse

from league.api import MAX_PRESENT
from league.models import Competition, Evening, Standing, Table
from matches.models import Match
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)

PLACE_BY_SEAT = {0: 1, 3: 2, 2: 3, 1: 4}
ZOMER = {"name": "Zomer", "games": ["duizenden"], "starts_on": "2027-06-01", "ends_on": "2027-08-31"}


def errors(response) -> list[tuple[str, str, str]]:
    assert response.status_code == 400, response.content[:300]
    assert set(response.json()) == {"errors"}
    return [(e["field"], e["code"], e["message"]) for e in response.json()["errors"]]


@pytest.fixture
def competition(klaverclub) -> Competition:
    competition = CompetitionFactory.create(club=klaverclub, name="Winter 2026")
    PlayerFactory.create_batch(4, club=klaverclub)
    return competition


def finished_evening(competition: Competition) -> Match:
    evening = EveningFactory.create(competition=competition)
    evening.present.set(competition.club.players.all())
    [table] = evening.draw_and_start(rng=random.Random(5))
    table.match.add_round(deal(winner=0))
    return table.match


def points_by_place(competition: Competition, match: Match) -> dict[int, str]:
    stored = dict(Standing.objects.filter(competition=competition).values_list("player_id", "points"))
    return {PLACE_BY_SEAT[s.position]: str(stored[s.player_id]) for s in match.seats.all()}


def test_alice_creates_a_competition_with_the_forms_defaults(klaverclub, alice):
    answer = _api_client(alice).post(reverse("api-competitions", args=[klaverclub.pk]), ZOMER, format="json")
    assert answer.status_code == 201
    body = answer.json()
    competition = Competition.objects.get(name="Zomer")
    assert body == {
        "id": competition.pk,
        **ZOMER,
        "counts": "evenings",
        "kind": "placement",
        "placement_points": "10,8,6,5,4,3,2,1",
        "placement_by_size": {},
        "best_of": None,
        "min_evenings": 0,
        "tie_breaks": ["wins", "average_place"],
        "booby_prize": False,
        "early_tables": "as_played",
        "sit_out": "nothing",
        "sit_out_points": None,
        "options": {},
        "archived": False,
        "evenings": [],
        "history": [],
    }
    assert competition.club == klaverclub


def test_the_season_ending_before_it_starts_is_refused_as_the_form_refuses_it(client, klaverclub, alice):
    """The form's own rule (``Competition.clean``), the same sentence on the page and in the API."""
    answer = _api_client(alice).post(
        reverse("api-competitions", args=[klaverclub.pk]), {**ZOMER, "ends_on": "2027-05-01"}, format="json"
    )
    assert errors(answer) == [("ends_on", "invalid", "The season cannot end before it starts.")]
    client.force_login(alice)
    page = client.post(
        reverse("league_competitions", args=[klaverclub.pk]),
        {
            **ZOMER,
            "ends_on": "2027-05-01",
            "kind": "placement",
            "placement_points": "10",
            "min_evenings": "0",
        },
    )
    assert "The season cannot end before it starts." in page.content.decode()
    assert not Competition.objects.exists()


def test_a_refusal_is_in_the_readers_language(klaverclub, alice):
    answer = _api_client(alice).post(
        reverse("api-competitions", args=[klaverclub.pk]),
        {**ZOMER, "ends_on": "2027-05-01"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert errors(answer) == [("ends_on", "invalid", "Het seizoen kan niet eindigen voordat het begint.")]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"tie_breaks": ["luck"]}, ("tie_breaks.0", "invalid", None)),
        (
            {"tie_breaks": ["wins", "wins"]},
            ("tie_breaks.1", "invalid", "Already chosen above: pick each tie-break at most once."),
        ),
        (
            {"tie_breaks": ["wins", "played", "average_place", "last_evening", "wins"]},
            ("tie_breaks", "invalid", "At most 4 tie-breaks."),
        ),
        ({"games": ["duizenden", "barbuse"], "kind": "raw"}, ("kind", "invalid", None)),
        ({"placement_points": "10,eight"}, ("placement_points", "invalid", None)),
        ({"games": ["poker"]}, ("games", "invalid", None)),
        ({"min_evenings": -1}, ("min_evenings", "invalid", None)),
        ({"starts_on": "1 June"}, ("starts_on", "invalid", None)),
        ({"name": ""}, ("name", "required", None)),
        ({"colour": "green"}, ("colour", "invalid", "This value is not valid here.")),
        ({"options": {"target": 50}}, ("options.target", "invalid", None)),
        ({"options": {"poker": {"target": 50}}}, ("options", "unknown_option", None)),
        ({"options": {"duizenden": {"bonus": 50}}}, ("options", "unknown_option", None)),
        (
            {"options": {"duizenden": {"target": 303}}},
            ("options.duizenden.target", "not_multiple_of_5", None),
        ),
        ({"options": {"duizenden": {"target": 1}}}, ("options.duizenden.target", "invalid", None)),
    ],
)
def test_a_refused_competition_names_the_field_and_stores_nothing(klaverclub, alice, change, expected):
    answer = _api_client(alice).post(
        reverse("api-competitions", args=[klaverclub.pk]), {**ZOMER, **change}, format="json"
    )
    [(field, code, message)] = errors(answer)
    assert (field, code) == expected[:2]
    assert message and (expected[2] is None or message == expected[2])
    assert not Competition.objects.exists()


def test_a_body_that_is_not_an_object_is_refused(klaverclub, alice):
    answer = _api_client(alice).post(
        reverse("api-competitions", args=[klaverclub.pk]), [ZOMER], format="json"
    )
    [(field, code, _)] = errors(answer)
    assert (field, code) == ("", "invalid")


def test_bob_reads_a_competition_with_its_evenings(competition, bob):
    evening = EveningFactory.create(competition=competition, date=datetime.date(2026, 10, 6), counts=False)
    body = _api_client(bob).get(reverse("api-competition", args=[competition.pk])).json()
    assert body["name"] == "Winter 2026" and body["placement_points"] == "10,8,6,5"
    assert body["evenings"] == [
        {"id": evening.pk, "date": "2026-10-06", "starts_at": None, "game": "duizenden", "counts": False}
    ]


def test_new_placement_points_rebuild_the_stored_standings(competition, alice):
    """10-8-6-5 becomes 7-4-2-1; only the points change, nothing else sent is touched."""
    match = finished_evening(competition)
    assert points_by_place(competition, match) == {1: "10.00", 2: "8.00", 3: "6.00", 4: "5.00"}
    answer = _api_client(alice).patch(
        reverse("api-competition", args=[competition.pk]), {"placement_points": "7,4,2,1"}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["placement_points"] == "7,4,2,1"
    assert points_by_place(competition, match) == {1: "7.00", 2: "4.00", 3: "2.00", 4: "1.00"}
    competition.refresh_from_db()
    assert (competition.name, competition.kind, competition.ends_on) == (
        "Winter 2026",
        "placement",
        datetime.date(2027, 6, 30),
    )


def test_a_patch_is_checked_against_the_stored_values(competition, alice):
    """Only ``ends_on`` is sent; it is refused because of the stored ``starts_on`` (2026-09-01)."""
    answer = _api_client(alice).patch(
        reverse("api-competition", args=[competition.pk]), {"ends_on": "2026-08-31"}, format="json"
    )
    assert errors(answer) == [("ends_on", "invalid", "The season cannot end before it starts.")]
    competition.refresh_from_db()
    assert competition.ends_on == datetime.date(2027, 6, 30)


def test_deleting_a_competition_keeps_its_matches(competition, alice):
    match = finished_evening(competition)
    answer = _api_client(alice).delete(reverse("api-competition", args=[competition.pk]))
    assert answer.status_code == 204
    assert not Competition.objects.exists() and not Table.objects.exists() and not Standing.objects.exists()
    assert Match.objects.get().pk == match.pk
    assert _api_client(alice).get(reverse("api-match", args=[match.pk])).status_code == 200
    assert _api_client(alice).get(reverse("api-competition", args=[competition.pk])).status_code == 404


def test_alice_adds_an_evening_that_counts_unless_she_says_otherwise(competition, alice):
    url = reverse("api-evenings", args=[competition.pk])
    answer = _api_client(alice).post(url, {"date": "2026-12-08"}, format="json")
    assert answer.status_code == 201
    evening = Evening.objects.get()
    assert answer.json() == {
        "id": evening.pk,
        "competition": competition.pk,
        "date": "2026-12-08",
        "starts_at": None,
        "game": "duizenden",
        "counts": True,
        "present": [],
        "tables": [],
        "sit_outs": [],
    }
    off = _api_client(alice).post(url, {"date": "2026-12-15", "counts": False}, format="json")
    assert off.status_code == 201 and off.json()["counts"] is False
    assert errors(_api_client(alice).post(url, {}, format="json"))[0][:2] == ("date", "required")


def test_an_evening_that_stops_counting_leaves_the_standings(competition, alice):
    match = finished_evening(competition)
    evening = match.league_table.evening
    url = reverse("api-evening", args=[evening.pk])
    answer = _api_client(alice).patch(url, {"counts": False}, format="json")
    assert answer.status_code == 200 and answer.json()["counts"] is False
    assert answer.json()["date"] == evening.date.isoformat()  # not sent, kept
    assert not Standing.objects.exists()
    _api_client(alice).patch(url, {"counts": True}, format="json")
    assert points_by_place(competition, match) == {1: "10.00", 2: "8.00", 3: "6.00", 4: "5.00"}


def test_deleting_an_evening_keeps_its_matches_and_rebuilds_the_standings(competition, alice):
    first = finished_evening(competition)
    second = finished_evening(competition)
    answer = _api_client(alice).delete(reverse("api-evening", args=[second.league_table.evening_id]))
    assert answer.status_code == 204
    assert points_by_place(competition, first) == {1: "10.00", 2: "8.00", 3: "6.00", 4: "5.00"}
    assert Match.objects.count() == 2 and Table.objects.count() == 1


def test_alice_sets_who_is_present_with_the_whole_list(competition, alice):
    evening = EveningFactory.create(competition=competition)
    players = sorted(competition.club.players.values_list("pk", flat=True))
    url = reverse("api-evening-presence", args=[evening.pk])
    answer = _api_client(alice).put(url, {"present": players}, format="json")
    assert answer.status_code == 200 and answer.json()["present"] == players
    answer = _api_client(alice).put(url, {"present": players[:2]}, format="json")
    assert answer.json()["present"] == players[:2]
    assert sorted(evening.present.values_list("pk", flat=True)) == players[:2]


def test_a_player_of_another_club_is_refused_and_presence_stays(competition, alice):
    evening = EveningFactory.create(competition=competition)
    mine = competition.club.players.first()
    evening.present.set([mine])
    stranger = PlayerFactory.create()
    answer = _api_client(alice).put(
        reverse("api-evening-presence", args=[evening.pk]), {"present": [mine.pk, stranger.pk]}, format="json"
    )
    [(field, code, message)] = errors(answer)
    assert (field, code) == ("present", "unknown_player") and str(stranger.pk) in message
    assert list(evening.present.all()) == [mine]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"present": "all"}, "present"),
        ({"present": ["x"]}, "present.0"),
        ({}, "present"),
        ({"present": [], "who": []}, "who"),
    ],
)
def test_a_presence_body_of_the_wrong_shape_is_refused(competition, alice, body, field):
    evening = EveningFactory.create(competition=competition)
    answer = _api_client(alice).put(reverse("api-evening-presence", args=[evening.pk]), body, format="json")
    assert errors(answer)[0][0] == field


def test_a_presence_list_longer_than_any_club_is_refused_and_presence_stays(competition, alice):
    evening = EveningFactory.create(competition=competition)
    mine = competition.club.players.first()
    evening.present.set([mine])
    url = reverse("api-evening-presence", args=[evening.pk])
    for ids in ([mine.pk] * (MAX_PRESENT + 1), list(range(1, 70_001))):
        answer = _api_client(alice).put(url, {"present": ids}, format="json")
        [(field, _code, message)] = errors(answer)
        assert field == "present" and str(MAX_PRESENT) in message
    assert list(evening.present.all()) == [mine]


@pytest.mark.parametrize("counts", [0, 1, "true", "no", None])
def test_whether_an_evening_counts_is_true_or_false_nothing_else(competition, alice, counts):
    url = reverse("api-evenings", args=[competition.pk])
    answer = _api_client(alice).post(url, {"date": "2026-12-08", "counts": counts}, format="json")
    assert errors(answer)[0][0] == "counts"
    assert not Evening.objects.exists()
    evening = EveningFactory.create(competition=competition)
    answer = _api_client(alice).patch(
        reverse("api-evening", args=[evening.pk]), {"counts": counts}, format="json"
    )
    assert errors(answer)[0][0] == "counts"
    evening.refresh_from_db()
    assert evening.counts is True


def test_a_booby_prize_is_true_or_false_nothing_else(klaverclub, alice):
    answer = _api_client(alice).post(
        reverse("api-competitions", args=[klaverclub.pk]), {**ZOMER, "booby_prize": 1}, format="json"
    )
    assert errors(answer)[0][0] == "booby_prize"
    assert not Competition.objects.exists()


def test_an_evening_plays_one_of_its_competitions_games_or_is_refused(competition, alice):
    url = reverse("api-evenings", args=[competition.pk])
    answer = _api_client(alice).post(url, {"date": "2026-12-08", "game": "barbuse"}, format="json")
    assert errors(answer) == [("game", "invalid", "Choose one of the competition's games.")]
    assert not Evening.objects.exists()
    answer = _api_client(alice).post(url, {"date": "2026-12-08", "game": "duizenden"}, format="json")
    assert answer.status_code == 201
    evening = Evening.objects.get()
    answer = _api_client(alice).patch(
        reverse("api-evening", args=[evening.pk]), {"game": "barbuse"}, format="json"
    )
    assert errors(answer) == [("game", "invalid", "Choose one of the competition's games.")]
    evening.refresh_from_db()
    assert evening.game == "duizenden"


def test_a_competition_says_its_points_per_table_size_and_plans_its_evenings(alice, klaverclub):
    client = _api_client(alice)
    body = {
        "name": "Winter",
        "games": ["duizenden"],
        "starts_on": "2026-10-01",
        "ends_on": "2026-12-31",
        "placement_points": "10,8,6,5",
        "placement_by_size": {"3": "10,7,4"},
        "evening_dates": ["2026-10-02", "2026-10-16"],
        "tie_breaks": ["all_points", "head_to_head", "best_unit", "fewest_dropped"],
    }
    response = client.post(reverse("api-competitions", args=[klaverclub.pk]), body, format="json")
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert answer["placement_by_size"] == {"3": "10,7,4"} and "evening_dates" not in answer
    assert [evening["date"] for evening in answer["evenings"]] == ["2026-10-02", "2026-10-16"]
    url = f"/api/competitions/{answer['id']}/"
    refused = client.patch(url, {"placement_by_size": {"7": "1"}}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "placement_by_size"
    refused = client.patch(url, {"placement_by_size": {"4": "10,x"}}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "placement_by_size"
    outside = client.patch(url, {"evening_dates": ["2027-01-08"]}, format="json")
    assert outside.status_code == 400 and outside.json()["errors"][0]["field"] == "evening_dates"
    changed = client.patch(
        url,
        {"placement_by_size": {"4": "12,8,4,0"}, "evening_dates": ["2026-10-30", "2026-10-02"]},
        format="json",
    )
    assert changed.status_code == 200
    assert changed.json()["placement_by_size"] == {"4": "12,8,4,0"}
    assert len(changed.json()["evenings"]) == 3
    assert changed.json()["tie_breaks"] == ["all_points", "head_to_head", "best_unit", "fewest_dropped"]


def test_a_league_plays_duizenden_to_300_on_every_table_it_starts(competition, alice):
    """The issue's PATCH, refused before: the options are the form's, the engine checks them."""
    url = reverse("api-competition", args=[competition.pk])
    answer = _api_client(alice).patch(url, {"options": {"duizenden": {"target": 300}}}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["options"] == {"duizenden": {"target": 300}}
    competition.refresh_from_db()
    evening = EveningFactory.create(competition=competition)
    evening.present.set(competition.club.players.all())
    [table] = evening.draw_and_start(rng=random.Random(5))
    assert table.match.options["target"] == 300
    # Another change keeps the options; sent, they replace them, and a game not played is dropped.
    kept = _api_client(alice).patch(url, {"name": "Winter"}, format="json")
    assert kept.status_code == 200 and kept.json()["options"] == {"duizenden": {"target": 300}}
    other = {"barbuse": {"all_hearts_bonus": 60}, "duizenden": {"jokers": 4}}
    replaced = _api_client(alice).patch(url, {"options": other}, format="json")
    assert replaced.status_code == 200 and replaced.json()["options"] == {"duizenden": {"jokers": 4}}


def test_the_api_archives_a_season_lists_the_roll_of_honour_and_starts_the_next(competition, alice, bob):
    finished_evening(competition)
    api = _api_client(alice)
    archived = api.post(
        reverse("api-competition-archive", args=[competition.pk]), {"archived": True}, format="json"
    )
    assert archived.status_code == 200 and archived.json()["archived"] is True
    honours = _api_client(bob).get(reverse("api-honours", args=[competition.club.pk])).json()
    assert [h["competition"] for h in honours] == [competition.pk]
    assert [p["rank"] for p in honours[0]["podium"]] == [1, 2, 3] and honours[0]["podium"][0][
        "points"
    ] == "10.00"
    assert _api_client(bob).post(reverse("api-competition-next", args=[competition.pk])).status_code == 403
    following = api.post(reverse("api-competition-next", args=[competition.pk]))
    assert following.status_code == 201 and following.json()["name"] == "Winter 2027"
    assert following.json()["archived"] is False and len(following.json()["evenings"]) == 1
