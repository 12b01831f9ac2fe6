"""Frustration with 10 levels: the worked examples of spec/games/frustration-fr.md, one test
per refusal, sitting out, dealer skipping, the finish bonus, set-up refusals, corrections and
replay properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Refused, correct_round, get_game, play_round, replay
from scoring.games.frustration_family import Contract, Meld, PhaseHint
from scoring.games.frustration_fr import (
    CARD_LIMITS,
    CARD_VALUES,
    GAME,
    LEVELS,
    LEVELS_AS_WRITTEN,
    LEVELS_CORRECTED,
    MOST_OF_FULL_HAND,
)
from scoring.match import MatchState, create_setup
from tests.scoring.support import (
    deal,
    extra,
    new_match,
    play_all,
    ranks_in_unit_order,
    refusal,
    seat,
    status,
    totals_in_unit_order,
)

SLUG = "frustration-fr"


# --- example 1 ---------------------------------------------------------------------------------

EX1 = [
    deal(seat(True, False, hand={"2": 1, "A": 1, "9": 1}), seat(False, False, 120), seat(True, True, 0)),
    deal(
        seat(True, True, 0),
        seat(True, False, 100),
        seat(True, False, hand={"3": 2, "4": 2, "10": 1, "K": 1}),
    ),
    deal(seat(False, False, 55), seat(True, True, 0), seat(True, False, 15)),
]
# (deal, dealer, scores, totals, ranks, phases, finish_bonus, status)
EX1_ROWS = [
    (1, 0, [45, 120, 0], [45, 120, 0], [2, 3, 1], [2, 1, 2], [0, 0, 0], "in_progress"),
    (2, 1, [0, 100, 40], [45, 220, 40], [2, 3, 1], [3, 2, 3], [0, 0, 0], "in_progress"),
    (3, 2, [55, 0, 15], [100, 220, 55], [2, 3, 1], [3, 3, 4], [0, 0, 0], "in_progress"),
]

# --- example 2 ---------------------------------------------------------------------------------

EX2_OPTIONS = {"finish_bonus": 25}
EX2 = [
    deal(seat(True, True, 0), seat(True, False, 10), seat(True, False, 40)),
    deal(seat(True, False, 30), seat(True, True, 0), seat(False, False, 85)),
    deal(seat(True, False, 25), seat(True, False, 5), seat(True, True, 0)),
    deal(seat(True, True, 0), seat(False, False, 55), seat(True, False, 35)),
    deal(seat(True, False, 35), seat(True, True, 0), seat(True, False, 20)),
    deal(seat(True, True, 0), seat(True, False, 15), seat(True, False, 15)),
    deal(seat(True, False, 40), seat(True, True, 0), seat(False, False, 100)),
    deal(seat(True, False, 20), seat(True, False, 20), seat(True, True, 0)),
    deal(seat(True, True, 0), seat(True, False, 15), seat(True, False, 10)),
    deal(seat(True, True, 0), seat(True, False, 15), seat(True, False, 25)),
    deal(None, seat(True, True, 0), seat(True, False, 10)),
]
EX2_ROWS = [
    (1, 2, [0, 10, 40], [0, 10, 40], [1, 2, 3], [2, 2, 2], [0, 0, 0], "in_progress"),
    (2, 0, [30, 0, 85], [30, 10, 125], [2, 1, 3], [3, 3, 2], [0, 0, 0], "in_progress"),
    (3, 1, [25, 5, 0], [55, 15, 125], [2, 1, 3], [4, 4, 3], [0, 0, 0], "in_progress"),
    (4, 2, [0, 55, 35], [55, 70, 160], [1, 2, 3], [5, 4, 4], [0, 0, 0], "in_progress"),
    (5, 0, [35, 0, 20], [90, 70, 180], [1, 2, 3], [6, 5, 5], [0, 0, 0], "in_progress"),
    (6, 1, [0, 15, 15], [90, 85, 195], [1, 2, 3], [7, 6, 6], [0, 0, 0], "in_progress"),
    (7, 2, [40, 0, 100], [130, 85, 295], [1, 2, 3], [8, 7, 6], [0, 0, 0], "in_progress"),
    (8, 0, [20, 20, 0], [150, 105, 295], [1, 2, 3], [9, 8, 7], [0, 0, 0], "in_progress"),
    (9, 1, [0, 15, 10], [150, 120, 305], [1, 2, 3], [10, 9, 8], [0, 0, 0], "in_progress"),
    (10, 2, [0, 15, 25], [125, 135, 330], [1, 2, 3], [11, 10, 9], [25, 0, 0], "in_progress"),
    (11, 1, [0, 0, 10], [125, 135, 340], [1, 2, 3], [11, 11, 10], [25, 0, 0], "finished"),
]

# --- example 3 ---------------------------------------------------------------------------------

EX3_OPTIONS = {"end": "first_finish", "levels": "as_written", "finish_bonus": 50}


def _eva_out(fien: int) -> dict:
    return deal(seat(True, True, 0), seat(True, False, fien))


def _fien_out(eva: int) -> dict:
    return deal(seat(True, False, eva), seat(True, True, 0))


EX3 = [
    _eva_out(25),
    _fien_out(60),
    _eva_out(35),
    _fien_out(20),
    _eva_out(10),
    _fien_out(15),
    _eva_out(90),
    _fien_out(40),
    _eva_out(15),
    _fien_out(40),
]
EX3_ROWS = [
    (1, 1, [0, 25], [0, 25], [1, 2], [2, 2], [0, 0], "in_progress"),
    (2, 0, [60, 0], [60, 25], [2, 1], [3, 3], [0, 0], "in_progress"),
    (3, 1, [0, 35], [60, 60], [1, 1], [4, 4], [0, 0], "in_progress"),
    (4, 0, [20, 0], [80, 60], [2, 1], [5, 5], [0, 0], "in_progress"),
    (5, 1, [0, 10], [80, 70], [2, 1], [6, 6], [0, 0], "in_progress"),
    (6, 0, [15, 0], [95, 70], [2, 1], [7, 7], [0, 0], "in_progress"),
    (7, 1, [0, 90], [95, 160], [1, 2], [8, 8], [0, 0], "in_progress"),
    (8, 0, [40, 0], [135, 160], [1, 2], [9, 9], [0, 0], "in_progress"),
    (9, 1, [0, 15], [135, 175], [1, 2], [10, 10], [0, 0], "in_progress"),
    (10, 0, [40, 0], [125, 125], [1, 1], [11, 11], [50, 50], "finished"),
]

EXAMPLES = {
    "ex1": ({}, 3, 0, EX1, EX1_ROWS),
    "ex2": (EX2_OPTIONS, 3, 2, EX2, EX2_ROWS),
    "ex3": (EX3_OPTIONS, 2, 1, EX3, EX3_ROWS),
}

# --- example 4 (posted after example 1's deal 2) -------------------------------------------------

EX4_REFUSED = [
    pytest.param(
        deal(seat(True, False, 40), seat(False, False, 80), seat(True, False, 30)),
        [("went_out_count", "")],
        id="1-nobody-out",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(True, False, 125), seat(True, False, 30)),
        [("points_too_high", "entries.1.points")],
        id="2-more-than-six-cards-after-level-2",
    ),
    pytest.param(
        deal(seat(True, True, 0), seat(False, False, 225), seat(True, False, 30)),
        [("points_too_high", "entries.1.points")],
        id="3-eleven-cards-above-220",
    ),
    pytest.param(
        deal(seat(True, False, hand={"5": 3, "9": 3}), seat(False, False, 80), seat(True, True, 0)),
        [("wrong_card_count", "entries.0.hand")],
        id="4-six-cards-after-level-3",
    ),
    pytest.param(
        deal(
            seat(True, True, 0), seat(False, False, hand={"joker": 1, "K": 4, "Q": 6}), seat(True, False, 30)
        ),
        [("unknown_card", "entries.1.hand.joker")],
        id="5-no-jokers",
    ),
    pytest.param(
        deal(seat(True, True, 0), None, seat(True, False, 30)),
        [("required", "entries.1")],
        id="6-active-seat-sends-null",
    ),
]


@pytest.mark.parametrize(
    ("example", "index"),
    [(name, i) for name, (_, _, _, _, rows) in EXAMPLES.items() for i in range(len(rows))],
)
def test_worked_example_deal_gives_the_spec_scores_totals_ranks_phases_bonus_and_dealer(
    example: str, index: int
):
    options, players, dealer, rounds, rows = EXAMPLES[example]
    before = play_all(new_match(SLUG, players, options=options, dealer=dealer), rounds[:index])
    after = play_round(before, rounds[index])
    number, deals, scores, totals, ranks, phase, bonus, state = rows[index]
    assert before.next is not None
    assert (before.next.number, before.next.dealer) == (number, deals)
    assert list(after.scores[-1]) == scores
    assert totals_in_unit_order(after) == totals
    assert ranks_in_unit_order(after) == ranks
    assert extra(after, "phase") == phase
    assert extra(after, "finish_bonus") == bonus
    assert status(after) == state


def test_example_1_standings_and_next_hints_after_deal_3():
    state = play_all(new_match(SLUG, 3), EX1)
    rows = [(r.unit, r.total, r.rank, r.extra["phase"], r.extra["finish_bonus"]) for r in state.standings]
    assert rows == [(2, 55, 1, 4, 0), (0, 100, 2, 3, 0), (1, 220, 3, 3, 0)]
    assert state.next is not None
    assert (state.next.number, state.next.dealer) == (4, 0)
    set3_run4 = Contract(3, (Meld("set", 3, 1), Meld("run", 4, 1)))
    assert state.next.hints.phases == (
        PhaseHint(0, 3, set3_run4),
        PhaseHint(1, 3, set3_run4),
        PhaseHint(2, 4, Contract(4, (Meld("set", 4, 1), Meld("run", 4, 1)))),
    )
    assert state.winners == ()


def test_example_1_deal_2_keeping_six_cards_after_level_2_is_refused_in_the_dutch_game():
    dutch = new_match("frustration-nl", 3)
    body = deal(
        seat(True, True, 0), seat(True, False, hand={"3": 2, "4": 2, "10": 1, "K": 1}), seat(False, False, 55)
    )
    assert refusal(dutch, body) == [("wrong_card_count", "entries.1.hand")]


def test_example_2_ends_when_one_player_is_left_and_the_bonus_decides():
    state = play_all(new_match(SLUG, 3, options=EX2_OPTIONS, dealer=2), EX2)
    rows = [(r.unit, r.total, r.rank, r.extra["phase"], r.extra["finish_bonus"]) for r in state.standings]
    assert rows == [(0, 125, 1, 11, 25), (1, 135, 2, 11, 0), (2, 340, 3, 10, 0)]
    assert state.winners == (0,)
    assert state.next is None
    assert [sum(scores[0] for scores in state.scores)] == [150]


@pytest.mark.parametrize(
    ("after", "body", "expected"),
    [
        pytest.param(
            10,
            deal(seat(True, False, 5), seat(True, True, 0), seat(True, False, 10)),
            [("finished_player_entry", "entries.0")],
            id="finished-seat-sends-an-entry",
        ),
        pytest.param(
            10,
            deal(None, None, seat(True, True, 0)),
            [("required", "entries.1")],
            id="active-seat-sends-null",
        ),
        pytest.param(
            11,
            deal(None, None, seat(True, True, 0)),
            [("match_finished", "")],
            id="last-player-cannot-play-alone",
        ),
    ],
)
def test_example_2_refused_rounds(after: int, body: dict, expected: list):
    state = play_all(new_match(SLUG, 3, options=EX2_OPTIONS, dealer=2), EX2[:after])
    assert refusal(state, body) == expected


def test_example_2_after_deal_10_hints_only_the_players_still_playing():
    state = play_all(new_match(SLUG, 3, options=EX2_OPTIONS, dealer=2), EX2[:10])
    assert state.next is not None
    assert [(h.seat, h.phase) for h in state.next.hints.phases] == [(1, 10), (2, 9)]


def test_example_2_with_first_finish_ends_after_deal_10():
    state = play_all(new_match(SLUG, 3, options={**EX2_OPTIONS, "end": "first_finish"}, dealer=2), EX2[:10])
    assert state.finished
    assert totals_in_unit_order(state) == [125, 135, 330]
    assert ranks_in_unit_order(state) == [1, 2, 3]
    assert state.winners == (0,)
    assert refusal(state, EX2[10]) == [("match_finished", "")]


def test_example_3_shares_the_win_on_equal_totals():
    state = play_all(new_match(SLUG, 2, options=EX3_OPTIONS, dealer=1), EX3)
    assert state.winners == (0, 1)
    assert state.next is None


def test_example_3_refuses_more_than_100_after_the_seeds_level_7():
    state = play_all(new_match(SLUG, 2, options=EX3_OPTIONS, dealer=1), EX3[:6])
    body = deal(seat(True, True, 0), seat(True, False, 105))
    assert refusal(state, body) == [("points_too_high", "entries.1.points")]


def test_example_3_keeping_90_after_level_7_is_refused_with_the_corrected_levels():
    options = {**EX3_OPTIONS, "levels": "corrected"}
    state = play_all(new_match(SLUG, 2, options=options, dealer=1), EX3[:6])
    assert refusal(state, EX3[6]) == [("points_too_high", "entries.1.points")]


@pytest.mark.parametrize(("body", "expected"), EX4_REFUSED)
def test_example_4_refuses_each_round_with_its_one_error(body: dict, expected: list):
    state = play_all(new_match(SLUG, 3), EX1[:2])
    assert refusal(state, body) == expected


# --- refusal codes -----------------------------------------------------------------------------


@pytest.fixture
def after_deal_2() -> MatchState:
    """Example 1 after deal 2: Anna and Cor on level 3, Bram on level 2."""
    return play_all(new_match(SLUG, 3), EX1[:2])


@pytest.fixture
def anna_done() -> MatchState:
    """Example 2 after deal 10: Anna has completed level 10 and sits out."""
    return play_all(new_match(SLUG, 3, options=EX2_OPTIONS, dealer=2), EX2[:10])


def _only(state: MatchState, body: object) -> tuple[str, str, dict]:
    with pytest.raises(Refused) as refused:
        play_round(state, body)
    [error] = refused.value.errors
    return error.code, error.field, dict(error.params)


def test_refuses_an_entry_for_a_seat_that_sits_out(anna_done):
    body = deal(seat(False, False, 55), seat(True, True, 0), seat(True, False, 10))
    assert _only(anna_done, body) == ("finished_player_entry", "entries.0", {})


def test_finished_player_entry_is_a_form_error_that_stops_the_rule_checks(anna_done):
    # Nobody went out either, but form errors come first and alone.
    body = deal(seat(True, False, 5), seat(True, False, 5), seat(True, False, 10))
    assert refusal(anna_done, body) == [("finished_player_entry", "entries.0")]


def test_went_out_count_counts_active_seats_only(anna_done):
    body = deal(None, seat(True, False, 15), seat(True, False, 10))
    assert _only(anna_done, body) == ("went_out_count", "", {"count": 0})


def test_refuses_going_out_without_completing_the_level(after_deal_2):
    body = deal(seat(False, True, 0), seat(False, False, 80), seat(True, False, 30))
    assert _only(after_deal_2, body)[:2] == ("went_out_without_contract", "entries.0.went_out")


def test_refuses_going_out_with_cards(after_deal_2):
    body = deal(seat(True, True, 5), seat(False, False, 80), seat(True, False, 30))
    assert _only(after_deal_2, body) == ("went_out_with_cards", "entries.0.points", {"points": 5})


def test_refuses_zero_for_a_seat_that_did_not_go_out_and_hides_the_rest(after_deal_2):
    body = deal(seat(True, True, 0), seat(False, False, hand={}), seat(True, False, 30))
    assert refusal(after_deal_2, body) == [("zero_without_going_out", "entries.1.hand")]


def test_refuses_a_full_hand_that_is_not_eleven_cards(after_deal_2):
    body = deal(seat(True, True, 0), seat(False, False, hand={"K": 8, "Q": 2}), seat(True, False, 30))
    assert _only(after_deal_2, body) == (
        "wrong_card_count",
        "entries.1.hand",
        {"minimum": 11, "maximum": 11, "count": 10, "laid_down": False},
    )


def test_refuses_points_below_55_for_a_seat_that_did_not_complete(after_deal_2):
    body = deal(seat(True, True, 0), seat(False, False, 50), seat(True, False, 30))
    assert _only(after_deal_2, body) == (
        "points_too_low",
        "entries.1.points",
        {"minimum": 55, "points": 50, "laid_down": False},
    )


def test_refuses_points_above_220_for_a_full_hand(after_deal_2):
    body = deal(seat(True, True, 0), seat(False, False, 225), seat(True, False, 30))
    assert _only(after_deal_2, body) == (
        "points_too_high",
        "entries.1.points",
        {"maximum": 220, "points": 225, "laid_down": False},
    )


def test_allows_twelve_minus_min_cards_after_completing(after_deal_2):
    # Bram completes level 2 (6 cards) and keeps 6 cards: 120 is the most.
    body = deal(seat(True, True, 0), seat(True, False, 120), seat(True, False, 100))
    assert play_round(after_deal_2, body).scores[-1] == (0, 120, 100)


def test_refuses_more_aces_than_two_packs_hold(after_deal_2):
    body = deal(
        seat(True, True, 0), seat(False, False, hand={"A": 6, "K": 5}), seat(True, False, hand={"A": 3})
    )
    assert _only(after_deal_2, body) == ("too_many_cards", "entries.2.hand.A", {"limit": 8})


def test_refuses_points_and_hand_that_disagree(after_deal_2):
    body = deal(seat(True, True, 0), seat(False, False, 80), seat(True, False, 30, {"A": 1}))
    assert _only(after_deal_2, body) == ("points_mismatch", "entries.2.points", {"points": 30, "cards": 20})


def test_aces_are_worth_20_and_nines_5():
    state = new_match(SLUG, 2)
    body = deal(seat(True, True, 0), seat(True, False, hand={"A": 1, "9": 1, "10": 1}))
    assert play_round(state, body).scores[-1] == (0, 35)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param({"entries": [None]}, [("wrong_entry_count", "entries")], id="one-entry-for-three"),
        pytest.param(
            deal(None, seat(True, True, 0)),
            [("wrong_entry_count", "entries")],
            id="sitting-out-seat-still-has-an-entry",
        ),
        pytest.param(
            deal(None, seat(True, "yes", 0), seat(True, False, -5)),
            [("invalid", "entries.1.went_out"), ("negative", "entries.2.points")],
            id="every-form-error-listed",
        ),
    ],
)
def test_refuses_malformed_rounds_with_form_errors(anna_done, body: object, expected: list):
    assert refusal(anna_done, body) == expected


# --- sitting out, dealer, bonus ----------------------------------------------------------------


def test_a_seat_that_sits_out_scores_zero_and_does_not_deal(anna_done):
    assert anna_done.next is not None
    assert anna_done.next.dealer == 1
    state = play_round(anna_done, EX2[10])
    assert state.scores[-1][0] == 0


def test_the_bonus_goes_only_to_seats_finishing_in_the_earliest_deal():
    # With first_finish off and four players, Bram finishes a deal after Anna: no bonus for him.
    rounds = [
        deal(seat(True, True, 0), seat(False, False, 55), seat(False, False, 55), seat(False, False, 55)),
        deal(seat(True, True, 0), seat(True, False, 20), seat(False, False, 55), seat(False, False, 55)),
    ]
    race = [
        deal(seat(True, True, 0), seat(True, False, 20), seat(False, False, 55), seat(False, False, 55))
    ] * 8
    final = [deal(None, seat(True, True, 0), seat(False, False, 55), seat(False, False, 55))]
    state = play_all(new_match(SLUG, 4, options={"finish_bonus": 30}), rounds + race + final)
    assert extra(state, "phase") == [11, 11, 1, 1]
    assert extra(state, "finish_bonus") == [30, 0, 0, 0]
    assert not state.finished
    raw = [sum(scores[unit] for scores in state.scores) for unit in range(4)]
    assert totals_in_unit_order(state) == [raw[0] - 30, *raw[1:]]
    assert state.next is not None
    assert [h.seat for h in state.next.hints.phases] == [2, 3]


def test_dealer_skips_every_seat_that_sits_out():
    # Anna (seat 0) and Bram (seat 1) finish; with four seats the deal passes 2 -> 3 -> 2.
    race = [
        deal(seat(True, True, 0), seat(True, False, 20), seat(False, False, 55), seat(False, False, 55))
    ] * 10
    state = play_all(new_match(SLUG, 4, dealer=1), race)
    assert extra(state, "phase") == [11, 11, 1, 1]
    assert state.next is not None
    assert state.next.dealer == 3  # dealer of deal 10 was 2 (1 + 9 mod 4); 0 and 1 skipped
    state = play_round(state, deal(None, None, seat(False, False, 55), seat(True, True, 0)))
    assert state.next is not None
    assert state.next.dealer == 2


def test_two_players_end_when_either_completes_level_10():
    race = [deal(seat(True, True, 0), seat(False, False, 55))] * 10
    state = play_all(new_match(SLUG, 2), race)
    assert state.finished
    assert state.winners == (0,)
    assert ranks_in_unit_order(state) == [1, 2]


# --- data and set-up ---------------------------------------------------------------------------


def test_level_lists_and_card_tables_hold_the_spec_numbers():
    assert [lv.minimum_cards for lv in LEVELS_CORRECTED] == [7, 6, 7, 8, 8, 7, 8, 9, 11, 9]
    assert [lv.minimum_cards for lv in LEVELS_AS_WRITTEN] == [7, 6, 7, 8, 8, 7, 7, 8, 11, 9]
    assert [lv.number for lv in LEVELS_AS_WRITTEN] == list(range(1, 11))
    assert LEVELS_AS_WRITTEN[6] == Contract(7, (Meld("set", 5, 1), Meld("set", 2, 1)))
    assert LEVELS_CORRECTED[7] == Contract(8, (Meld("run", 9, 1),))
    assert set(LEVELS) == {"corrected", "as_written"}
    assert "joker" not in CARD_VALUES and "joker" not in CARD_LIMITS[2]
    assert (CARD_LIMITS[2]["A"], CARD_LIMITS[3]["A"]) == (8, 12)
    assert MOST_OF_FULL_HAND == {2: 220, 3: 220}


@pytest.mark.parametrize(
    ("players", "kwargs", "expected"),
    [
        pytest.param(1, {}, [("wrong_player_count", "players")], id="one-player"),
        pytest.param(7, {}, [("wrong_player_count", "players")], id="seven-players"),
        pytest.param(
            3, {"options": {"real_jokers": 2}}, [("unknown_option", "options.real_jokers")], id="unknown"
        ),
        pytest.param(3, {"options": {"packs": 4}}, [("invalid", "options.packs")], id="four-packs"),
        pytest.param(
            3, {"options": {"levels": "seed"}}, [("invalid", "options.levels")], id="levels-unknown"
        ),
        pytest.param(3, {"options": {"end": "first"}}, [("invalid", "options.end")], id="end-unknown"),
        pytest.param(3, {"options": {"end": 1}}, [("invalid", "options.end")], id="end-not-a-string"),
        pytest.param(
            3, {"options": {"finish_bonus": 7}}, [("not_multiple_of_5", "options.finish_bonus")], id="bonus-7"
        ),
        pytest.param(
            3, {"options": {"finish_bonus": -5}}, [("invalid", "options.finish_bonus")], id="bonus-neg"
        ),
        pytest.param(
            3, {"options": {"finish_bonus": "5"}}, [("invalid", "options.finish_bonus")], id="bonus-str"
        ),
        pytest.param(3, {"dealer": -1}, [("invalid", "dealer")], id="dealer-not-a-seat"),
        pytest.param(2, {"teams": [[0], [1]]}, [("invalid", "teams")], id="teams-refused"),
    ],
)
def test_refuses_a_wrong_set_up(players: int, kwargs: dict, expected: list):
    with pytest.raises(Refused) as refused:
        create_setup(GAME, players, **kwargs)
    assert [(e.code, e.field) for e in refused.value.errors] == expected


@pytest.mark.parametrize(("players", "packs"), [(2, 2), (5, 2), (6, 3)])
def test_fills_in_option_defaults(players: int, packs: int):
    setup = create_setup(GAME, players)
    assert dict(setup.options) == {
        "packs": packs,
        "levels": "corrected",
        "end": "all_finish",
        "finish_bonus": 0,
    }


def test_registry_serves_this_game_with_its_codes():
    assert get_game(SLUG) is GAME
    assert "finished_player_entry" in GAME.codes
    assert "went_out_count" in GAME.codes


# --- corrections -------------------------------------------------------------------------------


def test_correction_replays_the_match_with_the_new_round():
    setup = create_setup(GAME, 3)
    corrected = deal(seat(True, False, hand={"2": 1, "A": 1}), seat(False, False, 120), seat(True, True, 0))
    state = correct_round(GAME, setup, EX1, 1, corrected)
    assert totals_in_unit_order(state) == [95, 220, 55]


def test_correction_making_a_later_round_impossible_names_that_round():
    # Anna no longer completes level 10 in deal 10, so her null entry in deal 11 is missing.
    setup = create_setup(GAME, 3, options=EX2_OPTIONS, dealer=2)
    corrected = deal(seat(False, False, 55), seat(True, True, 0), seat(True, False, 25))
    with pytest.raises(Refused) as refused:
        correct_round(GAME, setup, EX2, 10, corrected)
    assert [(e.code, e.field) for e in refused.value.errors] == [("required", "rounds.11.entries.0")]


def test_correction_finishing_the_match_earlier_refuses_the_next_stored_round():
    setup = create_setup(GAME, 2)
    rounds = [deal(seat(False, False, 55), seat(True, True, 0))] + [
        deal(seat(True, True, 0), seat(False, False, 55))
    ] * 10
    assert replay(GAME, setup, rounds).finished
    with pytest.raises(Refused) as refused:
        correct_round(GAME, setup, rounds, 1, rounds[1])
    assert [(e.code, e.field) for e in refused.value.errors] == [("match_finished", "rounds.11")]


# --- properties --------------------------------------------------------------------------------


@st.composite
def matches(draw: st.DrawFn) -> tuple[int, dict, list[dict]]:
    """A set-up and a run of valid deals (points only) until the match ends or we stop."""
    players = draw(st.integers(2, 6))
    options: dict[str, Any] = {
        "finish_bonus": draw(st.sampled_from([0, 25, 50])),
        "levels": draw(st.sampled_from(list(LEVELS))),
        "end": draw(st.sampled_from(["all_finish", "first_finish"])),
    }
    state = new_match(SLUG, players, options=options, dealer=draw(st.integers(0, players - 1)))
    levels = LEVELS[options["levels"]]
    rounds: list[dict] = []
    for _ in range(draw(st.integers(0, 25))):
        if state.finished:
            break
        phase = extra(state, "phase")
        active = [unit for unit in range(players) if phase[unit] <= 10]
        goer = draw(st.sampled_from(active))
        entries: list[dict | None] = []
        for unit in range(players):
            if unit not in active:
                entries.append(None)
            elif unit == goer:
                entries.append(seat(True, True, 0))
            elif draw(st.booleans()):
                kept = 12 - levels[phase[unit] - 1].minimum_cards
                entries.append(seat(True, False, 5 * draw(st.integers(1, 4 * kept))))
            else:
                entries.append(seat(False, False, 5 * draw(st.integers(11, 44))))
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


@settings(max_examples=60, deadline=None)
@given(matches())
def test_totals_are_the_sum_of_round_scores_minus_the_finish_bonus(match):
    players, options, rounds = match
    state = replay(GAME, create_setup(GAME, players, options=options), rounds)
    bonus = extra(state, "finish_bonus")
    assert set(bonus) <= {0, options["finish_bonus"]}
    assert totals_in_unit_order(state) == [
        sum(scores[unit] for scores in state.scores) - bonus[unit] for unit in range(players)
    ]


@settings(max_examples=60, deadline=None)
@given(matches(), st.sampled_from(["nobody_out", "odd_points", "short_list", "all_null"]))
def test_a_refused_round_leaves_the_state_unchanged(match, fault):
    players, options, rounds = match
    setup = create_setup(GAME, players, options=options)
    state = replay(GAME, setup, rounds)
    bad: dict = {
        "nobody_out": deal(*[seat(False, False, 55)] * players),
        "odd_points": deal(*[seat(False, False, 57)] * players),
        "short_list": deal(*[None] * (players - 1)),
        "all_null": deal(*[None] * players),
    }[fault]
    with pytest.raises(Refused):
        play_round(state, bad)
    assert state == replay(GAME, setup, rounds)
