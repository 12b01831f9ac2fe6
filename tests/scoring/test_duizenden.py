"""Duizenden engine tests: the spec's worked examples as tables, one test per refusal, and
properties of the fold (shared/spec/games/duizenden.md)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Refused, play_round, replay
from scoring.games.duizenden import CARD_KEYS, CARD_VALUES, GAME, PACK_COUNTS, NeededHints, pack_points
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


# --- Example 1: three players, default options ---------------------------------------------

EXAMPLE_1_ROUNDS: list[dict[str, Any]] = [
    {
        "entries": [
            {"went_out": False, "table_points": 85, "hand_points": 40},
            {
                "went_out": True,
                "table_cards": {"7": 3, "8": 1, "9": 1, "10": 1, "J": 3, "A": 3, "joker": 1},
                "hand_points": 0,
            },
            {"went_out": False, "table_points": 0, "hand_cards": {"QS": 1, "K": 2, "3": 1}},
        ]
    },
    {
        "entries": [
            {"went_out": False, "table_points": 120, "hand_points": 15},
            {"went_out": False, "table_points": 60, "hand_cards": {"QS": 1}},
            {"went_out": True, "table_points": 230, "hand_points": 0},
        ]
    },
]

# deal, dealer of that deal, scores, totals, ranks, needed next, status
EXAMPLE_1_TABLE = [
    (1, 0, (45, 150, -125), [45, 150, -125], [2, 1, 3], [955, 850, 1125], False),
    (2, 1, (105, -40, 230), [150, 110, 105], [1, 2, 3], [850, 890, 895], False),
]


def example_1() -> MatchState:
    return new_match(GAME, 3)


@pytest.mark.parametrize(
    ("deal", "dealer", "scores", "totals", "ranks", "needed", "finished"), EXAMPLE_1_TABLE
)
def test_example_1_scores_three_players_table_minus_hand(
    deal: int,
    dealer: int,
    scores: tuple[int, ...],
    totals: list[int],
    ranks: list[int],
    needed: list[int],
    finished: bool,
) -> None:
    """Each deal of example 1 gives the spec's scores, totals, ranks and hints."""
    before = play_all(example_1(), EXAMPLE_1_ROUNDS[: deal - 1])
    assert before.next is not None and before.next.dealer == dealer
    after = play_round(before, EXAMPLE_1_ROUNDS[deal - 1])
    assert after.scores[-1] == scores
    assert totals_in_unit_order(after) == totals
    assert ranks_in_unit_order(after) == ranks
    assert after.finished is finished
    assert after.winners == ()
    assert after.next is not None
    assert (after.next.number, after.next.dealer) == (deal + 1, (deal) % 3)
    assert after.next.hints == NeededHints(tuple(needed))


def test_example_1_standings_are_best_first_after_two_deals() -> None:
    """The GET view of example 1: standings by total descending, next deal 3 by seat 2."""
    state = play_all(example_1(), EXAMPLE_1_ROUNDS)
    assert [(row.unit, row.seats, row.total, row.rank) for row in state.standings] == [
        (0, (0,), 150, 1),
        (1, (1,), 110, 2),
        (2, (2,), 105, 3),
    ]
    assert state.next is not None
    assert (state.next.number, state.next.dealer, state.next.hints) == (
        3,
        2,
        NeededHints((850, 890, 895)),
    )
    assert not state.finished


# --- Example 2: two teams of two ---------------------------------------------------------------

TEAMS = [[0, 2], [1, 3]]
EXAMPLE_2_ROUNDS: list[dict[str, Any]] = [
    {"entries": [entry(True, 180, 0), entry(False, 90, 45), entry(False, 150, 20), entry(False, 35, 110)]},
    {"entries": [entry(False, 75, 30), entry(False, 145, 10), entry(False, 40, 140), entry(True, 260, 0)]},
    {"entries": [entry(False, 210, 15), entry(False, 120, 60), entry(True, 320, 0), entry(False, 55, 85)]},
    {"entries": [entry(False, 130, 50), entry(True, 275, 0), entry(False, 95, 20), entry(False, 190, 25)]},
    {"entries": [entry(True, 240, 0), entry(False, 150, 20), entry(False, 60, 35), entry(False, 100, 30)]},
]

EXAMPLE_2_TABLE = [
    (1, 0, (310, -30), [310, -30], [1, 2], [690, 1030], False),
    (2, 1, (-55, 395), [255, 365], [2, 1], [745, 635], False),
    (3, 2, (515, 30), [770, 395], [1, 2], [230, 605], False),
    (4, 3, (155, 440), [925, 835], [1, 2], [75, 165], False),
    (5, 0, (265, 200), [1190, 1035], [1, 2], None, True),
]


def example_2() -> MatchState:
    return new_match(GAME, 4, teams=TEAMS)


@pytest.mark.parametrize(
    ("deal", "dealer", "scores", "totals", "ranks", "needed", "finished"), EXAMPLE_2_TABLE
)
def test_example_2_scores_teams_as_the_sum_of_their_seats(
    deal: int,
    dealer: int,
    scores: tuple[int, ...],
    totals: list[int],
    ranks: list[int],
    needed: list[int] | None,
    finished: bool,
) -> None:
    """Entries per seat, scores and standings per team, to the end of example 2."""
    before = play_all(example_2(), EXAMPLE_2_ROUNDS[: deal - 1])
    assert before.next is not None and before.next.dealer == dealer
    after = play_round(before, EXAMPLE_2_ROUNDS[deal - 1])
    assert after.scores[-1] == scores
    assert totals_in_unit_order(after) == totals
    assert ranks_in_unit_order(after) == ranks
    assert after.finished is finished
    if finished:
        assert after.next is None
        assert after.winners == (0,)
    else:
        assert after.next is not None and needed is not None
        assert after.next.hints == NeededHints(tuple(needed))
        assert after.winners == ()


def test_team_standings_name_the_team_and_its_seats() -> None:
    """A team row carries the team index and its seats."""
    state = play_all(example_2(), EXAMPLE_2_ROUNDS[:2])
    assert [(row.unit, row.seats, row.total, row.rank) for row in state.standings] == [
        (1, (1, 3), 365, 1),
        (0, (0, 2), 255, 2),
    ]


def test_refuses_one_entry_per_team() -> None:
    """Duizenden always takes one entry per seat, also in team play (example 2)."""
    body = {"entries": [entry(True, 330, 0), entry(False, 125, 155)]}
    assert refusal(example_2(), body) == [("wrong_entry_count", "entries")]


def test_refuses_round_after_the_match_is_finished() -> None:
    """After example 2's deal 5 the match is over: match_finished at the round (409)."""
    state = play_all(example_2(), EXAMPLE_2_ROUNDS)
    body = EXAMPLE_2_ROUNDS[0]
    assert refusal(state, body) == [("match_finished", "")]
    with pytest.raises(Refused) as caught:
        play_round(state, body)
    assert caught.value.finished


# --- Example 3: target 500, queen of spades 50, a shared win ---------------------------------

EXAMPLE_3_OPTIONS = {"target": 500, "queen_of_spades": 50}
EXAMPLE_3_ROUNDS: list[dict[str, Any]] = [
    {
        "entries": [
            {"went_out": True, "table_cards": {"QS": 1, "Q": 2, "K": 3, "A": 3, "5": 4}, "hand_points": 0},
            {"went_out": False, "table_points": 95, "hand_cards": {"QS": 1, "J": 1}},
        ]
    },
    {"entries": [entry(False, 140, 30), entry(True, 275, 0)]},
    {"entries": [entry(True, 260, 0), entry(False, 280, 40)]},
]
EXAMPLE_3_TABLE = [
    (1, 0, (180, 35), [180, 35], [1, 2], [320, 465], False, ()),
    (2, 1, (110, 275), [290, 310], [2, 1], [210, 190], False, ()),
    (3, 0, (260, 240), [550, 550], [1, 1], None, True, (0, 1)),
]


def example_3() -> MatchState:
    return new_match(GAME, 2, options=EXAMPLE_3_OPTIONS)


@pytest.mark.parametrize(
    ("deal", "dealer", "scores", "totals", "ranks", "needed", "finished", "winners"), EXAMPLE_3_TABLE
)
def test_example_3_uses_the_options_and_shares_a_tied_win(
    deal: int,
    dealer: int,
    scores: tuple[int, ...],
    totals: list[int],
    ranks: list[int],
    needed: list[int] | None,
    finished: bool,
    winners: tuple[int, ...],
) -> None:
    """Queen of spades at 50, target 500; both reach 550 in deal 3 and share the win."""
    before = play_all(example_3(), EXAMPLE_3_ROUNDS[: deal - 1])
    assert before.next is not None and before.next.dealer == dealer
    after = play_round(before, EXAMPLE_3_ROUNDS[deal - 1])
    assert after.scores[-1] == scores
    assert totals_in_unit_order(after) == totals
    assert ranks_in_unit_order(after) == ranks
    assert after.finished is finished
    assert after.winners == winners
    if needed is None:
        assert after.next is None
    else:
        assert after.next is not None and after.next.hints == NeededHints(tuple(needed))


def test_example_3_refuses_more_points_than_the_smaller_packs_hold() -> None:
    """1030 points fit the default 1080 but not the 980 of example 3's packs."""
    body = {"entries": [entry(False, 600, 30), entry(True, 400, 0)]}
    state = play_all(example_3(), EXAMPLE_3_ROUNDS[:1])
    assert refusal(state, body) == [("more_points_than_cards", "")]
    default = play_all(new_match(GAME, 2, options={"target": 500}), EXAMPLE_3_ROUNDS[1:2])
    assert play_round(default, body).scores[-1] == (570, 400)


def test_example_3_stores_every_option_with_defaults_filled_in() -> None:
    assert dict(example_3().setup.options) == {"target": 500, "queen_of_spades": 50, "jokers": 4}


# --- Example 4: refused rounds after example 1's deal 1 ---------------------------------------

EXAMPLE_4 = [
    pytest.param(
        {"entries": [entry(True, 150, 0), entry(True, 200, 0), entry(False, 40, 60)]},
        [("went_out_count", "")],
        id="two-players-went-out",
    ),
    pytest.param(
        {"entries": [entry(False, 150, 25), entry(False, 200, 30), entry(True, 140, 10)]},
        [("went_out_with_cards", "entries.2.hand_points")],
        id="went-out-with-cards",
    ),
    pytest.param(
        {"entries": [entry(False, 150, 0), entry(True, 200, 0), entry(False, 40, 60)]},
        [("zero_without_going_out", "entries.0.hand_points")],
        id="zero-without-going-out",
    ),
    pytest.param(
        {"entries": [entry(False, 123, 25), entry(True, 200, 0), entry(False, 40, 60)]},
        [("not_multiple_of_5", "entries.0.table_points")],
        id="not-multiple-of-5",
    ),
    pytest.param(
        {"entries": [entry(False, 150, -20), entry(True, 200, 0), entry(False, 40, 60)]},
        [("negative", "entries.0.hand_points")],
        id="negative-hand",
    ),
    pytest.param(
        {
            "entries": [
                {"went_out": False, "table_points": 150, "hand_cards": {"QS": 2}},
                {"went_out": True, "table_cards": {"QS": 1, "Q": 2}, "hand_points": 0},
                entry(False, 40, 60),
            ]
        },
        [("too_many_cards", "entries.1.table_cards.QS")],
        id="three-queens-of-spades",
    ),
    pytest.param(
        {"entries": [entry(True, 500, 0), entry(False, 450, 50), entry(False, 30, 60)]},
        [("more_points_than_cards", "")],
        id="more-points-than-cards",
    ),
    pytest.param(
        {
            "entries": [
                entry(False, 150, 25),
                {"went_out": True, "table_points": 100, "table_cards": {"A": 4}, "hand_points": 0},
                entry(False, 40, 60),
            ]
        },
        [("points_mismatch", "entries.1.table_points")],
        id="four-aces-are-not-100",
    ),
]


@pytest.mark.parametrize(("body", "expected"), EXAMPLE_4)
def test_example_4_refuses_each_broken_round_with_exactly_one_error(
    body: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    state = play_all(example_1(), EXAMPLE_1_ROUNDS[:1])
    assert refusal(state, body) == expected
    # Nothing stored: the next round of example 1 still plays as deal 2.
    assert play_round(state, EXAMPLE_1_ROUNDS[1]).scores[-1] == (105, -40, 230)


# --- One test per refusal code -----------------------------------------------------------------

OK_ROUND: dict[str, Any] = {"entries": [entry(True, 100, 0), entry(False, 50, 20), entry(False, 30, 40)]}


def three() -> MatchState:
    return new_match(GAME, 3)


def with_entry(index: int, replacement: object) -> dict[str, Any]:
    entries: list[object] = list(OK_ROUND["entries"])
    entries[index] = replacement
    return {"entries": entries}


def test_accepts_the_reference_round() -> None:
    assert play_round(three(), OK_ROUND).scores == ((100, 30, -10),)


def test_refuses_round_without_entries() -> None:
    assert refusal(three(), {}) == [("required", "entries")]


def test_refuses_entry_without_went_out() -> None:
    body = with_entry(1, {"table_points": 50, "hand_points": 20})
    assert refusal(three(), body) == [("required", "entries.1.went_out")]


def test_refuses_entry_without_table() -> None:
    body = with_entry(1, {"went_out": False, "hand_points": 20})
    assert refusal(three(), body) == [("required", "entries.1.table_points")]


def test_refuses_entry_without_hand() -> None:
    body = with_entry(2, {"went_out": False, "table_points": 30})
    assert refusal(three(), body) == [("required", "entries.2.hand_points")]


def test_refuses_null_entry() -> None:
    assert refusal(three(), with_entry(0, None)) == [("required", "entries.0")]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param([], "", id="body-not-an-object"),
        pytest.param({"entries": "all"}, "entries", id="entries-not-a-list"),
        pytest.param({**OK_ROUND, "contract": 1}, "contract", id="unknown-top-level-key"),
        pytest.param(with_entry(0, [True, 100, 0]), "entries.0", id="entry-not-an-object"),
        pytest.param(
            with_entry(1, {"went_out": "no", "table_points": 50, "hand_points": 20}),
            "entries.1.went_out",
            id="went-out-not-boolean",
        ),
        pytest.param(with_entry(1, entry(False, "50", 20)), "entries.1.table_points", id="points-string"),
        pytest.param(with_entry(1, entry(False, 50.0, 20)), "entries.1.table_points", id="points-float"),
        pytest.param(with_entry(1, entry(False, 50, True)), "entries.1.hand_points", id="points-boolean"),
        pytest.param(
            with_entry(1, {**entry(False, 50, 20), "hand_point": 20}),
            "entries.1.hand_point",
            id="misspelt-key",
        ),
        pytest.param(
            with_entry(1, {"went_out": False, "table_points": 50, "hand_cards": [1]}),
            "entries.1.hand_cards",
            id="map-not-an-object",
        ),
        pytest.param(
            with_entry(1, {"went_out": False, "table_points": 50, "hand_cards": {"K": "2"}}),
            "entries.1.hand_cards.K",
            id="count-not-an-integer",
        ),
    ],
)
def test_refuses_wrong_types_and_unknown_keys_as_invalid(body: object, field: str) -> None:
    assert refusal(three(), body) == [("invalid", field)]


def test_refuses_wrong_entry_count() -> None:
    body = {"entries": OK_ROUND["entries"][:2]}
    assert refusal(three(), body) == [("wrong_entry_count", "entries")]


def test_refuses_negative_card_count() -> None:
    body = with_entry(1, {"went_out": False, "table_points": 50, "hand_cards": {"K": -1}})
    assert refusal(three(), body) == [("negative", "entries.1.hand_cards.K")]


def test_refuses_hand_points_not_multiple_of_5() -> None:
    assert refusal(three(), with_entry(1, entry(False, 50, 22))) == [
        ("not_multiple_of_5", "entries.1.hand_points")
    ]


@pytest.mark.parametrize("key", ["QH", "11", "queen", "Joker"])
def test_refuses_unknown_card_key(key: str) -> None:
    body = with_entry(1, {"went_out": False, "table_cards": {key: 1}, "hand_points": 20})
    assert refusal(three(), body) == [("unknown_card", f"entries.1.table_cards.{key}")]


def test_refuses_more_jokers_than_the_option_allows() -> None:
    """With two jokers in the packs a third is one card too many (not an unknown card)."""
    state = new_match(GAME, 3, options={"jokers": 2})
    body = {
        "entries": [
            {"went_out": True, "table_cards": {"joker": 2, "K": 1}, "hand_points": 0},
            {"went_out": False, "table_points": 50, "hand_cards": {"joker": 1}},
            entry(False, 30, 40),
        ]
    }
    assert refusal(state, body) == [("too_many_cards", "entries.1.hand_cards.joker")]


def test_refuses_any_joker_when_the_packs_have_none() -> None:
    state = new_match(GAME, 3, options={"jokers": 0})
    body = with_entry(1, {"went_out": False, "table_points": 50, "hand_cards": {"joker": 1}})
    assert refusal(state, body) == [("too_many_cards", "entries.1.hand_cards.joker")]


def test_reads_table_cards_before_hand_cards_for_too_many_cards() -> None:
    """Seven other queens in seat 0 alone: the seventh is met in its hand, after its table."""
    body = with_entry(1, {"went_out": False, "table_cards": {"Q": 4}, "hand_cards": {"Q": 3}})
    assert refusal(three(), body) == [("too_many_cards", "entries.1.hand_cards.Q")]


def test_refuses_points_that_disagree_with_the_cards() -> None:
    body = with_entry(1, {"went_out": False, "table_points": 50, "hand_points": 20, "hand_cards": {"K": 1}})
    assert refusal(three(), body) == [("points_mismatch", "entries.1.hand_points")]


def test_points_mismatch_hides_the_other_checks_of_that_entry() -> None:
    """Seat 1 went out with a mismatching hand: only the mismatch is reported for it, and the
    pack total is not checked because not every entry's points are known."""
    body = {
        "entries": [
            entry(False, 500, 100),
            {
                "went_out": True,
                "table_points": 400,
                "hand_points": 50,
                "hand_cards": {"QS": 2, "Q": 6, "K": 1},
            },
            entry(False, 30, 40),
        ]
    }
    assert refusal(three(), body) == [("points_mismatch", "entries.1.hand_points")]


def test_refuses_round_with_two_players_going_out() -> None:
    assert refusal(three(), with_entry(1, entry(True, 50, 0))) == [("went_out_count", "")]


def test_refuses_round_in_which_nobody_went_out() -> None:
    assert refusal(three(), with_entry(0, entry(False, 100, 10))) == [("went_out_count", "")]


def test_refuses_player_who_went_out_holding_cards_at_the_map() -> None:
    """The field is the hand map when the hand was entered as cards."""
    body = with_entry(0, {"went_out": True, "table_points": 100, "hand_cards": {"QS": 1}})
    assert refusal(three(), body) == [("went_out_with_cards", "entries.0.hand_cards")]


def test_refuses_empty_hand_of_a_player_who_did_not_go_out_at_the_map() -> None:
    body = with_entry(2, {"went_out": False, "table_points": 30, "hand_cards": {}})
    assert refusal(three(), body) == [("zero_without_going_out", "entries.2.hand_cards")]


def test_accepts_exactly_the_points_in_the_packs() -> None:
    """1080 points with the default options is allowed; 1085 is not."""
    body = {"entries": [entry(True, 500, 0), entry(False, 450, 50), entry(False, 20, 60)]}
    assert play_round(three(), body).scores == ((500, 400, -40),)
    over = {"entries": [entry(True, 500, 0), entry(False, 450, 50), entry(False, 25, 60)]}
    assert refusal(three(), over) == [("more_points_than_cards", "")]


def test_reports_every_form_error_and_no_rule_error() -> None:
    """Form errors are all listed and stop the checks: two went out is not reported."""
    body = {"entries": [entry(True, 101, 0), entry(True, 50, -5), {"went_out": False, "table_points": 30}]}
    assert refusal(three(), body) == [
        ("not_multiple_of_5", "entries.0.table_points"),
        ("negative", "entries.1.hand_points"),
        ("required", "entries.2.hand_points"),
    ]


def test_reports_every_rule_error_together() -> None:
    body = {"entries": [entry(False, 100, 0), entry(False, 50, 20), entry(False, 30, 0)]}
    assert sorted(refusal(three(), body)) == [
        ("went_out_count", ""),
        ("zero_without_going_out", "entries.0.hand_points"),
        ("zero_without_going_out", "entries.2.hand_points"),
    ]


def test_rule_errors_carry_their_params() -> None:
    body = {"entries": [entry(True, 500, 0), entry(False, 450, 50), entry(False, 25, 60)]}
    with pytest.raises(Refused) as caught:
        play_round(three(), body)
    assert dict(caught.value.errors[0].params) == {"points": 1085, "limit": 1080}


# --- Setup ---------------------------------------------------------------------------------------


def setup_refusal(players: int, **kwargs: object) -> list[tuple[str, str]]:
    with pytest.raises(Refused) as caught:
        create_setup(GAME, players, **kwargs)
    return [(error.code, error.field) for error in caught.value.errors]


@pytest.mark.parametrize("players", [1, 7])
def test_refuses_wrong_player_count(players: int) -> None:
    assert setup_refusal(players) == [("wrong_player_count", "players")]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_accepts_two_to_six_players_alone(players: int) -> None:
    state = new_match(GAME, players)
    assert state.setup.units == tuple((seat,) for seat in range(players))
    assert state.next is not None and state.next.hints == NeededHints((1000,) * players)


def test_refuses_unknown_option() -> None:
    assert setup_refusal(3, options={"bonus": 10}) == [("unknown_option", "options.bonus")]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 0}, "options.target"),
        ({"target": "1000"}, "options.target"),
        ({"queen_of_spades": 0}, "options.queen_of_spades"),
        ({"queen_of_spades": True}, "options.queen_of_spades"),
        ({"jokers": 5}, "options.jokers"),
        ({"jokers": -1}, "options.jokers"),
    ],
)
def test_refuses_option_of_wrong_type_or_out_of_range(options: dict[str, object], field: str) -> None:
    assert setup_refusal(3, options=options) == [("invalid", field)]


@pytest.mark.parametrize(("name", "value"), [("target", 1003), ("queen_of_spades", 52)])
def test_refuses_option_not_multiple_of_5(name: str, value: int) -> None:
    assert setup_refusal(3, options={name: value}) == [("not_multiple_of_5", f"options.{name}")]


def test_refuses_dealer_that_is_not_a_seat() -> None:
    assert setup_refusal(3, dealer=3) == [("invalid", "dealer")]


@pytest.mark.parametrize(
    ("players", "teams"),
    [
        (4, [[0, 1, 2, 3]]),
        (4, [[0], [1], [2], [3]]),
        (4, [[0, 2], [1]]),
        (4, [[0, 2], [1, 2]]),
        (3, [[0, 1], [2]]),
        (5, [[0, 1], [2, 3], [4]]),
        (6, [[0, 1], [2, 3, 4, 5]]),
        (2, [[0], [1]]),
        (4, "pairs"),
    ],
)
def test_refuses_teams_that_are_not_equal_groups_of_two_or_more(players: int, teams: object) -> None:
    assert setup_refusal(players, teams=teams) == [("invalid", "teams")]


@pytest.mark.parametrize(
    ("players", "teams"),
    [(4, [[0, 2], [1, 3]]), (6, [[0, 2, 4], [1, 3, 5]]), (6, [[0, 3], [1, 4], [2, 5]])],
)
def test_accepts_two_pairs_or_teams_of_three_or_three_pairs(players: int, teams: list[list[int]]) -> None:
    state = new_match(GAME, players, teams=teams)
    assert state.setup.units == tuple(tuple(team) for team in teams)


def test_six_players_in_three_pairs_enter_six_entries_and_score_three_teams() -> None:
    state = new_match(GAME, 6, teams=[[0, 3], [1, 4], [2, 5]])
    body = {"entries": [entry(seat == 4, 60, 0 if seat == 4 else 10) for seat in range(6)]}
    assert play_round(state, body).scores == ((100, 110, 100),)


def test_deal_passes_clockwise_from_the_first_dealer() -> None:
    state = new_match(GAME, 3, dealer=2)
    assert state.next is not None and state.next.dealer == 2
    state = play_round(state, OK_ROUND)
    assert state.next is not None and (state.next.number, state.next.dealer) == (2, 0)


# --- Module data for the rules page --------------------------------------------------------------


def test_pack_holds_1080_points_with_the_default_options() -> None:
    assert pack_points(100, 4) == 1080
    assert pack_points(50, 4) == 980
    assert pack_points(100, 0) == 980
    assert sum(PACK_COUNTS.values()) == 104
    assert set(CARD_KEYS) == {*PACK_COUNTS, "joker"}
    assert CARD_VALUES["A"] == 20 and CARD_VALUES["joker"] == 25 and "QS" not in CARD_VALUES


def test_game_declares_its_own_rule_codes() -> None:
    assert GAME.slug == "duizenden"
    assert GAME.codes == {
        "went_out_count",
        "went_out_with_cards",
        "zero_without_going_out",
        "more_points_than_cards",
    }


# --- Properties ------------------------------------------------------------------------------------


@st.composite
def valid_round(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """A round that breaks no check: one seat out, every other seat holding cards, and at most
    6 * 175 = 1050 points in all (the packs hold 1080)."""
    out = draw(st.integers(0, players - 1))
    fives = st.integers(0, 20).map(lambda n: n * 5)
    entries = []
    for seat in range(players):
        table = draw(fives)
        hand = 0 if seat == out else draw(st.integers(1, 15).map(lambda n: n * 5))
        entries.append(entry(seat == out, table, hand))
    return {"entries": entries}


@st.composite
def match_and_rounds(draw: st.DrawFn) -> tuple[MatchState, list[dict[str, Any]]]:
    players = draw(st.integers(2, 6))
    teams = draw(st.sampled_from({4: [None, TEAMS], 6: [None, [[0, 2, 4], [1, 3, 5]]]}.get(players, [None])))
    target = draw(st.sampled_from([100, 500, 1000]))
    state = new_match(GAME, players, teams=teams, options={"target": target})
    bodies = draw(st.lists(valid_round(players), max_size=8))
    played: list[dict[str, Any]] = []
    current = state
    for body in bodies:  # stop at the end of the match
        if current.finished:
            break
        current = play_round(current, body)
        played.append(body)
    return state, played


@given(match_and_rounds())
@settings(max_examples=60, deadline=None)
def test_replaying_the_same_rounds_gives_the_same_state(
    case: tuple[MatchState, list[dict[str, Any]]],
) -> None:
    start, bodies = case
    first = replay(GAME, start.setup, bodies)
    again = replay(GAME, start.setup, bodies)
    assert first == again
    assert play_all(start, bodies) == first


@given(match_and_rounds())
@settings(max_examples=60, deadline=None)
def test_totals_equal_the_sum_of_round_scores(case: tuple[MatchState, list[dict[str, Any]]]) -> None:
    start, bodies = case
    state = play_all(start, bodies)
    sums = [sum(scores[unit] for scores in state.scores) for unit in range(len(state.setup.units))]
    assert totals_in_unit_order(state) == sums
    assert state.finished == any(total >= state.setup.int_option("target") for total in sums)


BREAKERS = {
    "two_out": lambda body: {"entries": [{**e, "went_out": True, "hand_points": 0} for e in body["entries"]]},
    "negative": lambda body: {"entries": [{**body["entries"][0], "table_points": -5}, *body["entries"][1:]]},
    "short": lambda body: {"entries": body["entries"][:-1]},
    "too_many": lambda body: {
        "entries": [{**body["entries"][0], "table_points": 1100, "hand_points": 0}, *body["entries"][1:]]
    },
}


@given(match_and_rounds(), st.sampled_from(sorted(BREAKERS)), st.data())
@settings(max_examples=60, deadline=None)
def test_a_refused_round_leaves_the_state_unchanged(
    case: tuple[MatchState, list[dict[str, Any]]], breaker: str, data: st.DataObject
) -> None:
    start, bodies = case
    state = play_all(start, bodies)
    players = state.setup.players
    body = BREAKERS[breaker](data.draw(valid_round(players)))
    snapshot = (state.scores, state.progress, state.outlook, state.next, state.winners)
    with pytest.raises(Refused):
        play_round(state, body)
    assert (state.scores, state.progress, state.outlook, state.next, state.winners) == snapshot
    if not state.finished:
        follow = data.draw(valid_round(players))
        assert play_round(state, follow) == play_all(start, [*bodies, follow])
