"""``replay_stored`` skips the checks of rounds that passed them when stored, and ``resume`` goes
on from a stored ``snapshot`` instead of replaying: both must give exactly the state of the
checked ``replay`` for every game, and a resumed match must play on exactly as the replayed one.
Generated matches come from each game's own strategies (valid rounds, card maps included for
Canasta), and the long matches of ``tests.long_matches`` (points and card maps, up to 200 rounds)
add the shapes a real evening makes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from scoring import all_games, get_game, play_round, replay, replay_stored, resume, snapshot
from scoring.match import MatchState, Setup, create_setup
from tests.long_matches import long_match
from tests.scoring import test_barbuse, test_canasta, test_duizenden, test_frustration_fr, test_frustration_nl


def assert_same_state(checked: MatchState[Any, Any], stored: MatchState[Any, Any]) -> None:
    assert stored.totals == checked.totals
    assert stored.scores == checked.scores
    assert stored.progress == checked.progress
    assert stored.outlook == checked.outlook
    assert stored.next == checked.next


def assert_replays_agree(slug: str, setup: Setup, bodies: list[Any]) -> None:
    game = get_game(slug)
    checked = replay(game, setup, bodies)
    assert_same_state(checked, replay_stored(game, setup, bodies))
    for cut in sorted({0, len(bodies) // 2, len(bodies)}):
        # Stored as the database keeps it (JSON), then the rest of the match played on from it.
        stored = json.loads(json.dumps(snapshot(replay(game, setup, bodies[:cut]))))
        state = resume(game, setup, stored)
        for body in bodies[cut:]:
            state = play_round(state, body)
        assert_same_state(checked, state)


@settings(max_examples=60, deadline=None)
@given(test_duizenden.match_and_rounds())
def test_duizenden_stored_replay_equals_checked_replay(match: tuple[MatchState[Any, Any], list[Any]]) -> None:
    state, bodies = match
    assert_replays_agree("duizenden", state.setup, bodies)


@settings(max_examples=60, deadline=None)
@given(test_canasta.rounds)
def test_canasta_stored_replay_equals_checked_replay(bodies: list[dict[str, Any]]) -> None:
    state, accepted = test_canasta.post_all(bodies)
    assert_replays_agree("canasta", state.setup, accepted)


@settings(max_examples=60, deadline=None)
@given(test_barbuse.valid_match())
def test_barbuse_stored_replay_equals_checked_replay(match: tuple[dict[str, Any], list[Any]]) -> None:
    shape, bodies = match
    setup = create_setup(get_game("barbuse"), 4, options=shape["options"], dealer=shape["dealer"])
    assert_replays_agree("barbuse", setup, bodies)


@settings(max_examples=40, deadline=None)
@given(test_frustration_fr.matches())
def test_french_frustration_stored_replay_equals_checked_replay(match: tuple[int, dict, list[dict]]) -> None:
    players, options, bodies = match
    setup = create_setup(get_game(test_frustration_fr.SLUG), players, options=options)
    assert_replays_agree(test_frustration_fr.SLUG, setup, bodies)


@settings(max_examples=40, deadline=None)
@given(test_frustration_nl.matches())
def test_dutch_frustration_stored_replay_equals_checked_replay(match: tuple[int, dict, list[dict]]) -> None:
    players, options, bodies = match
    setup = create_setup(get_game(test_frustration_nl.SLUG), players, options=options)
    assert_replays_agree(test_frustration_nl.SLUG, setup, bodies)


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_stored_replay_equals_checked_replay_on_long_matches(slug: str) -> None:
    setup, bodies = long_match(slug, 200)
    assert_replays_agree(slug, setup, bodies)
