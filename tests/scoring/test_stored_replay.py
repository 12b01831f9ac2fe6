"""``replay_stored`` skips the checks of rounds that passed them when stored, and ``resume`` goes
on from a stored ``snapshot`` instead of replaying: both must give exactly the state of the
checked ``replay`` for every game (each deal's scores too, when ``resume`` is given them), and a
resumed match must play on exactly as the replayed one.
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


def assert_same_state(
    checked: MatchState[Any, Any], stored: MatchState[Any, Any], *, whole: bool = True
) -> None:
    assert stored.totals == checked.totals
    assert stored.played == checked.played
    assert stored.log.last == checked.log.last
    if whole:
        assert stored.scores == checked.scores
    assert stored.progress == checked.progress
    assert stored.outlook == checked.outlook
    assert stored.next == checked.next


def assert_replays_agree(slug: str, setup: Setup, bodies: list[Any]) -> None:
    game = get_game(slug)
    checked = replay(game, setup, bodies)
    assert_same_state(checked, replay_stored(game, setup, bodies))
    for cut in sorted({0, len(bodies) // 2, len(bodies)}):
        # Stored as the database keeps it (JSON), then the rest of the match played on from it:
        # as a deal is written (the snapshot alone) and as a page reads it (with every deal's
        # scores, which the site keeps with its rounds).
        before = replay(game, setup, bodies[:cut])
        stored = json.loads(json.dumps(snapshot(before)))
        kept_scores = json.loads(json.dumps(before.scores))
        for state, whole in (
            (resume(game, setup, stored), cut <= 1),
            (resume(game, setup, stored, kept_scores), True),
        ):
            for body in bodies[cut:]:
                state = play_round(state, body)
            assert_same_state(checked, state, whole=whole)


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


def test_a_snapshot_does_not_grow_with_the_match() -> None:
    """A snapshot holds the totals, the number of deals and the last deal: the same size at deal
    200 as at deal 2 (the site writes it with every deal)."""
    game = get_game("duizenden")
    setup, bodies = long_match("duizenden", 200)
    sizes = {len(json.dumps(snapshot(replay(game, setup, bodies[:played])))) for played in (2, 200)}
    assert max(sizes) - min(sizes) < 40  # a few more digits in the totals and the count


def test_a_state_resumed_without_the_deals_scores_refuses_to_list_them() -> None:
    """Asked for every deal's scores it cannot know, a resumed state says so; it still knows the
    last deal's, and a state given the wrong number of deals' scores is refused."""
    game = get_game("duizenden")
    setup, bodies = long_match("duizenden", 5)
    state = replay(game, setup, bodies)
    stored = snapshot(state)
    resumed = resume(game, setup, stored)
    assert resumed.log.last == state.log.last
    with pytest.raises(ValueError, match="not the ones before"):
        _ = resumed.scores
    with pytest.raises(ValueError, match="deals' scores"):
        resume(game, setup, stored, state.scores[:-1])
