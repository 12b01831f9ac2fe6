"""The home of a game named by slug, for the pages that have a slug and no match: a club's
evening and competition, a new match's setup, a player's games and recent matches.

A built-in game's home is the registry's (``games.registry``, no query). A house game is data:
it is read here, explicitly, one query for all the house games a page names, never through a
registry that reaches the database behind a slug. A game the club deleted is still read here:
it is retired, not removed (``HouseGame.retire``). A match never asks: it shows and plays the
copy of the rules it started with (``Match.home``, ``Match.rules``).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.declared import home_of_json
from games.protocol import GameHome
from games.registry import all_homes, home_for
from house.models import SLUG_PREFIX, HouseGame
from scoring import UnknownGame


def home_by_slug(slug: object) -> GameHome:
    """The home of the game a slug names, for a page that has a slug and no match (a club's
    evening, a competition's games, a new match's setup): a built-in game from the registry
    (no query), a house game, retired or not, from its row. ``UnknownGame`` for none. A match
    never asks: ``Match.home``."""
    return homes_by_slug([slug])[slug] if isinstance(slug, str) else home_for(slug)


def homes_by_slug(slugs: Iterable[str]) -> dict[str, GameHome]:
    """``home_by_slug`` for every slug of a page at once: one query for all its house games.
    ``UnknownGame`` for a slug of none."""
    wanted = set(slugs)
    homes = _found(wanted)
    missing = wanted - set(homes)
    if missing:
        raise UnknownGame(min(missing))
    return homes


def names_by_slug(slugs: Iterable[str]) -> dict[str, str]:
    """Each game's name in the reader's language, as ``homes_by_slug`` reads them; a slug no
    game has is its own name."""
    wanted = set(slugs)
    homes = _found(wanted)
    return {slug: str(homes[slug].name) if slug in homes else slug for slug in wanted}


def _found(wanted: set[str]) -> dict[str, GameHome]:
    built_in = {home.slug for home in all_homes()}
    homes: dict[str, GameHome] = {slug: home_for(slug) for slug in wanted & built_in}
    house = {slug for slug in wanted - built_in if slug.startswith(SLUG_PREFIX)}
    if house:
        for slug, definition in HouseGame.objects.filter(slug__in=house).values_list("slug", "definition"):
            homes[slug] = home_of_json(definition, slug)
    return homes
