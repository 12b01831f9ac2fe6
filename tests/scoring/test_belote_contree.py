"""Contrée engine tests: the contract made or failed at its boundary, contré times 2 and surcontré times 4,
capot bid and made, both scoring conventions, belote never multiplied, one test per refusal code
(docs/rules.md, Belote and Contrée)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.games.belote import BELOTE, CARD_POINTS
from scoring.games.belote_contree import CODES, CONTRACTS, GAME, ContreeCode
from scoring.match import replay_stored
from tests.scoring.support import new_match, play_all, refusal


def deal(
    taker: int, contract: int, first: dict[str, Any], second: dict[str, Any], **bids: bool
) -> dict[str, Any]:
    return {"taker": taker, "contract": contract, **bids, "entries": [first, second]}


def pair(points: int, belote: bool = False, capot: bool = False) -> dict[str, Any]:
    return {"points": points, "belote": belote, "capot": capot}


@st.composite
def deals(draw: st.DrawFn) -> dict[str, Any]:
    points = draw(st.integers(0, CARD_POINTS))
    entries = [pair(points), pair(CARD_POINTS - points)]
    belote = draw(st.sampled_from([None, 0, 1]))
    if belote is not None:
        entries[belote]["belote"] = True
    for index in (0, 1):
        if entries[index]["points"] == CARD_POINTS and draw(st.booleans()):
            entries[index]["capot"] = True
    contre = draw(st.booleans())
    return deal(
        draw(st.integers(0, 1)),
        draw(st.sampled_from(CONTRACTS)),
        *entries,
        contre=contre,
        surcontre=contre and draw(st.booleans()),
    )


def score(body: dict[str, Any], **options: object) -> list[int]:
    return list(play_all(new_match(GAME, 4, options=options), [body]).scores[0])


def belotes(body: dict[str, Any]) -> list[int]:
    return [BELOTE if entry["belote"] else 0 for entry in body["entries"]]


@settings(max_examples=300, deadline=None)
@given(deals(), st.sampled_from(["made", "contract"]))
def test_one_pair_wins_the_deal_and_the_other_keeps_at_most_its_card_points_and_belote(
    body: dict[str, Any], counting: str
):
    """Without the belote, the defence of a made undoubled contract keeps its card points (with
    ``made``); in every other case one pair alone scores."""
    scores = [s - b for s, b in zip(score(body, counting=counting), belotes(body), strict=True)]
    doubled = body.get("contre", False)
    if counting == "contract" or doubled:
        assert 0 in scores
    defence = body["entries"][1 - body["taker"]]
    assert scores[1 - body["taker"]] in (0, defence["points"]) or scores[body["taker"]] == 0


@settings(max_examples=300, deadline=None)
@given(deals())
def test_a_failure_gives_the_defence_160_and_the_contract_multiplied(body: dict[str, Any]):
    taker = body["taker"]
    multiplier = 4 if body.get("surcontre") else 2 if body.get("contre") else 1
    scores = score(body)
    without = [s - b for s, b in zip(scores, belotes(body), strict=True)]
    if without[taker] == 0:
        assert without[1 - taker] == (160 + body["contract"]) * multiplier


@settings(max_examples=200, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=3))
def test_stored_deals_replay_to_the_same_scores(bodies: list[dict[str, Any]]):
    state = play_all(new_match(GAME, 4, options={"target": 10_000}), bodies)
    stored = replay_stored(GAME, state.setup, bodies)
    assert stored.scores == state.scores and stored.totals == state.totals


@pytest.mark.parametrize(
    ("contract", "points", "scores"),
    [
        (80, 80, [160, 82]),  # the contract reached exactly: made
        (80, 79, [0, 240]),  # one short: failed
        (160, 160, [320, 2]),
        (160, 159, [0, 320]),
    ],
)
def test_the_contract_is_made_when_reached(contract: int, points: int, scores: list[int]):
    assert score(deal(0, contract, pair(points), pair(CARD_POINTS - points))) == scores


@pytest.mark.parametrize(
    ("belote_counts", "scores"),
    [
        (True, [82, 90 + 80 + 20]),  # 80 + 20 = 100 reaches 90
        (False, [160 + 90, 20]),  # 80 does not; the taker keeps its belote
    ],
)
def test_belote_counts_towards_the_contract_by_option(belote_counts: bool, scores: list[int]):
    body = deal(1, 90, pair(82), pair(80, belote=True))
    assert score(body, belote_counts=belote_counts) == scores


@pytest.mark.parametrize(
    ("bids", "made", "failed"),
    [
        ({}, [100 + 100, 62], [0, 260]),
        ({"contre": True}, [(160 + 100) * 2, 0], [0, (160 + 100) * 2]),
        ({"contre": True, "surcontre": True}, [(160 + 100) * 4, 0], [0, (160 + 100) * 4]),
    ],
)
def test_contre_doubles_and_surcontre_quadruples(bids: dict[str, bool], made: list[int], failed: list[int]):
    assert score(deal(0, 100, pair(100), pair(62), **bids)) == made
    assert score(deal(0, 100, pair(99), pair(63), **bids)) == failed


def test_belote_is_never_multiplied():
    body = deal(0, 100, pair(99), pair(63, belote=True), contre=True, surcontre=True)
    assert score(body) == [0, 260 * 4 + BELOTE]


@pytest.mark.parametrize("capot", [250, 252])
def test_a_capot_contract_is_made_only_by_every_trick(capot: int):
    assert score(deal(0, 250, pair(162, capot=True), pair(0)), capot=capot) == [250 + capot, 0]
    assert score(deal(0, 250, pair(161), pair(1)), capot=capot) == [0, 410]


def test_the_contract_only_convention_scores_the_contract():
    assert score(deal(0, 120, pair(140), pair(22)), counting="contract") == [120, 0]
    assert score(deal(0, 120, pair(140), pair(22), contre=True), counting="contract") == [240, 0]
    assert score(deal(0, 120, pair(100), pair(62)), counting="contract") == [0, 280]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (deal(0, 85, pair(100), pair(62)), [("contract_not_allowed", "contract")]),
        (deal(0, 70, pair(100), pair(62)), [("contract_not_allowed", "contract")]),
        (deal(0, 170, pair(100), pair(62)), [("contract_not_allowed", "contract")]),
        ({"taker": 0, "entries": [pair(100), pair(62)]}, [("contract_missing", "contract")]),
        (deal(0, 100, pair(100), pair(62), surcontre=True), [("surcontre_without_contre", "surcontre")]),
        (deal(0, 100, pair(100), pair(60)), [("card_points_sum", "")]),
        (deal(0, 100, pair(100, True), pair(62, True)), [("belote_twice", "entries.1.belote")]),
        (deal(0, 100, pair(150, capot=True), pair(12)), [("capot_with_points", "entries.0.capot")]),
        ({"contract": 100, "entries": [pair(100), pair(62)]}, [("taker_missing", "taker")]),
    ],
)
def test_each_rule_is_refused_with_its_code(body: dict[str, Any], expected: list[tuple[str, str]]):
    assert refusal(new_match(GAME, 4), body) == expected


def test_every_code_is_declared():
    assert set(ContreeCode) <= CODES
