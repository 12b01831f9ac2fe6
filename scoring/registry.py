"""The registry of games: slug -> game. The apps derive their lists of games (model choices, the
games listing) from here, so a game exists everywhere or nowhere.

Games are discovered, not listed: every module of the ``scoring.games`` package that defines
``GAME`` is a game (helper modules define none). Adding a game is adding its module; no file
here names one. ``register`` adds a game for the length of a ``with`` block, so a test can play
a toy game through the same functions as the real ones.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import scoring.games
from scoring.match import Game

# A game as the registry holds it, its own progress and hints types forgotten: games differ in
# them and Python has no "some P" type. Nothing is lost, since the engine's fold hands a game
# only the progress that game made (``scoring.match``).
type RegisteredGame = Game[object, object]


def discover() -> dict[str, RegisteredGame]:
    """Every ``GAME`` of the modules in ``scoring.games``, by slug."""
    found: dict[str, RegisteredGame] = {}
    for module_info in pkgutil.iter_modules(scoring.games.__path__, f"{scoring.games.__name__}."):
        game: RegisteredGame | None = getattr(importlib.import_module(module_info.name), "GAME", None)
        if game is None:
            continue
        if game.slug in found:
            raise RuntimeError(f"two game modules use the slug {game.slug!r}")
        found[game.slug] = game
    return found


_GAMES: dict[str, RegisteredGame] = discover()


class UnknownGame(KeyError):
    """No game has this slug."""


def get_game(slug: str) -> RegisteredGame:
    """The built-in game with this slug. A club's house game is not here: a match keeps its own
    copy of its rules (``scoring.declared``), and nothing here reaches outside the engine."""
    try:
        return _GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(slug) from None


def all_games() -> tuple[RegisteredGame, ...]:
    """Every game, ordered by slug."""
    return tuple(_GAMES[slug] for slug in sorted(_GAMES))


@contextmanager
def register[P, H](game: Game[P, H]) -> Iterator[Game[P, H]]:
    """Add ``game`` to the registry inside the ``with`` block; it is removed again on leaving."""
    if game.slug in _GAMES:
        raise ValueError(f"a game with the slug {game.slug!r} is already registered")
    _GAMES[game.slug] = cast(RegisteredGame, game)  # see RegisteredGame
    try:
        yield game
    finally:
        del _GAMES[game.slug]
