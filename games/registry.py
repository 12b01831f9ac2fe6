"""The one place that names every game the site shows: slug -> home, in the order the pages list
them. Adding a game is its engine module in ``scoring/games/``, its home in ``games/``, and one
line here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games import barbuse, belote, canasta, duizenden, frustration, klaverjassen, tarot
from games.protocol import GameHome
from scoring import UnknownGame
from scoring.match import Game

_HOMES: dict[str, GameHome] = {
    home.slug: home
    for home in (
        frustration.CONTRACTS,
        frustration.LEVELS,
        duizenden.HOME,
        barbuse.HOME,
        canasta.HOME,
        klaverjassen.HOME,
        belote.BELOTE,
        belote.CONTREE,
        tarot.HOME,
    )
}


def home_for(slug: object) -> GameHome:
    """The home of the built-in game with this slug; ``UnknownGame`` when there is none. A
    club's house game is data, not code: a match shows it from its own copy of the rules
    (``Match.home``), a page that has only a slug asks the house games for it
    (``house.homes.home_by_slug``), never through this registry."""
    if isinstance(slug, str) and slug in _HOMES:
        return _HOMES[slug]
    raise UnknownGame(slug)


def engine_of(home: GameHome) -> Game[object, object]:
    """The rules engine of a home's game, which the home carries (``GameHome.game``)."""
    return home.game


def all_homes() -> tuple[GameHome, ...]:
    return tuple(_HOMES.values())


@contextmanager
def registered(home: GameHome) -> Iterator[GameHome]:
    """Show one more game while the block runs (tests add a toy game this way)."""
    _HOMES[home.slug] = home
    try:
        yield home
    finally:
        del _HOMES[home.slug]
