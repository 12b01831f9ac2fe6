"""The seating draw: table sizes that fit the game, and variety over a simulated season."""

from __future__ import annotations

import random
import statistics
from itertools import combinations

import pytest

from league.seating import NoSeating, Seating, cost, draw, meetings, naive_draw, table_sizes


@pytest.mark.parametrize(
    ("players", "allowed", "sizes"),
    [
        (16, (4,), (4, 4, 4, 4)),  # a game of exactly four
        (8, (2, 3, 4, 6), (4, 4)),  # partnerships of four where possible
        (10, (2, 3, 4, 5, 6), (4, 3, 3)),  # tables of 3 where the numbers need it
        (9, (2, 3, 4, 5, 6), (5, 4)),  # ...or a table of 5 when that is closer to four
        (7, (2, 3, 4, 6), (4, 3)),
        (3, (2, 3, 4, 5, 6), (3,)),
    ],
)
def test_tables_are_as_close_to_four_as_the_game_allows(players, allowed, sizes):
    assert table_sizes(players, allowed) == sizes


@pytest.mark.parametrize(("players", "allowed"), [(7, (4,)), (0, (4,)), (1, (2, 3))])
def test_players_who_fit_no_tables_of_the_game_are_refused(players, allowed):
    with pytest.raises(NoSeating):
        table_sizes(players, allowed)


def test_a_draw_seats_every_player_once_at_tables_of_the_sizes_asked():
    seating = draw(list(range(10)), (4, 3, 3), {}, random.Random(1))
    assert sorted(len(t) for t in seating) == [3, 3, 4]
    assert sorted(p for t in seating for p in t) == list(range(10))


def test_the_first_draw_of_a_pair_who_already_met_separates_them_when_it_can():
    met = meetings([((0, 1, 2, 3), (4, 5, 6, 7))])
    seating = draw(list(range(8)), (4, 4), met, random.Random(7))
    # Each table of 4 needs two of each old table: one meeting of two pairs per table at least.
    assert cost(seating, met) == 4


def _repeats(season) -> int:
    """Meetings beyond the first: every time a pair sits together again."""
    return sum(n - 1 for n in meetings(season).values())


def _season(drawer, seed: int) -> list[Seating]:
    rng, season = random.Random(seed), list[Seating]()
    for _ in range(10):
        season.append(drawer(list(range(16)), (4, 4, 4, 4), meetings(season), rng))
    return season


def test_over_ten_evenings_of_sixteen_players_repeats_stay_near_the_minimum():
    """16 players at 4 tables meet 24 pairs an evening, 240 over 10 evenings, among 120 pairs:
    at least 120 meetings are repeats. The varied draw reaches that minimum (everybody meets
    everybody, nobody meets anyone more than three times); a hat (naive shuffle) repeats about 134 times,
    leaves pairs who never met and pairs meeting up to six times."""
    varied = [_repeats(_season(draw, seed)) for seed in range(3)]
    naive = [_repeats(_season(lambda p, s, m, r: naive_draw(p, s, r), seed)) for seed in range(3)]
    assert varied == [120, 120, 120]
    assert statistics.mean(varied) < statistics.mean(naive) - 10
    most_often = max(meetings(_season(draw, 0)).values())
    assert most_often <= 3
    pairs_met = len(meetings(_season(draw, 0)))
    assert pairs_met == len(list(combinations(range(16), 2)))  # everybody met everybody
