"""The rows of a competition's standings page, each list drawn by a template of its own
(``league/standing_rows.html``...): the standings, the points per evening or day, the tables
still playing and the season's evenings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django import template

from house.homes import names_by_slug
from league.provisional import OpenMatch, OpenTable

register = template.Library()


@register.inclusion_tag("league/standing_rows.html")
def standing_rows(rows: Iterable[Any]) -> dict[str, Any]:
    """A ``<tr>`` per stored standing (``league.models.StandingRow``)."""
    return {"rows": rows}


@register.inclusion_tag("league/progression_rows.html")
def progression_rows(progression: Iterable[tuple[Any, Sequence[object]]]) -> dict[str, Any]:
    """A ``<tr>`` per player: their points per evening or day ("" where they did not play)."""
    return {"progression": progression}


@register.inclusion_tag("league/open_table_rows.html")
def open_table_rows(open_tables: Iterable[tuple[OpenMatch, OpenTable]]) -> dict[str, Any]:
    """A ``<li>`` per table still playing: where it plays (or its game and when it started), its
    deals so far and what each player would score if it ended now (``league.provisional``)."""
    return {"tables": [(match, table, match.name) for match, table in open_tables]}


@register.inclusion_tag("league/evening_rows.html")
def evening_rows(evenings: Iterable[Any], several_games: bool) -> dict[str, Any]:
    """A ``<li>`` per evening of the season (annotated with its ``table_count``): its date, its
    game where the competition has several (the names read once for all of them), its tables
    and whether it counts."""
    if several_games:
        evenings = list(evenings)
        unnamed = [evening for evening in evenings if "game_name" not in vars(evening)]
        names = names_by_slug(evening.game for evening in unnamed)
        for evening in unnamed:
            evening.game_name = names[evening.game]
    return {"evenings": evenings, "several_games": several_games}
