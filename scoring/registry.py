"""The closed registry of games: slug -> game. The apps derive their lists of games (model
choices, the games listing) from here, so a game exists everywhere or nowhere."""

from __future__ import annotations

from scoring.games import barbuse, canasta, duizenden, frustration_fr, frustration_nl
from scoring.match import Game

# A game as the registry holds it, its own progress and hints types forgotten: games differ in
# them and Python has no "some P" type. Nothing is lost, since the engine's fold hands a game
# only the progress that game made (``scoring.match``).
type RegisteredGame = Game[object, object]

_GAMES: dict[str, RegisteredGame] = {
    module.GAME.slug: module.GAME for module in (frustration_nl, frustration_fr, duizenden, barbuse, canasta)
}


class UnknownGame(KeyError):
    """No game has this slug."""


def get_game(slug: str) -> RegisteredGame:
    try:
        return _GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(slug) from None


def all_games() -> tuple[RegisteredGame, ...]:
    return tuple(_GAMES.values())
