"""The one place that names every game the site shows: slug -> home, in the order the pages list
them. Adding a game is its engine module in ``scoring/games/``, its home in ``games/``, and one
line here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from games import barbuse, canasta, duizenden, frustration
from games.protocol import GameHome
from scoring import UnknownGame

_HOMES: dict[str, GameHome] = {
    home.slug: home
    for home in (frustration.CONTRACTS, frustration.LEVELS, duizenden.HOME, barbuse.HOME, canasta.HOME)
}


def home_for(slug: object) -> GameHome:
    """The home of the game with this slug; ``UnknownGame`` when there is none."""
    if not isinstance(slug, str) or slug not in _HOMES:
        raise UnknownGame(slug)
    return _HOMES[slug]


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
