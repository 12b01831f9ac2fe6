"""The secretary's evening: Alice (owner) runs it on her phone, Bob (member) reads along."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from league.models import Competition, Evening, Standing, Table
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evening(klaverclub) -> Evening:
    evening = EveningFactory.create(
        competition=CompetitionFactory.create(club=klaverclub, name="Winter 2026")
    )
    PlayerFactory.create_batch(8, club=klaverclub)
    return evening


def test_alice_ticks_presence_draws_and_sees_every_table(client, alice, evening):
    client.force_login(alice)
    players = list(evening.club.players.values_list("pk", flat=True))
    response = client.post(reverse("league_presence", args=[evening.pk]), {"present": players})
    assert response.status_code == 302
    assert evening.present.count() == 8
    client.post(reverse("league_draw", args=[evening.pk]))
    page = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert "Table 1" in page and "Table 2" in page and "0 deals played" in page


def test_a_draw_that_does_not_fit_says_why_and_starts_nothing(client, alice, evening):
    client.force_login(alice)
    evening.competition.games = ["barbuse"]
    evening.competition.save()
    evening.game = "barbuse"
    evening.save()
    evening.present.set(evening.club.players.all()[:3])  # 7 would seat four, three sitting out
    response = client.post(reverse("league_draw", args=[evening.pk]), follow=True)
    assert "3 players present do not fit tables of 4" in response.content.decode()
    evening.present.set(evening.club.players.all()[:1])
    response = client.post(reverse("league_draw", args=[evening.pk]), follow=True)
    assert "1 player present does not fit tables of 4" in response.content.decode()
    assert not Table.objects.exists()


def test_presence_with_another_clubs_player_is_refused_and_keeps_the_old_ticks(client, alice, evening):
    client.force_login(alice)
    stranger = PlayerFactory.create()
    response = client.post(reverse("league_presence", args=[evening.pk]), {"present": [stranger.pk]})
    assert response.status_code == 400
    assert evening.present.count() == 0


def test_standings_page_and_csv_show_the_stored_rows(client, bob, evening):
    evening.present.set(evening.club.players.all())
    for table in evening.draw_and_start(rng=random.Random(1)):
        table.match.add_round(deal(winner=0))
    winner = Standing.objects.filter(competition=evening.competition, rank=1).select_related("player")[0]
    client.force_login(bob)
    page = client.get(reverse("league_standings", args=[evening.competition.pk])).content.decode()
    assert winner.player.name in page and "Season so far" in page
    csv = client.get(reverse("league_standings_csv", args=[evening.competition.pk])).content.decode()
    assert csv.splitlines()[0].startswith("rank,player,points")
    assert len(csv.splitlines()) == 9
    # Whole numbers as the page writes them; the evening's points in a column of its own.
    assert f"1,{winner.player.name},10,1,1,1,1,,,,10" in csv


def test_alice_creates_a_competition_and_a_bad_one_keeps_what_she_typed(client, alice, klaverclub):
    client.force_login(alice)
    url = reverse("league_competitions", args=[klaverclub.pk])
    data = {
        "name": "Zomer",
        "games": ["canasta"],
        "starts_on": "2027-06-01",
        "ends_on": "2027-05-01",
        "counts": "evenings",
        "kind": "placement",
        "placement_points": "10,8,6,5",
        "min_evenings": "0",
        "tie_break_1": "wins",
        "tie_break_2": "average_place",
    }
    refused = client.post(url, data)
    assert refused.status_code == 200 and "cannot end before it starts" in refused.content.decode()
    assert 'value="Zomer"' in refused.content.decode()
    response = client.post(url, {**data, "ends_on": "2027-08-31", "best_of": "8"})
    competition = Competition.objects.get(name="Zomer")
    assert response.url == reverse("league_standings", args=[competition.pk])
    assert competition.scheme.best_of == 8


@pytest.mark.django_db(transaction=True)
def test_standings_draw_the_season_as_a_chart_once_two_evenings_are_played(client, alice):
    from players.models import Club
    from tests.test_query_counts import _season

    competition, _ = _season(Club.personal_for(alice), evenings=2, players=4)
    client.force_login(alice)
    page = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert 'role="img"' in page and "<svg" in page
    assert "Points added up evening by evening" in page
    assert page.count("chart-line-") >= 4  # a line per player (and its legend key)


def test_a_table_still_playing_shows_the_points_it_would_give_if_it_ended_now(client, alice, evening):
    """Placement points 10-8-6-5: after one deal to 100 nobody has reached, the leader would get
    10; the stored standings stay untouched until the table finishes."""
    evening.present.set(evening.club.players.all())
    first, _ = evening.draw_and_start(rng=random.Random(3))
    first.match.add_round(
        {
            "entries": [
                {
                    "went_out": seat == 0,
                    "table_points": 50 if seat == 0 else 40 + 10 * seat,
                    "hand_points": 0 if seat == 0 else 30,
                }
                for seat in range(4)
            ]
        }
    )
    assert first.match.status == "in_progress"
    client.force_login(alice)
    page = client.get(reverse("league_standings", args=[evening.competition_id])).content.decode()
    names = [seat.player.name for seat in first.match.seats.order_by("position")]
    assert "points if it ended now:" in page
    assert (
        f"{names[0]} 10" in page and f"{names[1]} 5" in page
    )  # 50 leads; 20 (seat 1, after its hand) is last
    assert not Standing.objects.exists()


def test_the_standings_page_shows_every_change_though_it_keeps_its_tables(client, bob, evening):
    """The page keeps its stored tables in the cache (``league.season``): a finished table, a
    deal at a table still playing, a renamed player and a new evening each show on the next
    view."""
    evening.present.set(evening.club.players.all())
    first, second = evening.draw_and_start(rng=random.Random(5))
    client.force_login(bob)
    url = reverse("league_standings", args=[evening.competition_id])

    def page() -> str:
        return client.get(url).content.decode()

    assert "No finished tables yet." in page() and page().count("0 deals") == 2
    first.match.add_round(deal(winner=2))
    winner = first.match.seats.get(position=2).player
    shown = page()
    assert "No finished tables yet." not in shown and f'<th scope="row">{winner.name}</th>' in shown
    assert shown.count("0 deals") == 1  # the finished table left the open ones
    second.match.add_round(
        {
            "entries": [
                {
                    "went_out": seat == 1,
                    "table_points": 50 if seat == 1 else 40,
                    "hand_points": 0 if seat == 1 else 30,
                }
                for seat in range(4)
            ]
        }
    )
    leader = second.match.seats.get(position=1).player
    assert "1 deal ·" in page() and f"{leader.name} 10" in page()
    winner.name = "Winnie Renamed"
    winner.save()
    assert '<th scope="row">Winnie Renamed</th>' in page()
    later = EveningFactory.create(competition=evening.competition, date=evening.date.replace(day=28))
    assert f'<th scope="col" class="num">{later.date.day} {later.date:%b}</th>' in page()


def test_a_kept_standings_page_reads_no_stored_rows_and_shows_an_edit_at_once(client, alice, evening):
    """The page's header, standings and season are cached (``{% cache %}`` under the stored
    tables' version): a second view reads none of the stored rows, and the secretary's
    edit of the competition (which rebuilds the standings) shows on the next view."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    evening.present.set(evening.club.players.all())
    first, _second = evening.draw_and_start(rng=random.Random(3))
    first.match.add_round(deal(winner=1))
    client.force_login(alice)
    url = reverse("league_standings", args=[evening.competition_id])
    assert "Winter 2026" in client.get(url).content.decode()
    with CaptureQueriesContext(connection) as kept:
        again = client.get(url).content.decode()
    assert not [query for query in kept if "league_standing" in query["sql"]]
    assert "New evening" in again and "0 deals" in again  # the form and the open table: fresh
    competition = evening.competition
    data = {
        "name": "Winter 2026/27",
        "games": competition.games,
        "counts": competition.counts,
        "starts_on": competition.starts_on.isoformat(),
        "ends_on": competition.ends_on.isoformat(),
        "kind": competition.kind,
        "placement_points": competition.placement_points,
        "best_of": competition.best_of or "",
        "min_evenings": competition.min_evenings,
    }
    edited = client.post(reverse("league_competition_edit", args=[competition.pk]), data)
    assert edited.status_code == 302, edited.content.decode()[:2000]
    assert "<h1>Winter 2026/27</h1>" in client.get(url).content.decode()


def test_a_competition_of_another_club_or_no_competition_at_all_is_not_found(client, charlie, evening):
    """The competition is read with the reader's membership (``league.views._competition``)."""
    client.force_login(charlie)
    assert client.get(reverse("league_standings", args=[evening.competition_id])).status_code == 404
    assert client.get(f"/competitions/{2**70}/").status_code == 404


def test_the_standings_page_is_drawn_when_the_cache_cannot_be_reached(
    client, bob, evening, unreachable_cache
):
    """A cache that is down is a miss: the page is drawn from the database, not a 500."""
    evening.present.set(evening.club.players.all())
    evening.draw_and_start(rng=random.Random(5))
    client.force_login(bob)
    url = reverse("league_standings", args=[evening.competition_id])
    response = client.get(url)
    assert response.status_code == 200
    assert "No finished tables yet." in response.content.decode()
    assert response.content.decode().count("0 deals") == 2
