"""Barbuse engine tests: the spec's worked examples as tables, one test per refusal, properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Refused
from scoring.games.barbuse import (
    CODES,
    CONTRACT_FIELDS,
    CONTRACTS,
    DEALS,
    GAME,
    KNOBBELEN_PENALTY,
)
from scoring.match import MatchState, create_setup, play_round, replay
from tests.scoring.support import (
    new_match,
    play_all,
    ranks_in_unit_order,
    refusal,
    totals_in_unit_order,
)

ALL = list(CONTRACTS)


def body(contract: str | None, *entries: object) -> dict[str, Any]:
    round_body: dict[str, Any] = {"entries": list(entries)}
    if contract is not None:
        round_body["contract"] = contract
    return round_body


def knobbelen(*pairs: tuple[int, int]) -> dict[str, Any]:
    return body("knobbelen", *({"bid": bid, "tricks": tricks} for bid, tricks in pairs))


def queens(*counts: object) -> dict[str, Any]:
    return body("no_queens", *({"queens": count} for count in counts))


def hearts(*counts: int) -> dict[str, Any]:
    return body("no_hearts", *({"hearts": count} for count in counts))


def places(*order: int) -> dict[str, Any]:
    return body("aanleggen", *({"place": place} for place in order))


def king(seat: int | None, *, also: int | None = None) -> dict[str, Any]:
    return body("no_king_of_hearts", *({"king": s in (seat, also)} for s in range(4)))


def contracts_left(state: MatchState) -> list[str]:
    assert state.next is not None and state.next.hints is not None
    return list(state.next.hints.contracts_left)


# --- Example 1: the first spelmaker's five deals, default options ---------------------------

EXAMPLE_1 = [
    # (round, scores, totals, ranks, next dealer, contracts_left)
    (
        knobbelen((3, 3), (2, 3), (1, 1), (2, 2)),
        [0, 80, 0, 0],
        [0, 80, 0, 0],
        [1, 4, 1, 1],
        0,
        ["no_queens", "no_hearts", "aanleggen", "no_king_of_hearts"],
    ),
    (
        queens(1, 0, 2, 1),
        [20, 0, 40, 20],
        [20, 80, 40, 20],
        [1, 4, 3, 1],
        0,
        ["no_hearts", "aanleggen", "no_king_of_hearts"],
    ),
    (
        hearts(2, 4, 0, 3),
        [20, 40, 0, 30],
        [40, 120, 40, 50],
        [1, 4, 1, 3],
        0,
        ["aanleggen", "no_king_of_hearts"],
    ),
    (places(2, 4, 1, 3), [10, 50, 0, 30], [50, 170, 40, 80], [2, 4, 1, 3], 0, ["no_king_of_hearts"]),
    (king(2), [0, 0, 80, 0], [50, 170, 120, 80], [1, 4, 3, 2], 1, ALL),
]
EXAMPLE_1_ROUNDS = [row[0] for row in EXAMPLE_1]


@pytest.mark.parametrize("deal", range(1, 6))
def test_example_1_scores_each_deal_of_the_first_spelmaker(deal: int) -> None:
    round_body, scores, totals, ranks, dealer, left = EXAMPLE_1[deal - 1]
    state = play_all(new_match(GAME, 4), EXAMPLE_1_ROUNDS[: deal - 1])
    assert state.next is not None and state.next.dealer == 0
    state = play_round(state, round_body)
    assert list(state.scores[-1]) == scores
    assert totals_in_unit_order(state) == totals
    assert ranks_in_unit_order(state) == ranks
    assert state.next is not None
    assert (state.next.number, state.next.dealer) == (deal + 1, dealer)
    assert contracts_left(state) == left
    assert not state.finished and state.winners == ()


def test_example_1_refuses_knobbelen_whose_tricks_add_up_to_8() -> None:
    round_body = knobbelen((3, 3), (2, 3), (1, 1), (2, 1))
    assert refusal(new_match(GAME, 4), round_body) == [("tricks_total", "")]


def test_example_1_standings_after_five_deals_are_best_first() -> None:
    state = play_all(new_match(GAME, 4), EXAMPLE_1_ROUNDS)
    rows = [(row.unit, row.total, row.rank) for row in state.standings]
    assert rows == [(0, 50, 1), (3, 80, 2), (2, 120, 3), (1, 170, 4)]
    assert state.next is not None
    assert (state.next.number, state.next.dealer, contracts_left(state)) == (6, 1, ALL)
    assert not state.finished and state.winners == ()


def test_a_new_match_starts_with_the_first_spelmaker_and_every_contract() -> None:
    state = new_match(GAME, 4)
    assert state.next is not None
    assert (state.next.number, state.next.dealer, contracts_left(state)) == (1, 0, ALL)
    assert ranks_in_unit_order(state) == [1, 1, 1, 1]


# --- Example 2: other penalties, Dirk first spelmaker -----------------------------------------

EXAMPLE_2_OPTIONS = {"all_hearts_bonus": 50, "king_of_hearts_penalty": 100}
EXAMPLE_2 = [
    (
        hearts(0, 0, 9, 0),
        [0, 0, -50, 0],
        [0, 0, -50, 0],
        [2, 2, 1, 2],
        ["knobbelen", "no_queens", "aanleggen", "no_king_of_hearts"],
    ),
    (
        knobbelen((2, 3), (3, 3), (2, 2), (2, 1)),
        [20, 20, 0, 20],
        [20, 20, -50, 20],
        [2, 2, 1, 2],
        ["no_queens", "aanleggen", "no_king_of_hearts"],
    ),
    (king(0), [100, 0, 0, 0], [120, 20, -50, 20], [4, 2, 1, 2], ["no_queens", "aanleggen"]),
]
EXAMPLE_2_ROUNDS = [row[0] for row in EXAMPLE_2]


def example_2_match() -> MatchState:
    return new_match(GAME, 4, options=EXAMPLE_2_OPTIONS, dealer=3)


@pytest.mark.parametrize("deal", range(1, 4))
def test_example_2_uses_the_options_and_dirk_as_spelmaker(deal: int) -> None:
    round_body, scores, totals, ranks, left = EXAMPLE_2[deal - 1]
    state = play_all(example_2_match(), EXAMPLE_2_ROUNDS[: deal - 1])
    state = play_round(state, round_body)
    assert list(state.scores[-1]) == scores
    assert totals_in_unit_order(state) == totals
    assert ranks_in_unit_order(state) == ranks
    assert state.next is not None
    assert (state.next.number, state.next.dealer) == (deal + 1, 3)
    assert contracts_left(state) == left


def test_example_2_stores_the_options() -> None:
    assert dict(example_2_match().setup.options) == EXAMPLE_2_OPTIONS


@pytest.mark.parametrize(
    ("round_body", "expected"),
    [
        pytest.param(hearts(3, 2, 2, 2), [("contract_already_played", "contract")], id="no_hearts-again"),
        pytest.param(queens(1, 1, 1, 2), [("queens_total", "")], id="five-queens"),
    ],
)
def test_example_2_refuses_rounds_after_deal_3(round_body: dict[str, Any], expected: list) -> None:
    state = play_all(example_2_match(), EXAMPLE_2_ROUNDS)
    assert refusal(state, round_body) == expected


# --- Example 3: a whole match of 20 deals ------------------------------------------------------

EXAMPLE_3 = [
    # (round, spelmaker, scores, totals, ranks, finished)
    (queens(0, 1, 2, 1), 0, [0, 20, 40, 20], [0, 20, 40, 20], [1, 2, 4, 2], False),
    (knobbelen((1, 3), (1, 2), (1, 2), (1, 2)), 0, [10, 10, 10, 10], [10, 30, 50, 30], [1, 2, 4, 2], False),
    (places(1, 2, 3, 4), 0, [0, 10, 30, 50], [10, 40, 80, 80], [1, 2, 3, 3], False),
    (hearts(3, 3, 2, 1), 0, [30, 30, 20, 10], [40, 70, 100, 90], [1, 2, 4, 3], False),
    (king(3), 0, [0, 0, 0, 80], [40, 70, 100, 170], [1, 2, 3, 4], False),
    (knobbelen((2, 2), (4, 4), (0, 1), (2, 2)), 1, [0, 0, 80, 0], [40, 70, 180, 170], [1, 2, 4, 3], False),
    (hearts(0, 9, 0, 0), 1, [0, -90, 0, 0], [40, -20, 180, 170], [2, 1, 4, 3], False),
    (king(0), 1, [80, 0, 0, 0], [120, -20, 180, 170], [2, 1, 4, 3], False),
    (queens(1, 1, 1, 1), 1, [20, 20, 20, 20], [140, 0, 200, 190], [2, 1, 4, 3], False),
    (places(3, 1, 4, 2), 1, [30, 0, 50, 10], [170, 0, 250, 200], [2, 1, 4, 3], False),
    (places(2, 3, 1, 4), 2, [10, 30, 0, 50], [180, 30, 250, 250], [2, 1, 3, 3], False),
    (queens(2, 0, 0, 2), 2, [40, 0, 0, 40], [220, 30, 250, 290], [2, 1, 3, 4], False),
    (knobbelen((3, 2), (3, 2), (2, 3), (1, 2)), 2, [0, 0, 80, 0], [220, 30, 330, 290], [2, 1, 4, 3], False),
    (king(1), 2, [0, 80, 0, 0], [220, 110, 330, 290], [2, 1, 4, 3], False),
    (hearts(1, 2, 4, 2), 2, [10, 20, 40, 20], [230, 130, 370, 310], [2, 1, 4, 3], False),
    (hearts(2, 1, 3, 3), 3, [20, 10, 30, 30], [250, 140, 400, 340], [2, 1, 4, 3], False),
    (knobbelen((2, 2), (2, 2), (3, 4), (3, 1)), 3, [0, 0, 40, 40], [250, 140, 440, 380], [2, 1, 4, 3], False),
    (places(4, 2, 1, 3), 3, [50, 10, 0, 30], [300, 150, 440, 410], [2, 1, 4, 3], False),
    (queens(0, 3, 1, 0), 3, [0, 60, 20, 0], [300, 210, 460, 410], [2, 1, 4, 3], False),
    (king(2), 3, [0, 0, 80, 0], [300, 210, 540, 410], [2, 1, 4, 3], True),
]
EXAMPLE_3_ROUNDS = [row[0] for row in EXAMPLE_3]


@pytest.mark.parametrize("deal", range(1, 21))
def test_example_3_scores_every_deal_of_a_whole_match(deal: int) -> None:
    round_body, spelmaker, scores, totals, ranks, finished = EXAMPLE_3[deal - 1]
    state = play_all(new_match(GAME, 4), EXAMPLE_3_ROUNDS[: deal - 1])
    assert state.next is not None and state.next.dealer == spelmaker
    state = play_round(state, round_body)
    assert list(state.scores[-1]) == scores
    assert totals_in_unit_order(state) == totals
    assert ranks_in_unit_order(state) == ranks
    assert state.finished is finished
    assert state.winners == ((1,) if finished else ())


def test_example_3_finishes_after_deal_20_with_bram_the_only_winner() -> None:
    state = play_all(new_match(GAME, 4), EXAMPLE_3_ROUNDS)
    assert state.finished
    assert state.next is None
    assert state.outlook.dealer is None
    assert state.winners == (1,)
    assert [row.unit for row in state.standings] == [1, 0, 3, 2]


def test_example_3_refuses_a_21st_deal_as_match_finished() -> None:
    state = play_all(new_match(GAME, 4), EXAMPLE_3_ROUNDS)
    round_body = knobbelen((2, 2), (2, 2), (3, 3), (2, 2))
    with pytest.raises(Refused) as refused:
        play_round(state, round_body)
    assert [(e.code, e.field) for e in refused.value.errors] == [("match_finished", "")]
    assert refused.value.finished


def test_replaying_example_3_gives_the_same_state_as_posting_it() -> None:
    posted = play_all(new_match(GAME, 4), EXAMPLE_3_ROUNDS)
    assert replay(GAME, posted.setup, EXAMPLE_3_ROUNDS) == posted


# --- Example 4: refused rounds after deal 2 of example 1 --------------------------------------

EXAMPLE_4 = [
    pytest.param(
        knobbelen((2, 2), (2, 2), (3, 3), (2, 2)),
        [("contract_already_played", "contract")],
        id="1-knobbelen-again",
    ),
    pytest.param(
        {"contract": "barbu", "entries": hearts(2, 4, 0, 3)["entries"]},
        [("unknown_contract", "contract")],
        id="2-unknown-contract",
    ),
    pytest.param(body(None, *hearts(2, 4, 0, 3)["entries"]), [("required", "contract")], id="3-no-contract"),
    pytest.param(hearts(2, 4, 0, 2), [("hearts_total", "")], id="4-eight-hearts"),
    pytest.param(places(1, 2, 2, 4), [("places", "")], id="5-two-seconds"),
    pytest.param(places(1, 2, 5, 3), [("invalid", "entries.2.place")], id="6-place-5"),
    pytest.param(king(0, also=2), [("king_count", "")], id="7-two-kings"),
    pytest.param(
        body("no_hearts", {"hearts": 2}, {"hearts": 4}, {"hearts": 3}),
        [("wrong_entry_count", "entries")],
        id="8-three-entries",
    ),
]


@pytest.mark.parametrize(("round_body", "expected"), EXAMPLE_4)
def test_example_4_refuses_each_broken_round(round_body: dict[str, Any], expected: list) -> None:
    state = play_all(new_match(GAME, 4), EXAMPLE_1_ROUNDS[:2])
    assert refusal(state, round_body) == expected


# --- one test per refusal code ---------------------------------------------------------------


def errors_of(state: MatchState, round_body: object) -> list[tuple[str, str, dict[str, object]]]:
    with pytest.raises(Refused) as refused:
        play_round(state, round_body)
    return [(e.code, e.field, dict(e.params)) for e in refused.value.errors]


def test_refuses_round_without_contract_as_required() -> None:
    entries = queens(1, 1, 1, 1)["entries"]
    assert refusal(new_match(GAME, 4), {"contract": None, "entries": entries}) == [("required", "contract")]


def test_refuses_contract_that_is_not_a_string_as_invalid() -> None:
    assert refusal(new_match(GAME, 4), {"contract": 3, "entries": []}) == [("invalid", "contract")]


def test_refuses_unknown_contract_naming_it() -> None:
    [(code, field, params)] = errors_of(new_match(GAME, 4), {"contract": "barbu", "entries": []})
    assert (code, field, params["contract"]) == ("unknown_contract", "contract", "barbu")


def test_refuses_contract_the_spelmaker_already_played_naming_contract_and_seat() -> None:
    state = play_all(new_match(GAME, 4, dealer=2), [queens(1, 1, 1, 1)])
    [(code, field, params)] = errors_of(state, queens(1, 1, 1, 1))
    assert (code, field, params) == (
        "contract_already_played",
        "contract",
        {"contract": "no_queens", "spelmaker": 2},
    )


def test_next_spelmaker_may_choose_a_contract_the_previous_one_played() -> None:
    state = play_all(new_match(GAME, 4), EXAMPLE_3_ROUNDS[:5])
    state = play_round(state, queens(1, 1, 1, 1))
    assert list(state.scores[-1]) == [20, 20, 20, 20]


def test_a_contract_error_is_the_only_error_answered() -> None:
    state = play_all(new_match(GAME, 4), EXAMPLE_1_ROUNDS[:1])
    broken = {"contract": "knobbelen", "entries": [{"bid": -1}], "extra": 1}
    assert refusal(state, broken) == [("contract_already_played", "contract")]
    assert refusal(state, {"entries": "nope", "extra": 1}) == [("required", "contract")]


def test_refuses_wrong_entry_count_with_expected_and_got() -> None:
    [(code, field, params)] = errors_of(new_match(GAME, 4), body("no_queens", *[{"queens": 1}] * 5))
    assert (code, field, params) == ("wrong_entry_count", "entries", {"expected": 4, "got": 5})


@pytest.mark.parametrize(
    ("round_body", "expected"),
    [
        pytest.param("knobbelen", [("invalid", "")], id="body-not-object"),
        pytest.param({"contract": "no_queens"}, [("required", "entries")], id="entries-missing"),
        pytest.param(
            {"contract": "no_queens", "entries": {}}, [("invalid", "entries")], id="entries-not-list"
        ),
        pytest.param(
            {**queens(1, 1, 1, 1), "dealer": 0}, [("invalid", "dealer")], id="unknown-top-level-key"
        ),
        pytest.param(
            body("no_queens", None, {"queens": 1}, "x", {"queens": 1}),
            [("required", "entries.0"), ("invalid", "entries.2")],
            id="entry-null-or-not-object",
        ),
        pytest.param(
            body("no_queens", {}, *[{"queens": 1}] * 3), [("required", "entries.0.queens")], id="key-missing"
        ),
        pytest.param(
            body("no_queens", {"queens": 1, "bid": 0}, *[{"queens": 1}] * 3),
            [("invalid", "entries.0.bid")],
            id="key-of-another-contract",
        ),
        pytest.param(
            queens(1, "1", 1.0, True),
            [
                ("invalid", "entries.1.queens"),
                ("invalid", "entries.2.queens"),
                ("invalid", "entries.3.queens"),
            ],
            id="not-integers",
        ),
        pytest.param(queens(5, 0, 0, 0), [("invalid", "entries.0.queens")], id="five-queens-for-one"),
        pytest.param(hearts(10, 0, 0, 0), [("invalid", "entries.0.hearts")], id="ten-hearts"),
        pytest.param(knobbelen((10, 9), (0, 0), (0, 0), (0, 0)), [("invalid", "entries.0.bid")], id="bid-10"),
        pytest.param(
            knobbelen((0, 10), (0, 0), (0, 0), (0, 0)), [("invalid", "entries.0.tricks")], id="tricks-10"
        ),
        pytest.param(places(0, 1, 2, 3), [("invalid", "entries.0.place")], id="place-0"),
        pytest.param(
            king(None) | {"entries": [{"king": 1}, *king(None)["entries"][1:]]},
            [("invalid", "entries.0.king")],
            id="king-not-boolean",
        ),
        pytest.param(
            body("no_king_of_hearts", {}, {"king": True}, {"king": False}, {"king": False}),
            [("required", "entries.0.king")],
            id="king-missing",
        ),
    ],
)
def test_refuses_malformed_round_with_every_form_error(round_body: object, expected: list) -> None:
    assert refusal(new_match(GAME, 4), round_body) == expected


@pytest.mark.parametrize(
    ("round_body", "field"),
    [
        (knobbelen((-1, 3), (2, 2), (2, 2), (2, 2)), "entries.0.bid"),
        (knobbelen((3, 3), (2, -1), (2, 2), (2, 2)), "entries.1.tricks"),
        (queens(-1, 1, 2, 2), "entries.0.queens"),
        (hearts(3, 3, 3, -1), "entries.3.hearts"),
    ],
)
def test_refuses_negative_counts_as_invalid_like_any_value_out_of_range(
    round_body: object, field: str
) -> None:
    [(code, got_field, params)] = errors_of(new_match(GAME, 4), round_body)
    assert (code, got_field) == ("invalid", field)
    assert params["minimum"] == 0


def test_form_errors_stop_before_the_rule_checks() -> None:
    """Queens that also fail to add up are not reported while a form error stands."""
    assert refusal(new_match(GAME, 4), queens(4, 4, 4, "x")) == [("invalid", "entries.3.queens")]


@pytest.mark.parametrize(
    ("round_body", "code", "params"),
    [
        (knobbelen((3, 3), (2, 3), (1, 1), (2, 3)), "tricks_total", {"expected": 9, "got": 10}),
        (queens(1, 1, 1, 0), "queens_total", {"expected": 4, "got": 3}),
        (hearts(9, 1, 0, 0), "hearts_total", {"expected": 9, "got": 10}),
        (places(4, 3, 3, 1), "places", {"places": (4, 3, 3, 1), "players": 4}),
        (king(None), "king_count", {"expected": 1, "got": 0}),
        (king(0, also=3), "king_count", {"expected": 1, "got": 2}),
    ],
)
def test_refuses_round_that_does_not_add_up(round_body: object, code: str, params: dict) -> None:
    assert errors_of(new_match(GAME, 4), round_body) == [(code, "", params)]


def test_codes_are_the_game_specific_rule_codes() -> None:
    assert (
        frozenset(
            {
                "unknown_contract",
                "contract_already_played",
                "tricks_total",
                "queens_total",
                "hearts_total",
                "places",
                "king_count",
            }
        )
        == CODES
        == GAME.codes
    )


# --- scoring details ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "scores"),
    [
        pytest.param([(2, 2), (2, 2), (2, 2), (3, 3)], [0, 0, 0, 80], id="bids-9-targets-2-one-failer"),
        pytest.param([(0, 0), (0, 0), (4, 4), (5, 5)], [10, 10, 10, 10], id="bids-9-everyone-misses-2"),
        pytest.param([(3, 3), (3, 3), (1, 3), (1, 0)], [0, 0, 40, 40], id="two-failers"),
        pytest.param([(0, 9), (0, 0), (0, 0), (0, 0)], [80, 0, 0, 0], id="one-failer"),
    ],
)
def test_knobbelen_penalises_each_failer_by_the_number_of_failers(pairs: list, scores: list[int]) -> None:
    state = play_round(new_match(GAME, 4), knobbelen(*pairs))
    assert list(state.scores[-1]) == scores


def test_knobbelen_penalty_table_matches_the_spec() -> None:
    assert dict(KNOBBELEN_PENALTY) == {1: 80, 2: 40, 3: 20, 4: 10}


def test_all_nine_hearts_score_minus_the_default_bonus() -> None:
    state = play_round(new_match(GAME, 4), hearts(0, 0, 0, 9))
    assert list(state.scores[-1]) == [0, 0, 0, -90]


def test_king_of_hearts_costs_80_by_default() -> None:
    state = play_round(new_match(GAME, 4), king(1))
    assert list(state.scores[-1]) == [0, 80, 0, 0]


def test_zero_penalty_options_are_allowed() -> None:
    state = new_match(GAME, 4, options={"all_hearts_bonus": 0, "king_of_hearts_penalty": 0})
    state = play_all(state, [hearts(9, 0, 0, 0), king(1)])
    assert state.scores == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_every_contract_has_its_entry_fields() -> None:
    assert {contract: [f.key for f in fields] for contract, fields in CONTRACT_FIELDS.items()} == {
        "knobbelen": ["bid", "tricks"],
        "no_queens": ["queens"],
        "no_hearts": ["hearts"],
        "aanleggen": ["place"],
        "no_king_of_hearts": ["king"],
    }


@pytest.mark.parametrize(
    ("dealer", "spelmakers"),
    [(0, [0, 1, 2, 3]), (3, [3, 0, 1, 2]), (2, [2, 3, 0, 1])],
)
def test_each_seat_is_spelmaker_for_five_deals_in_a_row_clockwise(dealer: int, spelmakers: list[int]) -> None:
    state = new_match(GAME, 4, dealer=dealer)
    seen = []
    for round_body in EXAMPLE_3_ROUNDS:
        assert state.next is not None
        seen.append(state.next.dealer)
        state = play_round(state, round_body)
    assert seen == [seat for seat in spelmakers for _ in range(5)]
    assert state.finished


# --- setup ------------------------------------------------------------------------------------


def setup_errors(players: int, **kwargs: Any) -> list[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        create_setup(GAME, players, **kwargs)
    return [(e.code, e.field) for e in refused.value.errors]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_refuses_any_player_count_but_four(players: int) -> None:
    assert setup_errors(players) == [("wrong_player_count", "players")]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"bonus": 90}, [("unknown_option", "options.bonus")]),
        ({"all_hearts_bonus": -10}, [("invalid", "options.all_hearts_bonus")]),
        ({"all_hearts_bonus": "90"}, [("invalid", "options.all_hearts_bonus")]),
        ({"king_of_hearts_penalty": 75.0}, [("invalid", "options.king_of_hearts_penalty")]),
        ({"king_of_hearts_penalty": 84}, [("not_multiple_of_5", "options.king_of_hearts_penalty")]),
        ("loud", [("invalid", "options")]),
    ],
)
def test_refuses_bad_options(options: object, expected: list) -> None:
    assert setup_errors(4, options=options) == expected


def test_fills_in_default_options() -> None:
    assert dict(create_setup(GAME, 4).options) == {"all_hearts_bonus": 90, "king_of_hearts_penalty": 80}


@pytest.mark.parametrize("teams", [[[0, 2], [1, 3]], [[0], [1], [2], [3]]])
def test_refuses_any_teams(teams: object) -> None:
    assert setup_errors(4, teams=teams) == [("invalid", "teams")]


@pytest.mark.parametrize("dealer", [4, -1, "0"])
def test_refuses_first_spelmaker_who_is_not_a_seat(dealer: object) -> None:
    assert setup_errors(4, dealer=dealer) == [("invalid", "dealer")]


# --- properties -------------------------------------------------------------------------------


def partition(total: int) -> st.SearchStrategy[list[int]]:
    """Four counts of 0 or more adding up to ``total``."""
    return (
        st.lists(st.integers(0, total), min_size=3, max_size=3)
        .map(sorted)
        .map(lambda cuts: [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)])
    )


@st.composite
def valid_round(draw: st.DrawFn, contract: str) -> dict[str, Any]:
    if contract == "knobbelen":
        bids = draw(st.lists(st.integers(0, 9), min_size=4, max_size=4))
        return knobbelen(*zip(bids, draw(partition(9)), strict=True))
    if contract == "no_queens":
        return queens(*draw(partition(4)))
    if contract == "no_hearts":
        return hearts(*draw(partition(9)))
    if contract == "aanleggen":
        return places(*draw(st.permutations([1, 2, 3, 4])))
    return king(draw(st.integers(0, 3)))


@st.composite
def valid_match(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Match options and a valid run of 0 to 20 rounds."""
    options = {
        "all_hearts_bonus": draw(st.integers(0, 40)) * 5,
        "king_of_hearts_penalty": draw(st.integers(0, 40)) * 5,
    }
    count = draw(st.integers(0, DEALS))
    order = [c for _ in range(4) for c in draw(st.permutations(CONTRACTS))]
    rounds = [draw(valid_round(contract)) for contract in order[:count]]
    return {"options": options, "dealer": draw(st.integers(0, 3))}, rounds


@settings(max_examples=60, deadline=None)
@given(valid_match())
def test_replaying_the_same_rounds_gives_the_same_state(match: tuple[dict[str, Any], list]) -> None:
    kwargs, rounds = match
    posted = play_all(new_match(GAME, 4, **kwargs), rounds)
    assert replay(GAME, posted.setup, rounds) == posted
    assert replay(GAME, posted.setup, rounds) == replay(GAME, posted.setup, rounds)


@settings(max_examples=60, deadline=None)
@given(valid_match())
def test_totals_equal_the_sum_of_round_scores(match: tuple[dict[str, Any], list]) -> None:
    kwargs, rounds = match
    state = play_all(new_match(GAME, 4, **kwargs), rounds)
    sums = [sum(scores[seat] for scores in state.scores) for seat in range(4)]
    assert totals_in_unit_order(state) == sums == list(state.totals)
    assert state.finished is (len(rounds) == DEALS)


def broken(round_body: dict[str, Any]) -> dict[str, Any]:
    """The same round with its first entry pushed one over what the deal can hold."""
    entries = [dict(entry) for entry in round_body["entries"]]
    key = next(iter(entries[0]))
    value = entries[0][key]
    entries[0][key] = (not value) if isinstance(value, bool) else (value + 1 if key != "place" else 5)
    if key == "bid":
        entries[0]["tricks"] += 1
    return {"contract": round_body["contract"], "entries": entries}


@settings(max_examples=60, deadline=None)
@given(valid_match(), st.data())
def test_a_refused_round_leaves_the_state_unchanged(
    match: tuple[dict[str, Any], list], data: st.DataObject
) -> None:
    kwargs, rounds = match
    state = play_all(new_match(GAME, 4, **kwargs), rounds)
    if state.finished:
        bad: object = knobbelen((2, 2), (2, 2), (3, 3), (2, 2))
    else:
        assert state.next is not None
        bad = broken(data.draw(valid_round(data.draw(st.sampled_from(contracts_left(state))))))
    before = (state.scores, state.progress, state.outlook)
    with pytest.raises(Refused):
        play_round(state, bad)
    assert (state.scores, state.progress, state.outlook) == before
    assert replay(GAME, state.setup, rounds) == state
