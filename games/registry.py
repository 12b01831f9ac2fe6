"""The one place that names every game the site shows: slug -> home, in the order the pages list
them. Adding a game is its engine module in ``scoring/games/``, its home in ``games/``, and one
line here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from games import barbuse, canasta, duizenden, frustration, tarot
from games.protocol import GameHome
from scoring import UnknownGame, get_game
from scoring.match import Game

_HOMES: dict[str, GameHome] = {
    home.slug: home
    for home in (
        frustration.CONTRACTS,
        frustration.LEVELS,
        duizenden.HOME,
        barbuse.HOME,
        canasta.HOME,
        tarot.HOME,
    )
}


# Where the games that are data rather than code are found (a club's declared games): an app
# adds its finder once, when it is ready; a finder answers None for a slug it does not know.
_FINDERS: list[Callable[[str], GameHome | None]] = []


def add_finder(finder: Callable[[str], GameHome | None]) -> None:
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def home_for(slug: object) -> GameHome:
    """The home of the game with this slug; ``UnknownGame`` when there is none."""
    if not isinstance(slug, str):
        raise UnknownGame(slug)
    if slug in _HOMES:
        return _HOMES[slug]
    for finder in _FINDERS:
        if (found := finder(slug)) is not None:
            return found
    raise UnknownGame(slug)


def engine_of(home: GameHome) -> Game[object, object]:
    """The rules engine of a home's game: the registry's, or the one a home of a game that is
    data carries (``DeclaredHome.game``)."""
    try:
        return get_game(home.slug)
    except UnknownGame:
        carried: Game[object, object] | None = getattr(home, "game", None)
        if carried is None:
            raise
        return carried


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
