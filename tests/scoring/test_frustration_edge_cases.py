"""Frustration NL and FR: edge cases the worked examples do not show, each stated as the spec
text says it (spec/README.md, spec/games/frustration-nl.md, spec/games/frustration-fr.md)."""

from __future__ import annotations

import pytest

from scoring import Refused, correct_round, get_game, play_round, replay
from scoring.match import MatchState, create_setup
from tests.scoring.support import (
    deal,
    new_match,
    phases,
    play_all,
    ranks_in_unit_order,
    refusal,
    seat,
    totals_in_unit_order,
)

NL = "frustration-nl"
FR = "frustration-fr"


def bonuses(state: MatchState) -> list[object]:
    by_seat = {row.unit: row.extra["finish_bonus"] for row in state.standings}
    return [by_seat[unit] for unit in range(state.setup.players)]


def hinted(state: MatchState) -> list[tuple[int, int]]:
    assert state.next is not None and state.next.hints is not None
    return [(hint.seat, hint.phase) for hint in state.next.hints.phases]


def params(state: MatchState, body: object) -> list[tuple[str, str, dict]]:
    with pytest.raises(Refused) as refused:
        play_round(state, body)
    return [(error.code, error.field, dict(error.params)) for error in refused.value.errors]


OUT = seat(True, True, 0)
MISSED = seat(False, False, 55)


# --- NL: packs and real jokers ----------------------------------------------------------------


def test_nl_six_players_default_to_three_packs_twelve_of_each_rank():
    state = new_match(NL, 6)
    assert state.setup.option("packs") == 3
    twelve_aces = deal(
        OUT,
        seat(False, False, hand={"A": 11}),
        seat(True, False, hand={"A": 1}),
        MISSED,
        MISSED,
        MISSED,
    )
    assert play_round(state, twelve_aces).scores[-1] == (0, 165, 15, 55, 55, 55)
    thirteen = deal(
        OUT, seat(False, False, hand={"A": 11}), seat(True, False, hand={"A": 2}), MISSED, MISSED, MISSED
    )
    assert params(state, thirteen) == [("too_many_cards", "entries.2.hand.A", {"limit": 12})]


@pytest.mark.parametrize(("real_jokers", "jokers"), [(1, 1), (3, 4)])
def test_nl_three_packs_with_an_odd_real_jokers_round_the_jokers_down(real_jokers: int, jokers: int):
    # "real_jokers x packs / 2 jokers, rounded down": 1 → 1, 3 → 4 with three packs.
    state = new_match(NL, 6, options={"real_jokers": real_jokers})
    held = deal(OUT, seat(True, False, hand={"joker": jokers}), MISSED, MISSED, MISSED, MISSED)
    assert play_round(state, held).scores[-1][1] == 20 * jokers
    over = deal(
        OUT,
        seat(True, False, hand={"joker": jokers}),
        MISSED,
        MISSED,
        MISSED,
        seat(True, False, hand={"joker": 1}),
    )
    assert params(state, over) == [("too_many_cards", "entries.5.hand.joker", {"limit": jokers})]


def test_nl_three_packs_without_real_jokers_still_allow_220_for_eleven_cards():
    # "3 | any | 11 x 20 = 220 (twelve twos)"; the key "joker" is refused.
    state = new_match(NL, 6, options={"real_jokers": 0})
    body = deal(OUT, seat(False, False, 220), MISSED, MISSED, MISSED, MISSED)
    assert play_round(state, body).scores[-1][1] == 220
    too_high = deal(OUT, seat(False, False, 225), MISSED, MISSED, MISSED, MISSED)
    assert params(state, too_high) == [
        ("points_too_high", "entries.1.points", {"maximum": 220, "points": 225, "laid_down": False})
    ]


@pytest.mark.parametrize(
    ("packs", "real_jokers", "most"), [(2, 0, 205), (2, 1, 210), (2, 2, 215), (2, 4, 220)]
)
def test_nl_eleven_card_maximum_follows_the_options(packs: int, real_jokers: int, most: int):
    state = new_match(NL, 2, options={"packs": packs, "real_jokers": real_jokers})
    assert play_round(state, deal(OUT, seat(False, False, most))).scores[-1] == (0, most)
    assert params(state, deal(OUT, seat(False, False, most + 5))) == [
        ("points_too_high", "entries.1.points", {"maximum": most, "points": most + 5, "laid_down": False})
    ]


@pytest.mark.parametrize("slug", [NL, FR])
def test_a_joker_key_with_count_0_is_still_an_unknown_card(slug: str):
    # README: a rank key the game does not use is refused with unknown_card, whatever its count.
    options = {"real_jokers": 0} if slug == NL else None
    state = new_match(slug, 2, options=options)
    body = deal(OUT, seat(False, False, hand={"K": 11, "joker": 0}))
    assert refusal(state, body) == [("unknown_card", "entries.1.hand.joker")]


# --- card-count maps with 0 counts, points and hand together --------------------------------------


@pytest.mark.parametrize("slug", [NL, FR])
def test_zero_counts_mean_nothing(slug: str):
    state = new_match(slug, 3)
    body = deal(
        seat(True, True, 0, {}),
        seat(False, False, hand={"K": 6, "Q": 5, "A": 0}),
        seat(True, False, hand={"3": 1, "Q": 0}),
    )
    assert play_round(state, body).scores[-1] == (0, 110, 5)


@pytest.mark.parametrize("slug", [NL, FR])
def test_the_seat_that_went_out_may_send_points_0_and_an_empty_hand(slug: str):
    state = new_match(slug, 2)
    for out in (seat(True, True, 0, {}), seat(True, True, hand={}), seat(True, True, 0, {"A": 0})):
        assert play_round(state, deal(out, MISSED)).scores[-1] == (0, 55)


@pytest.mark.parametrize("slug", [NL, FR])
def test_a_hand_of_only_zero_counts_is_empty_for_a_seat_that_did_not_go_out(slug: str):
    state = new_match(slug, 2)
    assert refusal(state, deal(OUT, seat(False, False, hand={"K": 0}))) == [
        ("zero_without_going_out", "entries.1.hand")
    ]
    # Both sent and agreeing on 0: P is the points field.
    assert refusal(state, deal(OUT, seat(True, False, 0, {"K": 0}))) == [
        ("zero_without_going_out", "entries.1.points")
    ]


@pytest.mark.parametrize("slug", [NL, FR])
def test_points_and_hand_agreeing_get_both_the_count_and_the_range_checks(slug: str):
    # Not laid down: 12 twos are 240 points, one card too many and above 220.
    state = new_match(slug, 6)
    body = deal(OUT, seat(False, False, 240, {"2": 12}), MISSED, MISSED, MISSED, MISSED)
    assert sorted(refusal(state, body)) == [
        ("points_too_high", "entries.1.points"),
        ("wrong_card_count", "entries.1.hand"),
    ]


@pytest.mark.parametrize("slug", [NL, FR])
def test_a_valid_hand_sent_with_agreeing_points_is_scored_once(slug: str):
    state = new_match(slug, 2)
    assert play_round(state, deal(OUT, seat(True, False, 30, {"K": 1, "Q": 2}))).scores[-1] == (0, 30)


# --- hide rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", [NL, FR])
def test_points_mismatch_hides_too_many_cards_at_that_entrys_own_keys(slug: str):
    # README, "Points or cards": on a mismatch "no other check of that entry is reported".
    state = new_match(slug, 2)
    body = deal(OUT, seat(True, False, 10, {"A": 9}))
    assert refusal(state, body) == [("points_mismatch", "entries.1.points")]


@pytest.mark.parametrize("slug", [NL, FR])
def test_a_mismatched_hand_still_counts_towards_the_rounds_cards(slug: str):
    # "Over the whole round (all entries and all maps together)": the running count includes it.
    state = new_match(slug, 3)
    body = deal(OUT, seat(True, False, 10, {"A": 4}), seat(False, False, hand={"A": 5, "3": 6}))
    assert sorted(refusal(state, body)) == [
        ("points_mismatch", "entries.1.points"),
        ("too_many_cards", "entries.2.hand.A"),
    ]


@pytest.mark.parametrize("slug", [NL, FR])
def test_points_mismatch_does_not_hide_the_round_wide_went_out_count(slug: str):
    state = new_match(slug, 2)
    body = deal(seat(True, False, 10), seat(True, False, 10, {"K": 2}))
    assert sorted(refusal(state, body)) == [("points_mismatch", "entries.1.points"), ("went_out_count", "")]


@pytest.mark.parametrize("slug", [NL, FR])
def test_zero_without_going_out_does_not_hide_too_many_cards(slug: str):
    # It hides only "the last five checks"; too_many_cards comes before it in the table.
    state = new_match(slug, 3)
    body = deal(OUT, seat(False, False, hand={"A": 9}), seat(True, False, 0, {"A": 0}))
    assert sorted(refusal(state, body)) == [
        ("too_many_cards", "entries.1.hand.A"),
        ("wrong_card_count", "entries.1.hand"),
        ("zero_without_going_out", "entries.2.points"),
    ]


@pytest.mark.parametrize("slug", [NL, FR])
def test_the_seat_that_went_out_without_laying_down_gets_no_card_count_or_range_check(slug: str):
    # Example 4.2 (NL): points 0 would also be below 55; only went_out_without_contract.
    state = new_match(slug, 2)
    assert refusal(state, deal(seat(False, True, hand={}), seat(True, False, 20))) == [
        ("went_out_without_contract", "entries.0.went_out")
    ]


# --- form checks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        pytest.param(
            seat(True, False, -3), ("negative", "entries.1.points"), id="negative-before-multiple-of-5"
        ),
        pytest.param(seat(True, False, True), ("invalid", "entries.1.points"), id="points-as-boolean"),
        pytest.param(seat(True, False, 5.0), ("invalid", "entries.1.points"), id="points-as-float"),
        pytest.param(seat(1, False, 20), ("invalid", "entries.1.laid_down"), id="laid-down-as-1"),
        pytest.param(seat(True, 0, 20), ("invalid", "entries.1.went_out"), id="went-out-as-0"),
        pytest.param(
            seat(True, False, hand={"K": 1.0}), ("invalid", "entries.1.hand.K"), id="count-as-float"
        ),
        pytest.param(
            seat(True, False, hand={"K": True}), ("invalid", "entries.1.hand.K"), id="count-as-boolean"
        ),
        pytest.param(
            seat(True, False, hand={"B": -1}), ("negative", "entries.1.hand.B"), id="negative-before-card-key"
        ),
        pytest.param(
            seat(True, False, hand={"B": 1}), ("unknown_card", "entries.1.hand.B"), id="unknown-card"
        ),
        pytest.param(
            seat(True, False, hand={"k": 1}), ("unknown_card", "entries.1.hand.k"), id="lower-case-rank"
        ),
        pytest.param("20", ("invalid", "entries.1"), id="entry-as-string"),
    ],
)
@pytest.mark.parametrize("slug", [NL, FR])
def test_one_form_error_per_field_in_the_spec_order(slug: str, entry: object, expected: tuple[str, str]):
    assert refusal(new_match(slug, 2), deal(OUT, entry)) == [expected]


@pytest.mark.parametrize("slug", [NL, FR])
def test_every_form_error_of_the_round_is_listed_and_no_rule_check_runs(slug: str):
    body = {"entries": [seat(True, False, 21), seat(True, "yes", hand={"X": 1})], "round": 1}
    assert sorted(refusal(new_match(slug, 2), body)) == [
        ("invalid", "entries.1.went_out"),
        ("invalid", "round"),
        ("not_multiple_of_5", "entries.0.points"),
        ("unknown_card", "entries.1.hand.X"),
    ]


@pytest.mark.parametrize("slug", [NL, FR])
def test_unknown_top_level_key_is_listed_with_a_wrong_entry_count(slug: str):
    assert sorted(refusal(new_match(slug, 3), {"entries": [OUT], "dealer": 0})) == [
        ("invalid", "dealer"),
        ("wrong_entry_count", "entries"),
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param({"entries": "all"}, [("invalid", "entries")], id="string"),
        pytest.param({"entries": {"0": OUT, "1": MISSED}}, [("invalid", "entries")], id="object"),
        pytest.param({"entries": None}, [("required", "entries")], id="null"),
        pytest.param(None, [("invalid", "")], id="body-null"),
    ],
)
@pytest.mark.parametrize("slug", [NL, FR])
def test_entries_must_be_a_list(slug: str, body: object, expected: list):
    assert refusal(new_match(slug, 2), body) == expected


def test_nl_a_null_entry_is_required():
    # NL has no sitting out; README: required is "a field that must be present is missing".
    assert refusal(new_match(NL, 2), deal(OUT, None)) == [("required", "entries.1")]


# --- NL: several seats lay down contract 11 in the same deal ------------------------------------


def _nl_two_on_contract_11() -> MatchState:
    """Seats 0 and 1 make contracts 1 to 10; seat 2 goes out in deals 1 to 9 and misses
    contract 10 in deal 10. Totals 180, 200, 55; phases 11, 11, 10."""
    bodies = [deal(seat(True, False, 20), seat(True, False, 20), OUT)] * 9
    bodies.append(deal(OUT, seat(True, False, 20), MISSED))
    state = play_all(new_match(NL, 3), bodies)
    assert (totals_in_unit_order(state), phases(state)) == ([180, 200, 55], [11, 11, 10])
    return state


def test_nl_equal_lowest_totals_among_contract_11_seats_share_the_win():
    # Both lay down contract 11 (at most 2 cards, 40 points) and end on 220; seat 2 goes out
    # with contract 10 and has the lowest total, but did not lay down contract 11.
    state = play_round(_nl_two_on_contract_11(), deal(seat(True, False, 40), seat(True, False, 20), OUT))
    assert state.finished
    assert totals_in_unit_order(state) == [220, 220, 55]
    assert phases(state) == [12, 12, 11]
    assert ranks_in_unit_order(state) == [1, 1, 3]
    assert state.winners == (0, 1)
    assert state.next is None


def test_nl_one_seat_laying_down_contract_11_wins_whatever_the_totals():
    # Seat 1 alone lays down contract 11; seat 0 (lower total) misses it.
    state = play_round(_nl_two_on_contract_11(), deal(MISSED, seat(True, False, 40), OUT))
    assert totals_in_unit_order(state) == [235, 240, 55]
    assert phases(state) == [11, 12, 11]
    # Seats 0 and 2 are both on contract 11 now: the lower total ranks first among them.
    assert ranks_in_unit_order(state) == [3, 1, 2]
    assert state.winners == (1,)


def test_nl_laying_down_contract_11_allows_two_cards_kept():
    state = _nl_two_on_contract_11()
    assert refusal(state, deal(seat(True, False, hand={"K": 3}), seat(True, False, 45), OUT)) == [
        ("wrong_card_count", "entries.0.hand"),
        ("points_too_high", "entries.1.points"),
    ]


def test_nl_dealer_wraps_round_from_the_last_seat():
    state = new_match(NL, 4, dealer=3)
    assert state.next is not None and state.next.dealer == 3
    state = play_round(state, deal(OUT, MISSED, MISSED, MISSED))
    assert state.next is not None and state.next.dealer == 0
    assert hinted(state) == [(0, 2), (1, 1), (2, 1), (3, 1)]


# --- FR: finishing, sitting out, the bonus and the end -------------------------------------------


def _fr_levels(laid: list[bool], out: int) -> dict:
    """One deal: seat ``out`` goes out, the others keep 5 when they laid down, else 55."""
    return deal(
        *[
            OUT if seat_ == out else seat(True, False, 5) if done else MISSED
            for seat_, done in enumerate(laid)
        ]
    )


def test_fr_first_finish_with_several_finishers_gives_each_the_bonus_and_ends():
    state = new_match(FR, 4, options={"end": "first_finish", "finish_bonus": 20})
    # Seats 0, 1, 2 complete a level every deal (seat 0 goes out), seat 3 never does.
    state = play_all(state, [_fr_levels([True, True, True, False], 0)] * 9)
    assert not state.finished
    state = play_round(state, deal(seat(True, False, 30), OUT, seat(True, False, 10), MISSED))
    assert state.finished
    assert phases(state) == [11, 11, 11, 1]
    assert bonuses(state) == [20, 20, 20, 0]
    # Round scores 0 + 30, 45 + 0, 45 + 10, minus the bonus; seat 3: 10 x 55.
    assert totals_in_unit_order(state) == [10, 25, 35, 550]
    assert ranks_in_unit_order(state) == [1, 2, 3, 4]
    assert state.winners == (0,)


def test_fr_first_finish_finishers_tied_on_the_lowest_total_share_the_win():
    state = new_match(FR, 3, options={"end": "first_finish"})
    state = play_all(state, [_fr_levels([True, True, False], 0)] * 9)  # totals 0, 45, 495
    state = play_round(state, deal(seat(True, False, 45), OUT, MISSED))
    assert totals_in_unit_order(state) == [45, 45, 550]
    assert ranks_in_unit_order(state) == [1, 1, 3]
    assert state.winners == (0, 1)


def test_fr_all_finish_the_first_finishers_of_one_deal_all_get_the_bonus_and_sit_out():
    state = new_match(FR, 4, options={"finish_bonus": 10}, dealer=3)
    state = play_all(state, [_fr_levels([True, True, False, False], 0)] * 10)
    assert not state.finished
    assert phases(state) == [11, 11, 1, 1]
    assert bonuses(state) == [10, 10, 0, 0]
    # Dealers 3, 0, 1, 2, ...: deal 10 was dealt by seat 0; seat 1 has finished, so seat 2
    # deals deal 11, then seat 3, then (0 and 1 skipped) seat 2 again.
    assert state.next is not None and state.next.dealer == 2
    assert hinted(state) == [(2, 1), (3, 1)]
    state = play_round(state, deal(None, None, OUT, MISSED))
    assert state.scores[-1] == (0, 0, 0, 55)
    assert state.next is not None and state.next.dealer == 3
    state = play_round(state, deal(None, None, MISSED, OUT))
    assert state.next is not None and state.next.dealer == 2
    assert refusal(state, deal(OUT, None, seat(True, False, 5), MISSED)) == [
        ("finished_player_entry", "entries.0")
    ]


def test_fr_all_finish_the_last_two_finishing_in_the_same_deal_ends_without_a_bonus_for_them():
    state = new_match(FR, 3, options={"finish_bonus": 25})
    # Seat 0 finishes in deal 10 (bonus); seats 1 and 2 miss level 1 in deal 1 only.
    state = play_all(state, [_fr_levels([True, False, False], 0)])
    state = play_all(state, [_fr_levels([True, True, True], 0)] * 9)
    assert phases(state) == [11, 10, 10]
    assert not state.finished
    state = play_round(state, deal(None, OUT, seat(True, False, 5)))
    assert state.finished
    assert state.next is None
    assert phases(state) == [11, 11, 11]
    assert bonuses(state) == [25, 0, 0]
    assert totals_in_unit_order(state) == [-25, 100, 105]
    assert ranks_in_unit_order(state) == [1, 2, 3]
    assert state.winners == (0,)
    with pytest.raises(Refused) as refused:
        play_round(state, deal(None, None, None))
    assert refused.value.finished


def test_fr_two_players_end_when_one_completes_level_10_and_the_other_ranks_behind():
    bodies = [deal(seat(True, False, 20), OUT)] * 9  # totals 180, 0; both on level 10
    state = play_all(new_match(FR, 2, options={"finish_bonus": 5}), bodies)
    assert phases(state) == [10, 10]
    state = play_round(state, deal(OUT, MISSED))
    assert state.finished and state.next is None
    assert phases(state) == [11, 10]
    assert bonuses(state) == [5, 0]
    assert totals_in_unit_order(state) == [175, 55]
    assert ranks_in_unit_order(state) == [1, 2]
    assert state.winners == (0,)


def test_fr_two_players_both_completing_level_10_in_one_deal_both_get_the_bonus():
    bodies = [deal(seat(True, False, 20), OUT)] * 9
    state = play_all(new_match(FR, 2, options={"finish_bonus": 5}), bodies)
    state = play_round(state, deal(seat(True, False, 20), OUT))
    assert state.finished
    assert bonuses(state) == [5, 5]
    assert totals_in_unit_order(state) == [195, -5]
    assert ranks_in_unit_order(state) == [2, 1]
    assert state.winners == (1,)


def test_fr_dealer_skips_several_finished_seats_in_a_row():
    state = new_match(FR, 5, dealer=0)
    # Seats 1, 2, 3 finish in deal 10 (seat 1 goes out); seats 0 and 4 never complete a level.
    state = play_all(state, [_fr_levels([False, True, True, True, False], 1)] * 10)
    assert phases(state) == [1, 11, 11, 11, 1]
    # Dealers 0, 1, 2, 3, 4, 0, 1, 2, 3, 4: deal 11 would be seat 0's turn.
    assert state.next is not None and state.next.dealer == 0
    state = play_round(state, deal(seat(True, True, 0), None, None, None, MISSED))
    assert state.next is not None and state.next.dealer == 4
    state = play_round(state, deal(MISSED, None, None, None, OUT))
    assert state.next is not None and state.next.dealer == 0


def test_fr_went_out_count_ignores_the_seats_that_sit_out():
    state = new_match(FR, 3)
    state = play_all(state, [_fr_levels([True, False, False], 0)] * 10)
    assert refusal(state, deal(None, MISSED, MISSED)) == [("went_out_count", "")]


# --- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "options", "expected"),
    [
        (NL, {"packs": 4}, ("invalid", "options.packs")),
        (NL, {"packs": 2.0}, ("invalid", "options.packs")),
        (NL, {"real_jokers": 5}, ("invalid", "options.real_jokers")),
        (NL, {"real_jokers": -1}, ("invalid", "options.real_jokers")),
        (NL, {"real_jokers": True}, ("invalid", "options.real_jokers")),
        (NL, {"finish_bonus": 0}, ("unknown_option", "options.finish_bonus")),
        (FR, {"real_jokers": 0}, ("unknown_option", "options.real_jokers")),
        (FR, {"finish_bonus": 7}, ("not_multiple_of_5", "options.finish_bonus")),
        (FR, {"finish_bonus": -5}, ("invalid", "options.finish_bonus")),
        (FR, {"finish_bonus": "25"}, ("invalid", "options.finish_bonus")),
        (FR, {"levels": "seed"}, ("invalid", "options.levels")),
        (FR, {"end": "first"}, ("invalid", "options.end")),
    ],
)
def test_refuses_a_wrong_option(slug: str, options: dict, expected: tuple[str, str]):
    with pytest.raises(Refused) as refused:
        create_setup(get_game(slug), 3, options=options)
    assert [(error.code, error.field) for error in refused.value.errors] == [expected]


@pytest.mark.parametrize("slug", [NL, FR])
def test_six_players_may_choose_two_packs(slug: str):
    state = new_match(slug, 6, options={"packs": 2})
    assert state.setup.option("packs") == 2


# --- corrections ---------------------------------------------------------------------------------

FR_OPTIONS = {"finish_bonus": 25}


def _fr_anna_finishes_in_deal_10() -> list[dict]:
    """Anna makes a level every deal and goes out; Bram misses level 1 in deal 1 only;
    Cor never makes one. Deal 11: Anna sits out, Bram goes out."""
    bodies = [_fr_levels([True, False, False], 0)]
    bodies += [_fr_levels([True, True, False], 0)] * 9
    bodies.append(deal(None, OUT, MISSED))
    return bodies


def test_fr_correction_that_unfinishes_a_player_makes_her_later_null_entry_required():
    setup = create_setup(get_game(FR), 3, options=FR_OPTIONS)
    bodies = _fr_anna_finishes_in_deal_10()
    assert phases(replay(get_game(FR), setup, bodies)) == [11, 11, 1]
    with pytest.raises(Refused) as refused:
        correct_round(get_game(FR), setup, bodies, 10, deal(MISSED, OUT, MISSED))
    assert [(e.code, e.field) for e in refused.value.errors] == [("required", "rounds.11.entries.0")]


def test_fr_correction_that_finishes_a_player_earlier_refuses_his_later_entry():
    setup = create_setup(get_game(FR), 3, options=FR_OPTIONS)
    bodies = [_fr_levels([True, True, False], 1)] * 9 + [_fr_levels([True, False, False], 0)]
    bodies.append(deal(None, OUT, MISSED))  # Bram makes level 10 in deal 11
    state = replay(get_game(FR), setup, bodies)
    assert state.finished and phases(state) == [11, 11, 1] and bonuses(state) == [25, 0, 0]
    # Corrected deal 10: Bram also completes level 10, so his deal-11 entry must be null - and
    # with only Cor left the match is over after deal 10.
    with pytest.raises(Refused) as refused:
        correct_round(get_game(FR), setup, bodies, 10, _fr_levels([True, True, False], 0))
    assert [(e.code, e.field) for e in refused.value.errors] == [("match_finished", "rounds.11")]


def test_fr_correction_moves_the_finish_bonus_and_the_dealer():
    setup = create_setup(get_game(FR), 4, options=FR_OPTIONS)
    bodies = [_fr_levels([True, True, False, False], 0)] * 10
    bodies.append(deal(None, None, OUT, MISSED))
    state = replay(get_game(FR), setup, bodies)
    assert bonuses(state) == [25, 25, 0, 0]
    # Seat 1 no longer completes level 10 in deal 10: only seat 0 gets the bonus, and seat 1
    # must now send an entry in deal 11.
    corrected = deal(OUT, seat(False, False, 55), MISSED, MISSED)
    with pytest.raises(Refused) as refused:
        correct_round(get_game(FR), setup, bodies, 10, corrected)
    assert [(e.code, e.field) for e in refused.value.errors] == [("required", "rounds.11.entries.1")]
    state = correct_round(get_game(FR), setup, bodies[:10], 10, corrected)
    assert bonuses(state) == [25, 0, 0, 0]
    assert state.next is not None and state.next.dealer == 2
    assert hinted(state) == [(1, 10), (2, 1), (3, 1)]
