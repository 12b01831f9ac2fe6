"""Klaverjassen engine tests: the rules as properties (every deal's scores are all the deal's
points, nat at exactly half, pit), one test per refusal code, the dealer's turn and the end
(docs/rules.md, Klaverjassen)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import Refused
from scoring.games.klaverjassen import CARD_POINTS, CODES, GAME, PIT_BONUS, KlaverjassenCode, is_roem
from scoring.match import replay_stored
from tests.scoring.support import new_match, play_all, refusal, totals_in_unit_order


def deal(playing: int, first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {"playing": playing, "entries": [first, second]}


def pair(points: int, roem: int = 0, pit: bool = False) -> dict[str, Any]:
    return {"points": points, "roem": roem, "pit": pit}


ROEMS = st.builds(
    lambda a, b, c, d: 20 * a + 50 * b + 100 * c + 200 * d,
    st.integers(0, 4),
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(0, 1),
)


@st.composite
def deals(draw: st.DrawFn) -> dict[str, Any]:
    """Any deal the rules allow: card points summing to 162, roem of the combinations, pit only
    for a pair holding all 162."""
    points = draw(st.integers(0, CARD_POINTS))
    entries = [pair(points, draw(ROEMS)), pair(CARD_POINTS - points, draw(ROEMS))]
    for index in (0, 1):
        if entries[index]["points"] == CARD_POINTS and draw(st.booleans()):
            entries[index]["pit"] = True
    return deal(draw(st.integers(0, 1)), *entries)


@settings(max_examples=300, deadline=None)
@given(deals())
def test_every_deal_scores_all_its_points_once(body: dict[str, Any]):
    """The two scores sum to 162 plus every roem and pit bonus of the deal, made or nat."""
    state = play_all(new_match(GAME, 4), [body])
    bonus = sum(entry["roem"] + (PIT_BONUS if entry["pit"] else 0) for entry in body["entries"])
    assert sum(state.scores[0]) == CARD_POINTS + bonus


@settings(max_examples=300, deadline=None)
@given(deals())
def test_the_playing_pair_scores_nothing_or_its_own_points(body: dict[str, Any]):
    playing = body["playing"]
    scores = play_all(new_match(GAME, 4), [body]).scores[0]
    own = [e["points"] + e["roem"] + (PIT_BONUS if e["pit"] else 0) for e in body["entries"]]
    made = 2 * own[playing] > sum(own)
    assert list(scores) == (own if made else [sum(own) if unit != playing else 0 for unit in (0, 1)])


@settings(max_examples=200, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=8))
def test_stored_deals_replay_to_the_same_scores(bodies: list[dict[str, Any]]):
    state = play_all(new_match(GAME, 4, options={"deals": 8}), bodies)
    stored = replay_stored(GAME, state.setup, bodies)
    assert stored.scores == state.scores and stored.totals == state.totals


@pytest.mark.parametrize(
    ("playing_points", "roem", "scores"),
    [
        (81, 0, [0, 162]),  # exactly half of 162: nat
        (82, 0, [82, 80]),
    ],
)
def test_exactly_half_is_nat(playing_points: int, roem: int, scores: list[int]):
    state = play_all(
        new_match(GAME, 4), [deal(0, pair(playing_points, roem), pair(CARD_POINTS - playing_points))]
    )
    assert list(state.scores[0]) == scores


@pytest.mark.parametrize(
    ("entries", "scores"),
    [
        # 162 + 20 + 20 = 202, half 101: 81 + 20 = 101 is nat, 82 + 20 = 102 is made.
        ((pair(81, 20), pair(81, 20)), [0, 202]),
        ((pair(82, 20), pair(80, 20)), [102, 100]),
    ],
)
def test_exactly_half_with_roem_is_nat(entries: tuple[dict[str, Any], dict[str, Any]], scores: list[int]):
    state = play_all(new_match(GAME, 4), [deal(0, *entries)])
    assert list(state.scores[0]) == scores


def test_pit_adds_its_bonus_to_the_pair_that_took_every_trick():
    state = play_all(new_match(GAME, 4), [deal(1, pair(0), pair(162, 20, pit=True))])
    assert list(state.scores[0]) == [0, 162 + 20 + PIT_BONUS]


def test_pit_against_the_playing_pair_goes_to_the_other_pair_with_the_rest():
    state = play_all(new_match(GAME, 4), [deal(0, pair(0), pair(162, pit=True))])
    assert list(state.scores[0]) == [0, 262]


@pytest.mark.parametrize("roem", [0, 20, 40, 50, 60, 70, 90, 100, 110, 200, 250, 330])
def test_sums_of_the_combinations_are_roem(roem: int):
    assert is_roem(roem)


@pytest.mark.parametrize("roem", [10, 30, 5, 25, 45, -20])
def test_other_numbers_are_not_roem(roem: int):
    assert not is_roem(roem)


@given(st.integers(0, 3000))
def test_is_roem_agrees_with_the_combinations_it_states(points: int):
    """20·a + 50·b + 100·c + 200·d: 100 and 200 are sums of 20s, so a sum of 20s and 50s."""
    reachable = any((points - 50 * b) % 20 == 0 for b in range(points // 50 + 1))
    assert is_roem(points) == reachable


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (deal(0, pair(150), pair(62)), [("card_points_sum", "")]),
        (deal(0, pair(100, 30), pair(62)), [("roem_not_combination", "entries.0.roem")]),
        (deal(0, pair(157, 0, True), pair(5)), [("pit_with_points", "entries.0.pit")]),
        ({"entries": [pair(100), pair(62)]}, [("playing_pair_missing", "playing")]),
    ],
)
def test_each_rule_is_refused_with_its_code(body: dict[str, Any], expected: list[tuple[str, str]]):
    assert refusal(new_match(GAME, 4), body) == expected


def test_both_pairs_cannot_both_take_every_trick():
    """Pit for both: the second pair's pit is refused, since the first holds all the points."""
    body = deal(0, pair(162, 0, True), pair(0, 0, True))
    assert refusal(new_match(GAME, 4), body) == [("pit_with_points", "entries.1.pit")]


def test_every_code_is_declared():
    assert set(KlaverjassenCode) == CODES


def test_each_player_deals_in_turn_and_the_match_ends_after_its_deals():
    state = new_match(GAME, 4, dealer=2, options={"deals": 4})
    dealers = []
    for _ in range(4):
        assert state.next is not None
        dealers.append(state.next.dealer)
        state = play_all(state, [deal(0, pair(100), pair(62))])
    assert dealers == [2, 3, 0, 1]
    assert state.finished and state.winners == (0,)
    assert totals_in_unit_order(state) == [400, 248]


def test_a_tie_after_the_last_deal_is_shared():
    state = play_all(
        new_match(GAME, 4, options={"deals": 2}), [deal(0, pair(100), pair(62)), deal(1, pair(62), pair(100))]
    )
    assert state.finished and state.winners == (0, 1)


def test_sixteen_deals_by_default_with_the_deals_left_as_hints():
    state = new_match(GAME, 4)
    assert state.setup.int_option("deals") == 16
    assert state.next is not None and state.next.hints is not None and state.next.hints.deals_left == 16
    state = play_all(state, [deal(0, pair(100), pair(62))] * 15)
    assert state.next is not None and state.next.hints is not None and state.next.hints.deals_left == 1


@pytest.mark.parametrize("teams", [[[0, 1, 2], [3]], [[0], [1], [2], [3]]])
def test_two_pairs_only(teams: list[list[int]]):
    with pytest.raises(Refused):
        new_match(GAME, 4, teams=teams)
