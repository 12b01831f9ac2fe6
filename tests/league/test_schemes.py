"""Competition schemes on small seasons computed by hand (no database)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from league.schemes import Kind, Place, Scheme, Table, TieBreak, standings, table_points, trend

A, B, C, D, E = 1, 2, 3, 4, 5
POINTS = (10, 8, 6, 5)


def table(evening: int, *ranks: tuple[int, int], totals: tuple[int, ...] | None = None) -> Table:
    totals = totals or tuple(0 for _ in ranks)
    return Table(evening, tuple(Place(p, r, t) for (p, r), t in zip(ranks, totals, strict=True)))


# Evening 1: A B C D; evening 2: B A C E; evening 3: B A D E (players, best first).
SEASON = [
    table(1, (A, 1), (B, 2), (C, 3), (D, 4)),  # A10 B8 C6 D5
    table(2, (B, 1), (A, 2), (C, 3), (E, 4)),  # B10 A8 C6 E5
    table(3, (B, 1), (A, 2), (D, 3), (E, 4)),  # B10 A8 D6 E5
]


def summary(rows):
    return [(row.player, row.rank, row.points) for row in rows]


@pytest.mark.parametrize(
    ("scheme", "expected"),
    [
        # Every evening counts: A 26, B 28, C 12, D 11, E 10.
        (Scheme(placement_points=POINTS), [(B, 1, 28), (A, 2, 26), (C, 3, 12), (D, 4, 11), (E, 5, 10)]),
        # Best 2 of 3: A drops an 8 (18), B an 8 (20); D keeps 6+5, E 5+5, C 6+6.
        (
            Scheme(placement_points=POINTS, best_of=2),
            [(B, 1, 20), (A, 2, 18), (C, 3, 12), (D, 4, 11), (E, 5, 10)],
        ),
        # Minimum attendance 3: only A and B played every evening; the others wait unranked.
        (
            Scheme(placement_points=POINTS, min_evenings=3),
            [(B, 1, 28), (A, 2, 26), (C, None, 12), (D, None, 11), (E, None, 10)],
        ),
    ],
)
def test_placement_points_with_best_n_and_minimum_attendance(scheme, expected):
    assert summary(standings(scheme, SEASON)) == expected


def test_best_n_of_m_names_the_evenings_that_count():
    rows = {row.player: row for row in standings(Scheme(placement_points=POINTS, best_of=2), SEASON)}
    assert rows[A].counted == {1, 2}  # 10 and the first of the two 8s
    assert rows[D].counted == {1, 3}
    assert rows[A].played == 3 and rows[A].wins == 1 and rows[A].average_place == Fraction(5, 3)


TIED = [table(1, (A, 1), (B, 2)), table(2, (B, 1), (A, 2))]  # 18 points, 1 win, avg 1.5 each


@pytest.mark.parametrize(
    ("tie_breaks", "expected"),
    [
        ((TieBreak.WINS, TieBreak.AVERAGE_PLACE), [(A, 1, 18), (B, 1, 18)]),  # still equal: share 1st
        ((TieBreak.LAST_EVENING,), [(B, 1, 18), (A, 2, 18)]),  # B won the last evening
        ((), [(A, 1, 18), (B, 1, 18)]),
    ],
)
def test_tie_breaks_apply_in_the_stated_order_and_equal_players_share_a_rank(tie_breaks, expected):
    assert summary(standings(Scheme(placement_points=POINTS, tie_breaks=tie_breaks), TIED)) == expected


def test_wins_break_a_tie_before_average_place():
    # A 10+6 (1 win, average place 2) and C 8+8 (no win, average place 2) both have 16.
    season = [
        table(1, (A, 1), (C, 2), (D, 3), (E, 4)),
        table(2, (B, 1), (C, 2), (A, 3), (E, 4)),
    ]
    rows = standings(Scheme(placement_points=POINTS, tie_breaks=(TieBreak.WINS,)), season)
    assert [(r.player, r.rank) for r in rows][:3] == [(A, 1), (C, 2), (B, 3)]


def test_the_booby_prize_goes_to_the_last_ranked_qualified_player():
    rows = standings(Scheme(placement_points=POINTS, booby_prize=True, min_evenings=2), SEASON)
    assert [row.player for row in rows if row.booby] == [E]
    unranked = standings(Scheme(placement_points=POINTS, booby_prize=True, min_evenings=3), SEASON)
    assert [row.player for row in unranked if row.booby] == [A]  # C, D, E do not qualify


def test_without_the_option_nobody_gets_the_booby_prize():
    assert not any(row.booby for row in standings(Scheme(placement_points=POINTS), SEASON))


@pytest.mark.parametrize(
    ("kind", "places", "expected"),
    [
        # Raw totals where the highest wins count as they are.
        (Kind.RAW, [(A, 1, 120), (B, 2, 80)], {A: 120, B: 80}),
        # Where the lowest wins (the engine ranks the lowest first) a total counts against you.
        (Kind.RAW, [(A, 1, 10), (B, 2, 50)], {A: -10, B: -50}),
        # Table-relative: share of the others finished ahead of, a tie counting half.
        (
            Kind.RELATIVE,
            [(A, 1, 0), (B, 2, 0), (C, 3, 0), (D, 4, 0)],
            {A: 100, B: Fraction(200, 3), C: Fraction(100, 3), D: 0},
        ),
        (Kind.RELATIVE, [(A, 1, 0), (B, 1, 0), (C, 3, 0)], {A: 75, B: 75, C: 0}),
        # Placement: a place past the list scores nothing; a shared place shares its points.
        (Kind.PLACEMENT, [(A, 1, 0), (B, 1, 0), (C, 3, 0)], {A: 10, B: 10, C: 6}),
    ],
)
def test_table_points_per_scheme(kind, places, expected):
    scheme = Scheme(kind=kind, placement_points=(10, 8, 6))
    assert table_points(scheme, Table(1, tuple(Place(*p) for p in places))) == expected
    assert table_points(Scheme(placement_points=(10,)), table(1, (A, 1), (B, 2))) == {A: 10, B: 0}


def test_a_correction_after_the_fact_moves_the_standings():
    """Evening 3's table had A and B swapped; corrected, A overtakes B (A 28, B 26)."""
    corrected = [*SEASON[:2], table(3, (A, 1), (B, 2), (D, 3), (E, 4))]
    before, after = (
        standings(Scheme(placement_points=POINTS), SEASON),
        standings(Scheme(placement_points=POINTS), corrected),
    )
    assert summary(before)[:2] == [(B, 1, 28), (A, 2, 26)]
    assert summary(after)[:2] == [(A, 1, 28), (B, 2, 26)]


def test_trend_counts_places_gained_since_the_last_evening():
    scheme = Scheme(placement_points=POINTS)
    moves = trend(standings(scheme, SEASON[:2]), standings(scheme, SEASON))
    # After evening 2: A 18, B 18 (A ahead on average? both 1 win, avg 1.5) share 1st; C 12; D 5; E 5.
    # After evening 3: B 1st (=0), A 2nd (-1), C 3rd (=0), D 4th (from shared 4th: 0), E 5th (-1).
    assert moves == {B: 0, A: -1, C: 0, D: 0, E: -1}


# A and B both end on 20: A won a table, B had more on the last unit (6 against 5).
EQUAL_ON_POINTS = [
    table(1, (A, 1), (C, 2), (B, 3), (D, 4)),  # A10 C8 B6 D5
    table(2, (C, 1), (B, 2), (D, 3), (A, 4)),  # C10 B8 D6 A5
    table(3, (C, 1), (D, 2), (B, 3), (A, 4)),  # C10 D8 B6 A5
]


@pytest.mark.parametrize(
    ("tie_breaks", "order"),
    [
        ((TieBreak.WINS, TieBreak.LAST_EVENING), [C, A, B, D]),
        ((TieBreak.LAST_EVENING, TieBreak.WINS), [C, B, A, D]),
    ],
)
def test_the_first_stated_tie_break_decides_before_the_next(tie_breaks, order):
    rows = standings(Scheme(placement_points=POINTS, tie_breaks=tie_breaks), EQUAL_ON_POINTS)
    assert [row.player for row in rows] == order
    assert [row.points for row in rows] == [28, 20, 20, 19]


def test_units_follow_their_stated_order_not_their_id():
    """Unit 9 was played before unit 2 (an evening entered late): the last unit, which the
    last-evening tie-break reads, is unit 2, and among equal units the earlier one counts."""
    season = [
        Table(9, (Place(A, 1, 0), Place(B, 2, 0)), order=0),  # A10 B8
        Table(2, (Place(B, 1, 0), Place(A, 2, 0)), order=1),  # B10 A8
    ]
    rows = {row.player: row for row in standings(Scheme(placement_points=POINTS, best_of=1), season)}
    assert rows[A].units == ((9, 10), (2, 8)) and rows[A].counted == {9}
    last = standings(Scheme(placement_points=POINTS, tie_breaks=(TieBreak.LAST_EVENING,)), season)
    assert [(row.player, row.rank) for row in last] == [(B, 1), (A, 2)]
