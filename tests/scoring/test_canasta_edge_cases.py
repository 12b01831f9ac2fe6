"""Canasta edge cases the worked examples do not show, each stated as the spec says it
(spec/README.md and spec/games/canasta.md), engine only (no DB)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Refused
from scoring.games.canasta import GAME
from scoring.match import correct_round, play_round, replay
from tests.scoring.support import new_match, play_all, ranks_in_unit_order, refusal, totals_in_unit_order


def side(
    went_out: bool, natural: int, mixed: int, red: int, meld: object, hand: object, **more: Any
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "went_out": went_out,
        "natural_canastas": natural,
        "mixed_canastas": mixed,
        "red_threes": red,
    }
    if meld is not None:
        entry["meld_points"] = meld
    if hand is not None:
        entry["hand_points"] = hand
    return entry | more


def deal(*entries: dict[str, Any]) -> dict[str, Any]:
    return {"entries": list(entries)}


OUT = side(True, 1, 0, 0, 200, 0)  # 500 + 100 + 200 = 800
STAYED = side(False, 0, 0, 0, 120, 40)  # 80
NOTHING = side(False, 0, 0, 0, 0, 0)  # 0


def only_scores(state, body) -> tuple[int, ...]:
    return play_round(state, body).scores[-1]


# --- points_mismatch hides every other check of that entry (README, "Points or cards") --------


def test_points_mismatch_hides_too_many_cards_at_its_own_map_keys() -> None:
    """README: "they must agree, otherwise points_mismatch ..., and no other check of that entry
    is reported". Nine kings (two packs hold 8) in a map that also disagrees with its points."""
    body = deal(OUT, side(False, 0, 0, 0, 100, 40, meld_cards={"K": 9}))
    assert refusal(new_match(GAME, 2), body) == [("points_mismatch", "entries.1.meld_points")]


def test_too_many_cards_is_hidden_only_in_the_entry_that_mismatches() -> None:
    body = deal(
        side(True, 1, 0, 0, None, None, meld_cards={"K": 8}, hand_cards={}),
        side(False, 0, 0, 0, 100, 10, meld_cards={"Q": 7}, hand_cards={"K": 1}),
    )
    errors = refusal(new_match(GAME, 2), body)
    # The hand map of entry 1 is where the ninth king is read, but entry 1 mismatches (70 != 100).
    assert errors == [("points_mismatch", "entries.1.meld_points")]
    body = deal(
        side(True, 1, 0, 0, 100, None, meld_cards={"K": 7}, hand_cards={}),
        side(False, 0, 0, 0, 120, None, hand_cards={"K": 2}),
    )
    assert sorted(refusal(new_match(GAME, 2), body)) == [
        ("points_mismatch", "entries.0.meld_points"),
        ("too_many_cards", "entries.1.hand_cards.K"),
    ]


def test_points_mismatch_does_not_hide_the_round_wide_checks() -> None:
    body = deal(side(True, 1, 0, 3, 200, 0), side(True, 1, 0, 2, 100, 0, meld_cards={"K": 7}))
    assert sorted(refusal(new_match(GAME, 2), body)) == [
        ("points_mismatch", "entries.1.meld_points"),
        ("too_many_red_threes", ""),
        ("went_out_count", ""),
    ]


def test_points_mismatch_on_the_hand_hides_the_meld_checks_of_that_entry() -> None:
    body = deal(OUT, side(False, 2, 0, 0, 45, 40, concealed=True, hand_cards={"K": 1}))
    assert refusal(new_match(GAME, 2), body) == [("points_mismatch", "entries.1.hand_points")]


def test_points_and_map_that_agree_are_scored_once() -> None:
    body = deal(
        OUT, side(False, 0, 0, 0, 70, 45, meld_cards={"K": 7}, hand_cards={"joker": 0, "5": 1, "A": 2})
    )
    assert only_scores(new_match(GAME, 2), body) == (800, 25)


# --- form checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("meld_points", -7, "negative"),  # negative before not_multiple_of_5
        ("meld_points", 100.0, "invalid"),  # a fraction-free float is still not a JSON integer
        ("meld_points", -2.5, "invalid"),  # invalid before negative
        ("hand_points", True, "invalid"),
        ("natural_canastas", 1.0, "invalid"),
        ("natural_canastas", False, "invalid"),
        ("concealed", 0, "invalid"),
        ("concealed", None, "invalid"),
        ("wild_canastas", True, "invalid"),
        ("mixed_ace_canastas", -1, "negative"),
    ],
)
def test_form_errors_take_the_first_failure_of_the_field(key: str, value: object, expected: str) -> None:
    assert refusal(new_match(GAME, 2), deal(OUT, STAYED | {key: value})) == [(expected, f"entries.1.{key}")]


def test_went_out_as_1_is_invalid() -> None:
    assert refusal(new_match(GAME, 2), deal(OUT | {"went_out": 1}, STAYED)) == [
        ("invalid", "entries.0.went_out")
    ]


@pytest.mark.parametrize(("value", "expected"), [(-1, "negative"), (1.5, "invalid"), (True, "invalid")])
def test_map_counts_are_checked_at_the_map_key(value: object, expected: str) -> None:
    body = deal(OUT, side(False, 0, 0, 0, None, 40, meld_cards={"K": 12, "Q": value}))
    assert refusal(new_match(GAME, 2), body) == [(expected, "entries.1.meld_cards.Q")]


def test_unknown_card_key_is_refused_even_with_count_0() -> None:
    body = deal(OUT, side(False, 0, 0, 0, 120, None, hand_cards={"red3": 0}))
    assert refusal(new_match(GAME, 2), body) == [("unknown_card", "entries.1.hand_cards.red3")]


def test_special_keys_are_invalid_when_off_whatever_their_value() -> None:
    state = new_match(GAME, 2, options={"special_canastas": False})
    body = deal(OUT | {"natural_ace_canastas": -1}, STAYED | {"mixed_ace_canastas": "x"})
    assert sorted(refusal(state, body)) == [
        ("invalid", "entries.0.natural_ace_canastas"),
        ("invalid", "entries.1.mixed_ace_canastas"),
    ]


def test_a_misspelt_entry_key_is_invalid_not_defaulted() -> None:
    assert refusal(new_match(GAME, 2), deal(OUT | {"concealled": True}, STAYED)) == [
        ("invalid", "entries.0.concealled")
    ]


def test_form_errors_stop_before_any_rule_check() -> None:
    body = deal(side(True, 0, 0, 9, 200, 0), side(True, 0, 0, 0, 45, "40"))
    assert refusal(new_match(GAME, 2), body) == [("invalid", "entries.1.hand_points")]


# --- defaults, going out, nobody out ---------------------------------------------------------


def test_concealed_defaults_to_false_so_the_bonus_is_100() -> None:
    assert only_scores(new_match(GAME, 2, options={"concealed_bonus": 500}), deal(OUT, STAYED)) == (800, 80)


def test_concealed_bonus_0_is_allowed_and_gives_nothing_for_going_out() -> None:
    state = new_match(GAME, 2, options={"concealed_bonus": 0})
    assert only_scores(state, deal(OUT | {"concealed": True}, STAYED)) == (700, 80)


def test_nobody_going_out_is_accepted_without_any_going_out_bonus() -> None:
    body = deal(side(False, 1, 0, 1, 200, 30), side(False, 0, 1, 1, 150, 20))
    assert only_scores(new_match(GAME, 2), body) == (770, 530)


def test_two_canastas_to_go_out_counts_special_canastas_too() -> None:
    state = new_match(GAME, 2, options={"canastas_to_go_out": 2})
    body = deal(side(True, 0, 0, 0, 280, 0, natural_ace_canastas=1, wild_canastas=1), STAYED)
    assert only_scores(state, body) == (800 + 1000 + 100 + 280, 80)
    body = deal(side(True, 0, 0, 0, 280, 0, wild_canastas=1), STAYED)
    assert refusal(state, body) == [("went_out_without_canasta", "entries.0.went_out")]


def test_a_side_that_went_out_having_melded_nothing_but_claiming_a_canasta() -> None:
    assert refusal(new_match(GAME, 2), deal(side(True, 1, 0, 0, 0, 0), STAYED)) == [
        ("canastas_exceed_meld", "entries.0.meld_points")
    ]


# --- canasta minimums -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "least"),
    [
        ({"natural_canastas": 1}, 35),
        ({"mixed_canastas": 1}, 50),
        ({"natural_ace_canastas": 1}, 140),
        ({"mixed_ace_canastas": 1}, 140),
        ({"wild_canastas": 1}, 140),
        ({"natural_canastas": 2, "mixed_canastas": 1, "wild_canastas": 1}, 70 + 50 + 140),
    ],
)
def test_canastas_need_at_least_their_cheapest_cards(counts: dict[str, int], least: int) -> None:
    # Side 1 starts below 0 (minimum first meld 15), so only the canasta minimum is at stake.
    state = play_round(new_match(GAME, 2), deal(NOTHING, side(False, 0, 0, 0, 0, 5)))
    entry = side(False, 0, 0, 0, least, 0) | counts
    assert play_round(state, deal(NOTHING, entry)).played == 2
    short = entry | {"meld_points": least - 5}
    assert refusal(state, deal(NOTHING, short)) == [("canastas_exceed_meld", "entries.1.meld_points")]


def test_canastas_exceed_meld_names_the_meld_map_when_only_cards_were_sent() -> None:
    body = deal(OUT, side(False, 1, 0, 0, None, 40, meld_cards={"4": 6}))
    assert refusal(new_match(GAME, 2), body) == [("canastas_exceed_meld", "entries.1.meld_cards")]


# --- too_many_cards ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("packs", "rank", "limit"),
    [(2, "3", 4), (3, "3", 6), (2, "joker", 4), (3, "joker", 6), (2, "K", 8), (3, "2", 12)],
)
def test_card_limits_per_packs(packs: int, rank: str, limit: int) -> None:
    state = new_match(GAME, 2, options={"packs": packs})
    fits = deal(OUT, side(False, 0, 0, 0, 120, None, hand_cards={rank: limit}))
    assert play_round(state, fits).played == 1
    over = deal(OUT, side(False, 0, 0, 0, 120, None, hand_cards={rank: limit + 1}))
    assert refusal(state, over) == [("too_many_cards", f"entries.1.hand_cards.{rank}")]


def test_too_many_cards_reads_entries_in_order_and_meld_before_hand() -> None:
    body = deal(
        side(True, 1, 0, 0, None, None, hand_cards={"joker": 0}, meld_cards={"joker": 2, "4": 5}),
        side(False, 0, 0, 0, None, None, hand_cards={"joker": 1}, meld_cards={"joker": 2}),
    )
    # Entry 1: hand_cards is listed first in the JSON, but meld_cards is read first: 2 + 2 = 4,
    # then the hand's joker is the fifth.
    assert refusal(new_match(GAME, 2), body) == [("too_many_cards", "entries.1.hand_cards.joker")]


# --- red threes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "packs", "red", "value"),
    [
        (2, 3, 4, 400),
        (2, 3, 5, 1000),
        (2, 3, 6, 1200),
        (3, 2, 4, 800),
        (6, 2, 4, 800),
        (4, 3, 6, 1200),
    ],
)
def test_red_threes_follow_the_packs_not_the_player_count(
    players: int, packs: int, red: int, value: int
) -> None:
    state = new_match(GAME, players, options={"packs": packs})
    units = len(state.setup.units)
    melded = side(False, 0, 0, red, 100, 0)
    bare = side(False, 0, 0, red, 0, 0)
    rest = [NOTHING] * (units - 1)
    assert only_scores(state, deal(melded, *rest))[0] == value + 100
    assert only_scores(state, deal(bare, *rest))[0] == -value


def test_six_players_with_two_packs_hold_only_four_red_threes() -> None:
    state = new_match(GAME, 6, options={"packs": 2})
    assert refusal(state, deal(side(False, 0, 0, 3, 100, 0), side(False, 0, 0, 2, 100, 0))) == [
        ("too_many_red_threes", "")
    ]


# --- minimum first meld -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)],
)
def test_minimum_meld_band_comes_from_the_total_before_the_deal(total: int, minimum: int) -> None:
    state = new_match(GAME, 2)
    if total:
        hand = max(0, -total)
        meld = max(0, total)
        state = play_round(state, deal(side(False, 0, 0, 0, meld, hand), NOTHING))
    assert state.next is not None and state.next.hints is not None
    assert list(state.next.hints.minimum_meld) == [minimum, 50]
    assert refusal(state, deal(side(False, 0, 0, 0, minimum - 5, 0), NOTHING)) == [
        ("below_minimum_meld", "entries.0.meld_points")
    ]
    # Exactly the minimum is enough; and a meld that lifts the total does not change this deal's band.
    assert play_round(state, deal(side(False, 0, 0, 0, minimum, 0), NOTHING)).played == state.played + 1


def test_a_side_with_a_negative_total_needs_15_and_melding_nothing_is_always_allowed() -> None:
    state = new_match(GAME, 4)
    state = play_round(state, deal(OUT, side(False, 0, 0, 2, 0, 100)))  # team 1: -300
    assert totals_in_unit_order(state) == [800, -300]
    assert state.next is not None and state.next.hints is not None
    assert list(state.next.hints.minimum_meld) == [50, 15]
    assert refusal(state, deal(NOTHING, side(False, 0, 0, 0, 10, 0))) == [
        ("below_minimum_meld", "entries.1.meld_points")
    ]
    state = play_round(state, deal(NOTHING, side(False, 0, 0, 0, 15, 0)))
    assert totals_in_unit_order(state) == [800, -285]
    assert ranks_in_unit_order(state) == [1, 2]


# --- teams and seats --------------------------------------------------------------------------


def test_six_players_in_three_pairs_play_three_entries_and_a_partner_may_hold_cards() -> None:
    state = new_match(GAME, 6, teams=[[0, 3], [1, 4], [2, 5]], dealer=4)
    assert state.setup.option("packs") == 3
    state = play_round(state, deal(side(True, 1, 0, 0, 200, 25), STAYED, NOTHING))
    assert state.scores[-1] == (775, 80, 0)
    assert state.next is not None and state.next.hints is not None
    assert (state.next.dealer, list(state.next.hints.minimum_meld)) == (5, [50, 50, 50])
    assert refusal(state, deal(OUT, STAYED)) == [("wrong_entry_count", "entries")]
    assert [row.seats for row in state.standings] == [(0, 3), (1, 4), (2, 5)]


def test_six_players_default_to_two_teams_of_three_with_two_entries() -> None:
    state = new_match(GAME, 6)
    assert state.setup.units == ((0, 2, 4), (1, 3, 5))
    assert play_round(state, deal(side(True, 1, 0, 0, 200, 25), STAYED)).scores[-1] == (775, 80)


def test_three_players_play_alone_and_must_go_out_with_an_empty_hand() -> None:
    state = new_match(GAME, 3, dealer=2)
    assert refusal(
        state,
        deal(STAYED, side(True, 1, 0, 0, None, None, meld_cards={"K": 7}, hand_cards={"4": 1}), NOTHING),
    ) == [("went_out_with_cards", "entries.1.hand_cards")]
    dealers = []
    for _ in range(4):
        assert state.next is not None
        dealers.append(state.next.dealer)
        state = play_round(state, deal(NOTHING, NOTHING, NOTHING))
    assert dealers == [2, 0, 1, 2]


def test_dealer_passes_seat_by_seat_among_six() -> None:
    state = new_match(GAME, 6, dealer=5)
    dealers = []
    for _ in range(7):
        assert state.next is not None
        dealers.append(state.next.dealer)
        state = play_round(state, deal(NOTHING, NOTHING))
    assert dealers == [5, 0, 1, 2, 3, 4, 5]


# --- end and winners --------------------------------------------------------------------------


def test_teams_sharing_the_top_total_past_the_target_both_win() -> None:
    state = new_match(GAME, 6, teams=[[0, 3], [1, 4], [2, 5]], options={"target": 800})
    state = play_round(state, deal(OUT, side(False, 1, 0, 0, 300, 0), side(False, 0, 0, 0, 50, 0)))
    assert state.finished
    assert list(state.winners) == [0, 1]
    assert ranks_in_unit_order(state) == [1, 1, 3]
    assert state.next is None
    assert refusal(state, deal(NOTHING, NOTHING, NOTHING)) == [("match_finished", "")]


def test_the_highest_total_wins_when_several_sides_pass_the_target() -> None:
    state = new_match(GAME, 3, options={"target": 700})
    state = play_round(state, deal(OUT, side(False, 1, 0, 0, 200, 0), NOTHING))
    assert (state.finished, list(state.winners), totals_in_unit_order(state)) == (True, [0], [800, 700, 0])
    assert ranks_in_unit_order(state) == [1, 2, 3]


def test_a_side_below_the_target_does_not_end_the_match() -> None:
    state = new_match(GAME, 2, options={"target": 805})
    state = play_round(state, deal(OUT, STAYED))
    assert not state.finished and state.winners == ()


# --- corrections ------------------------------------------------------------------------------


def test_a_correction_that_raises_a_band_makes_a_later_meld_too_small() -> None:
    state = new_match(GAME, 4)
    bodies = [deal(OUT, STAYED), deal(side(False, 0, 0, 0, 60, 0), OUT)]
    stored = play_all(state, bodies)
    assert stored.played == 2
    # Deal 1 corrected: team 0 now has 2900 before deal 2, so it needs 90, and 60 is too little.
    corrected = deal(side(True, 2, 0, 4, 1000, 0), STAYED)
    with pytest.raises(Refused) as refused:
        correct_round(GAME, state.setup, bodies, 1, corrected)
    assert [(e.code, e.field) for e in refused.value.errors] == [
        ("below_minimum_meld", "rounds.2.entries.0.meld_points")
    ]


def test_a_correction_that_drops_a_side_below_zero_lowers_its_next_minimum() -> None:
    state = new_match(GAME, 4)
    bodies = [deal(OUT, STAYED), deal(OUT, STAYED)]
    corrected = correct_round(GAME, state.setup, bodies, 1, deal(OUT, side(False, 0, 0, 1, 0, 40)))
    assert totals_in_unit_order(corrected) == [1600, -60]
    assert corrected.next is not None and corrected.next.hints is not None
    assert list(corrected.next.hints.minimum_meld) == [90, 15]
    assert (
        replay(GAME, state.setup, [deal(OUT, side(False, 0, 0, 1, 0, 40)), bodies[1]]).outlook
        == corrected.outlook
    )


def test_a_correction_errors_in_the_corrected_round_keep_their_plain_field() -> None:
    state = new_match(GAME, 2)
    bodies = [deal(OUT, STAYED)]
    with pytest.raises(Refused) as refused:
        correct_round(GAME, state.setup, bodies, 1, deal(OUT, side(False, 0, 0, 0, 45, 0)))
    assert [(e.code, e.field) for e in refused.value.errors] == [
        ("below_minimum_meld", "entries.1.meld_points")
    ]
