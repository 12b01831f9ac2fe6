"""Scoreblok's rules engine: plain, typed Python with no Django and no I/O.

Everything the site knows about a game lives here. The apps call these:

- ``get_game(slug)`` / ``all_games()``: the closed registry of games;
- ``create_setup(game, ...)``: checks and freezes how a match is played;
- ``replay(game, setup, rounds)`` / ``play_round(state, body)``: the fold from posted rounds
  to a ``MatchState``; ``replay_stored(game, setup, rounds)`` the same fold for rounds read
  back from storage, which were checked when stored (it skips the checks: every request does it);
- ``correct_round(...)``: a replay with one round replaced;
- ``end_early(state)``: a match stopped before its planned end, over as it stands;
- ``snapshot(state)`` / ``resume(game, setup, snapshot[, scores])``: a state as a few plain
  JSON-able values (totals, deals played, the last deal, progress) and back, so a stored match
  goes on without replaying its rounds; with every deal's scores, the state holds them too.
  ``StaleSnapshot`` when a stored one is of another format or shape: replay the rounds instead.

A refusal is always a ``Refused`` exception carrying ``RuleError`` values (a code, the
field, params); the engine never builds sentences.
"""

from scoring.errors import Code, Refused, RuleError
from scoring.match import (
    MatchState,
    Next,
    Setup,
    StaleSnapshot,
    Standing,
    correct_round,
    create_setup,
    end_early,
    play_round,
    replay,
    replay_stored,
    resume,
    snapshot,
)
from scoring.registry import UnknownGame, all_games, get_game

__all__ = [
    "Code",
    "MatchState",
    "Next",
    "Refused",
    "RuleError",
    "Setup",
    "StaleSnapshot",
    "Standing",
    "UnknownGame",
    "all_games",
    "correct_round",
    "create_setup",
    "end_early",
    "get_game",
    "play_round",
    "replay",
    "replay_stored",
    "resume",
    "snapshot",
]
