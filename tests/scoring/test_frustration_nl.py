"""Frustration with 11 contracts: the worked examples of spec/games/frustration-nl.md, one test
per refusal, set-up refusals, corrections and replay properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Refused, correct_round, get_game, play_round, replay
from scoring.games.frustration_family import Contract, Meld, PhaseHint
from scoring.games.frustration_nl import CARD_LIMITS, CARD_VALUES, CONTRACTS, GAME, MOST_OF_FULL_HAND
from scoring.match import MatchState, create_setup
from tests.scoring.support import (
    deal,
    new_match,
    phases,
    play_all,
    ranks_in_unit_order,
    refusal,
    seat,
    status,
    totals_in_unit_order,
)

SLUG = "frustration-nl"


# --- example 1 ---------------------------------------------------------------------------------

EX1 = [
    deal(seat(True, True, 0), seat(True, False, hand={"5": 1, "K": 1, "A": 1}), seat(False, False, 95)),
    deal(
        seat(
            False,
            False,
            100,
            {"3": 2, "4": 1, "7": 2, "8": 1, "9": 1, "J": 1, "Q": 1, "A": 1, "2": 1},
        ),
        seat(True, False, 20),
        seat(True, True, 0),
    ),
    deal(seat(True, False, 45), seat(True, True, 0), seat(False, False, 60)),
]

# (deal, dealer, scores, totals, ranks, phases, status)
EX1_ROWS = [
    (1, 0, [0, 30, 95], [0, 30, 95], [1, 2, 3], [2, 2, 1], "in_progress"),
    (2, 1, [100, 20, 0], [100, 50, 95], [3, 1, 2], [2, 3, 2], "in_progress"),
    (3, 2, [45, 0, 60], [145, 50, 155], [2, 1, 3], [3, 4, 2], "in_progress"),
]

# --- example 2 ---------------------------------------------------------------------------------

EX2_OPTIONS = {"real_jokers": 0}
EX2 = [
    deal(
        seat(False, False, hand={"2": 8, "A": 3}),
        seat(True, False, hand={"A": 2, "K": 1}),
        seat(False, False, 55),
        seat(True, True, 0),
    ),
    deal(seat(True, True, 0), seat(False, False, 60), seat(True, False, 100), seat(True, False, 5)),
]
EX2_ROWS = [
    (1, 2, [205, 40, 55, 0], [205, 40, 55, 0], [4, 2, 3, 1], [1, 2, 1, 2], "in_progress"),
    (2, 3, [0, 60, 100, 5], [205, 100, 155, 5], [4, 2, 3, 1], [2, 2, 2, 3], "in_progress"),
]
EX2_REFUSED = [
    pytest.param(
        deal(
            seat(False, False, hand={"2": 8, "A": 3}),
            seat(True, False, hand={"joker": 1, "K": 1}),
            seat(False, False, 55),
            seat(True, True, 0),
        ),
        [("unknown_card", "entries.1.hand.joker")],
        id="joker-without-real-jokers",
    ),
    pytest.param(
        deal(
            seat(False, False, hand={"2": 8, "A": 3}),
            seat(True, False, hand={"A": 2, "K": 1}),
            seat(False, False, 210),
            seat(True, True, 0),
        ),
        [("points_too_high", "entries.2.points")],
        id="more-than-eleven-cards-can-be-worth",
    ),
    pytest.param(
        deal(
            seat(False, False, hand={"2": 8, "A": 3}),
            seat(True, False, hand={"2": 1, "A": 1}),
            seat(False, False, 55),
            seat(True, True, 0),
        ),
        [("too_many_cards", "entries.1.hand.2")],
        id="a-ninth-two",
    ),
]

# --- example 3 ---------------------------------------------------------------------------------


def _everyone_lays_down(anna: int, bram: int) -> dict:
    return deal(seat(True, False, anna), seat(True, False, bram), seat(True, True, 0))


EX3 = [
    _everyone_lays_down(15, 25),
    _everyone_lays_down(10, 30),
    _everyone_lays_down(20, 5),
    _everyone_lays_down(5, 15),
    _everyone_lays_down(30, 10),
    _everyone_lays_down(10, 40),
    _everyone_lays_down(25, 20),
    _everyone_lays_down(5, 35),
    _everyone_lays_down(15, 10),
    deal(seat(True, True, 0), seat(True, False, 10), seat(False, False, 55)),
    deal(seat(True, False, 40), seat(True, True, 0), seat(True, False, 20)),
]
EX3_ROWS = [
    (1, 0, [15, 25, 0], [15, 25, 0], [2, 3, 1], [2, 2, 2], "in_progress"),
    (2, 1, [10, 30, 0], [25, 55, 0], [2, 3, 1], [3, 3, 3], "in_progress"),
    (3, 2, [20, 5, 0], [45, 60, 0], [2, 3, 1], [4, 4, 4], "in_progress"),
    (4, 0, [5, 15, 0], [50, 75, 0], [2, 3, 1], [5, 5, 5], "in_progress"),
    (5, 1, [30, 10, 0], [80, 85, 0], [2, 3, 1], [6, 6, 6], "in_progress"),
    (6, 2, [10, 40, 0], [90, 125, 0], [2, 3, 1], [7, 7, 7], "in_progress"),
    (7, 0, [25, 20, 0], [115, 145, 0], [2, 3, 1], [8, 8, 8], "in_progress"),
    (8, 1, [5, 35, 0], [120, 180, 0], [2, 3, 1], [9, 9, 9], "in_progress"),
    (9, 2, [15, 10, 0], [135, 190, 0], [2, 3, 1], [10, 10, 10], "in_progress"),
    (10, 0, [0, 10, 55], [135, 200, 55], [1, 2, 3], [11, 11, 10], "in_progress"),
    (11, 1, [40, 0, 20], [175, 200, 75], [1, 2, 3], [12, 12, 11], "finished"),
]

# --- example 4 (posted after example 1's deal 1) -------------------------------------------------

EX4_REFUSED = [
    pytest.param(
        deal(seat(True, True, 0), seat(True, True, 0), seat(False, False, 70)),
        [("went_out_count", "")],
        id="1-two-went-out",
    ),
    pytest.param(
        deal(seat(False, True, 0), seat(True, False, 25), seat(False, False, 70)),
        [("went_out_without_contract", "entries.0.went_out")],
        id="2-out-without-contract",
    ),
    pytest.param(
        deal(seat(True, True, 10), seat(True, False, 25), seat(False, False, 70)),
        [("went_out_with_cards", "entries.0.points")],
        id="3-out-with-points",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 0), seat(False, False, 70)),
        [("zero_without_going_out", "entries.1.points")],
        id="4-zero-without-going-out",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, 50)),
        [("points_too_low", "entries.2.points")],
        id="5-eleven-cards-below-55",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 105), seat(False, False, 70)),
        [("points_too_high", "entries.1.points")],
        id="6-more-than-kept-after-contract-2",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, hand={"K": 4, "Q": 3, "5": 3})),
        [("wrong_card_count", "entries.2.hand")],
        id="7-ten-cards-not-laid-down",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, 72)),
        [("not_multiple_of_5", "entries.2.points")],
        id="8-not-multiple-of-5",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 30, {"K": 1, "Q": 1, "5": 1}), seat(False, False, 70)),
        [("points_mismatch", "entries.1.points")],
        id="9-points-and-hand-disagree",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, hand={"B": 1, "K": 1}), seat(False, False, 70)),
        [("unknown_card", "entries.1.hand.B")],
        id="10-boer-is-not-a-rank",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(False, False, 70)),
        [("wrong_entry_count", "entries")],
        id="11-two-entries-for-three",
    ),
]


def _assert_row(before: MatchState, after: MatchState, row: tuple) -> None:
    number, dealer, scores, totals, ranks, phase, state = row
    assert before.next is not None
    assert (before.next.number, before.next.dealer) == (number, dealer)
    assert list(after.scores[-1]) == scores
    assert totals_in_unit_order(after) == totals
    assert ranks_in_unit_order(after) == ranks
    assert phases(after) == phase
    assert status(after) == state


EXAMPLES = {
    "ex1": ({}, 3, 0, EX1, EX1_ROWS),
    "ex2": (EX2_OPTIONS, 4, 2, EX2, EX2_ROWS),
    "ex3": ({}, 3, 0, EX3, EX3_ROWS),
}


@pytest.mark.parametrize(
    ("example", "index"),
    [(name, i) for name, (_, _, _, _, rows) in EXAMPLES.items() for i in range(len(rows))],
)
def test_worked_example_deal_gives_the_spec_scores_totals_ranks_phases_and_dealer(example: str, index: int):
    options, players, dealer, rounds, rows = EXAMPLES[example]
    before = play_all(new_match(SLUG, players, options=options, dealer=dealer), rounds[:index])
    after = play_round(before, rounds[index])
    _assert_row(before, after, rows[index])


def test_example_1_standings_and_next_hints_after_deal_3():
    state = play_all(new_match(SLUG, 3), EX1)
    rows = [(row.unit, row.total, row.rank, row.extra["phase"]) for row in state.standings]
    assert rows == [(1, 50, 1, 4), (0, 145, 2, 3), (2, 155, 3, 2)]
    assert state.next is not None
    assert (state.next.number, state.next.dealer) == (4, 0)
    assert state.next.hints.phases == (
        PhaseHint(0, 3, Contract(3, (Meld("run", 4, 1), Meld("set", 3, 1)))),
        PhaseHint(1, 4, Contract(4, (Meld("set", 4, 2),))),
        PhaseHint(2, 2, Contract(2, (Meld("run", 3, 2),))),
    )
    assert state.winners == ()


@pytest.mark.parametrize(("body", "expected"), EX2_REFUSED)
def test_example_2_refuses_deal_1(body: dict, expected: list):
    state = new_match(SLUG, 4, options=EX2_OPTIONS, dealer=2)
    assert refusal(state, body) == expected


def test_example_3_ends_with_the_lowest_contract_11_player_winning():
    state = play_all(new_match(SLUG, 3), EX3)
    rows = [(row.unit, row.total, row.rank, row.extra["phase"]) for row in state.standings]
    assert rows == [(0, 175, 1, 12), (1, 200, 2, 12), (2, 75, 3, 11)]
    assert state.finished
    assert state.winners == (0,)
    assert state.next is None


def test_example_3_refuses_a_round_after_the_end_as_match_finished():
    state = play_all(new_match(SLUG, 3), EX3)
    body = deal(seat(True, True, 0), seat(True, False, 10), seat(False, False, 55))
    assert refusal(state, body) == [("match_finished", "")]
    with pytest.raises(Refused) as refused:
        play_round(state, body)
    assert refused.value.finished


@pytest.mark.parametrize(("body", "expected"), EX4_REFUSED)
def test_example_4_refuses_each_round_with_its_one_error(body: dict, expected: list):
    state = play_all(new_match(SLUG, 3), EX1[:1])
    assert refusal(state, body) == expected


# --- one test per refusal code -----------------------------------------------------------------


@pytest.fixture
def after_deal_1() -> MatchState:
    """Example 1 after deal 1: Anna and Bram on contract 2, Cor on contract 1."""
    return play_all(new_match(SLUG, 3), EX1[:1])


def _only(state: MatchState, body: object) -> tuple[str, str, dict]:
    with pytest.raises(Refused) as refused:
        play_round(state, body)
    [error] = refused.value.errors
    return error.code, error.field, dict(error.params)


def test_refuses_round_where_nobody_went_out(after_deal_1):
    body = deal(seat(True, False, 20), seat(True, False, 25), seat(False, False, 70))
    assert _only(after_deal_1, body) == ("went_out_count", "", {"count": 0})


def test_refuses_going_out_without_laying_down(after_deal_1):
    body = deal(seat(False, True, 0), seat(True, False, 25), seat(False, False, 70))
    assert _only(after_deal_1, body)[:2] == ("went_out_without_contract", "entries.0.went_out")


def test_refuses_going_out_with_a_hand_and_names_the_hand(after_deal_1):
    body = deal(seat(True, True, hand={"K": 1}), seat(True, False, 25), seat(False, False, 70))
    assert _only(after_deal_1, body) == ("went_out_with_cards", "entries.0.hand", {"points": 10})


def test_refuses_an_empty_hand_for_a_seat_that_did_not_go_out(after_deal_1):
    body = deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, hand={}))
    assert _only(after_deal_1, body)[:2] == ("zero_without_going_out", "entries.2.hand")


def test_zero_without_going_out_hides_the_card_count_and_range_checks(after_deal_1):
    # Not laid down with 0 points would also be below 55: only the one error is reported.
    body = deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, 0))
    assert refusal(after_deal_1, body) == [("zero_without_going_out", "entries.2.points")]


def test_refuses_too_many_cards_kept_after_laying_down(after_deal_1):
    # Bram laid down contract 2 (6 cards): at most 5 cards kept.
    body = deal(seat(True, True, 0), seat(True, False, hand={"3": 6}), seat(False, False, 70))
    assert _only(after_deal_1, body) == (
        "wrong_card_count",
        "entries.1.hand",
        {"minimum": 1, "maximum": 5, "count": 6, "laid_down": True},
    )


def test_refuses_eleven_card_hand_of_the_wrong_size_with_params(after_deal_1):
    body = deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, hand={"K": 8, "Q": 4}))
    assert _only(after_deal_1, body) == (
        "wrong_card_count",
        "entries.2.hand",
        {"minimum": 11, "maximum": 11, "count": 12, "laid_down": False},
    )


def test_refuses_points_below_eleven_cheapest_cards(after_deal_1):
    body = deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, 50))
    assert _only(after_deal_1, body) == (
        "points_too_low",
        "entries.2.points",
        {"minimum": 55, "points": 50, "laid_down": False},
    )


def test_refuses_points_above_the_eleven_card_maximum():
    state = new_match(SLUG, 3)
    body = deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, 225))
    assert _only(state, body) == (
        "points_too_high",
        "entries.2.points",
        {"maximum": 220, "points": 225, "laid_down": False},
    )


def test_refuses_points_above_what_may_be_kept_after_laying_down(after_deal_1):
    body = deal(seat(True, True, 0), seat(True, False, 105), seat(False, False, 70))
    assert _only(after_deal_1, body) == (
        "points_too_high",
        "entries.1.points",
        {"maximum": 100, "points": 105, "laid_down": True},
    )


def test_contract_limit_follows_each_seats_own_contract(after_deal_1):
    # Cor is still on contract 1 (6 cards, up to 100); with contract 10 he could keep 20.
    body = deal(seat(True, True, 0), seat(False, False, 70), seat(True, False, 100))
    assert play_round(after_deal_1, body).scores[-1] == (0, 70, 100)


def test_refuses_cards_beyond_the_packs_with_the_limit(after_deal_1):
    body = deal(
        seat(True, True, 0), seat(True, False, hand={"A": 5}), seat(False, False, hand={"A": 4, "K": 7})
    )
    assert _only(after_deal_1, body) == ("too_many_cards", "entries.2.hand.A", {"limit": 8})


def test_refuses_points_and_hand_that_disagree_with_both_values(after_deal_1):
    body = deal(seat(True, True, 0), seat(True, False, 30, {"K": 1, "Q": 1, "5": 1}), seat(False, False, 70))
    assert _only(after_deal_1, body) == ("points_mismatch", "entries.1.points", {"points": 30, "cards": 25})


def test_points_mismatch_hides_every_later_check_of_that_seat(after_deal_1):
    # Bram went out without laying down, with cards: all hidden behind the mismatch.
    body = deal(seat(True, False, 20), seat(False, True, 30, {"K": 1}), seat(False, False, 70))
    assert refusal(after_deal_1, body) == [("points_mismatch", "entries.1.points")]


def test_range_and_card_count_checks_both_apply_when_points_and_hand_are_sent(after_deal_1):
    body = deal(seat(True, True, 0), seat(True, False, 25), seat(False, False, 50, {"5": 6, "6": 4}))
    assert sorted(refusal(after_deal_1, body)) == [
        ("points_too_low", "entries.2.points"),
        ("wrong_card_count", "entries.2.hand"),
    ]


def test_reports_every_rule_error_of_a_round_together(after_deal_1):
    body = deal(seat(False, True, 10), seat(True, False, 105), seat(False, False, 50))
    assert sorted(refusal(after_deal_1, body)) == [
        ("points_too_high", "entries.1.points"),
        ("points_too_low", "entries.2.points"),
        ("went_out_with_cards", "entries.0.points"),
        ("went_out_without_contract", "entries.0.went_out"),
    ]


def test_form_errors_stop_before_any_rule_check(after_deal_1):
    # Nobody went out (a rule error) and two form errors: only the form errors come back.
    body = deal(
        seat(True, False, 21), seat(True, False, 25), {"laid_down": "no", "went_out": False, "points": 70}
    )
    assert refusal(after_deal_1, body) == [
        ("not_multiple_of_5", "entries.0.points"),
        ("invalid", "entries.2.laid_down"),
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param({}, [("required", "entries")], id="no-entries"),
        pytest.param({"entries": {}}, [("invalid", "entries")], id="entries-not-a-list"),
        pytest.param([], [("invalid", "")], id="body-not-an-object"),
        pytest.param(
            {"entries": [seat(True, True, 0)] * 3, "dealer": 1},
            [("invalid", "dealer")],
            id="unknown-top-level-key",
        ),
        pytest.param(
            deal(seat(True, True, 0), None, seat(False, False, 70)),
            [("required", "entries.1")],
            id="null-entry",
        ),
        pytest.param(
            deal(seat(True, True, 0), [], seat(False, False, 70)),
            [("invalid", "entries.1")],
            id="entry-not-an-object",
        ),
        pytest.param(
            deal(seat(True, True, 0), {"went_out": False, "points": 25}, seat(False, False, 70)),
            [("required", "entries.1.laid_down")],
            id="laid-down-missing",
        ),
        pytest.param(
            deal(seat(True, True, 0), {"laid_down": True, "points": 25}, seat(False, False, 70)),
            [("required", "entries.1.went_out")],
            id="went-out-missing",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False), seat(False, False, 70)),
            [("required", "entries.1.points")],
            id="neither-points-nor-hand",
        ),
        pytest.param(
            deal(seat(True, True, 0), {**seat(True, False, 25), "went_out": 0}, seat(False, False, 70)),
            [("invalid", "entries.1.went_out")],
            id="boolean-as-number",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False, "25"), seat(False, False, 70)),
            [("invalid", "entries.1.points")],
            id="points-as-string",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False, 25.0), seat(False, False, 70)),
            [("invalid", "entries.1.points")],
            id="points-as-fraction",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False, hand=[]), seat(False, False, 70)),
            [("invalid", "entries.1.hand")],
            id="hand-not-an-object",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False, hand={"K": "1"}), seat(False, False, 70)),
            [("invalid", "entries.1.hand.K")],
            id="hand-count-as-string",
        ),
        pytest.param(
            deal(seat(True, True, 0), {**seat(True, False, 25), "point": 25}, seat(False, False, 70)),
            [("invalid", "entries.1.point")],
            id="misspelt-key",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False, -5), seat(False, False, 70)),
            [("negative", "entries.1.points")],
            id="negative-points",
        ),
        pytest.param(
            deal(seat(True, True, 0), seat(True, False, hand={"K": -1}), seat(False, False, 70)),
            [("negative", "entries.1.hand.K")],
            id="negative-count",
        ),
    ],
)
def test_refuses_malformed_rounds_with_form_errors(after_deal_1, body: object, expected: list):
    assert refusal(after_deal_1, body) == expected


def test_real_jokers_are_accepted_as_wild_cards_worth_20():
    state = new_match(SLUG, 3)
    body = deal(seat(True, True, 0), seat(True, False, hand={"joker": 2}), seat(False, False, 55))
    assert play_round(state, body).scores[-1] == (0, 40, 55)


def test_three_packs_hold_real_jokers_times_three_halves_rounded_down():
    state = new_match(SLUG, 6, options={"real_jokers": 3})
    assert state.setup.option("packs") == 3
    body = deal(
        seat(True, True, 0),
        seat(True, False, hand={"joker": 3}),
        seat(True, False, hand={"joker": 2}),
        *[seat(False, False, 55)] * 3,
    )
    assert refusal(state, body) == [("too_many_cards", "entries.2.hand.joker")]


def test_rules_page_tables_hold_the_spec_numbers():
    assert [c.minimum_cards for c in CONTRACTS] == [6, 6, 7, 8, 8, 9, 7, 9, 8, 10, 9]
    assert MOST_OF_FULL_HAND[(2, 0)] == 205
    assert MOST_OF_FULL_HAND[(2, 1)] == 210
    assert MOST_OF_FULL_HAND[(2, 2)] == 215
    assert MOST_OF_FULL_HAND[(2, 3)] == MOST_OF_FULL_HAND[(2, 4)] == 220
    assert {MOST_OF_FULL_HAND[(3, jokers)] for jokers in range(5)} == {220}
    assert [CARD_LIMITS[(3, jokers)].get("joker", 0) for jokers in range(5)] == [0, 1, 3, 4, 6]
    assert CARD_LIMITS[(2, 3)]["2"] == 8
    assert (CARD_VALUES["7"], CARD_VALUES["8"], CARD_VALUES["A"], CARD_VALUES["2"]) == (5, 10, 15, 20)


# --- set-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "kwargs", "expected"),
    [
        pytest.param(1, {}, [("wrong_player_count", "players")], id="one-player"),
        pytest.param(7, {}, [("wrong_player_count", "players")], id="seven-players"),
        pytest.param(
            3, {"options": {"jokers": 2}}, [("unknown_option", "options.jokers")], id="unknown-option"
        ),
        pytest.param(3, {"options": {"packs": 4}}, [("invalid", "options.packs")], id="four-packs"),
        pytest.param(3, {"options": {"packs": 1}}, [("invalid", "options.packs")], id="one-pack"),
        pytest.param(3, {"options": {"packs": "2"}}, [("invalid", "options.packs")], id="packs-as-string"),
        pytest.param(
            3, {"options": {"real_jokers": 5}}, [("invalid", "options.real_jokers")], id="five-jokers"
        ),
        pytest.param(
            3, {"options": {"real_jokers": -1}}, [("invalid", "options.real_jokers")], id="minus-jokers"
        ),
        pytest.param(
            3, {"options": {"real_jokers": True}}, [("invalid", "options.real_jokers")], id="jokers-bool"
        ),
        pytest.param(3, {"options": []}, [("invalid", "options")], id="options-not-an-object"),
        pytest.param(3, {"dealer": 3}, [("invalid", "dealer")], id="dealer-not-a-seat"),
        pytest.param(3, {"dealer": "0"}, [("invalid", "dealer")], id="dealer-as-string"),
        pytest.param(3, {"teams": [[0], [1], [2]]}, [("invalid", "teams")], id="teams-refused"),
        pytest.param(4, {"teams": [[0, 2], [1, 3]]}, [("invalid", "teams")], id="pairs-refused"),
    ],
)
def test_refuses_a_wrong_set_up(players: int, kwargs: dict, expected: list):
    with pytest.raises(Refused) as refused:
        create_setup(GAME, players, **kwargs)
    assert [(e.code, e.field) for e in refused.value.errors] == expected


@pytest.mark.parametrize(("players", "packs"), [(2, 2), (5, 2), (6, 3)])
def test_fills_in_option_defaults_by_player_count(players: int, packs: int):
    setup = create_setup(GAME, players)
    assert dict(setup.options) == {"packs": packs, "real_jokers": 3}
    assert setup.teams is None


def test_registry_serves_this_game():
    assert get_game(SLUG) is GAME
    assert GAME.codes == {
        "went_out_count",
        "went_out_without_contract",
        "went_out_with_cards",
        "zero_without_going_out",
        "wrong_card_count",
        "points_too_low",
        "points_too_high",
    }


def test_a_new_match_hints_contract_1_for_everyone_and_the_chosen_dealer():
    state = new_match(SLUG, 4, dealer=3)
    assert state.next is not None
    assert (state.next.number, state.next.dealer) == (1, 3)
    assert [(h.seat, h.phase, h.contract) for h in state.next.hints.phases] == [
        (seat_, 1, CONTRACTS[0]) for seat_ in range(4)
    ]


# --- corrections -------------------------------------------------------------------------------


def test_correction_replays_the_match_with_the_new_round():
    setup = create_setup(GAME, 3)
    corrected = deal(
        seat(True, True, 0), seat(True, False, hand={"5": 1, "K": 1, "A": 1}), seat(False, False, 100)
    )
    state = correct_round(GAME, setup, EX1, 1, corrected)
    assert totals_in_unit_order(state) == [145, 50, 160]
    assert phases(state) == [3, 4, 2]


def test_correction_with_an_error_of_its_own_names_the_plain_field():
    setup = create_setup(GAME, 3)
    with pytest.raises(Refused) as refused:
        correct_round(
            GAME, setup, EX1, 2, deal(seat(True, True, 0), seat(True, False, 20), seat(False, False, 72))
        )
    assert [(e.code, e.field) for e in refused.value.errors] == [("not_multiple_of_5", "entries.2.points")]


def test_correction_making_a_later_round_impossible_names_that_round():
    # Anna misses contract 1 in deal 1, so in deal 11 she lays down contract 10 (10 cards):
    # her 40 points are more than the one card she may keep.
    setup = create_setup(GAME, 3)
    corrected = deal(seat(False, False, 55), seat(True, False, 25), seat(True, True, 0))
    with pytest.raises(Refused) as refused:
        correct_round(GAME, setup, EX3, 1, corrected)
    assert [(e.code, e.field) for e in refused.value.errors] == [
        ("points_too_high", "rounds.11.entries.0.points")
    ]


def test_correction_ending_the_match_earlier_refuses_the_next_stored_round():
    anna_goes_out = deal(seat(True, True, 0), seat(False, False, 55), seat(False, False, 55))
    rounds = [deal(seat(False, False, 55), seat(True, True, 0), seat(False, False, 55))] + [
        anna_goes_out
    ] * 11
    setup = create_setup(GAME, 3)
    assert replay(GAME, setup, rounds).finished
    with pytest.raises(Refused) as refused:
        correct_round(GAME, setup, rounds, 1, anna_goes_out)
    assert [(e.code, e.field) for e in refused.value.errors] == [("match_finished", "rounds.12")]


# --- properties --------------------------------------------------------------------------------


@st.composite
def matches(draw: st.DrawFn) -> tuple[int, dict, list[dict]]:
    """A set-up and a run of valid deals (points only), stopping at the end of the match."""
    players = draw(st.integers(2, 6))
    options = {"real_jokers": draw(st.integers(0, 4))}
    state = new_match(SLUG, players, options=options)
    most = MOST_OF_FULL_HAND[(state.setup.int_option("packs"), options["real_jokers"])]
    rounds: list[dict] = []
    for _ in range(draw(st.integers(0, 14))):
        if state.finished:
            break
        goer = draw(st.integers(0, players - 1))
        entries = []
        for index, phase in enumerate(phases(state)):
            kept = 11 - CONTRACTS[phase - 1].minimum_cards
            if index == goer:
                entries.append(seat(True, True, 0))
            elif draw(st.booleans()):
                entries.append(seat(True, False, 5 * draw(st.integers(1, 4 * kept))))
            else:
                entries.append(seat(False, False, 5 * draw(st.integers(11, most // 5))))
        body = deal(*entries)
        state = play_round(state, body)
        rounds.append(body)
    return players, options, rounds


@settings(max_examples=60, deadline=None)
@given(matches())
def test_replaying_the_same_rounds_gives_the_same_state(match):
    players, options, rounds = match
    setup = create_setup(GAME, players, options=options)
    assert replay(GAME, setup, rounds) == replay(GAME, setup, rounds)
    assert replay(GAME, setup, rounds) == play_all(new_match(SLUG, players, options=options), rounds)


@settings(max_examples=60, deadline=None)
@given(matches())
def test_totals_are_the_sum_of_round_scores(match):
    players, options, rounds = match
    state = replay(GAME, create_setup(GAME, players, options=options), rounds)
    assert totals_in_unit_order(state) == [
        sum(scores[unit] for scores in state.scores) for unit in range(players)
    ]


@settings(max_examples=60, deadline=None)
@given(matches(), st.sampled_from(["two_out", "odd_points", "short_list", "zero_points"]))
def test_a_refused_round_leaves_the_state_unchanged(match, fault):
    players, options, rounds = match
    setup = create_setup(GAME, players, options=options)
    state = replay(GAME, setup, rounds)
    bad: dict = {
        "two_out": deal(*[seat(True, True, 0)] * players),
        "odd_points": deal(seat(True, True, 0), *[seat(False, False, 57)] * (players - 1)),
        "short_list": deal(*[seat(True, True, 0)] * (players - 1)),
        "zero_points": deal(seat(True, True, 0), *[seat(False, False, 0)] * (players - 1)),
    }[fault]
    with pytest.raises(Refused):
        play_round(state, bad)
    assert state == replay(GAME, setup, rounds)
