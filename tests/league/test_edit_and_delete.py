"""The secretary corrects the season: Alice (owner) edits and deletes competitions and evenings
from her phone; the stored standings follow, and the matches played stay in the club's history.

One Duizenden deal to 100 ends a table (``deal``): the winner (seat 0) goes out; seats 1, 2, 3
keep 20, 30 and 40, so the places are seat 0 first, then seat 3, seat 2, seat 1. Who the
permission matrix refuses (member 403, stranger 404, guest 403, anonymous to the log-in page) is
in tests/test_permissions.py.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.urls import reverse

from league.models import Competition, Evening, Standing, Table
from matches.models import Match
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)

# Seat -> place after ``deal(winner=0)``.
PLACE_BY_SEAT = {0: 1, 3: 2, 2: 3, 1: 4}


@pytest.fixture
def competition(klaverclub) -> Competition:
    """Winter 2026 of De Klaverclub, placement points 10-8-6-5, four players."""
    competition = CompetitionFactory.create(club=klaverclub, name="Winter 2026")
    PlayerFactory.create_batch(4, club=klaverclub)
    return competition


def play_evening(competition: Competition, *, finish: bool = True) -> tuple[Evening, Match]:
    evening = EveningFactory.create(competition=competition)
    evening.present.set(competition.club.players.all())
    [table] = evening.draw_and_start(rng=random.Random(5))
    if finish:
        table.match.add_round(deal(winner=0))
    return evening, table.match


def points_by_place(competition: Competition, match: Match) -> dict[int, int]:
    """Each place at ``match``'s table -> that player's stored points."""
    stored = {s.player_id: int(s.points) for s in Standing.objects.filter(competition=competition)}
    return {PLACE_BY_SEAT[s.position]: stored.get(s.player_id, 0) for s in match.seats.all()}


def test_the_standings_page_offers_edit_and_delete_to_alice_only(client, alice, bob, competition):
    url = reverse("league_standings", args=[competition.pk])
    edit = reverse("league_competition_edit", args=[competition.pk])
    client.force_login(alice)
    assert edit in client.get(url).content.decode()
    client.force_login(bob)
    assert edit not in client.get(url).content.decode()


def test_the_edit_form_is_the_create_form_prefilled(client, alice, competition):
    client.force_login(alice)
    page = client.get(reverse("league_competition_edit", args=[competition.pk])).content.decode()
    assert 'value="Winter 2026"' in page and 'value="10,8,6,5"' in page
    assert 'value="2026-09-01"' in page


def test_new_placement_points_rebuild_the_stored_standings(client, alice, competition):
    """10-8-6-5 becomes 7-4-2-1: first place now has 7, last 1, without any table replayed."""
    _, match = play_evening(competition)
    assert points_by_place(competition, match) == {1: 10, 2: 8, 3: 6, 4: 5}
    client.force_login(alice)
    data = {
        "name": "Winter 2026",
        "games": ["duizenden"],
        "counts": "evenings",
        "starts_on": "2026-09-01",
        "ends_on": "2027-06-30",
        "kind": "placement",
        "placement_points": "7,4,2,1",
        "min_evenings": "0",
        "tie_break_1": "wins",
        "tie_break_2": "average_place",
    }
    response = client.post(reverse("league_competition_edit", args=[competition.pk]), data, follow=True)
    assert response.redirect_chain == [(reverse("league_standings", args=[competition.pk]), 302)]
    assert "the standings are recalculated" in response.content.decode()
    assert points_by_place(competition, match) == {1: 7, 2: 4, 3: 2, 4: 1}


def test_a_minimum_attendance_set_afterwards_unranks_everybody_with_one_evening(client, alice, competition):
    play_evening(competition)
    client.force_login(alice)
    data = {
        "name": "Winter 2026",
        "games": ["duizenden"],
        "counts": "evenings",
        "starts_on": "2026-09-01",
        "ends_on": "2027-06-30",
        "kind": "placement",
        "placement_points": "10,8,6,5",
        "min_evenings": "2",
        "tie_break_1": "wins",
    }
    client.post(reverse("league_competition_edit", args=[competition.pk]), data)
    assert list(Standing.objects.filter(competition=competition).values_list("rank", flat=True)) == [None] * 4


def test_a_refused_edit_keeps_what_was_typed_and_changes_nothing(client, alice, competition):
    _, match = play_evening(competition)
    client.force_login(alice)
    data = {
        "name": "Winter 2027",
        "games": ["duizenden"],
        "counts": "evenings",
        "starts_on": "2026-09-01",
        "ends_on": "2026-08-01",
        "kind": "placement",
        "placement_points": "1,1,1",
        "min_evenings": "0",
        "tie_break_1": "wins",
    }
    response = client.post(reverse("league_competition_edit", args=[competition.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200 and "The season cannot end before it starts." in page
    assert 'value="Winter 2027"' in page and "Winter 2026" in page  # typed name; stored one in the title
    competition.refresh_from_db()
    assert competition.name == "Winter 2026" and competition.placement_points == "10,8,6,5"
    assert points_by_place(competition, match) == {1: 10, 2: 8, 3: 6, 4: 5}


def test_deleting_a_competition_says_what_goes_and_keeps_the_matches(client, alice, competition):
    _, match = play_evening(competition)
    client.force_login(alice)
    url = reverse("league_competition_delete", args=[competition.pk])
    page = client.get(url).content.decode()
    assert "The standings (4 players)." in page
    assert "1 evening, with who was present and the seating." in page
    assert "The 1 match played at its tables stays in the club's history" in page
    response = client.post(url, follow=True)
    assert response.redirect_chain == [(reverse("league_competitions", args=[competition.club_id]), 302)]
    assert "Winter 2026 is deleted; its matches stay in the club&#x27;s history." in response.content.decode()
    assert not Competition.objects.exists() and not Evening.objects.exists()
    assert not Table.objects.exists() and not Standing.objects.exists()
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.club_id == competition.club_id
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 200


def test_deleting_needs_a_post(client, alice, competition):
    client.force_login(alice)
    client.get(reverse("league_competition_delete", args=[competition.pk]))
    client.get(reverse("league_evening_delete", args=[EveningFactory.create(competition=competition).pk]))
    assert Competition.objects.count() == 1 and Evening.objects.count() == 1


def test_an_evening_that_stops_counting_leaves_the_standings_and_comes_back(client, alice, competition):
    evening, match = play_evening(competition)
    client.force_login(alice)
    url = reverse("league_evening_edit", args=[evening.pk])
    response = client.post(url, {"date": "2026-10-06"})  # the tick box left empty: does not count
    assert response.url == reverse("league_evening", args=[evening.pk])
    evening.refresh_from_db()
    assert evening.date == datetime.date(2026, 10, 6) and not evening.counts
    assert not Standing.objects.exists()
    client.post(url, {"date": "2026-10-06", "counts": "on"})
    assert points_by_place(competition, match) == {1: 10, 2: 8, 3: 6, 4: 5}


def test_an_evening_without_a_date_is_refused_and_keeps_its_date(client, alice, competition):
    evening, _ = play_evening(competition)
    client.force_login(alice)
    response = client.post(reverse("league_evening_edit", args=[evening.pk]), {"date": "", "counts": "on"})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    assert Evening.objects.get().date == evening.date


def test_deleting_an_evening_with_a_table_still_playing_keeps_its_matches_as_club_matches(
    client, alice, competition
):
    """Two evenings of 10-8-6-5: each player's points are the sum of both. The second evening
    has a second round still playing; deleting it leaves the first evening's points alone and
    that table goes on as an ordinary match (finishing it touches no standings)."""
    _, first = play_evening(competition)
    second_evening, second = play_evening(competition)
    [playing] = second_evening.draw_and_start(rng=random.Random(7))
    points = {1: 10, 2: 8, 3: 6, 4: 5}
    both = {s.player_id: points[PLACE_BY_SEAT[s.position]] for s in first.seats.all()}
    for seat in second.seats.all():
        both[seat.player_id] += points[PLACE_BY_SEAT[seat.position]]
    stored = dict(Standing.objects.values_list("player_id", "points"))
    assert {player: int(value) for player, value in stored.items()} == both

    client.force_login(alice)
    url = reverse("league_evening_delete", args=[second_evening.pk])
    page = client.get(url).content.decode()
    assert "1 table is still being played: it can be finished as an ordinary match." in page
    assert "The 2 matches played at its tables stay in the club's history as ordinary matches" in page
    response = client.post(url)
    assert response.url == reverse("league_standings", args=[competition.pk])

    assert list(Evening.objects.values_list("pk", flat=True)) == [first.league_table.evening_id]
    assert points_by_place(competition, first) == points
    assert Match.objects.filter(pk__in=[second.pk, playing.match_id]).count() == 2
    playing.match.refresh_from_db()
    playing.match.add_round(deal(winner=0))
    assert playing.match.status == Match.Status.FINISHED
    assert points_by_place(competition, first) == points


def test_the_evening_page_offers_edit_and_delete_to_alice_only(client, alice, bob, competition):
    evening = EveningFactory.create(competition=competition)
    url = reverse("league_evening", args=[evening.pk])
    delete = reverse("league_evening_delete", args=[evening.pk])
    client.force_login(alice)
    assert delete in client.get(url).content.decode()
    client.force_login(bob)
    assert delete not in client.get(url).content.decode()
