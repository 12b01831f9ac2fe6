"""The seating draw: table sizes that fit the game, and variety over a simulated season."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from itertools import combinations

import pytest

from league.seating import NoSeating, Seating, cost, draw, meetings, naive_draw, pair_up, table_sizes


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


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (8, (4, 4)),
        (9, (5, 4)),
        (10, (5, 5)),  # not 4-3-3: two tables of five rather than any table of three
        (13, (5, 4, 4)),
        (15, (5, 5, 5)),  # not 4-4-4-3
        (20, (4, 4, 4, 4, 4)),  # as many tables of four as possible, five only for the rest
        (7, (4, 3)),  # forced: 7 is no sum of fours and fives
        (11, (4, 4, 3)),  # forced, and one table of three, not two
        (6, (3, 3)),
        (3, (3,)),
    ],
)
def test_a_game_preferring_tables_of_four_and_five_gets_a_table_of_three_only_when_forced(players, sizes):
    assert table_sizes(players, (3, 4, 5), preferred=(4, 5)) == sizes


# Two pairs a table, partners across (seats 0 and 2, 1 and 3), as a pair game's engine sits them.
ACROSS = {4: ((0, 2), (1, 3))}


def _partners(season: list[Seating]) -> Counter[frozenset[int]]:
    return meetings(
        [
            tuple(team for table in seating for team in ((table[0], table[2]), (table[1], table[3])))
            for seating in season
        ]
    )


def _pair_season(drawer, players: int, evenings: int, seed: int) -> list[Seating]:
    rng, season = random.Random(seed), list[Seating]()
    for _ in range(evenings):
        season.append(
            drawer(list(range(players)), (4,) * (players // 4), meetings(season), _partners(season), rng)
        )
    return season


def _varied(players, sizes, met, partnered, rng):
    return draw(players, sizes, met, rng, teams=ACROSS, partnered=partnered)


def _hat(players, sizes, met, partnered, rng):
    return naive_draw(players, sizes, rng)


def test_a_pair_game_draw_changes_partners_every_evening():
    """16 players, 10 evenings: 80 partnerships among 120 pairs of players, so nobody need
    partner anyone twice. The draw manages that on every seed; a hat gives about 20 repeats."""
    for seed in range(3):
        assert max(_partners(_pair_season(_varied, 16, 10, seed)).values()) == 1
    hat = [sum(n - 1 for n in _partners(_pair_season(_hat, 16, 10, seed)).values()) for seed in range(3)]
    assert min(hat) > 10


def test_eight_players_over_seven_evenings_partner_everyone_exactly_once():
    """8 players have 7 possible partners each, 28 pairs in all, and 7 evenings of 4 pairs make
    28 partnerships: the perfect season has each pair partnering exactly once, and the draw (a
    heuristic) finds it on every seed tried, while meeting at the tables as evenly as possible
    (84 meetings among 28 pairs: 56 repeats at the least). A hat repeats partners 4 to 12 times."""
    for seed in range(5):
        season = _pair_season(_varied, 8, 7, seed)
        assert set(_partners(season).values()) == {1} and len(_partners(season)) == 28
        assert sum(n - 1 for n in meetings(season).values()) == 56
    hat = [sum(n - 1 for n in _partners(_pair_season(_hat, 8, 7, seed)).values()) for seed in range(5)]
    assert min(hat) >= 4


def test_a_pair_game_table_seats_the_least_partnered_pairs_across():
    # 0 and 2 partnered twice, 0 and 1 once; 0 and 3 never: the table seats 0 across from 3.
    partnered = {frozenset((0, 2)): 2, frozenset((1, 3)): 2, frozenset((0, 1)): 1, frozenset((2, 3)): 1}
    assert pair_up((0, 1, 2, 3), ACROSS[4], partnered) == (0, 1, 3, 2)
