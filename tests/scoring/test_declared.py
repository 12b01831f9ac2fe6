"""Declared games (``scoring.declared``): every block scores by its parameters and refuses with
its own codes at the field concerned; a definition with a contradiction is refused with a clear
code; a replay of stored deals equals the checked replay for every declared game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from scoring import Refused, play_round, replay, replay_stored, resume, snapshot
from scoring.declared import (
    TEMPLATES,
    DeclaredCode,
    DeclaredGame,
    DeclaredHints,
    DefinitionCode,
    PointsBlock,
    WentOutBlock,
    bidding_order,
    cards_dealt,
    declared_game,
    definition_json,
    forbidden_dealer_bid,
    read_definition,
)
from scoring.errors import GENERIC_CODES
from scoring.match import MatchState, create_setup, start_match
from tests.scoring.support import play_all, ranks_in_unit_order, refusal


def game_of(template: str, **changes: Any) -> DeclaredGame:
    raw = json.loads(json.dumps(TEMPLATES[template]))
    for path, value in changes.items():
        node = raw
        *parents, last = path.split("__")
        for part in parents:
            node = node[part]
        node[last] = value
    game = declared_game(read_definition(raw), f"house-{template}")
    assert isinstance(game, DeclaredGame)
    return game


def new(game: DeclaredGame, players: int, *, teams: object = None, dealer: int = 0) -> MatchState[Any, Any]:
    return start_match(game, create_setup(game, players, teams=teams, dealer=dealer))


def points(*values: int) -> dict[str, Any]:
    return {"entries": [{"points": value} for value in values]}


def bids(*pairs: tuple[int, int]) -> dict[str, Any]:
    return {"entries": [{"bid": bid, "tricks": tricks} for bid, tricks in pairs]}


def refused(state: MatchState[Any, Any], body: object) -> list[tuple[str, str]]:
    found = refusal(state, body)
    game = state.game
    assert {code for code, _field in found} <= GENERIC_CODES | game.codes
    return found


# --- the templates -------------------------------------------------------------------------------


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_template_is_a_valid_definition_that_round_trips(template: str):
    definition = read_definition(TEMPLATES[template])
    assert read_definition(json.loads(json.dumps(definition_json(definition)))) == definition


# --- points per player ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("taken", "scores"),
    [
        ((10, 6, 4, 6), (10, 6, 4, 6)),
        ((0, 13, 13, 0), (0, 13, 13, 0)),
        ((26, 0, 0, 0), (0, 26, 26, 26)),  # shot the moon: the others take the whole total
        ((0, 0, 26, 0), (26, 26, 0, 26)),
    ],
)
def test_hartenjagen_scores_points_taken_and_shooting_the_moon(
    taken: tuple[int, ...], scores: tuple[int, ...]
):
    state = play_round(new(game_of("hartenjagen"), 4), points(*taken))
    assert state.scores == (scores,)


def test_hartenjagen_refuses_a_deal_not_adding_up_to_26():
    state = new(game_of("hartenjagen"), 4)
    assert refused(state, points(10, 6, 4, 5)) == [(DeclaredCode.WRONG_TOTAL, "")]
    with pytest.raises(Refused) as caught:
        play_round(state, points(10, 6, 4, 5))
    assert dict(caught.value.errors[0].params) == {"total": 26, "got": 25}


def test_hartenjagen_ends_when_anyone_reaches_100_and_the_lowest_total_wins():
    state = new(game_of("hartenjagen"), 4)
    state = play_all(state, [points(26, 0, 0, 0)] * 3)  # 0, 78, 78, 78
    assert not state.finished
    assert state.next is not None and state.next.hints == DeclaredHints(0, -1, (100, 22, 22, 22))
    state = play_round(state, points(0, 22, 4, 0))
    assert state.finished
    assert state.totals == (0, 100, 82, 78)
    assert state.winners == (0,)
    assert ranks_in_unit_order(state) == [1, 4, 3, 2]


@pytest.mark.parametrize(
    ("changes", "body", "expected"),
    [
        (
            {"entry__multiple_of": 5, "entry__total": 25},
            points(10, 6, 5, 5),
            [(DeclaredCode.NOT_A_MULTIPLE, "entries.1.points")],
        ),
        ({}, points(-1, 26, 1, 0), [(DeclaredCode.BELOW_MINIMUM, "entries.0.points")]),
        (
            {},
            points(0, 27, 0, -1),
            [
                (DeclaredCode.ABOVE_MAXIMUM, "entries.1.points"),
                (DeclaredCode.BELOW_MINIMUM, "entries.3.points"),
            ],
        ),
        ({"entry__one_zero_at_most": True}, points(0, 0, 13, 13), [(DeclaredCode.TOO_MANY_ZEROS, "")]),
        ({}, points(1, 2, 3), [("wrong_entry_count", "entries")]),
        (
            {},
            {"entries": [{"points": "x"}, {"points": 26}, {}, {"points": 0}]},
            [("invalid", "entries.0.points"), ("required", "entries.2.points")],
        ),
        (
            {},
            {"entries": [{"points": 26, "extra": 1}, {"points": 0}, {"points": 0}, {"points": 0}]},
            [("invalid", "entries.0.extra")],
        ),
    ],
)
def test_points_block_refusals(
    changes: dict[str, Any], body: dict[str, Any], expected: list[tuple[str, str]]
):
    assert refused(new(game_of("hartenjagen", **changes), 4), body) == expected


def test_shooting_the_moon_is_no_second_zero():
    game = game_of("hartenjagen", entry__one_zero_at_most=True)
    assert play_round(new(game, 4), points(0, 26, 0, 0)).scores == ((26, 0, 26, 26),)


def test_rikken_deals_sum_to_nothing_and_end_after_sixteen_deals():
    state = new(game_of("rikken"), 4)
    assert refused(state, points(10, -5, -5, 1)) == [(DeclaredCode.WRONG_TOTAL, "")]
    state = play_all(state, [points(30, -10, -10, -10)] * 15)
    assert state.next is not None and state.next.hints == DeclaredHints(0, 1, ())
    state = play_round(state, points(-15, 5, 5, 5))
    assert state.finished
    assert state.totals == (435, -145, -145, -145)
    assert ranks_in_unit_order(state) == [1, 2, 2, 2]  # ties shared


def test_free_game_takes_any_points_and_the_first_to_the_target_wins():
    state = new(game_of("free", end__value=50), 3)
    state = play_round(state, points(-20, 7, 49))
    assert state.next is not None and state.next.hints.to_go == (70, 43, 1)
    state = play_round(state, points(0, 43, 1))
    assert state.finished
    assert ranks_in_unit_order(state) == [3, 1, 1]
    assert state.winners == (1, 2)


def test_points_are_entered_per_team():
    game = game_of("free", team_size=2)
    state = new(game, 4)
    assert state.setup.teams == ((0, 2), (1, 3))
    assert play_round(state, points(30, 20)).totals == (30, 20)
    assert refused(state, points(30, 20, 10, 0)) == [("wrong_entry_count", "entries")]


def test_teams_of_another_size_are_refused():
    game = game_of("free", team_size=2)
    with pytest.raises(Refused) as caught:
        create_setup(game, 4, teams=[[0], [1, 2, 3]])
    assert caught.value.codes == ["invalid"]
    with pytest.raises(Refused):
        create_setup(game_of("free"), 4, teams=[[0, 1], [2, 3]])


# --- went out and hand points --------------------------------------------------------------------

RUMMY: dict[str, Any] = {
    "name": "Rummy",
    "players": {"min": 2, "max": 6},
    "entry": {
        "kind": "went_out",
        "out_score": -10,
        "hand": "plus",
        "card_values": {"A": 1, "2": 2, "10": 10, "K": 10, "joker": 25},
        "maximum": 150,
    },
    "end": {"kind": "threshold", "value": 200, "winner": "lowest"},
}


def rummy(**entry: Any) -> DeclaredGame:
    raw = {**RUMMY, "entry": {**RUMMY["entry"], **entry}}
    game = declared_game(read_definition(raw), "house-rummy")
    assert isinstance(game, DeclaredGame)
    return game


@pytest.mark.parametrize(
    ("entries", "scores"),
    [
        (
            [
                {"went_out": True},
                {"went_out": False, "hand_points": 12},
                {"went_out": False, "hand_points": 40},
            ],
            (-10, 12, 40),
        ),
        (
            [
                {"went_out": False, "hand_cards": {"A": 2, "joker": 1}},
                {"went_out": True, "hand_points": 0},
                {"went_out": False, "hand_points": 3, "hand_cards": {"A": 1, "2": 1}},
            ],
            (27, -10, 3),
        ),
    ],
)
def test_went_out_block_scores_hands_by_points_or_cards(
    entries: list[dict[str, Any]], scores: tuple[int, ...]
):
    assert play_round(new(rummy(), 3), {"entries": entries}).scores == (scores,)


def test_hand_points_taken_off_when_the_hand_counts_minus():
    game = rummy(hand="minus", out_score=25)
    body = {"entries": [{"went_out": True}, {"went_out": False, "hand_points": 12}]}
    assert play_round(new(game, 2), body).scores == ((25, -12),)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        (
            [{"went_out": False, "hand_points": 5}, {"went_out": False, "hand_points": 3}],
            [(DeclaredCode.WENT_OUT_COUNT, "")],
        ),
        ([{"went_out": True}, {"went_out": True}], [(DeclaredCode.WENT_OUT_COUNT, "")]),
        (
            [{"went_out": True, "hand_points": 4}, {"went_out": False, "hand_points": 3}],
            [(DeclaredCode.WENT_OUT_WITH_POINTS, "entries.0.hand_points")],
        ),
        (
            [{"went_out": True}, {"went_out": False, "hand_points": 151}],
            [(DeclaredCode.ABOVE_MAXIMUM, "entries.1.hand_points")],
        ),
        (
            [{"went_out": True}, {"went_out": False, "hand_points": -1}],
            [("negative", "entries.1.hand_points")],
        ),
        ([{"went_out": True}, {"went_out": False}], [("required", "entries.1.hand_points")]),
        (
            [{"went_out": True}, {"went_out": False, "hand_cards": {"Q": 1}}],
            [("unknown_card", "entries.1.hand_cards.Q")],
        ),
        (
            [{"went_out": True}, {"went_out": False, "hand_points": 9, "hand_cards": {"K": 1}}],
            [("points_mismatch", "entries.1.hand_points")],
        ),
        ([{"hand_points": 3}, {"went_out": True}], [("required", "entries.0.went_out")]),
    ],
)
def test_went_out_block_refusals(entries: list[dict[str, Any]], expected: list[tuple[str, str]]):
    assert refused(new(rummy(), 2), {"entries": entries}) == expected


def test_went_out_is_entered_per_seat_and_scored_per_team():
    raw = {**RUMMY, "team_size": 2}
    game = declared_game(read_definition(raw), "house-rummy")
    body = {
        "entries": [
            {"went_out": True},
            {"went_out": False, "hand_points": 5},
            {"went_out": False, "hand_points": 7},
            {"went_out": False, "hand_points": 1},
        ]
    }
    assert play_round(start_match(game, create_setup(game, 4)), body).scores == ((-3, 6),)


# --- bids and tricks -----------------------------------------------------------------------------


def test_boerenbridge_deals_one_up_to_seven_and_back():
    definition = read_definition(TEMPLATES["boerenbridge"])
    assert [cards_dealt(definition, number) for number in range(1, 14)] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        6,
        5,
        4,
        3,
        2,
        1,
    ]
    assert cards_dealt(definition, 14) == 0


@pytest.mark.parametrize(
    ("pairs", "scores"),
    [
        (((0, 0), (1, 1), (0, 0), (1, 0)), (10, 12, 10, -2)),  # deal 1: one card
    ],
)
def test_boerenbridge_scores_hits_and_misses(pairs: tuple[tuple[int, int], ...], scores: tuple[int, ...]):
    assert play_round(new(game_of("boerenbridge"), 4), bids(*pairs)).scores == (scores,)


def test_boerenbridge_misses_cost_per_trick_of_difference_or_a_fixed_penalty():
    state = play_round(new(game_of("boerenbridge"), 3), bids((0, 0), (0, 1), (0, 0)))  # dealer 0
    state = play_round(state, bids((2, 0), (0, 1), (1, 1)))  # deal 2, two cards, dealer 1
    assert state.scores[-1] == (-4, -2, 12)
    fixed = play_round(new(game_of("boerenbridge", entry__miss_fixed=5), 3), bids((1, 0), (1, 1), (1, 0)))
    assert fixed.scores == ((-5, 12, -5),)


def test_boerenbridge_refuses_tricks_not_adding_up_to_the_cards_dealt():
    state = new(game_of("boerenbridge"), 4)
    assert refused(state, bids((0, 1), (0, 1), (0, 0), (0, 0))) == [(DeclaredCode.TRICKS_TOTAL, "")]


def test_the_dealer_may_not_make_the_bids_add_up_to_the_cards():
    state = new(game_of("boerenbridge"), 4, dealer=2)
    assert refused(state, bids((0, 0), (1, 1), (0, 0), (0, 0))) == [
        (DeclaredCode.DEALER_BID, "entries.2.bid")
    ]
    assert forbidden_dealer_bid(5, [1, 2, 0]) == 2
    assert forbidden_dealer_bid(2, [1, 2, 0]) is None
    no_rule = new(game_of("boerenbridge", entry__dealer_rule=False), 4)
    assert play_round(no_rule, bids((0, 0), (1, 1), (0, 0), (0, 0))).totals == (10, 12, 10, 10)


@pytest.mark.parametrize(
    ("dealer", "players", "order"),
    [(0, 4, (1, 2, 3, 0)), (2, 4, (3, 0, 1, 2)), (3, 4, (0, 1, 2, 3)), (1, 3, (2, 0, 1))],
)
def test_the_player_after_the_dealer_bids_first_and_the_dealer_last(dealer, players, order):
    assert bidding_order(dealer, players) == order


def test_bids_above_the_cards_dealt_are_invalid():
    state = new(game_of("boerenbridge"), 4)
    assert refused(state, bids((2, 0), (0, 1), (0, 0), (0, 0))) == [("invalid", "entries.0.bid")]


def test_boerenbridge_hints_the_cards_and_ends_when_the_schedule_is_done():
    state = new(game_of("boerenbridge", entry__schedule="fixed", entry__cards=2, entry__deals=2), 3)
    assert state.next is not None
    assert (state.next.dealer, state.next.hints) == (0, DeclaredHints(2, 2, ()))
    state = play_round(state, bids((2, 2), (1, 0), (1, 0)))
    assert state.next is not None and (state.next.dealer, state.next.hints.deals_left) == (1, 1)
    state = play_round(state, bids((0, 1), (0, 1), (1, 0)))
    assert state.finished
    assert state.totals == (14 - 2, -2 - 2, -2 - 2)


# --- definitions ---------------------------------------------------------------------------------


def refused_definition(raw: object) -> list[tuple[str, str]]:
    with pytest.raises(Refused) as caught:
        read_definition(raw)
    return [(error.code, error.field) for error in caught.value.errors]


def changed(template: str, **changes: Any) -> dict[str, Any]:
    raw = json.loads(json.dumps(TEMPLATES[template]))
    for path, value in changes.items():
        node = raw
        *parents, last = path.split("__")
        for part in parents:
            node = node[part]
        node[last] = value
    return raw


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (changed("free", end__value=0), [(DefinitionCode.TARGET_NOT_POSITIVE, "end.value")]),
        (changed("hartenjagen", end__value=-5), [(DefinitionCode.TARGET_NOT_POSITIVE, "end.value")]),
        (changed("hartenjagen", entry__maximum=5), [(DefinitionCode.TOTAL_OUT_OF_REACH, "entry.total")]),
        (changed("hartenjagen", entry__multiple_of=5), [(DefinitionCode.TOTAL_OUT_OF_REACH, "entry.total")]),
        (changed("hartenjagen", entry__minimum=10), [(DefinitionCode.TOTAL_OUT_OF_REACH, "entry.total")]),
        (changed("hartenjagen", entry__minimum=30), [(DefinitionCode.BOUNDS_REVERSED, "entry.maximum")]),
        (
            changed("free", entry__shoot_the_moon=True),
            [(DefinitionCode.MOON_WITHOUT_TOTAL, "entry.shoot_the_moon")],
        ),
        (changed("boerenbridge", entry__cards=8), [(DefinitionCode.SCHEDULE_EXCEEDS_DECK, "entry.cards")]),
        (changed("boerenbridge", entry__deck=32), [(DefinitionCode.SCHEDULE_EXCEEDS_DECK, "entry.cards")]),
        (
            changed("boerenbridge", entry__miss_per_trick=0),
            [(DefinitionCode.MISS_NOT_SET, "entry.miss_per_trick")],
        ),
        (
            changed("boerenbridge", end={"kind": "target", "value": 100}),
            [(DefinitionCode.BIDS_END_WITH_SCHEDULE, "end.kind")],
        ),
        (changed("boerenbridge", team_size=2), [(DefinitionCode.TEAMS_WITH_BIDS, "team_size")]),
        (changed("free", end={"kind": "schedule"}), [(DefinitionCode.SCHEDULE_WITHOUT_BIDS, "end.kind")]),
        (
            changed("free", end={"kind": "threshold", "value": 100, "winner": "highest"}),
            [(DefinitionCode.WINNER_CONTRADICTS_END, "end.winner")],
        ),
        (changed("free", players={"min": 6, "max": 4}), [(DefinitionCode.PLAYERS_RANGE, "players.max")]),
        (
            changed("free", players={"min": 3, "max": 3}, team_size=2),
            [(DefinitionCode.TEAMS_DO_NOT_FIT, "team_size")],
        ),
        (changed("free", name=""), [("required", "name")]),
        (changed("free", name="x" * 41), [("invalid", "name")]),
        (
            changed("free", players={"min": 1, "max": 11}),
            [("invalid", "players.min"), ("invalid", "players.max")],
        ),
        (changed("free", entry={"kind": "dice"}), [("invalid", "entry.kind")]),
        (changed("free", end={"kind": "target", "value": 50, "bonus": 1}), [("invalid", "end.bonus")]),
        (changed("boerenbridge", entry__schedule="fixed"), [("required", "entry.deals")]),
        (
            {**RUMMY, "entry": {**RUMMY["entry"], "card_values": {"Z": 1, "A": -1}}},
            [("unknown_card", "entry.card_values.Z"), ("invalid", "entry.card_values.A")],
        ),
        ([], [("invalid", "")]),
    ],
)
def test_definition_refusals(raw: object, expected: list[tuple[str, str]]):
    assert refused_definition(raw) == expected


def test_total_out_of_reach_names_the_table_size_it_fails_for():
    with pytest.raises(Refused) as caught:
        read_definition(changed("hartenjagen", entry__maximum=8))  # 3 players take at most 24
    assert dict(caught.value.errors[0].params) == {"total": 26, "units": 3, "multiple": 1}


# --- stored replay equals checked replay ---------------------------------------------------------


@st.composite
def hartenjagen_deals(draw: st.DrawFn, players: int) -> dict[str, Any]:
    if draw(st.booleans()):
        taker = draw(st.integers(0, players - 1))
        return points(*(26 if seat == taker else 0 for seat in range(players)))
    cuts = sorted(draw(st.lists(st.integers(0, 26), min_size=players - 1, max_size=players - 1)))
    edges = [0, *cuts, 26]
    return points(*(edges[i + 1] - edges[i] for i in range(players)))


@st.composite
def rummy_deals(draw: st.DrawFn, players: int) -> dict[str, Any]:
    out = draw(st.integers(0, players - 1))
    entries: list[dict[str, Any]] = []
    for seat in range(players):
        if seat == out:
            entries.append({"went_out": True})
        elif draw(st.booleans()):
            entries.append({"went_out": False, "hand_points": draw(st.integers(0, 150))})
        else:
            cards = draw(
                st.dictionaries(
                    st.sampled_from(["A", "2", "10", "K", "joker"]), st.integers(1, 3), min_size=1
                )
            )
            entries.append({"went_out": False, "hand_cards": cards})
    return {"entries": entries}


@st.composite
def boerenbridge_deals(draw: st.DrawFn, players: int, cards: int, dealer: int) -> dict[str, Any]:
    tricks = [0] * players
    for _ in range(cards):
        tricks[draw(st.integers(0, players - 1))] += 1
    bids_ = [draw(st.integers(0, cards)) for _ in range(players)]
    if sum(bids_) == cards:  # the dealer's rule: move the dealer's bid off the forbidden one
        bids_[dealer] = bids_[dealer] + 1 if bids_[dealer] < cards else bids_[dealer] - 1
    return bids(*zip(bids_, tricks, strict=True))


def assert_replays_agree(game: DeclaredGame, state: MatchState[Any, Any], bodies: list[Any]) -> None:
    setup = state.setup
    checked: MatchState[Any, Any] = replay(game, setup, bodies)
    stored = replay_stored(game, setup, bodies)
    kept = json.loads(json.dumps(snapshot(checked)))
    for other in (stored, resume(game, setup, kept, json.loads(json.dumps(checked.scores)))):
        assert (other.totals, other.scores, other.progress, other.outlook) == (
            checked.totals,
            checked.scores,
            checked.progress,
            checked.outlook,
        )


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(3, 6))
def test_hartenjagen_stored_replay_equals_checked_replay(data: st.DataObject, players: int):
    game = game_of("hartenjagen")
    state = new(game, players)
    bodies: list[Any] = []
    for _ in range(data.draw(st.integers(0, 12))):
        if state.finished:
            break
        body = data.draw(hartenjagen_deals(players))
        state = play_round(state, body)
        bodies.append(body)
    assert_replays_agree(game, state, bodies)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(2, 6))
def test_went_out_stored_replay_equals_checked_replay(data: st.DataObject, players: int):
    game = rummy()
    state = new(game, players)
    bodies: list[Any] = []
    for _ in range(data.draw(st.integers(0, 10))):
        if state.finished:
            break
        body = data.draw(rummy_deals(players))
        state = play_round(state, body)
        bodies.append(body)
    assert_replays_agree(game, state, bodies)


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(3, 7), st.integers(0, 6))
def test_boerenbridge_stored_replay_equals_checked_replay(data: st.DataObject, players: int, dealer: int):
    game = game_of("boerenbridge")
    state = new(game, players, dealer=dealer % players)
    bodies: list[Any] = []
    while state.next is not None and data.draw(st.booleans()):
        hints = state.next.hints
        assert hints is not None
        body = data.draw(boerenbridge_deals(players, hints.cards, state.next.dealer))
        state = play_round(state, body)
        bodies.append(body)
    assert_replays_agree(game, state, bodies)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(-1000, 1000), min_size=4, max_size=4), max_size=20))
def test_free_and_rikken_stored_replay_equals_checked_replay(rows: list[list[int]]):
    for template in ("free", "rikken"):
        game = game_of(template)
        state = new(game, 4)
        bodies: list[Any] = []
        for row in rows:
            if state.finished:
                break
            if template == "rikken":
                row = [*row[:3], -sum(row[:3])]
            body = points(*row)
            state = play_round(state, body)
            bodies.append(body)
        assert_replays_agree(game, state, bodies)


# --- any declared game: definitions and deals drawn at random --------------------------------------

MAYBE_BOUND = st.one_of(st.none(), st.integers(-30, 60))


@st.composite
def definitions(draw: st.DrawFn) -> Any:
    """A definition the engine accepts, from random blocks (the refused ones are skipped)."""
    low = draw(st.integers(2, 6))
    kind = draw(st.sampled_from(["points", "went_out", "bids"]))
    team_size = 1 if kind == "bids" else draw(st.sampled_from([1, 1, 2]))
    entry: dict[str, Any]
    if kind == "points":
        entry = {
            "kind": kind,
            "multiple_of": draw(st.sampled_from([1, 1, 2, 5])),
            "minimum": draw(MAYBE_BOUND),
            "maximum": draw(MAYBE_BOUND),
            "total": draw(st.one_of(st.none(), st.integers(-20, 60))),
            "one_zero_at_most": draw(st.booleans()),
        }
        entry["shoot_the_moon"] = entry["total"] is not None and draw(st.booleans())
    elif kind == "went_out":
        entry = {
            "kind": kind,
            "out_score": draw(st.integers(-20, 20)),
            "hand": draw(st.sampled_from(["plus", "minus"])),
            "card_values": draw(st.one_of(st.none(), st.just({"A": 1, "K": 10, "joker": 25}))),
            "maximum": draw(st.one_of(st.none(), st.integers(0, 80))),
        }
    else:
        fixed = draw(st.booleans())
        entry = {
            "kind": kind,
            "schedule": "fixed" if fixed else "up_down",
            "cards": draw(st.integers(1, 5)),
            **({"deals": draw(st.integers(1, 6))} if fixed else {}),
            "dealer_rule": draw(st.booleans()),
            "hit_base": draw(st.integers(0, 20)),
            "hit_per_trick": draw(st.integers(0, 5)),
            "miss_per_trick": draw(st.integers(1, 5)),
            "miss_fixed": draw(st.one_of(st.none(), st.integers(0, 20))),
        }
    end_kind = "schedule" if kind == "bids" else draw(st.sampled_from(["target", "threshold", "deals"]))
    end: dict[str, Any] = {"kind": end_kind}
    if end_kind != "schedule":
        end["value"] = draw(st.integers(1, 150)) if end_kind != "deals" else draw(st.integers(1, 8))
    end["winner"] = {"threshold": "lowest", "target": "highest"}.get(
        end_kind, draw(st.sampled_from(["highest", "lowest"]))
    )
    raw = {
        "name": "Any",
        "players": {"min": low, "max": low + draw(st.integers(0, 2))},
        "team_size": team_size,
        "entry": entry,
        "end": end,
    }
    try:
        return read_definition(raw)
    except Refused:
        return None


@st.composite
def candidate_deal(draw: st.DrawFn, state: MatchState[Any, Any]) -> dict[str, Any]:
    """A deal of the right shape with random numbers: the engine accepts some, refuses others."""
    game = state.game
    assert isinstance(game, DeclaredGame)
    entry = game.definition.entry
    seats = state.setup.players
    if isinstance(entry, PointsBlock):
        units = len(state.setup.units)
        values = [draw(st.integers(-6, 12)) * entry.multiple_of for _ in range(units)]
        if entry.total is not None and draw(st.booleans()):
            if entry.shoot_the_moon and draw(st.booleans()):
                values = [0] * units
                values[draw(st.integers(0, units - 1))] = entry.total
            else:
                values[-1] = entry.total - sum(values[:-1])
        return points(*values)
    if isinstance(entry, WentOutBlock):
        out = draw(st.integers(0, seats - 1))
        hands: list[dict[str, Any]] = []
        for seat in range(seats):
            if seat == out:
                hands.append({"went_out": True})
            elif entry.card_values is not None and draw(st.booleans()):
                hands.append({"went_out": False, "hand_cards": {"K": draw(st.integers(1, 3))}})
            else:
                hands.append({"went_out": False, "hand_points": draw(st.integers(0, 90))})
        return {"entries": hands}
    hints = state.next.hints if state.next is not None else None
    cards = hints.cards if hints is not None else 1
    tricks = [0] * seats
    for _ in range(cards):  # mostly tricks that add up, as at a real table
        tricks[draw(st.integers(0, seats - 1))] += 1
    if draw(st.integers(0, 4)) == 0:
        tricks = [draw(st.integers(0, cards)) for _ in range(seats)]
    return bids(*((draw(st.integers(0, cards)), taken) for taken in tricks))


@settings(max_examples=80, deadline=None)
@given(st.data(), definitions())
def test_any_declared_game_stored_replay_equals_checked_replay(data: st.DataObject, definition: Any):
    """For any definition the engine accepts and any deals it accepted, scoring the stored deals
    without their checks, and resuming from a snapshot, give the checked replay's state."""
    assume(definition is not None)
    game = declared_game(definition, "house-any")
    assert isinstance(game, DeclaredGame)
    players = data.draw(st.sampled_from(definition.player_counts))
    state = new(game, players, dealer=data.draw(st.integers(0, players - 1)))
    bodies: list[Any] = []
    for _ in range(data.draw(st.integers(0, 25))):
        if state.finished:
            break
        body = data.draw(candidate_deal(state))
        try:
            state = play_round(state, body)
        except Refused as refused:
            assert set(refused.codes) <= GENERIC_CODES | game.codes
            continue
        bodies.append(body)
    event(f"{definition.entry.kind}: {min(len(bodies), 3)}+ deals accepted")
    assert_replays_agree(game, state, bodies)
    columns = (
        [sum(column) for column in zip(*state.scores, strict=True)] if bodies else [0] * len(state.totals)
    )
    assert list(state.totals) == columns
