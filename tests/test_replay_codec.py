"""How the replay cache packs a state (``matches.replays``): read back, a state is the one that
was kept, for every game and any length; its earlier deals stay packed through further deals
and keeps, so a save's cost does not grow with the match."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from matches.replays import PackedScores
from scoring.match import MatchState, ScoreLog, play_round
from tests.long_matches import PLAYERS, long_match

GAMES = sorted(PLAYERS)


def _kept[T](value: T) -> T:
    """Through the cache's pickling (the reducers ``matches.replays`` registers)."""
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def _same(state: MatchState, other: MatchState) -> None:
    assert state.log == other.log
    assert state.scores == other.scores
    assert state.totals == other.totals
    assert state.progress == other.progress
    assert state.standings == other.standings
    assert state.next == other.next
    assert state.finished == other.finished


@pytest.mark.parametrize("slug", GAMES)
def test_a_state_read_back_is_the_state_kept_and_plays_on_the_same(slug: str) -> None:
    """Every game: kept after each deal, read back and played on, the state is the replay's."""
    setup, bodies = long_match(slug, 30)
    game = scoring.get_game(slug)
    state = kept = scoring.replay_stored(game, setup, [])
    for body in bodies:
        state = play_round(state, body)
        kept = _kept(play_round(kept, body))
        _same(kept, state)


def test_earlier_deals_stay_packed_through_deals_and_keeps() -> None:
    """A state read back and kept again after more deals copies the packed deals as they were,
    unpacking none of them (the save of deal 300 costs what the save of deal 3 costs)."""
    setup, bodies = long_match("duizenden", 300)
    state = scoring.replay_stored(scoring.get_game("duizenden"), setup, bodies[:200])
    kept = _kept(state)
    for body in bodies[200:]:
        kept = _kept(play_round(kept, body))
        earlier, newer = kept.log.split()
        assert isinstance(earlier, PackedScores)
        assert earlier._rows is None  # never unpacked
        assert newer == (kept.log.last,)
    assert kept.scores == scoring.replay_stored(scoring.get_game("duizenden"), setup, bodies).scores


@settings(max_examples=60)
@given(st.lists(st.tuples(st.integers(-(2**31), 2**31 - 1), st.integers(-(2**31), 2**31 - 1)), max_size=30))
def test_a_log_read_back_holds_the_same_scores(rows: list[tuple[int, int]]) -> None:
    log = ScoreLog.of(rows)
    again = _kept(log)
    assert again == log
    assert (again.length, again.last, again.as_tuple()) == (log.length, log.last, tuple(rows))


def test_scores_beyond_32_bits_are_kept_as_they_are() -> None:
    rows = [(10, -10), (2**40, -(2**40)), (5, 5)]
    again = _kept(ScoreLog.of(rows))
    assert again.as_tuple() == tuple(rows)


def test_packed_scores_read_as_the_rows_they_hold() -> None:
    rows = ((1, 2, 3), (-4, 5, -6))
    earlier, _newer = _kept(ScoreLog.of([*rows, (7, 8, 9)])).split()
    assert isinstance(earlier, PackedScores)
    assert len(earlier) == 2
    assert list(earlier) == list(rows)
    assert earlier[1] == (-4, 5, -6)
    assert tuple(earlier[:1]) == rows[:1]


def test_a_game_is_kept_as_its_slug_and_what_a_state_worked_out_is_not_kept() -> None:
    """Read back, a state plays with the registry's own game; its deals' scores, if a page
    asked for them before it was kept, are not kept twice."""
    setup, bodies = long_match("canasta", 10)
    state = scoring.replay_stored(scoring.get_game("canasta"), setup, bodies)
    plain = len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert state.scores  # worked out now, kept by the state as a tuple of every deal
    assert len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)) == plain
    again = _kept(state)
    assert again.game is scoring.get_game("canasta")
