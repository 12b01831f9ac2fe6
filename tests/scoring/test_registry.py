"""The registry finds the game modules by itself, takes a toy game for a while, and no engine
file outside a game's own module names that game."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

import scoring
import scoring.games
from scoring import UnknownGame, all_games, create_setup, get_game, replay
from scoring.errors import Refused
from scoring.registry import register
from tests.scoring import toy_game
from tests.scoring.toy_game import ToyCode, TurnHints

SCORING = Path(scoring.__file__).resolve().parent


def test_every_module_with_a_game_is_registered_in_slug_order() -> None:
    modules = [
        importlib.import_module(info.name)
        for info in pkgutil.iter_modules(scoring.games.__path__, "scoring.games.")
    ]
    games = [module.GAME for module in modules if hasattr(module, "GAME")]
    assert sorted(games, key=lambda game: game.slug) == list(all_games())
    assert [game.slug for game in all_games()] == sorted(game.slug for game in all_games())


def test_helper_modules_are_not_games() -> None:
    """A module without ``GAME`` (shared code of a family of games) is no game."""
    helpers = {
        info.name.rsplit(".", 1)[1]
        for info in pkgutil.iter_modules(scoring.games.__path__, "scoring.games.")
        if not hasattr(importlib.import_module(info.name), "GAME")
    }
    assert "frustration_family" in helpers
    assert not helpers & {game.slug.replace("-", "_") for game in all_games()}


def test_a_registered_toy_game_is_played_like_any_other() -> None:
    with register(toy_game.GAME) as toy:
        assert get_game("toy") is toy
        assert toy in all_games()
        setup = create_setup(get_game("toy"), 2, options={"target": 20})
        state = replay(toy, setup, [{"entries": [0, 15]}, {"entries": [10, 0]}])
        assert state.totals == (10, 15)
        assert state.next is not None and state.next.hints == TurnHints((10, 5))
        with pytest.raises(Refused) as refused:
            replay(toy, setup, [{"entries": [5, 5]}])
        assert refused.value.codes == [ToyCode.NOBODY_OUT]
    with pytest.raises(UnknownGame):
        get_game("toy")
    assert toy_game.GAME not in all_games()


def test_register_refuses_a_slug_already_taken() -> None:
    with (
        register(toy_game.GAME),
        pytest.raises(ValueError, match="already registered"),
        register(toy_game.GAME),
    ):
        pass
    with pytest.raises(ValueError, match="already registered"), register(get_game("canasta")):
        pass
    assert get_game("canasta") in all_games()


def _game_names() -> set[str]:
    """What a game is called in file names and prose: its slug up to the first dash."""
    return {game.slug.split("-")[0] for game in all_games()}


def test_no_engine_file_names_a_game_outside_that_games_own_modules() -> None:
    """One home per game: a game's own codes live in its module too."""
    mentions = []
    for path in sorted(SCORING.rglob("*.py")):
        relative = str(path.relative_to(SCORING.parent)).lower()
        text = path.read_text(encoding="utf-8").lower()
        mentions += [(relative, name) for name in _game_names() if name not in relative and name in text]
    assert mentions == []
