"""A competition where every finished match of the club in its games counts, evening or not.

Each match is then its own unit: best N of M and the minimum attendance count matches. Seats
are given by hand: a Duizenden deal to 100 is won by ``winner`` and the others follow by seat,
highest seat first (``deal``). Points 10-8-6-5.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Competition, Standing, Table
from matches.models import Match
from players.models import Club
from tests.factories import ClubFactory, CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal
from tests.scoring.test_barbuse import EXAMPLE_3_ROUNDS

pytestmark = pytest.mark.django_db(transaction=True)

TODAY = timezone.localdate()


def ladder(club: Club | None = None, **fields) -> Competition:
    return CompetitionFactory.create(
        **({"club": club} if club else {}),
        counts=Competition.Counts.MATCHES,
        starts_on=TODAY - datetime.timedelta(days=30),
        ends_on=TODAY + datetime.timedelta(days=30),
        **fields,
    )


def play(club: Club, players: list, winner: int = 0) -> Match:
    """A loose Duizenden match to 100, finished in one deal."""
    match = Match.start(club=club, game="duizenden", players=players, options={"target": 100})
    match.add_round(deal(winner=winner, players=len(players)))
    return match


def rows(competition: Competition) -> list[tuple[str, int | None, int, int]]:
    return [
        (s.player.name, s.rank, int(s.points), s.played)
        for s in Standing.objects.filter(competition=competition).select_related("player")
    ]


@pytest.fixture
def competition() -> Competition:
    return ladder()


@pytest.fixture
def players(competition: Competition) -> list:
    return [PlayerFactory.create(club=competition.club, name=name) for name in "ABCDE"]


def test_a_loose_match_and_a_match_on_an_evening_both_count(competition, players):
    """Loose, seats A B C D, A out: A 10, D 8, C 6, B 5. On an evening, seats B C D E, B out:
    B 10, E 8, D 6, C 5. B 15 (2 matches), D 14, C 11, A 10, E 8. Not counted: a match of
    another game, of another club, and one that finished before the season."""
    a, b, c, d, e = players
    play(competition.club, [a, b, c, d])
    evening = EveningFactory.create(competition=competition)
    on_evening = Match.start(
        club=competition.club, game="duizenden", players=[b, c, d, e], options={"target": 100}
    )
    Table.objects.create(evening=evening, round=1, number=1, match=on_evening)
    on_evening.add_round(deal(winner=0))
    expected = [("B", 1, 15, 2), ("D", 2, 14, 2), ("C", 3, 11, 2), ("A", 4, 10, 1), ("E", 5, 8, 1)]
    assert rows(competition) == expected

    barbuse = Match.start(club=competition.club, game="barbuse", players=[e, d, c, b])
    for body in EXAMPLE_3_ROUNDS:
        barbuse.add_round(body)
    elsewhere = ClubFactory.create()
    play(elsewhere, [PlayerFactory.create(club=elsewhere) for _ in range(4)])
    early = play(competition.club, [e, a, b, c])
    Match.objects.filter(pk=early.pk).update(finished_at=timezone.now() - datetime.timedelta(days=31))
    competition.refresh_standings()
    assert barbuse.status == Match.Status.FINISHED
    assert rows(competition) == expected


def test_best_n_of_m_and_the_minimum_attendance_count_matches(competition, players):
    """Best 2 matches, at least 2 played.
    m1 seats A B C D, A out: A 10, D 8, C 6, B 5.
    m2 seats B C D A, B out: B 10, A 8, D 6, C 5.
    m3 seats C A B D, C out: C 10, D 8, B 6, A 5.
    m4 seats E B C D, E out: E 10, D 8, C 6, B 5.
    A 10+8 = 18; B 10+6 = 16; C 10+6 = 16 (the 6 of m1, the earlier); D 8+8 = 16 (m1, m3).
    B and C have a win each, D none; C's average place 11/4 beats B's 12/4. E played once:
    listed, unranked."""
    a, b, c, d, e = players
    competition.best_of, competition.min_evenings = 2, 2
    competition.save()
    m1 = play(competition.club, [a, b, c, d])
    play(competition.club, [b, c, d, a])
    m3 = play(competition.club, [c, a, b, d])
    play(competition.club, [e, b, c, d])
    assert rows(competition) == [
        ("A", 1, 18, 3),
        ("C", 2, 16, 4),
        ("B", 3, 16, 4),
        ("D", 4, 16, 4),
        ("E", None, 10, 1),
    ]
    counted = dict(Standing.objects.filter(competition=competition).values_list("player__name", "counted"))
    assert counted["C"] == sorted([m1.pk, m3.pk]) and counted["D"] == sorted([m1.pk, m3.pk])
    # The season table sums each day played, every match of it (10 + 8 + 5 for A, all today).
    a_row = Standing.objects.get(competition=competition, player=a)
    assert a_row.days == {TODAY.isoformat(): "23.00"}


def test_a_deleted_match_leaves_the_standings_and_a_correction_moves_them(competition, players):
    """m1 seats A B C D, A out: A 10, D 8, C 6, B 5; m2 same seats, B out: B 10, D 8, C 6, A 5.
    D 16 first; A and B 15 with a win each and average place 2.5: they share second; C 12."""
    a, b, c, d, _ = players
    m1 = play(competition.club, [a, b, c, d])
    m2 = play(competition.club, [a, b, c, d], winner=1)
    assert rows(competition) == [("D", 1, 16, 2), ("A", 2, 15, 2), ("B", 2, 15, 2), ("C", 4, 12, 2)]
    m2.soft_delete()
    assert rows(competition) == [("A", 1, 10, 1), ("D", 2, 8, 1), ("C", 3, 6, 1), ("B", 4, 5, 1)]
    m2.restore()
    # m1 corrected: C went out (C 10, D 8, B 6, A 5). B 16 and C 16 won a table each, both
    # average place 2: they share first; D 16 without a win third; A 10.
    m1.correct_round(1, deal(winner=2))
    assert rows(competition) == [("B", 1, 16, 2), ("C", 1, 16, 2), ("D", 3, 16, 2), ("A", 4, 10, 2)]


def test_an_undo_that_reopens_a_loose_match_takes_it_out(competition, players):
    a, b, c, d, _ = players
    match = play(competition.club, [a, b, c, d])
    assert len(rows(competition)) == 4
    match.undo_last_round()
    assert rows(competition) == []


def test_one_query_finds_every_competition_a_match_counts_for(
    competition, players, django_assert_num_queries
):
    """Its evening's competition, and the club's ladders in its game whose dates hold the day
    it finished; not a ladder of another game, of another club, or of another season."""
    season = CompetitionFactory.create(club=competition.club)
    evening = EveningFactory.create(competition=season)
    match = Match.start(club=season.club, game="duizenden", players=players[:4], options={"target": 100})
    Table.objects.create(evening=evening, round=1, number=1, match=match)
    match.add_round(deal(winner=0))
    ladder(competition.club, games=["barbuse"])
    ladder(ClubFactory.create())
    CompetitionFactory.create(
        club=competition.club,
        counts=Competition.Counts.MATCHES,
        starts_on=TODAY + datetime.timedelta(days=1),
        ends_on=TODAY + datetime.timedelta(days=60),
    )
    match.refresh_from_db()
    with django_assert_num_queries(1):
        found = Competition.counting(match)
    assert {c.pk for c in found} == {competition.pk, season.pk}
    assert len(rows(season)) == 4 and len(rows(competition)) == 4  # both refreshed on finishing


def test_the_standings_page_shows_what_an_open_match_would_give_and_the_season_by_day(
    client, alice, klaverclub
):
    """After one deal to 100 nobody has reached: seat 0 leads with 50, then 40, 30 and 20 (seat
    1, after its hand): 10, 8, 6, 5 if it ended now. The stored standings hold the finished
    match only."""
    competition = ladder(klaverclub, best_of=3)
    a, b, c, d = (PlayerFactory.create(club=klaverclub, name=name) for name in ("Ann", "Bas", "Cas", "Dre"))
    play(klaverclub, [a, b, c, d])
    open_match = Match.start(club=klaverclub, game="duizenden", players=[a, b, c, d], options={"target": 100})
    entries = [
        {
            "went_out": seat == 0,
            "table_points": 50 if seat == 0 else 40 + 10 * seat,
            "hand_points": 0 if seat == 0 else 30,
        }
        for seat in range(4)
    ]
    open_match.add_round({"entries": entries})
    client.force_login(alice)
    page = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert "every match counts" in page and "best 3 matches count" in page
    assert "Ann 10, Bas 5, Cas 6, Dre 8" in page
    assert "Duizenden · started" in page
    assert "Season so far: points per day played" in page
    assert f'<th scope="col" class="num">{TODAY.day} {TODAY:%b}</th>' in page
    assert Standing.objects.filter(competition=competition).count() == 4
    csv = client.get(reverse("league_standings_csv", args=[competition.pk])).content.decode()
    assert csv.splitlines()[0] == (
        "rank,player,points,matches,tables,wins,average place,trend,booby prize,matches not counted"
    )


def test_no_provisional_rows_once_the_season_is_over(klaverclub):
    competition = CompetitionFactory.create(
        club=klaverclub,
        counts=Competition.Counts.MATCHES,
        starts_on=TODAY - datetime.timedelta(days=60),
        ends_on=TODAY - datetime.timedelta(days=1),
    )
    Match.start(club=klaverclub, game="duizenden", players=["Ann", "Bas"], options={"target": 100})
    assert not competition.open_matches().exists()


def test_provisional_table_relative_points_show_two_decimals(klaverclub):
    """After one deal seat 0 leads (50), then seats 3, 2, 1: 100, 0, 33.33, 66.67 in seat order."""
    from league.provisional import provisional_points

    competition = ladder(klaverclub, kind=Competition.Kind.RELATIVE)
    match = Match.start(
        club=klaverclub, game="duizenden", players=["Ann", "Bas", "Cas", "Dre"], options={"target": 100}
    )
    entries = [
        {
            "went_out": seat == 0,
            "table_points": 50 if seat == 0 else 40 + 10 * seat,
            "hand_points": 0 if seat == 0 else 30,
        }
        for seat in range(4)
    ]
    match.add_round({"entries": entries})
    [open_match] = competition.open_matches()
    assert provisional_points(competition.scheme, open_match.pk, open_match.seated(), open_match.state()) == [
        ("Ann", "100"),
        ("Bas", "0"),
        ("Cas", "33.33"),
        ("Dre", "66.67"),
    ]
