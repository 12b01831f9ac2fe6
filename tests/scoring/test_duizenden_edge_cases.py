"""Duizenden edge cases the worked examples do not show, each stated as the spec text says it
(shared/spec/README.md and shared/spec/games/duizenden.md). No database: engine only."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Refused, correct_round, play_round
from scoring.games.duizenden import GAME, NeededHints, pack_points
from scoring.match import MatchState, create_setup
from tests.scoring.support import (
    new_match,
    play_all,
    ranks_in_unit_order,
    refusal,
    totals_in_unit_order,
)


def entry(went_out: bool, table: object, hand: object) -> dict[str, Any]:
    return {"went_out": went_out, "table_points": table, "hand_points": hand}


def out(table: object = 100) -> dict[str, Any]:
    return entry(True, table, 0)


def stay(table: object = 50, hand: object = 20) -> dict[str, Any]:
    return entry(False, table, hand)


def rounds(*entries: dict[str, Any]) -> dict[str, Any]:
    return {"entries": list(entries)}


def errors_of(state: MatchState, body: object) -> list[tuple[str, str, dict[str, object]]]:
    try:
        play_round(state, body)
    except Refused as refused:
        return [(e.code, e.field, dict(e.params)) for e in refused.errors]
    raise AssertionError(f"round was accepted: {body!r}")


# --- Teams: "at least two teams, all of the same size, at least two seats each" ----------------

THREE_PAIRS = [[0, 3], [1, 4], [2, 5]]


def test_six_players_in_three_pairs_score_per_team_with_entries_per_seat() -> None:
    """Entries per seat (six), scores, totals, ranks and needed per team (three), in team order."""
    state = new_match(GAME, 6, teams=THREE_PAIRS, dealer=4)
    assert state.next is not None and state.next.dealer == 4
    body = rounds(out(120), stay(60, 20), stay(40, 30), stay(50, 10), stay(30, 45), stay(70, 5))
    after = play_round(state, body)
    # team 0 = seats 0 + 3: 120 + 40; team 1 = seats 1 + 4: 40 - 15; team 2 = seats 2 + 5: 10 + 65.
    assert after.scores[-1] == (160, 25, 75)
    assert totals_in_unit_order(after) == [160, 25, 75]
    assert ranks_in_unit_order(after) == [1, 3, 2]
    assert [(row.unit, row.seats) for row in after.standings] == [(0, (0, 3)), (2, (2, 5)), (1, (1, 4))]
    assert after.next is not None
    assert (after.next.number, after.next.dealer) == (2, 5)
    assert after.next.hints == NeededHints((840, 975, 925))


def test_six_players_in_three_pairs_refuse_one_entry_per_team() -> None:
    state = new_match(GAME, 6, teams=THREE_PAIRS)
    assert refusal(state, rounds(out(), stay(), stay())) == [("wrong_entry_count", "entries")]


def test_six_players_in_two_teams_of_three_win_as_a_team_index() -> None:
    state = new_match(GAME, 6, teams=[[1, 3, 5], [0, 2, 4]], options={"target": 100})
    after = play_round(state, rounds(out(60), stay(50, 5), stay(10, 5), stay(40, 5), stay(5, 5), stay(30, 5)))
    # team 0 = seats 1, 3, 5: 45 + 35 + 25 = 105; team 1 = seats 0, 2, 4: 60 + 5 + 0 = 65.
    assert after.scores[-1] == (105, 65)
    assert after.finished and after.winners == (0,) and after.next is None


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        pytest.param(2, [[0], [1]], id="2-players-singletons"),
        pytest.param(2, [[0, 1]], id="2-players-one-team"),
        pytest.param(3, [[0, 1], [2]], id="3-players"),
        pytest.param(4, [[0, 1, 2, 3]], id="4-one-team"),
        pytest.param(4, [[0, 1, 2], [3]], id="4-unequal"),
        pytest.param(4, [[0], [1], [2], [3]], id="4-singletons"),
        pytest.param(4, [[0, 2], [1, 2]], id="4-seat-twice"),
        pytest.param(4, [[0, 2], [1]], id="4-seat-missing"),
        pytest.param(4, [[0, 2], [1, 4]], id="4-not-a-seat"),
        pytest.param(5, [[0, 1], [2, 3, 4]], id="5-players"),
        pytest.param(6, [[0, 1], [2, 3, 4, 5]], id="6-unequal"),
        pytest.param(6, [[0, 1, 2, 3, 4, 5]], id="6-one-team"),
        pytest.param(6, [[0], [1], [2], [3], [4], [5]], id="6-singletons"),
        pytest.param(4, [[0, True], [2, 3]], id="boolean-seat"),
        pytest.param(4, [[0, 2.0], [1, 3]], id="float-seat"),
        pytest.param(4, "0+2", id="not-a-list"),
        pytest.param(4, [], id="empty"),
    ],
)
def test_refuses_team_shapes_the_spec_does_not_allow(players: int, teams: object) -> None:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, players, teams=teams)
    assert [(e.code, e.field) for e in caught.value.errors] == [("invalid", "teams")]


# --- Totals, ranks, the end ------------------------------------------------------------------


def test_negative_totals_rank_last_and_need_more_than_the_target() -> None:
    """needed = target - total: more than the target while a total is negative."""
    state = play_all(
        new_match(GAME, 3),
        [
            rounds(out(30), entry(False, 0, 150), entry(False, 0, 60)),
            rounds(out(25), stay(0, 10), stay(0, 20)),
        ],
    )
    assert totals_in_unit_order(state) == [55, -160, -80]
    assert ranks_in_unit_order(state) == [1, 3, 2]
    assert [row.unit for row in state.standings] == [0, 2, 1]
    assert state.next is not None and state.next.hints == NeededHints((945, 1160, 1080))


def test_equal_negative_totals_share_a_rank_and_the_next_rank_skips() -> None:
    state = play_round(new_match(GAME, 3), rounds(out(20), entry(False, 0, 40), entry(False, 0, 40)))
    assert totals_in_unit_order(state) == [20, -40, -40]
    assert ranks_in_unit_order(state) == [1, 2, 2]


def test_a_unit_passing_the_target_does_not_win_when_another_passes_higher() -> None:
    """Several units pass the target in the same deal: the highest total wins."""
    state = play_round(new_match(GAME, 3, options={"target": 100}), rounds(stay(10, 5), out(95), stay(25, 5)))
    assert not state.finished
    # Bram (95) passes 100 with the deal's lowest score; Anna passes it from 5 and ends higher.
    final = play_round(state, rounds(stay(120, 10), out(10), stay(50, 5)))
    assert totals_in_unit_order(final) == [115, 105, 65]
    assert ranks_in_unit_order(final) == [1, 2, 3]
    assert final.finished
    assert final.winners == (0,)


def test_reaching_the_target_exactly_ends_the_match() -> None:
    final = play_round(new_match(GAME, 2, options={"target": 50}), rounds(out(50), stay(10, 5)))
    assert final.finished and final.winners == (0,) and final.next is None


def test_the_match_goes_on_while_every_total_is_below_the_target() -> None:
    final = play_round(new_match(GAME, 2, options={"target": 55}), rounds(out(50), stay(10, 5)))
    assert not final.finished and final.winners == ()


def test_a_tied_highest_total_above_the_target_shares_the_win_among_three() -> None:
    final = play_round(new_match(GAME, 3, options={"target": 50}), rounds(out(60), stay(65, 5), stay(50, 5)))
    assert totals_in_unit_order(final) == [60, 60, 45]
    assert final.winners == (0, 1)


def test_only_a_units_total_not_one_seats_score_ends_a_team_match() -> None:
    """Anna's seat alone scores 200 of a target of 150, but her team totals 100: not over."""
    state = new_match(GAME, 4, teams=[[0, 2], [1, 3]], options={"target": 150})
    after = play_round(state, rounds(out(200), stay(50, 10), entry(False, 0, 100), stay(30, 10)))
    assert after.scores[-1] == (100, 60)
    assert not after.finished


def test_the_dealer_passes_clockwise_from_any_first_dealer() -> None:
    state = new_match(GAME, 5, dealer=3)
    dealers = []
    for _ in range(7):
        assert state.next is not None
        dealers.append(state.next.dealer)
        state = play_round(state, rounds(out(10), *[stay(5, 5)] * 4))
    assert dealers == [3, 4, 0, 1, 2, 3, 4]


# --- The queen of spades and jokers options ----------------------------------------------------


@pytest.mark.parametrize(
    ("queen_of_spades", "jokers", "points"),
    [(100, 4, 1080), (50, 4, 980), (200, 0, 1180), (5, 2, 840), (100, 0, 980), (100, 2, 1030)],
)
def test_pack_points_follow_the_options(queen_of_spades: int, jokers: int, points: int) -> None:
    """780 + 2 x queen_of_spades + 25 x jokers."""
    assert pack_points(queen_of_spades, jokers) == points == 780 + 2 * queen_of_spades + 25 * jokers


@pytest.mark.parametrize(("queen_of_spades", "jokers"), [(200, 0), (5, 2), (100, 0), (50, 1)])
def test_more_points_than_cards_uses_the_pack_points_of_the_options(
    queen_of_spades: int, jokers: int
) -> None:
    limit = 780 + 2 * queen_of_spades + 25 * jokers
    state = new_match(GAME, 2, options={"queen_of_spades": queen_of_spades, "jokers": jokers, "target": 5000})
    at_limit = rounds(out(limit - 20), stay(0, 20))
    assert play_round(state, at_limit).scores[-1] == (limit - 20, -20)
    over = rounds(out(limit - 15), stay(0, 20))
    assert errors_of(state, over) == [("more_points_than_cards", "", {"points": limit + 5, "limit": limit})]


def test_queen_of_spades_option_sets_the_value_of_qs_cards_on_table_and_in_hand() -> None:
    state = new_match(GAME, 2, options={"queen_of_spades": 250})
    body = rounds(
        {"went_out": True, "table_cards": {"QS": 1, "Q": 1, "K": 1}, "hand_cards": {}},
        {"went_out": False, "table_points": 0, "hand_cards": {"QS": 1}},
    )
    assert play_round(state, body).scores[-1] == (270, -250)


def test_queen_of_spades_points_at_the_default_value_mismatch_a_changed_option() -> None:
    state = new_match(GAME, 2, options={"queen_of_spades": 50})
    body = rounds(out(), {"went_out": False, "table_points": 0, "hand_points": 100, "hand_cards": {"QS": 1}})
    assert errors_of(state, body) == [
        ("points_mismatch", "entries.1.hand_points", {"points": 100, "cards": 50})
    ]


def test_plain_queens_are_worth_10_whatever_the_queen_of_spades_option() -> None:
    state = new_match(GAME, 2, options={"queen_of_spades": 5})
    body = rounds(
        {"went_out": True, "table_cards": {"Q": 3, "QS": 2}, "hand_points": 0},
        stay(0, 5),
    )
    assert play_round(state, body).scores[-1] == (40, -5)


def test_with_no_jokers_a_joker_is_too_many_cards_not_an_unknown_card() -> None:
    """Cards that exist: "joker": the jokers option. (Spec silent on unknown_card here; the pack
    table makes "joker" a rank of Duizenden whose limit is the option.)"""
    state = new_match(GAME, 2, options={"jokers": 0})
    body = rounds({"went_out": True, "table_cards": {"joker": 1, "A": 2}, "hand_points": 0}, stay())
    assert errors_of(state, body) == [("too_many_cards", "entries.0.table_cards.joker", {"limit": 0})]
    zero = rounds({"went_out": True, "table_cards": {"joker": 0, "A": 2}, "hand_points": 0}, stay())
    assert play_round(state, zero).scores[-1] == (40, 30)


def test_jokers_option_limits_the_jokers_of_a_round() -> None:
    state = new_match(GAME, 3, options={"jokers": 2})
    body = rounds(
        {"went_out": True, "table_cards": {"joker": 1}, "hand_points": 0},
        {"went_out": False, "table_points": 0, "hand_cards": {"joker": 1}},
        {"went_out": False, "table_cards": {"joker": 1}, "hand_points": 5},
    )
    assert errors_of(state, body) == [("too_many_cards", "entries.2.table_cards.joker", {"limit": 2})]


# --- Card limits: Q 6, QS 2, others 8; table_cards read before hand_cards ----------------------


def test_six_queens_and_two_queens_of_spades_fit_but_a_seventh_queen_does_not() -> None:
    state = new_match(GAME, 2)
    fits = rounds(
        {"went_out": True, "table_cards": {"Q": 4, "QS": 1}, "hand_points": 0},
        {"went_out": False, "table_cards": {"Q": 2}, "hand_cards": {"QS": 1}},
    )
    assert play_round(state, fits).scores[-1] == (140, -80)
    seven = rounds(
        {"went_out": True, "table_cards": {"Q": 4}, "hand_points": 0},
        {"went_out": False, "table_cards": {"Q": 3}, "hand_points": 10},
    )
    assert errors_of(state, seven) == [("too_many_cards", "entries.1.table_cards.Q", {"limit": 6})]


def test_table_cards_are_read_before_hand_cards_whatever_the_key_order_posted() -> None:
    state = new_match(GAME, 2)
    body = rounds(
        {"went_out": False, "hand_cards": {"QS": 2}, "table_cards": {"QS": 1}},
        out(),
    )
    assert errors_of(state, body) == [("too_many_cards", "entries.0.hand_cards.QS", {"limit": 2})]


def test_too_many_cards_names_the_key_where_the_running_count_first_goes_over() -> None:
    """Nine aces over three seats: the ninth is in seat 2's hand; one error per rank."""
    state = new_match(GAME, 3)
    body = rounds(
        {"went_out": True, "table_cards": {"A": 4, "K": 5}, "hand_cards": {}},
        {"went_out": False, "table_cards": {"A": 3, "K": 3}, "hand_cards": {"A": 1}},
        {"went_out": False, "table_cards": {"K": 1}, "hand_cards": {"A": 1, "K": 2}},
    )
    assert sorted(refusal(state, body)) == [
        ("too_many_cards", "entries.2.hand_cards.A"),
        ("too_many_cards", "entries.2.table_cards.K"),
    ]


def test_cards_sent_beside_agreeing_points_still_count_towards_the_limits() -> None:
    state = new_match(GAME, 2)
    body = rounds(
        {"went_out": True, "table_points": 200, "table_cards": {"QS": 2}, "hand_points": 0},
        {"went_out": False, "table_points": 100, "table_cards": {"QS": 1}, "hand_points": 5},
    )
    assert refusal(state, body) == [("too_many_cards", "entries.1.table_cards.QS")]


def test_both_points_and_cards_that_agree_are_accepted() -> None:
    state = new_match(GAME, 2)
    body = rounds(
        {
            "went_out": True,
            "table_points": 60,
            "table_cards": {"A": 2, "5": 4},
            "hand_points": 0,
            "hand_cards": {},
        },
        {"went_out": False, "table_points": 0, "hand_points": 125, "hand_cards": {"QS": 1, "joker": 1}},
    )
    assert play_round(state, body).scores[-1] == (60, -125)


# --- points_mismatch: "no other check of that entry is reported" --------------------------------


def test_points_mismatch_hides_the_other_checks_of_its_entry_only() -> None:
    state = new_match(GAME, 3)
    body = rounds(
        # Seat 0 went out with a hand: hidden, its table disagrees with its cards.
        {"went_out": True, "table_points": 50, "table_cards": {"A": 2}, "hand_points": 10},
        # Seat 1 did not go out but holds nothing: reported.
        stay(40, 0),
        stay(30, 20),
    )
    assert refusal(state, body) == [
        ("points_mismatch", "entries.0.table_points"),
        ("zero_without_going_out", "entries.1.hand_points"),
    ]


def test_points_mismatch_on_the_hand_names_hand_points() -> None:
    state = new_match(GAME, 2)
    body = rounds(out(), {"went_out": False, "table_points": 0, "hand_points": 20, "hand_cards": {"K": 1}})
    assert errors_of(state, body) == [
        ("points_mismatch", "entries.1.hand_points", {"points": 20, "cards": 10})
    ]


def test_points_mismatch_hides_too_many_cards_at_its_own_keys() -> None:
    state = new_match(GAME, 2)
    body = rounds(
        {"went_out": True, "table_points": 200, "table_cards": {"QS": 3}, "hand_points": 0},
        stay(),
    )
    assert refusal(state, body) == [("points_mismatch", "entries.0.table_points")]


def test_points_mismatch_does_not_hide_round_checks_or_other_entries() -> None:
    state = new_match(GAME, 3)
    body = rounds(
        {"went_out": False, "table_points": 10, "table_cards": {"A": 1}, "hand_points": 5},
        stay(40, 5),
        {"went_out": False, "table_cards": {"QS": 3}, "hand_points": 5},
    )
    assert sorted(refusal(state, body)) == [
        ("points_mismatch", "entries.0.table_points"),
        ("too_many_cards", "entries.2.table_cards.QS"),
        ("went_out_count", ""),
    ]


def test_more_points_than_cards_is_not_checked_when_a_round_has_a_points_mismatch() -> None:
    """Decision: only checked when every entry's points are known."""
    state = new_match(GAME, 2)
    body = rounds(
        out(1000),
        {"went_out": False, "table_points": 500, "table_cards": {"A": 1}, "hand_points": 5},
    )
    assert refusal(state, body) == [("points_mismatch", "entries.1.table_points")]


def test_more_points_than_cards_counts_card_maps_at_their_value() -> None:
    """Two queens of spades at 400 each: 780 + 800 + 100 = 1680 in the packs; 1685 is refused."""
    state = new_match(GAME, 2, options={"queen_of_spades": 400})
    body = rounds(
        {"went_out": True, "table_points": 880, "hand_points": 0},
        {"went_out": False, "table_cards": {"QS": 2}, "hand_points": 5},
    )
    assert errors_of(state, body) == [("more_points_than_cards", "", {"points": 1685, "limit": 1680})]


# --- Hand checks: the field is hand_points when sent, else hand_cards -------------------------


def test_went_out_with_cards_names_hand_cards_when_only_cards_were_sent() -> None:
    state = new_match(GAME, 2)
    body = rounds({"went_out": True, "table_points": 100, "hand_cards": {"3": 1}}, stay())
    assert errors_of(state, body) == [("went_out_with_cards", "entries.0.hand_cards", {"points": 5})]


def test_zero_without_going_out_names_an_empty_hand_map() -> None:
    state = new_match(GAME, 2)
    body = rounds(out(), {"went_out": False, "table_points": 50, "hand_cards": {"K": 0}})
    assert refusal(state, body) == [("zero_without_going_out", "entries.1.hand_cards")]


def test_nobody_out_and_an_empty_hand_report_both_rule_errors() -> None:
    state = new_match(GAME, 2)
    assert sorted(refusal(state, rounds(stay(50, 0), stay(40, 10)))) == [
        ("went_out_count", ""),
        ("zero_without_going_out", "entries.0.hand_points"),
    ]


# --- Form checks ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "code"),
    [
        pytest.param(-3, "negative", id="negative-before-not-multiple-of-5"),
        pytest.param(-5, "negative", id="negative"),
        pytest.param(7, "not_multiple_of_5", id="not-multiple-of-5"),
        pytest.param(2.0, "invalid", id="float-2.0"),
        pytest.param(-2.5, "invalid", id="negative-fraction-is-invalid-first"),
        pytest.param("-5", "invalid", id="string"),
        pytest.param(True, "invalid", id="boolean-true"),
        pytest.param(False, "invalid", id="boolean-false"),
        pytest.param(None, "invalid", id="null"),
        pytest.param([5], "invalid", id="list"),
    ],
)
def test_points_form_errors_keep_the_first_failure_in_spec_order(value: object, code: str) -> None:
    state = new_match(GAME, 2)
    assert refusal(state, rounds(out(), stay(50, value))) == [(code, "entries.1.hand_points")]


@pytest.mark.parametrize(
    ("count", "code"),
    [
        pytest.param(-1, "negative", id="negative"),
        pytest.param(1.0, "invalid", id="float"),
        pytest.param(True, "invalid", id="boolean"),
        pytest.param("1", "invalid", id="string"),
        pytest.param(None, "invalid", id="null"),
    ],
)
def test_card_count_form_errors(count: object, code: str) -> None:
    state = new_match(GAME, 2)
    body = rounds(out(), {"went_out": False, "table_points": 0, "hand_cards": {"K": count}})
    assert refusal(state, body) == [(code, "entries.1.hand_cards.K")]


@pytest.mark.parametrize("key", ["q", "qs", "Qs", "JOKER", "Joker", "1", "11", "B", "Q♠", ""])
def test_keys_that_are_not_rank_keys_are_unknown_cards(key: str) -> None:
    state = new_match(GAME, 2)
    body = rounds(out(), {"went_out": False, "table_points": 0, "hand_cards": {key: 1}})
    assert refusal(state, body) == [("unknown_card", f"entries.1.hand_cards.{key}")]


def test_every_rank_key_and_qs_and_joker_are_known_with_their_values() -> None:
    state = new_match(GAME, 2, options={"target": 5000})
    table = {"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 1}
    table |= {"10": 1, "J": 1, "Q": 1, "K": 1, "A": 1, "QS": 1, "joker": 1}
    body = rounds({"went_out": True, "table_cards": table, "hand_points": 0}, stay(0, 5))
    assert play_round(state, body).scores[-1] == (8 * 5 + 4 * 10 + 20 + 100 + 25, -5)


def test_form_errors_are_all_listed_and_stop_the_rule_checks() -> None:
    """Two went out (a rule error) is not reported while form errors stand."""
    state = new_match(GAME, 3)
    body = {
        "entries": [
            {"went_out": 1, "table_points": 15, "hand_points": 0, "bonus": 5},
            {"went_out": True, "table_points": 12, "hand_cards": {"X": 1, "K": -2}},
            {"went_out": True, "hand_points": -5},
        ],
        "dealer": 1,
    }
    assert sorted(refusal(state, body)) == sorted(
        [
            ("invalid", "dealer"),
            ("invalid", "entries.0.went_out"),
            ("invalid", "entries.0.bonus"),
            ("not_multiple_of_5", "entries.1.table_points"),
            ("unknown_card", "entries.1.hand_cards.X"),
            ("negative", "entries.1.hand_cards.K"),
            ("required", "entries.2.table_points"),
            ("negative", "entries.2.hand_points"),
        ]
    )


@pytest.mark.parametrize(
    ("went_out", "code"),
    [(0, "invalid"), (1, "invalid"), ("true", "invalid"), (None, "invalid")],
)
def test_went_out_must_be_a_json_boolean(went_out: object, code: str) -> None:
    state = new_match(GAME, 2)
    body = rounds(out(), {"went_out": went_out, "table_points": 0, "hand_points": 5})
    assert refusal(state, body) == [(code, "entries.1.went_out")]


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        pytest.param({"0": out(), "1": stay()}, [("invalid", "entries")], id="object"),
        pytest.param("entries", [("invalid", "entries")], id="string"),
        pytest.param(2, [("invalid", "entries")], id="number"),
        pytest.param(True, [("invalid", "entries")], id="boolean"),
        pytest.param([], [("wrong_entry_count", "entries")], id="empty-list"),
        pytest.param([out(), stay(), stay()], [("wrong_entry_count", "entries")], id="too-many"),
    ],
)
def test_entries_must_be_a_list_of_one_entry_per_seat(entries: object, expected: list) -> None:
    assert refusal(new_match(GAME, 2), {"entries": entries}) == expected


def test_a_map_that_is_not_an_object_is_invalid_and_map_keys_are_not_entry_keys() -> None:
    state = new_match(GAME, 2)
    body = rounds(
        {"went_out": True, "table_cards": [["A", 2]], "hand_points": 0},
        {"went_out": False, "table_points": 0, "hand_points": 5, "K": 1},
    )
    assert sorted(refusal(state, body)) == [("invalid", "entries.0.table_cards"), ("invalid", "entries.1.K")]


# --- Options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"target": 0}, ("invalid", "options.target")),
        ({"target": 3}, ("invalid", "options.target")),
        ({"target": -1000}, ("invalid", "options.target")),
        ({"target": 1001}, ("not_multiple_of_5", "options.target")),
        ({"target": 1000.0}, ("invalid", "options.target")),
        ({"target": "1000"}, ("invalid", "options.target")),
        ({"target": True}, ("invalid", "options.target")),
        ({"queen_of_spades": 0}, ("invalid", "options.queen_of_spades")),
        ({"queen_of_spades": 52}, ("not_multiple_of_5", "options.queen_of_spades")),
        ({"queen_of_spades": -100}, ("invalid", "options.queen_of_spades")),
        ({"jokers": 5}, ("invalid", "options.jokers")),
        ({"jokers": -1}, ("invalid", "options.jokers")),
        ({"jokers": 2.0}, ("invalid", "options.jokers")),
        ({"jokers": False}, ("invalid", "options.jokers")),
        ({"joker": 2}, ("unknown_option", "options.joker")),
    ],
)
def test_refuses_option_values_outside_the_allowed_set(options: dict, expected: tuple[str, str]) -> None:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, 3, options=options)
    assert [(e.code, e.field) for e in caught.value.errors] == [expected]


@pytest.mark.parametrize(
    "options",
    [{"target": 5}, {"target": 100000}, {"queen_of_spades": 5}, {"jokers": 0}, {"jokers": 4}],
)
def test_accepts_the_edges_of_the_allowed_option_values(options: dict) -> None:
    setup = create_setup(GAME, 3, options=options)
    assert dict(setup.options) == {"target": 1000, "queen_of_spades": 100, "jokers": 4} | options


def test_target_5_ends_the_match_after_the_first_positive_deal() -> None:
    final = play_round(new_match(GAME, 2, options={"target": 5}), rounds(out(5), stay(5, 5)))
    assert final.finished and final.winners == (0,)


# --- Corrections -------------------------------------------------------------------------------


def test_a_correction_that_ends_the_match_earlier_refuses_the_next_stored_round() -> None:
    setup = create_setup(GAME, 2, options={"target": 300})
    bodies = [rounds(out(100), stay(50, 10)), rounds(out(100), stay(50, 10)), rounds(out(100), stay(50, 10))]
    with pytest.raises(Refused) as caught:
        correct_round(GAME, setup, bodies, 1, rounds(out(300), stay(50, 10)))
    assert [(e.code, e.field) for e in caught.value.errors] == [("match_finished", "rounds.2")]
    assert not caught.value.finished  # HTTP 400 for a correction, not 409


def test_a_correction_that_keeps_the_match_going_recomputes_the_end() -> None:
    setup = create_setup(GAME, 2, options={"target": 200})
    bodies = [rounds(out(100), stay(50, 10)), rounds(out(100), stay(50, 10))]
    state = correct_round(GAME, setup, bodies, 2, rounds(out(95), stay(50, 10)))
    assert not state.finished
    assert totals_in_unit_order(state) == [195, 80]
    assert state.next is not None and state.next.hints == NeededHints((5, 120))
