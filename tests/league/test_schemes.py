"""Competition schemes on small seasons computed by hand (no database)."""

from __future__ import annotations

from dataclasses import replace
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


# Three evenings of four at 10-8-6-5: A 10, 5, 8; B 8, 10, 6; C 6, 8, 10; D 5, 6, 5.
# Best 2 of 3: A, B and C all have 18; over all evenings A 23, B 24, C 24. Between themselves
# A beat B twice and C once, B beat C twice and A once, C beat A twice and B once: head to head
# among the three, each finished ahead 3 times.
CIRCLE = [
    table(1, (A, 1), (B, 2), (C, 3), (D, 4)),
    table(2, (B, 1), (C, 2), (D, 3), (A, 4)),
    table(3, (C, 1), (A, 2), (B, 3), (D, 4)),
]


@pytest.mark.parametrize(
    ("tie_breaks", "expected"),
    [
        # Points over all evenings, the dropped one included, set A (23) below B and C (24).
        ((TieBreak.ALL_POINTS,), [(B, 1), (C, 1), (A, 3), (D, 4)]),
        # Head to head among the three tied players: each finished ahead 3 times.
        ((TieBreak.HEAD_TO_HEAD,), [(A, 1), (B, 1), (C, 1), (D, 4)]),
        # Then head to head among the two still tied (B and C): B beat C twice of three.
        ((TieBreak.ALL_POINTS, TieBreak.HEAD_TO_HEAD), [(B, 1), (C, 2), (A, 3), (D, 4)]),
        # Best single evening: 10 each.
        ((TieBreak.BEST_UNIT,), [(A, 1), (B, 1), (C, 1), (D, 4)]),
    ],
)
def test_tie_breaks_as_clubs_write_them(tie_breaks, expected):
    rows = standings(Scheme(placement_points=POINTS, best_of=2, tie_breaks=tie_breaks), CIRCLE)
    assert [(row.player, row.rank) for row in rows] == expected
    assert {row.player: row.points for row in rows} == {A: 18, B: 18, C: 18, D: 11}


def test_all_points_count_the_dropped_evening_and_head_to_head_only_the_tied():
    rows = {row.player: row for row in standings(Scheme(placement_points=POINTS, best_of=2), CIRCLE)}
    assert (rows[A].all_points, rows[B].all_points, rows[D].all_points) == (23, 24, 16)
    assert rows[A].counted == {1, 3} and rows[A].dropped == 1


def test_best_single_unit_breaks_a_tie_of_ten_and_six_against_eight_and_eight():
    season = [
        table(1, (A, 1), (C, 2), (D, 3), (E, 4)),  # A10 C8
        table(2, (B, 1), (C, 2), (A, 3), (E, 4)),  # C8 A6
    ]
    rows = standings(Scheme(placement_points=POINTS, tie_breaks=(TieBreak.BEST_UNIT,)), season)
    assert [(r.player, r.rank, r.points) for r in rows][:3] == [(A, 1, 16), (C, 2, 16), (B, 3, 10)]


# Best 2: A plays three evenings (10, 8, 5: 18, one dropped), B two (8, 10: 18, none dropped).
DROPPING = [
    table(1, (A, 1), (B, 2), (C, 3)),
    table(2, (B, 1), (A, 2), (C, 3)),
    table(3, (C, 1), (D, 2), (E, 3), (A, 4)),
]


@pytest.mark.parametrize(
    ("tie_break", "order"),
    [(TieBreak.FEWEST_DROPPED, [B, A]), (TieBreak.ALL_POINTS, [A, B]), (TieBreak.PLAYED, [A, B])],
)
def test_fewest_evenings_dropped_against_points_over_all_evenings(tie_break, order):
    rows = standings(Scheme(placement_points=POINTS, best_of=2, tie_breaks=(tie_break,)), DROPPING)
    assert [row.player for row in rows][:2] == order
    assert [row.rank for row in rows][:2] == [1, 2]


def test_placement_points_by_table_size_fall_back_to_the_one_list():
    scheme = Scheme(placement_points=(10, 8, 6, 5), placement_by_size=((3, (10, 7, 4)),))
    assert table_points(scheme, table(1, (A, 1), (B, 2), (C, 3))) == {A: 10, B: 7, C: 4}
    assert table_points(scheme, table(1, (A, 1), (B, 2), (C, 3), (D, 4))) == {A: 10, B: 8, C: 6, D: 5}
    five = table(1, (A, 1), (B, 2), (C, 3), (D, 4), (E, 5))
    assert table_points(scheme, five) == {A: 10, B: 8, C: 6, D: 5, E: 0}
    # A tie at a table of three shares the place's points of that table's list.
    assert table_points(scheme, table(1, (A, 1), (B, 1), (C, 3))) == {A: 10, B: 10, C: 4}


# The club's paper season (issue 30): best 3 of 4, at least 3 evenings, ties by points over all
# evenings then first places, 10-8-6-5 at a table of four, 10-7-4 at a table of three, a booby
# prize. Evening 2 had a newcomer (I): three tables of three; H missed evening 3.
A_, B_, C_, D_, E_, F_, G_, H_, I_ = range(1, 10)
PAPER_SCHEME = Scheme(
    placement_points=(10, 8, 6, 5),
    placement_by_size=((3, (10, 7, 4)), (4, (10, 8, 6, 5))),
    best_of=3,
    min_evenings=3,
    tie_breaks=(TieBreak.ALL_POINTS, TieBreak.WINS),
    booby_prize=True,
)
PAPER_SEASON = [
    table(1, (A_, 1), (B_, 2), (C_, 3), (D_, 4)),  # A10 B8 C6 D5
    table(1, (E_, 1), (F_, 2), (G_, 3), (H_, 4)),  # E10 F8 G6 H5
    table(2, (B_, 1), (E_, 2), (I_, 3)),  # B10 E7 I4
    table(2, (C_, 1), (A_, 2), (G_, 3)),  # C10 A7 G4
    table(2, (D_, 1), (H_, 2), (F_, 3)),  # D10 H7 F4
    table(3, (A_, 1), (C_, 2), (E_, 3), (F_, 4)),  # A10 C8 E6 F5
    table(3, (B_, 1), (D_, 2), (G_, 3)),  # B10 D7 G4
    table(4, (E_, 1), (A_, 2), (B_, 3), (H_, 4)),  # E10 A8 B6 H5
    table(4, (F_, 1), (G_, 2), (C_, 3), (D_, 4)),  # F10 G8 C6 D5
]


def test_the_paper_season_of_a_club_secretary_computed_by_hand():
    rows = standings(PAPER_SCHEME, [replace(t, order=t.unit) for t in PAPER_SEASON])
    # A 10+7+10+8 = 35, drops 7: 28; B 8+10+10+6 = 34, drops 6: 28 - A ahead on all evenings.
    # E 10+7+6+10: 27; C 6+10+8+6: 24 (the earlier 6 counts); F 8+4+5+10: 23; D 5+10+7+5: 22;
    # G 6+4+4+8: 18 (evening 3's 4 dropped); H 5+7+5: 17, the booby prize; I one evening: unranked.
    assert [(r.player, r.rank, r.points) for r in rows] == [
        (A_, 1, 28),
        (B_, 2, 28),
        (E_, 3, 27),
        (C_, 4, 24),
        (F_, 5, 23),
        (D_, 6, 22),
        (G_, 7, 18),
        (H_, 8, 17),
        (I_, None, 4),
    ]
    dropped = {r.player: set(dict(r.units)) - r.counted for r in rows}
    assert dropped == {A_: {2}, B_: {4}, E_: {3}, C_: {4}, F_: {2}, D_: {4}, G_: {3}, H_: set(), I_: set()}
    assert [r.player for r in rows if r.booby] == [H_]
