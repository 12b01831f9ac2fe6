"""The closed registry of games: slug -> game. Model choices and the API's game list come
from here, so a game exists everywhere or nowhere."""

from __future__ import annotations

from scoring.games import barbuse, canasta, duizenden, frustration_fr, frustration_nl
from scoring.match import Game

_GAMES: dict[str, Game] = {
    module.GAME.slug: module.GAME for module in (frustration_nl, frustration_fr, duizenden, barbuse, canasta)
}


class UnknownGame(KeyError):
    """No game has this slug."""


def get_game(slug: str) -> Game:
    try:
        return _GAMES[slug]
    except (KeyError, TypeError):
        raise UnknownGame(slug) from None


def all_games() -> tuple[Game, ...]:
    return tuple(_GAMES.values())
