"""Stored standings follow the tables of an evening: drawn, scored, corrected, reopened."""

from __future__ import annotations

import random

import pytest

from league.models import Evening, Standing, StillPlaying
from league.seating import NoSeating
from matches.models import Match
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


def deal(winner: int, players: int = 4) -> dict:
    """One Duizenden deal to 100: ``winner`` goes out with 275 on the table, the others lay 40."""
    return {
        "entries": [
            {
                "went_out": seat == winner,
                "table_points": 275 if seat == winner else 40 + 10 * seat,
                "hand_points": 0 if seat == winner else 30,
            }
            for seat in range(players)
        ]
    }


@pytest.fixture
def evening() -> Evening:
    competition = CompetitionFactory.create()
    evening = EveningFactory.create(competition=competition)
    evening.present.set([PlayerFactory.create(club=competition.club) for _ in range(8)])
    return evening


def standings(evening: Evening) -> list[tuple[str, int | None, int]]:
    return [
        (row.player.name, row.rank, int(row.points))
        for row in Standing.objects.filter(competition=evening.competition).select_related("player")
    ]


def test_the_draw_starts_a_match_per_table_for_everybody_present(evening):
    tables = evening.draw_and_start(rng=random.Random(3))
    assert [(t.round, t.number) for t in tables] == [(1, 1), (1, 2)]
    seated = [seat.player_id for t in tables for seat in t.match.seats.all()]
    assert sorted(seated) == sorted(evening.present.values_list("pk", flat=True))
    assert all(t.match.game == "duizenden" and t.match.options["target"] == 100 for t in tables)


def test_players_who_fit_no_tables_are_refused_and_nothing_is_started(evening):
    evening.competition.games = ["duizenden", "barbuse"]
    evening.competition.save()
    evening.game = "barbuse"  # exactly four a table
    evening.save()
    evening.present.set([PlayerFactory(club=evening.competition.club) for _ in range(3)])  # not one table
    with pytest.raises(NoSeating):
        evening.draw_and_start()
    assert not Match.objects.exists()


def test_standings_are_stored_when_a_table_finishes_and_move_when_it_is_corrected(evening):
    first, second = evening.draw_and_start(rng=random.Random(3))
    assert not Standing.objects.exists()  # nothing finished yet
    first.match.add_round(deal(winner=0))
    names = [s.player.name for s in first.match.seats.order_by("position")]
    assert standings(evening)[0] == (names[0], 1, 10)
    assert len(standings(evening)) == 4
    second.match.add_round(deal(winner=2))
    assert len(standings(evening)) == 8
    # Seat 1 of the first table went out after all: corrected, the standings follow.
    first.match.correct_round(1, deal(winner=1))
    top = [row for row in standings(evening) if row[0] in names and row[1] == 1]
    assert top == [(names[1], 1, 10)]


def test_no_reseating_while_a_table_of_the_last_round_is_still_playing(evening):
    first, second = evening.draw_and_start(rng=random.Random(3))
    first.match.add_round(deal(winner=0))
    with pytest.raises(StillPlaying):
        evening.draw_and_start()
    second.match.add_round(deal(winner=0))
    assert len(evening.draw_and_start()) == 2


def test_an_undo_that_reopens_a_table_takes_it_out_of_the_standings(evening):
    first, _ = evening.draw_and_start(rng=random.Random(3))
    first.match.add_round(deal(winner=0))
    assert len(standings(evening)) == 4
    first.match.undo_last_round()
    assert standings(evening) == []


def test_an_evening_that_does_not_count_leaves_the_standings_alone(evening):
    evening.counts = False
    evening.save()
    first, _ = evening.draw_and_start(rng=random.Random(3))
    first.match.add_round(deal(winner=0))
    assert standings(evening) == []


def test_the_second_round_of_an_evening_reseats_and_the_evening_sums_both(evening):
    round_one = evening.draw_and_start(rng=random.Random(3))
    for table in round_one:
        table.match.add_round(deal(winner=0))
    round_two = evening.draw_and_start(rng=random.Random(3))
    assert {t.round for t in round_two} == {2}
    before = {frozenset(s.player_id for s in t.match.seats.all()) for t in round_one}
    after = {frozenset(s.player_id for s in t.match.seats.all()) for t in round_two}
    assert before.isdisjoint(after)  # nobody keeps the same table
    for table in round_two:
        table.match.add_round(deal(winner=0))
    row = Standing.objects.filter(competition=evening.competition).first()
    assert row is not None and row.tables == 2 and row.played == 1
    assert sum(float(p) for p in row.evenings.values()) == float(row.points)


def test_deleting_a_finished_table_takes_it_out_of_the_standings_and_restoring_brings_it_back(evening):
    first, second = evening.draw_and_start(rng=random.Random(3))
    first.match.add_round(deal(winner=0))
    second.match.add_round(deal(winner=2))
    both = standings(evening)
    assert len(both) == 8
    second.match.soft_delete()
    assert len(standings(evening)) == 4
    second.match.restore()
    assert standings(evening) == both
