"""Belote engine tests: the rules as properties (every deal's points, made or dedans, go where
the rules say; equal scores are dedans; capot 250 or 252), one test per refusal code, the game's
end at its target (docs/rules.md, Belote and Contrée)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.belote import BELOTE, CARD_POINTS, CODES, GAME, BeloteCode, Progress
from scoring.match import replay_stored
from tests.scoring.support import new_match, play_all, refusal, totals_in_unit_order


def deal(taker: int, first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {"taker": taker, "entries": [first, second]}


def pair(points: int, belote: bool = False, capot: bool = False) -> dict[str, Any]:
    return {"points": points, "belote": belote, "capot": capot}


@st.composite
def deals(draw: st.DrawFn) -> dict[str, Any]:
    """Any deal the rules allow: card points summing to 162, belote to at most one pair, capot
    only for a pair holding all 162."""
    points = draw(st.integers(0, CARD_POINTS))
    entries = [pair(points), pair(CARD_POINTS - points)]
    belote = draw(st.sampled_from([None, 0, 1]))
    if belote is not None:
        entries[belote]["belote"] = True
    for index in (0, 1):
        if entries[index]["points"] == CARD_POINTS and draw(st.booleans()):
            entries[index]["capot"] = True
    return deal(draw(st.integers(0, 1)), *entries)


OPTIONS = st.fixed_dictionaries(
    {"capot": st.sampled_from([250, 252]), "dedans_belote": st.booleans(), "target": st.just(1000)}
)


def tricks(entry: dict[str, Any], capot: int) -> int:
    return capot if entry["capot"] else entry["points"]


@settings(max_examples=300, deadline=None)
@given(deals(), OPTIONS)
def test_a_made_deal_gives_each_pair_its_own_points_and_dedans_gives_the_defence_all_tricks(
    body: dict[str, Any], options: dict[str, Any]
):
    """Made: each pair its tricks and belote. Dedans: the defence every trick and its belote,
    the taker its belote only when the option keeps it."""
    taker, capot = body["taker"], options["capot"]
    own = [tricks(e, capot) + (BELOTE if e["belote"] else 0) for e in body["entries"]]
    scores = list(play_all(new_match(GAME, 4, options=options), [body]).scores[0])
    if own[taker] > own[1 - taker]:
        assert scores == own
    else:
        all_tricks = sum(tricks(e, capot) for e in body["entries"])
        defence = body["entries"][1 - taker]
        taker_belote = BELOTE if body["entries"][taker]["belote"] and options["dedans_belote"] else 0
        assert scores[1 - taker] == all_tricks + (BELOTE if defence["belote"] else 0)
        assert scores[taker] == taker_belote


@settings(max_examples=300, deadline=None)
@given(deals())
def test_without_capot_a_deal_scores_162_and_the_belote_at_most(body: dict[str, Any]):
    """No points are made up: 162 (or the capot) plus a belote held is the most a deal gives."""
    scores = play_all(new_match(GAME, 4), [body]).scores[0]
    capot = any(e["capot"] for e in body["entries"])
    belote = BELOTE if any(e["belote"] for e in body["entries"]) else 0
    assert sum(scores) <= (250 if capot else CARD_POINTS) + belote


@settings(max_examples=200, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=6))
def test_stored_deals_replay_to_the_same_scores_and_totals(bodies: list[dict[str, Any]]):
    state = play_all(new_match(GAME, 4), bodies[:3])
    stored = replay_stored(GAME, state.setup, bodies[:3])
    assert stored.scores == state.scores and stored.totals == state.totals
    assert list(state.totals) == [sum(column) for column in zip(*state.scores, strict=True)]


@pytest.mark.parametrize(
    ("entries", "scores"),
    [
        ((pair(81), pair(81)), [0, 162]),  # exactly half: dedans, no litige
        ((pair(82), pair(80)), [82, 80]),
        ((pair(71, belote=True), pair(91)), [20, 162]),  # 91 against 91: dedans, belote kept
        ((pair(72, belote=True), pair(90)), [92, 90]),
    ],
)
def test_the_taker_must_score_more_than_the_defence(entries: tuple[dict[str, Any], ...], scores: list[int]):
    state = play_all(new_match(GAME, 4), [deal(0, *entries)])
    assert list(state.scores[0]) == scores


@pytest.mark.parametrize("capot", [250, 252])
def test_capot_scores_the_option_value_for_the_tricks(capot: int):
    state = play_all(new_match(GAME, 4, options={"capot": capot}), [deal(1, pair(0), pair(162, True, True))])
    assert list(state.scores[0]) == [0, capot + BELOTE]


def test_capot_against_the_taker_is_dedans_with_the_capot_value():
    state = play_all(new_match(GAME, 4), [deal(0, pair(0, belote=True), pair(162, capot=True))])
    assert list(state.scores[0]) == [20, 250]


def test_the_option_gives_up_the_taker_s_belote_when_dedans():
    options = {"dedans_belote": False}
    state = play_all(new_match(GAME, 4, options=options), [deal(0, pair(60, belote=True), pair(102))])
    assert list(state.scores[0]) == [0, 162]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (deal(0, pair(150), pair(62)), [("card_points_sum", "")]),
        (deal(0, pair(100, True), pair(62, True)), [("belote_twice", "entries.1.belote")]),
        (deal(0, pair(157, False, True), pair(5)), [("capot_with_points", "entries.0.capot")]),
        (deal(0, pair(162, False, True), pair(0, False, True)), [("capot_with_points", "entries.1.capot")]),
        ({"entries": [pair(100), pair(62)]}, [("taker_missing", "taker")]),
        (deal(2, pair(100), pair(62)), [("invalid", "taker")]),
    ],
)
def test_each_rule_is_refused_with_its_code(body: dict[str, Any], expected: list[tuple[str, str]]):
    assert refusal(new_match(GAME, 4), body) == expected


@pytest.mark.parametrize(("target", "valid"), [(1000, True), (501, True), (500, False), (2000, False)])
def test_the_game_goes_to_1000_or_501(target: int, valid: bool):
    from scoring import Refused

    if valid:
        assert new_match(GAME, 4, options={"target": target}).setup.int_option("target") == target
    else:
        with pytest.raises(Refused):
            new_match(GAME, 4, options={"target": target})


def test_the_game_ends_in_the_deal_a_pair_reaches_the_target():
    state = play_all(
        new_match(GAME, 4, options={"target": 501}), [deal(0, pair(162, True, True), pair(0))] * 2
    )
    assert state.finished and totals_in_unit_order(state) == [540, 0]


def test_equal_totals_past_the_target_play_on():
    """No single deal gives two pairs the same points, but totals can meet past the target."""
    setup = new_match(GAME, 4, options={"target": 501}).setup
    assert not GAME.outlook(setup, Progress(6), (620, 620)).finished
    assert GAME.outlook(setup, Progress(6), (620, 619)).finished


def test_every_code_is_declared():
    assert set(BeloteCode) == CODES
