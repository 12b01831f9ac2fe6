"""Barbuse edge cases the worked examples do not show, each stated as the spec text says it
(shared/spec/README.md and shared/spec/games/barbuse.md). No database: engine only."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import Refused, correct_round, play_round
from scoring.games.barbuse import GAME
from scoring.match import MatchState, create_setup
from tests.scoring.support import (
    new_match,
    play_all,
    ranks_in_unit_order,
    refusal,
    totals_in_unit_order,
)

ORDER = ["knobbelen", "no_queens", "no_hearts", "aanleggen", "no_king_of_hearts"]


def body(contract: object, *entries: object, **extra: object) -> dict[str, Any]:
    return {"contract": contract, "entries": list(entries), **extra}


def knobbelen(*pairs: tuple[object, object]) -> dict[str, Any]:
    return body("knobbelen", *({"bid": bid, "tricks": tricks} for bid, tricks in pairs))


def queens(*counts: object) -> dict[str, Any]:
    return body("no_queens", *({"queens": count} for count in counts))


def hearts(*counts: object) -> dict[str, Any]:
    return body("no_hearts", *({"hearts": count} for count in counts))


def places(*order: object) -> dict[str, Any]:
    return body("aanleggen", *({"place": place} for place in order))


def king(seat: int | None) -> dict[str, Any]:
    return body("no_king_of_hearts", *({"king": s == seat} for s in range(4)))


# One valid round per contract, so a spelmaker can choose them in any order.
VALID: dict[str, dict[str, Any]] = {
    "knobbelen": knobbelen((2, 2), (2, 2), (2, 2), (3, 3)),
    "no_queens": queens(1, 1, 1, 1),
    "no_hearts": hearts(3, 2, 2, 2),
    "aanleggen": places(1, 2, 3, 4),
    "no_king_of_hearts": king(0),
}


def next_of(state: MatchState) -> tuple[int, int, list[str]]:
    assert state.next is not None and state.next.hints is not None
    return state.next.number, state.next.dealer, list(state.next.hints.contracts_left)


# --- The spelmaker: "(dealer + (k - 1) div 5) mod 4", five deals each ------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_each_seat_is_spelmaker_for_five_deals_from_any_first_dealer(dealer: int) -> None:
    state = new_match(GAME, 4, dealer=dealer)
    spelmakers = []
    for deal in range(1, 21):
        number, spelmaker, left = next_of(state)
        assert number == deal
        spelmakers.append(spelmaker)
        # The spelmaker takes the contracts in reverse fixed order; contracts_left stays in fixed order.
        assert left == ORDER[: 5 - (deal - 1) % 5]
        state = play_round(state, VALID[left[-1]])
    assert spelmakers == [(dealer + (deal - 1) // 5) % 4 for deal in range(1, 21)]
    assert spelmakers[::5] == [dealer, (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4]
    assert state.finished and state.next is None


def test_contracts_left_keeps_the_fixed_order_whatever_the_order_chosen() -> None:
    state = new_match(GAME, 4, dealer=2)
    state = play_all(state, [VALID["aanleggen"], VALID["knobbelen"]])
    assert next_of(state) == (3, 2, ["no_queens", "no_hearts", "no_king_of_hearts"])
    state = play_all(state, [VALID["no_king_of_hearts"], VALID["no_queens"]])
    assert next_of(state) == (5, 2, ["no_hearts"])
    state = play_round(state, VALID["no_hearts"])
    assert next_of(state) == (6, 3, ORDER)


def test_a_new_spelmaker_may_choose_what_the_last_one_did_but_not_twice_himself() -> None:
    state = play_all(new_match(GAME, 4, dealer=3), [VALID[c] for c in ORDER])
    state = play_round(state, VALID["no_king_of_hearts"])  # deal 6: seat 0
    assert next_of(state) == (7, 0, ORDER[:4])
    assert refusal(state, VALID["no_king_of_hearts"]) == [("contract_already_played", "contract")]


def test_a_21st_round_after_a_match_from_dealer_3_is_match_finished() -> None:
    state = new_match(GAME, 4, dealer=3)
    for _ in range(20):
        state = play_round(state, VALID[next_of(state)[2][0]])
    assert state.finished
    with pytest.raises(Refused) as caught:
        play_round(state, VALID["knobbelen"])
    assert caught.value.finished
    assert caught.value.codes == ["match_finished"]


# --- "only that error" for a missing, unknown or already played contract ---------------------

BAD_ENTRIES = [{"queens": -1}, {"bid": 1}, None, "x"]


@pytest.mark.parametrize(
    ("round_body", "expected"),
    [
        pytest.param({"entries": BAD_ENTRIES, "spelmaker": 0}, ("required", "contract"), id="missing"),
        pytest.param(body(None, *BAD_ENTRIES), ("required", "contract"), id="null"),
        pytest.param(body(1, *BAD_ENTRIES, extra=1), ("invalid", "contract"), id="number"),
        pytest.param(body(True, *BAD_ENTRIES), ("invalid", "contract"), id="boolean"),
        pytest.param(body(["knobbelen"], *BAD_ENTRIES), ("invalid", "contract"), id="list"),
        pytest.param(body("Knobbelen", *BAD_ENTRIES), ("unknown_contract", "contract"), id="capital"),
        pytest.param(body("", *BAD_ENTRIES, extra=1), ("unknown_contract", "contract"), id="empty"),
        pytest.param(
            {"contract": "barbu", "entries": "none"}, ("unknown_contract", "contract"), id="bad-entries"
        ),
        pytest.param({"contract": "no_queens"}, ("contract_already_played", "contract"), id="no-entries"),
        pytest.param(
            body("knobbelen", *BAD_ENTRIES, extra=1), ("contract_already_played", "contract"), id="played"
        ),
    ],
)
def test_a_contract_problem_is_the_only_error_answered(round_body: object, expected: tuple[str, str]) -> None:
    state = play_all(new_match(GAME, 4), [VALID["knobbelen"], VALID["no_queens"]])
    assert refusal(state, round_body) == [expected]


def test_a_valid_contract_lets_every_form_error_of_the_round_be_listed() -> None:
    state = new_match(GAME, 4)
    round_body = body("no_queens", {"queens": -1}, {"bid": 1}, None, {"queens": 1, "hearts": 0}, spelmaker=0)
    assert sorted(refusal(state, round_body)) == sorted(
        [
            ("invalid", "spelmaker"),
            ("invalid", "entries.0.queens"),
            ("invalid", "entries.1.bid"),
            ("required", "entries.1.queens"),
            ("required", "entries.2"),
            ("invalid", "entries.3.hearts"),
        ]
    )


# --- Entries: exactly the contract's keys, JSON integers and booleans -------------------------


@pytest.mark.parametrize(
    ("round_body", "field"),
    [
        pytest.param(
            body("knobbelen", {"bid": 2, "tricks": 2, "queens": 0}, *VALID["knobbelen"]["entries"][1:]),
            "entries.0.queens",
            id="knobbelen-with-queens",
        ),
        pytest.param(
            body("no_hearts", *VALID["no_hearts"]["entries"][:3], {"hearts": 2, "king": False}),
            "entries.3.king",
            id="no-hearts-with-king",
        ),
        pytest.param(
            body("no_king_of_hearts", {"king": True, "place": 1}, *VALID["no_king_of_hearts"]["entries"][1:]),
            "entries.0.place",
            id="king-with-place",
        ),
        pytest.param(
            body("aanleggen", {"place": 1}, {"place": 2, "tricks": 0}, {"place": 3}, {"place": 4}),
            "entries.1.tricks",
            id="aanleggen-with-tricks",
        ),
        pytest.param(
            body("no_queens", {"queens": 1}, {"queens": 1, "bid": 0}, {"queens": 1}, {"queens": 1}),
            "entries.1.bid",
            id="no-queens-with-bid",
        ),
    ],
)
def test_an_entry_with_a_key_of_another_contract_is_invalid_at_that_key(
    round_body: object, field: str
) -> None:
    assert refusal(new_match(GAME, 4), round_body) == [("invalid", field)]


def test_a_misspelt_key_is_invalid_and_its_own_key_required() -> None:
    round_body = body("no_hearts", {"heart": 3}, {"hearts": 2}, {"hearts": 2}, {"hearts": 2})
    assert sorted(refusal(new_match(GAME, 4), round_body)) == [
        ("invalid", "entries.0.heart"),
        ("required", "entries.0.hearts"),
    ]


@pytest.mark.parametrize(
    ("round_body", "field"),
    [
        pytest.param(
            body("no_king_of_hearts", {"king": 1}, {"king": 0}, {"king": 0}, {"king": 0}), None, id="king-0-1"
        ),
        pytest.param(knobbelen((True, 2), (2, 2), (2, 2), (3, 3)), "entries.0.bid", id="bid-true"),
        pytest.param(knobbelen((2, 2.0), (2, 2), (2, 2), (3, 3)), "entries.0.tricks", id="tricks-2.0"),
        pytest.param(places(1, 2, 3.0, 4), "entries.2.place", id="place-3.0"),
        pytest.param(hearts(3, 2, 2, "2"), "entries.3.hearts", id="hearts-string"),
        pytest.param(queens(1, 1, 1, None), "entries.3.queens", id="queens-null"),
        pytest.param(
            body("no_king_of_hearts", {"king": "true"}, {"king": False}, {"king": False}, {"king": False}),
            "entries.0.king",
            id="king-string",
        ),
    ],
)
def test_values_must_be_json_integers_and_booleans(round_body: dict[str, Any], field: str | None) -> None:
    got = refusal(new_match(GAME, 4), round_body)
    if field is None:  # every king given as 0/1
        assert got == [("invalid", f"entries.{i}.king") for i in range(4)]
    else:
        assert got == [("invalid", field)]


@pytest.mark.parametrize(
    ("round_body", "field"),
    [
        (knobbelen((-1, 2), (2, 2), (2, 2), (3, 3)), "entries.0.bid"),
        (knobbelen((2, 2), (2, -2), (2, 2), (3, 3)), "entries.1.tricks"),
        (queens(-1, 1, 2, 2), "entries.0.queens"),
        (hearts(3, 3, 3, -5), "entries.3.hearts"),
        (places(-1, 2, 3, 4), "entries.0.place"),
        (places(0, 2, 3, 4), "entries.0.place"),
        (knobbelen((2, 2), (2, 2), (10, 2), (3, 3)), "entries.2.bid"),
        (queens(0, 0, 0, 5), "entries.3.queens"),
    ],
)
def test_a_value_outside_its_range_is_invalid_before_negative(round_body: object, field: str) -> None:
    """Ranges are `invalid` (Checks table); `invalid` comes before `negative` for one field."""
    assert refusal(new_match(GAME, 4), round_body) == [("invalid", field)]


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        pytest.param("entries", ("invalid", "entries"), id="string"),
        pytest.param({"0": {"queens": 4}}, ("invalid", "entries"), id="object"),
        pytest.param(None, ("required", "entries"), id="null"),
        pytest.param([{"queens": 4}], ("wrong_entry_count", "entries"), id="one"),
        pytest.param([{"queens": 1}] * 5, ("wrong_entry_count", "entries"), id="five"),
    ],
)
def test_entries_must_be_a_list_of_four(entries: object, expected: tuple[str, str]) -> None:
    assert refusal(new_match(GAME, 4), {"contract": "no_queens", "entries": entries}) == [expected]


def test_a_form_error_hides_the_contract_total_check() -> None:
    round_body = knobbelen((2, 9), (2, 9), (2, 9), (3, 1.0))
    assert refusal(new_match(GAME, 4), round_body) == [("invalid", "entries.3.tricks")]


# --- Scoring -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "scores"),
    [
        # Bids add up to 9: every target is 2, also for the player who bid 9.
        pytest.param([(9, 2), (0, 2), (0, 2), (0, 3)], [0, 0, 0, 80], id="bid-9-targets-2"),
        pytest.param([(0, 9), (0, 0), (0, 0), (9, 0)], [10, 10, 10, 10], id="targets-2-all-fail"),
        # Made his bid of 3 but the target is 2.
        pytest.param([(2, 2), (2, 2), (2, 2), (3, 3)], [0, 0, 0, 80], id="made-bid-but-target-2"),
        # Bids add up to 10 or 8: each target is the own bid.
        pytest.param([(3, 3), (3, 3), (3, 3), (1, 0)], [0, 0, 0, 80], id="bids-10-one-failer"),
        pytest.param([(0, 0), (0, 0), (0, 0), (0, 9)], [0, 0, 0, 80], id="all-bid-0"),
        pytest.param([(1, 1), (1, 1), (1, 3), (1, 4)], [0, 0, 40, 40], id="two-failers"),
        pytest.param([(5, 0), (1, 1), (1, 4), (1, 4)], [20, 0, 20, 20], id="three-failers"),
        pytest.param([(9, 0), (9, 0), (9, 0), (8, 9)], [10, 10, 10, 10], id="all-fail-high-bids"),
    ],
)
def test_knobbelen_targets_and_penalties(pairs: list[tuple[int, int]], scores: list[int]) -> None:
    assert play_round(new_match(GAME, 4), knobbelen(*pairs)).scores[-1] == tuple(scores)


@pytest.mark.parametrize(
    ("bonus", "counts", "scores"),
    [
        (90, (0, 0, 0, 9), (0, 0, 0, -90)),
        (0, (9, 0, 0, 0), (0, 0, 0, 0)),
        (35, (0, 9, 0, 0), (0, -35, 0, 0)),
        (90, (8, 1, 0, 0), (80, 10, 0, 0)),
        (90, (9, 0, 0, 0), (-90, 0, 0, 0)),
    ],
)
def test_all_nine_hearts_score_minus_the_option_and_the_others_zero(
    bonus: int, counts: tuple[int, ...], scores: tuple[int, ...]
) -> None:
    state = new_match(GAME, 4, options={"all_hearts_bonus": bonus})
    assert play_round(state, hearts(*counts)).scores[-1] == scores


def test_king_of_hearts_penalty_0_still_needs_exactly_one_king() -> None:
    state = new_match(GAME, 4, options={"king_of_hearts_penalty": 0})
    assert play_round(state, king(3)).scores[-1] == (0, 0, 0, 0)
    assert refusal(state, king(None)) == [("king_count", "")]


def test_king_of_hearts_penalty_follows_the_option() -> None:
    state = new_match(GAME, 4, options={"king_of_hearts_penalty": 1000})
    assert play_round(state, king(1)).scores[-1] == (0, 1000, 0, 0)


@pytest.mark.parametrize("order", [(4, 3, 2, 1), (2, 4, 1, 3), (3, 1, 4, 2)])
def test_aanleggen_scores_by_place(order: tuple[int, ...]) -> None:
    penalty = {1: 0, 2: 10, 3: 30, 4: 50}
    assert play_round(new_match(GAME, 4), places(*order)).scores[-1] == tuple(penalty[p] for p in order)


@pytest.mark.parametrize("order", [(1, 1, 1, 1), (1, 2, 3, 3), (4, 4, 2, 1)])
def test_aanleggen_places_must_each_be_given_once(order: tuple[int, ...]) -> None:
    assert refusal(new_match(GAME, 4), places(*order)) == [("places", "")]


# --- Ranks, ties and winners ---------------------------------------------------------------------


def test_negative_totals_rank_first_and_ties_share_with_the_next_rank_skipping() -> None:
    state = play_all(new_match(GAME, 4), [hearts(9, 0, 0, 0), queens(0, 2, 2, 0)])
    assert totals_in_unit_order(state) == [-90, 40, 40, 0]
    assert ranks_in_unit_order(state) == [1, 3, 3, 2]
    assert [row.unit for row in state.standings] == [0, 3, 1, 2]


def test_a_match_ending_all_square_has_four_winners() -> None:
    """Each seat takes each place, the three hearts and the king once over the four spelmakers."""
    state = new_match(GAME, 4, dealer=1)
    for block in range(4):
        rotate = [(seat + block) % 4 for seat in range(4)]
        state = play_all(
            state,
            [
                queens(1, 1, 1, 1),
                knobbelen((1, 2), (1, 2), (1, 2), (1, 3)),
                hearts(*(3 if r == 0 else 2 for r in rotate)),
                places(*(r + 1 for r in rotate)),
                king(rotate.index(0)),
            ],
        )
    assert state.finished
    # 4 x 20 queens + 4 x 10 knobbelen + 30 + 3 x 20 hearts + 0 + 10 + 30 + 50 places + 80 king.
    assert totals_in_unit_order(state) == [380, 380, 380, 380]
    assert ranks_in_unit_order(state) == [1, 1, 1, 1]
    assert state.winners == (0, 1, 2, 3)


def test_nobody_wins_before_deal_20() -> None:
    state = play_all(new_match(GAME, 4), [VALID[c] for c in ORDER] * 3)
    assert not state.finished and state.winners == ()
    assert next_of(state)[:2] == (16, 3)


# --- Corrections: the replayed state decides --------------------------------------------------


def test_a_correction_that_makes_a_later_contract_already_played_names_that_round() -> None:
    setup = create_setup(GAME, 4, dealer=2)
    bodies = [VALID["knobbelen"], VALID["no_queens"], VALID["no_hearts"]]
    with pytest.raises(Refused) as caught:
        correct_round(GAME, setup, bodies, 1, VALID["no_hearts"])
    assert [(e.code, e.field) for e in caught.value.errors] == [
        ("contract_already_played", "rounds.3.contract")
    ]
    assert not caught.value.finished


def test_a_correction_repeating_an_earlier_contract_is_refused_at_its_own_field() -> None:
    setup = create_setup(GAME, 4)
    bodies = [VALID["knobbelen"], VALID["no_queens"], VALID["no_hearts"]]
    with pytest.raises(Refused) as caught:
        correct_round(GAME, setup, bodies, 3, VALID["knobbelen"])
    assert [(e.code, e.field) for e in caught.value.errors] == [("contract_already_played", "contract")]


def test_a_valid_correction_replays_the_next_spelmakers_rounds() -> None:
    setup = create_setup(GAME, 4, dealer=1)
    bodies = [VALID[c] for c in ORDER] + [VALID["knobbelen"]]
    state = correct_round(GAME, setup, bodies, 5, king(2))
    assert state.scores[4] == (0, 0, 80, 0)
    assert next_of(state) == (7, 2, ORDER[1:])


def test_a_correction_swapping_two_contracts_needs_both_rounds_changed() -> None:
    setup = create_setup(GAME, 4)
    bodies = [VALID["knobbelen"], VALID["no_queens"]]
    with pytest.raises(Refused) as caught:
        correct_round(GAME, setup, bodies, 1, VALID["no_queens"])
    assert [(e.code, e.field) for e in caught.value.errors] == [
        ("contract_already_played", "rounds.2.contract")
    ]


def test_correcting_deal_20_keeps_the_match_finished_with_new_totals() -> None:
    setup = create_setup(GAME, 4)
    bodies = [VALID[c] for c in ORDER] * 4
    # Per spelmaker: seat 0 0+20+30+0+80, seat 1 0+20+20+10+0, seat 2 0+20+20+30+0, seat 3 80+20+20+50+0.
    before = correct_round(GAME, setup, bodies, 20, bodies[19])
    assert totals_in_unit_order(before) == [520, 200, 280, 680]
    state = correct_round(GAME, setup, bodies, 20, king(3))
    assert state.finished and state.next is None
    assert state.scores[19] == (0, 0, 0, 80)
    assert totals_in_unit_order(state) == [440, 200, 280, 760]
    assert state.winners == (1,)


# --- Set-up ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"all_hearts_bonus": -5}, ("invalid", "options.all_hearts_bonus")),
        ({"all_hearts_bonus": 3}, ("not_multiple_of_5", "options.all_hearts_bonus")),
        ({"all_hearts_bonus": 90.0}, ("invalid", "options.all_hearts_bonus")),
        ({"all_hearts_bonus": True}, ("invalid", "options.all_hearts_bonus")),
        ({"all_hearts_bonus": "90"}, ("invalid", "options.all_hearts_bonus")),
        ({"king_of_hearts_penalty": -80}, ("invalid", "options.king_of_hearts_penalty")),
        ({"king_of_hearts_penalty": 81}, ("not_multiple_of_5", "options.king_of_hearts_penalty")),
        ({"king_penalty": 80}, ("unknown_option", "options.king_penalty")),
    ],
)
def test_refuses_bad_penalty_options(options: dict, expected: tuple[str, str]) -> None:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, 4, options=options)
    assert [(e.code, e.field) for e in caught.value.errors] == [expected]


@pytest.mark.parametrize(
    "options", [{"all_hearts_bonus": 0, "king_of_hearts_penalty": 0}, {"all_hearts_bonus": 500}]
)
def test_accepts_zero_and_large_multiples_of_5(options: dict) -> None:
    setup = create_setup(GAME, 4, options=options)
    assert dict(setup.options) == {"all_hearts_bonus": 90, "king_of_hearts_penalty": 80} | options


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_any_count_but_four_is_the_wrong_player_count(players: int) -> None:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, players)
    assert [(e.code, e.field) for e in caught.value.errors] == [("wrong_player_count", "players")]


@pytest.mark.parametrize("dealer", [4, -1, True, "0", 1.0])
def test_a_first_spelmaker_who_is_not_a_seat_is_invalid(dealer: object) -> None:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, 4, dealer=dealer)
    assert [(e.code, e.field) for e in caught.value.errors] == [("invalid", "dealer")]


@pytest.mark.parametrize("teams", [[[0, 2], [1, 3]], [[0], [1], [2], [3]]])
def test_teams_are_refused(teams: object) -> None:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, 4, teams=teams)
    assert [(e.code, e.field) for e in caught.value.errors] == [("invalid", "teams")]
