"""Canasta engine tests: the spec's worked examples as tables, one test per refusal code, the
set-up rules and the fold's invariants (spec/games/canasta.md)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Refused
from scoring.games.canasta import (
    CODES,
    GAME,
    MINIMUM_MELD_TABLE,
    card_limits,
    minimum_meld,
    red_three_value,
)
from scoring.match import create_setup, play_round, replay
from tests.scoring.support import new_match, play_all, ranks_in_unit_order, refusal, totals_in_unit_order


def side(
    went_out: bool, natural: int, mixed: int, red_threes: int, meld: int | None, hand: int | None, **more: Any
) -> dict[str, Any]:
    """One entry as the spec writes it; ``None`` leaves a points field out (a map replaces it)."""
    entry: dict[str, Any] = {"went_out": went_out}
    if "concealed" in more:
        entry["concealed"] = more.pop("concealed")
    entry |= {"natural_canastas": natural, "mixed_canastas": mixed}
    entry |= {key: more.pop(key) for key in list(more) if key.endswith("_canastas")}
    entry["red_threes"] = red_threes
    if meld is not None:
        entry["meld_points"] = meld
    if hand is not None:
        entry["hand_points"] = hand
    return entry | more


def deal(*entries: dict[str, Any]) -> dict[str, Any]:
    return {"entries": list(entries)}


# --- the worked examples ----------------------------------------------------------------------

EXAMPLE_1 = {"players": 4, "dealer": 3}
EXAMPLE_1_DEALS = [
    deal(side(True, 1, 1, 1, 310, 25), side(False, 0, 0, 1, 0, 115)),
    deal(side(False, 0, 1, 2, 245, 60), side(True, 1, 0, 0, 180, 40, concealed=True)),
    deal(side(True, 2, 1, 4, 420, 0), side(False, 0, 1, 0, 185, 95)),
    deal(side(False, 1, 0, 1, 150, 35), side(True, 1, 2, 1, 390, 30)),
]
EXAMPLE_2 = {"players": 2, "options": {"canastas_to_go_out": 2}}
EVA_MELD = {"A": 7, "K": 5, "2": 2, "7": 3}
FIEN_MELD = {"Q": 3, "9": 3, "joker": 1}
FIEN_HAND = {"3": 1, "5": 2, "joker": 1, "8": 2}
EXAMPLE_2_DEALS = [
    deal(
        side(True, 0, 1, 1, None, None, natural_ace_canastas=1, meld_cards=EVA_MELD, hand_cards={}),
        side(False, 0, 0, 0, None, None, meld_cards=FIEN_MELD, hand_cards=FIEN_HAND),
    ),
    deal(side(False, 0, 0, 2, 0, 140), side(True, 1, 0, 0, 480, 0, concealed=True, wild_canastas=1)),
]
EXAMPLE_3 = {"players": 6, "teams": [[0, 3], [1, 4], [2, 5]], "options": {"special_canastas": False}}
EXAMPLE_3_DEALS = [
    deal(side(False, 1, 1, 5, 350, 45), side(False, 0, 1, 1, 160, 80), side(False, 0, 0, 0, 0, 210)),
    deal(side(False, 0, 0, 0, 95, 60), side(False, 0, 0, 0, 0, 150), side(True, 1, 1, 6, 260, 20)),
]


def after(match: dict[str, Any], deals: list[dict[str, Any]], played: int, *expected: Any, id: str) -> Any:
    return pytest.param(match, deals, played, *expected, id=id)


# After deal k: scores, totals, ranks, status, next dealer, minimum_meld, winners.
EXAMPLE_RESULTS = [
    after(EXAMPLE_1, EXAMPLE_1_DEALS, 1, [1285, -215], [1285, -215], [1, 2], "in_progress", 0, [50, 15], [],
          id="example1-deal1"),
    after(EXAMPLE_1, EXAMPLE_1_DEALS, 2, [685, 840], [1970, 625], [1, 2], "in_progress", 1, [90, 50], [],
          id="example1-deal2"),
    after(EXAMPLE_1, EXAMPLE_1_DEALS, 3, [2620, 390], [4590, 1015], [1, 2], "in_progress", 2, [120, 50], [],
          id="example1-deal3"),
    after(EXAMPLE_1, EXAMPLE_1_DEALS, 4, [715, 1660], [5305, 2675], [1, 2], "finished", None, None, [0],
          id="example1-deal4"),
    after(EXAMPLE_2, EXAMPLE_2_DEALS, 1, [1545, 25], [1545, 25], [1, 2], "in_progress", 1, [90, 50], [],
          id="example2-deal1"),
    after(EXAMPLE_2, EXAMPLE_2_DEALS, 2, [-340, 2180], [1205, 2205], [2, 1], "in_progress", 0, [50, 90], [],
          id="example2-deal2"),
    after(EXAMPLE_3, EXAMPLE_3_DEALS, 1, [2105, 480, -210], [2105, 480, -210], [1, 2, 3], "in_progress", 1,
          [90, 50, 15], [], id="example3-deal1"),
    after(EXAMPLE_3, EXAMPLE_3_DEALS, 2, [35, -150, 2340], [2140, 330, 2130], [1, 3, 2], "in_progress", 2,
          [90, 50, 90], [], id="example3-deal2"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("match", "deals", "played", "scores", "totals", "ranks", "status", "dealer", "minimum", "winners"),
    EXAMPLE_RESULTS,
)
def test_worked_examples_score_rank_and_hint_each_deal(
    match, deals, played, scores, totals, ranks, status, dealer, minimum, winners
) -> None:
    state = play_all(new_match(GAME, **match), deals[:played])
    assert list(state.scores[-1]) == scores
    assert totals_in_unit_order(state) == totals
    assert list(state.totals) == totals
    assert ranks_in_unit_order(state) == ranks
    assert ("finished" if state.finished else "in_progress") == status
    assert list(state.winners) == winners
    if dealer is None:
        assert state.next is None
    else:
        assert state.next is not None and state.next.hints is not None
        assert (state.next.number, state.next.dealer) == (played + 1, dealer)
        assert list(state.next.hints.minimum_meld) == minimum


def test_example_1_dealer_deals_first_and_both_sides_start_at_minimum_50() -> None:
    state = new_match(GAME, **EXAMPLE_1)
    assert state.next is not None and state.next.hints is not None
    assert (state.next.number, state.next.dealer, list(state.next.hints.minimum_meld)) == (1, 3, [50, 50])


def test_example_1_final_standings_list_team_rows_best_first() -> None:
    state = play_all(new_match(GAME, **EXAMPLE_1), EXAMPLE_1_DEALS)
    rows = [(row.unit, row.seats, row.total, row.rank) for row in state.standings]
    assert rows == [(0, (0, 2), 5305, 1), (1, (1, 3), 2675, 2)]


# (match, its deals, deals played before, refused body, expected errors)
EXAMPLE_REFUSALS = [
    pytest.param(
        EXAMPLE_2, EXAMPLE_2_DEALS, 0, deal(side(True, 0, 1, 1, 245, 0), side(False, 0, 0, 0, 110, 85)),
        [("went_out_without_canasta", "entries.0.went_out")], id="example2-one-canasta-of-two",
    ),
    pytest.param(
        EXAMPLE_2, EXAMPLE_2_DEALS, 1,
        deal(side(False, 0, 0, 2, 0, 140), side(True, 1, 0, 0, 480, 10, concealed=True, wild_canastas=1)),
        [("went_out_with_cards", "entries.1.hand_points")], id="example2-alone-out-with-cards",
    ),
    pytest.param(
        EXAMPLE_3, EXAMPLE_3_DEALS, 0,
        deal(side(False, 1, 1, 5, 350, 45), side(False, 0, 1, 2, 160, 80), side(False, 0, 0, 0, 0, 210)),
        [("too_many_red_threes", "")], id="example3-seven-red-threes",
    ),
    pytest.param(
        EXAMPLE_3, EXAMPLE_3_DEALS, 0,
        deal(
            side(False, 1, 1, 5, 350, 45),
            side(False, 0, 1, 1, 160, 80),
            side(False, 0, 0, 0, 0, 210, wild_canastas=0),
        ),
        [("invalid", "entries.2.wild_canastas")], id="example3-special-count-while-off",
    ),
    pytest.param(
        EXAMPLE_3, EXAMPLE_3_DEALS, 1,
        deal(side(False, 0, 0, 0, 85, 60), side(False, 0, 0, 0, 0, 150), side(True, 1, 1, 6, 260, 20)),
        [("below_minimum_meld", "entries.0.meld_points")], id="example3-85-below-90",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1, deal(side(True, 1, 0, 0, 200, 0), side(True, 1, 0, 0, 150, 0)),
        [("went_out_count", "")], id="example4-1-both-out",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1,
        deal(side(True, 1, 0, 1, 200, 30), side(False, 0, 0, 0, 120, 40, concealed=True)),
        [("concealed_without_going_out", "entries.1.concealed")], id="example4-2-concealed-not-out",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1, deal(side(True, 0, 0, 0, 200, 0), side(False, 0, 0, 0, 120, 40)),
        [("went_out_without_canasta", "entries.0.went_out")], id="example4-3-out-without-canasta",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1, deal(side(True, 1, 0, 3, 200, 0), side(False, 0, 0, 2, 120, 40)),
        [("too_many_red_threes", "")], id="example4-4-five-red-threes",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1, deal(side(True, 2, 0, 0, 60, 0), side(False, 0, 0, 0, 120, 40)),
        [("canastas_exceed_meld", "entries.0.meld_points")], id="example4-5-two-canastas-in-60",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1, deal(side(False, 0, 0, 0, 45, 30), side(True, 1, 0, 0, 150, 0)),
        [("below_minimum_meld", "entries.0.meld_points")], id="example4-6-45-below-50",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1, deal(side(True, 1, 0, 0, 242, 0), side(False, 0, 0, 0, 120, 40)),
        [("not_multiple_of_5", "entries.0.meld_points")], id="example4-7-242",
    ),
    pytest.param(
        EXAMPLE_1, EXAMPLE_1_DEALS, 1,
        deal(side(True, 1, 0, 0, 200, 0), side(False, 0, 0, 0, 100, 40, meld_cards={"K": 7})),
        [("points_mismatch", "entries.1.meld_points")], id="example4-8-seven-kings-not-100",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("match", "deals", "played", "body", "expected"), EXAMPLE_REFUSALS)
def test_worked_example_refusals_give_exactly_their_error_and_store_nothing(
    match, deals, played, body, expected
) -> None:
    state = play_all(new_match(GAME, **match), deals[:played])
    assert refusal(state, body) == expected
    following = play_round(state, deals[played])  # the example goes on from the same state
    assert following.played == played + 1


def test_example_1_refuses_a_deal_after_the_match_is_finished() -> None:
    state = play_all(new_match(GAME, **EXAMPLE_1), EXAMPLE_1_DEALS)
    assert refusal(state, EXAMPLE_1_DEALS[0]) == [("match_finished", "")]


# --- one test per refusal code ----------------------------------------------------------------

OUT = side(True, 1, 0, 0, 200, 0)
STAYED = side(False, 0, 0, 0, 120, 40)


def two_players(*entries: dict[str, Any], options: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    return refusal(new_match(GAME, 2, options=options), deal(*entries))


def test_refuses_round_without_entries_as_required() -> None:
    assert refusal(new_match(GAME, 2), {}) == [("required", "entries")]


def test_refuses_unknown_top_level_key_as_invalid() -> None:
    assert refusal(new_match(GAME, 2), deal(OUT, STAYED) | {"contract": 1}) == [("invalid", "contract")]


def test_refuses_entries_for_seats_when_playing_in_teams_as_wrong_entry_count() -> None:
    assert refusal(new_match(GAME, 4), deal(OUT, STAYED, STAYED, STAYED)) == [
        ("wrong_entry_count", "entries")
    ]


@pytest.mark.parametrize("key", ["went_out", "natural_canastas", "mixed_canastas", "red_threes"])
def test_refuses_entry_missing_a_required_key(key: str) -> None:
    entry = {k: v for k, v in STAYED.items() if k != key}
    assert two_players(OUT, entry) == [("required", f"entries.1.{key}")]


@pytest.mark.parametrize(("missing", "field"), [("meld", "meld_points"), ("hand", "hand_points")])
def test_refuses_entry_without_points_or_cards_at_the_points_field(missing: str, field: str) -> None:
    entry = {k: v for k, v in STAYED.items() if not k.startswith(missing)}
    assert two_players(OUT, entry) == [("required", f"entries.1.{field}")]


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("went_out", 1, "went_out"),
        ("concealed", "yes", "concealed"),
        ("mixed_canastas", 1.0, "mixed_canastas"),
        ("red_threes", True, "red_threes"),
        ("hand_points", "40", "hand_points"),
        ("hand_cards", [1], "hand_cards"),
        ("hand_cards", {"K": "4"}, "hand_cards.K"),
        ("wild_cards", 0, "wild_cards"),
    ],
)
def test_refuses_wrong_types_and_unknown_keys_as_invalid(key: str, value: object, field: str) -> None:
    assert two_players(OUT, STAYED | {key: value}) == [("invalid", f"entries.1.{field}")]


@pytest.mark.parametrize("key", ["natural_ace_canastas", "mixed_ace_canastas", "wild_canastas"])
def test_refuses_special_canasta_counts_when_special_canastas_are_off(key: str) -> None:
    errors = two_players(OUT, STAYED | {key: 0}, options={"special_canastas": False})
    assert errors == [("invalid", f"entries.1.{key}")]


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("red_threes", -1, "red_threes"),
        ("natural_canastas", -1, "natural_canastas"),
        ("wild_canastas", -1, "wild_canastas"),
        ("meld_points", -5, "meld_points"),
        ("hand_cards", {"4": -1}, "hand_cards.4"),
    ],
)
def test_refuses_negative_numbers(key: str, value: object, field: str) -> None:
    assert two_players(OUT, STAYED | {key: value}) == [("negative", f"entries.1.{field}")]


def test_refuses_hand_points_not_a_multiple_of_5() -> None:
    assert two_players(OUT, STAYED | {"hand_points": 42}) == [("not_multiple_of_5", "entries.1.hand_points")]


@pytest.mark.parametrize("key", ["red3", "QS", "1"])
def test_refuses_card_keys_that_are_not_canasta_ranks(key: str) -> None:
    assert two_players(OUT, STAYED | {"hand_cards": {key: 1}}) == [
        ("unknown_card", f"entries.1.hand_cards.{key}")
    ]


def test_reports_every_form_error_and_no_rule_error() -> None:
    errors = two_players(side(True, 0, 0, 9, 200, 3), side(True, 0, 0, 0, -5, 40))
    assert errors == [("not_multiple_of_5", "entries.0.hand_points"), ("negative", "entries.1.meld_points")]


def test_refuses_more_aces_than_two_packs_hold_at_the_map_key_that_goes_over() -> None:
    errors = two_players(
        side(True, 1, 0, 0, None, 0, meld_cards={"A": 5, "4": 2}),
        side(False, 0, 0, 0, 120, None, hand_cards={"A": 4}),
    )
    assert errors == [("too_many_cards", "entries.1.hand_cards.A")]


def test_reads_meld_cards_before_hand_cards_for_too_many_cards() -> None:
    errors = two_players(
        OUT, side(False, 0, 0, 0, None, None, meld_cards={"joker": 3}, hand_cards={"joker": 2})
    )
    assert errors == [("too_many_cards", "entries.1.hand_cards.joker")]


def test_three_packs_hold_six_black_threes() -> None:
    hands = {"hand_cards": {"3": 6}}
    state = new_match(GAME, 2, options={"packs": 3})
    assert play_round(state, deal(OUT, side(False, 0, 0, 0, 120, None, **hands))).scores == ((800, 90),)
    assert refusal(new_match(GAME, 2), deal(OUT, side(False, 0, 0, 0, 120, None, **hands))) == [
        ("too_many_cards", "entries.1.hand_cards.3")
    ]


def test_refuses_hand_points_that_disagree_with_the_hand_cards() -> None:
    errors = two_players(OUT, STAYED | {"hand_cards": {"joker": 1}})
    assert errors == [("points_mismatch", "entries.1.hand_points")]


def test_points_mismatch_hides_the_sides_later_checks() -> None:
    errors = two_players(OUT, side(False, 0, 0, 0, 20, 40, concealed=True, meld_cards={"K": 3}))
    assert errors == [("points_mismatch", "entries.1.meld_points")]


def test_refuses_two_sides_going_out() -> None:
    assert two_players(OUT, OUT) == [("went_out_count", "")]


def test_refuses_more_red_threes_than_the_packs_hold() -> None:
    errors = two_players(side(True, 1, 0, 3, 200, 0), side(False, 0, 0, 2, 120, 40))
    assert errors == [("too_many_red_threes", "")]


def test_refuses_concealed_for_a_side_that_did_not_go_out() -> None:
    assert two_players(OUT, STAYED | {"concealed": True}) == [
        ("concealed_without_going_out", "entries.1.concealed")
    ]


def test_refuses_going_out_without_a_canasta() -> None:
    assert two_players(side(True, 0, 0, 0, 200, 0), STAYED) == [
        ("went_out_without_canasta", "entries.0.went_out")
    ]


def test_refuses_a_player_alone_going_out_with_cards_in_hand() -> None:
    assert two_players(side(True, 1, 0, 0, 200, 5), STAYED) == [
        ("went_out_with_cards", "entries.0.hand_points")
    ]


def test_a_partner_may_hold_cards_when_the_side_went_out() -> None:
    state = play_round(new_match(GAME, 4), deal(side(True, 1, 0, 0, 200, 5), STAYED))
    assert state.scores == ((795, 80),)


def test_refuses_canastas_that_need_more_meld_than_was_entered() -> None:
    errors = two_players(OUT, side(False, 1, 1, 0, 80, 40, wild_canastas=1))
    assert errors == [("canastas_exceed_meld", "entries.1.meld_points")]


def test_canastas_exceed_meld_hides_below_minimum_meld() -> None:
    assert two_players(OUT, side(False, 1, 0, 0, 30, 40)) == [
        ("canastas_exceed_meld", "entries.1.meld_points")
    ]


def test_refuses_a_meld_below_the_minimum_first_meld() -> None:
    assert two_players(OUT, side(False, 0, 0, 0, 45, 40)) == [("below_minimum_meld", "entries.1.meld_points")]


def test_names_the_meld_map_when_no_meld_points_were_sent() -> None:
    errors = two_players(OUT, side(False, 0, 0, 0, None, 40, meld_cards={"K": 3}))
    assert errors == [("below_minimum_meld", "entries.1.meld_cards")]


def test_reports_every_rule_error_of_the_round_together() -> None:
    errors = two_players(side(True, 0, 0, 3, 45, 10), side(True, 0, 0, 2, 120, 40, concealed=False))
    assert sorted(errors) == sorted(
        [
            ("went_out_count", ""),
            ("too_many_red_threes", ""),
            ("went_out_without_canasta", "entries.0.went_out"),
            ("went_out_with_cards", "entries.0.hand_points"),
            ("below_minimum_meld", "entries.0.meld_points"),
            ("went_out_without_canasta", "entries.1.went_out"),
            ("went_out_with_cards", "entries.1.hand_points"),
        ]
    )


def test_game_codes_are_the_rule_codes_it_raises() -> None:
    assert (
        frozenset(
            {
                "went_out_count",
                "too_many_red_threes",
                "concealed_without_going_out",
                "went_out_without_canasta",
                "went_out_with_cards",
                "canastas_exceed_meld",
                "below_minimum_meld",
            }
        )
        == CODES
        == GAME.codes
    )


# --- scoring details --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (99995, 120)],
)
def test_minimum_meld_follows_the_table(total: int, minimum: int) -> None:
    assert minimum_meld(total) == minimum


def test_minimum_meld_table_starts_below_zero() -> None:
    assert MINIMUM_MELD_TABLE[0] == (None, 15)


@pytest.mark.parametrize(
    ("count", "packs", "value"),
    [(0, 2, 0), (3, 2, 300), (4, 2, 800), (4, 3, 400), (5, 3, 1000), (6, 3, 1200)],
)
def test_red_threes_are_100_each_and_more_as_a_full_set(count: int, packs: int, value: int) -> None:
    assert red_three_value(count, packs) == value


def test_three_packs_hold_twelve_of_a_rank_six_black_threes_and_six_jokers() -> None:
    limits = card_limits(3)
    assert (limits["K"], limits["3"], limits["joker"]) == (12, 6, 6)


def test_concealed_bonus_option_replaces_the_going_out_bonus() -> None:
    state = new_match(GAME, 2, options={"concealed_bonus": 300})
    state = play_round(state, deal(side(True, 1, 0, 0, 200, 0, concealed=True), STAYED))
    assert state.scores == ((1000, 80),)


def test_match_ends_after_the_deal_in_which_a_side_reaches_the_target() -> None:
    state = play_all(
        new_match(GAME, 3, options={"target": 1500}), [deal(OUT, STAYED, STAYED), deal(STAYED, OUT, STAYED)]
    )
    assert (state.finished, state.winners, totals_in_unit_order(state)) == (False, (), [880, 880, 160])
    state = play_round(state, deal(OUT, STAYED, STAYED))
    assert (state.finished, state.winners, state.next) == (True, (0,), None)


def test_sides_equal_on_top_share_the_win() -> None:
    state = play_round(new_match(GAME, 2, options={"target": 880}), deal(OUT, side(False, 0, 0, 0, 120, 40)))
    state = play_round(state, deal(side(False, 0, 0, 0, 120, 40), OUT))
    assert state.finished
    assert state.winners == (0, 1)
    assert ranks_in_unit_order(state) == [1, 1]


def test_deal_passes_seat_by_seat_in_partnerships() -> None:
    state = new_match(GAME, 4, dealer=2)
    dealers = []
    for _ in range(3):
        assert state.next is not None
        dealers.append(state.next.dealer)
        state = play_round(state, deal(side(False, 0, 0, 0, 0, 0), side(False, 0, 0, 0, 0, 0)))
    assert dealers == [2, 3, 0]


# --- set-up -----------------------------------------------------------------------------------


def setup_errors(players: int, **kwargs: Any) -> list[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        create_setup(GAME, players, **kwargs)
    return [(error.code, error.field) for error in refused.value.errors]


@pytest.mark.parametrize("players", [1, 5, 7])
def test_refuses_player_counts_other_than_2_3_4_6(players: int) -> None:
    assert setup_errors(players) == [("wrong_player_count", "players")]


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (4, ((0, 2), (1, 3))),
        (6, ((0, 2, 4), (1, 3, 5))),
        (2, None),
        (3, None),
    ],
)
def test_default_teams_are_partnerships_for_four_and_threes_for_six(players: int, teams: object) -> None:
    assert create_setup(GAME, players).teams == teams


@pytest.mark.parametrize(
    ("players", "teams"),
    [(4, [[0, 1], [2, 3]]), (6, [[0, 1, 2], [3, 4, 5]]), (6, [[0, 3], [1, 4], [2, 5]])],
)
def test_accepts_two_pairs_or_for_six_two_threes_or_three_pairs(players: int, teams: list[list[int]]) -> None:
    setup = create_setup(GAME, players, teams=teams)
    assert setup.units == tuple(tuple(team) for team in teams)


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (2, [[0], [1]]),
        (3, [[0], [1, 2]]),
        (4, [[0, 1, 2], [3]]),
        (4, [[0], [1], [2], [3]]),
        (4, [[0, 1, 2, 3]]),
        (6, [[0, 1, 2, 3], [4, 5]]),
        (6, [[0, 1, 2, 3, 4, 5]]),
        (6, [[0], [1], [2], [3], [4], [5]]),
    ],
)
def test_refuses_team_shapes_the_game_does_not_allow(players: int, teams: list[list[int]]) -> None:
    assert setup_errors(players, teams=teams) == [("invalid", "teams")]


@pytest.mark.parametrize(("players", "packs"), [(2, 2), (3, 2), (4, 2), (6, 3)])
def test_fills_in_default_options_with_packs_by_player_count(players: int, packs: int) -> None:
    assert dict(create_setup(GAME, players).options) == {
        "target": 5000,
        "special_canastas": True,
        "concealed_bonus": 200,
        "canastas_to_go_out": 1,
        "packs": packs,
    }


def test_accepts_three_packs_for_four_players() -> None:
    assert create_setup(GAME, 4, options={"packs": 3}).option("packs") == 3


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"target": 4997}, ("not_multiple_of_5", "options.target")),
        ({"target": 0}, ("invalid", "options.target")),
        ({"target": "5000"}, ("invalid", "options.target")),
        ({"concealed_bonus": 203}, ("not_multiple_of_5", "options.concealed_bonus")),
        ({"concealed_bonus": -5}, ("invalid", "options.concealed_bonus")),
        ({"canastas_to_go_out": 3}, ("invalid", "options.canastas_to_go_out")),
        ({"packs": 4}, ("invalid", "options.packs")),
        ({"special_canastas": 1}, ("invalid", "options.special_canastas")),
        ({"jokers": 4}, ("unknown_option", "options.jokers")),
    ],
)
def test_refuses_option_values_outside_their_rules(
    options: dict[str, Any], expected: tuple[str, str]
) -> None:
    assert setup_errors(4, options=options) == [expected]


# --- invariants -------------------------------------------------------------------------------

points = st.integers(min_value=0, max_value=120).map(lambda n: n * 5)
count = st.integers(min_value=0, max_value=2)
entries = st.fixed_dictionaries(
    {
        "went_out": st.sampled_from([False, False, False, True]),
        "natural_canastas": count,
        "mixed_canastas": count,
        "red_threes": count,
        "meld_points": points,
        "hand_points": points,
    },
    optional={
        "concealed": st.booleans(),
        "wild_canastas": st.integers(min_value=0, max_value=1),
        "hand_cards": st.dictionaries(st.sampled_from(["4", "K", "A", "joker", "3"]), count, max_size=3),
    },
)
rounds = st.lists(st.builds(deal, entries, entries), max_size=8)


def post_all(bodies: list[dict[str, Any]]) -> tuple[Any, list[dict[str, Any]]]:
    """Post every body, skipping refused ones; the final state and the accepted bodies."""
    state = new_match(GAME, 4, options={"target": 3000})
    accepted: list[dict[str, Any]] = []
    for body in bodies:
        before = state
        try:
            state = play_round(state, body)
        except Refused:
            assert state is before
            continue
        accepted.append(body)
    return state, accepted


@settings(max_examples=150, deadline=None)
@given(rounds)
def test_replaying_the_accepted_rounds_gives_the_same_state(bodies: list[dict[str, Any]]) -> None:
    state, accepted = post_all(bodies)
    again = replay(GAME, state.setup, accepted)
    assert again.scores == state.scores
    assert again.progress == state.progress
    assert again.outlook == state.outlook


@settings(max_examples=150, deadline=None)
@given(rounds)
def test_totals_are_the_sums_of_the_round_scores(bodies: list[dict[str, Any]]) -> None:
    state, _ = post_all(bodies)
    sums = [sum(scores[unit] for scores in state.scores) for unit in range(2)]
    assert totals_in_unit_order(state) == sums
    assert list(state.progress.totals) == sums


@settings(max_examples=150, deadline=None)
@given(rounds, st.builds(deal, entries, entries))
def test_a_refused_round_leaves_the_state_unchanged(
    bodies: list[dict[str, Any]], body: dict[str, Any]
) -> None:
    state, accepted = post_all(bodies)
    snapshot = (state.scores, state.progress, state.outlook)
    try:
        play_round(state, body)
    except Refused:
        stored = replay(GAME, state.setup, accepted)
        assert (stored.scores, stored.progress, stored.outlook) == snapshot
    assert (state.scores, state.progress, state.outlook) == snapshot
