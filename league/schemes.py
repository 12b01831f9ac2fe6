"""A competition's standings from its finished tables: pure arithmetic over frozen values.

A table's result is each player's final rank and total as the engine left them
(``Seat.final_rank`` / ``final_total``). A scheme turns it into points per player:

- ``placement``: points by rank from a list (10-8-6-5...; a rank past the list scores 0;
  players tied on a rank each get that rank's points);
- ``raw``: the final total, signed so that more is better (in a game the lowest total wins,
  the engine ranks the lowest first and the total counts against the player);
- ``relative``: the share of the table's other players one finished ahead of, 0-100 (a tie
  counts half), so tables of 3, 4 and 5 weigh the same.

Tables are grouped in *units*: a club evening (its points are the sum over its tables, several
rounds per evening) or, where every match of the club counts, each match on its own. The scheme
does not care which: a unit is an id and its place in the season (``Table.order``). A player's
season counts their best ``best_of`` units (all when None); a player with fewer than
``min_evenings`` units is listed below the qualified players, unranked. Ties on points are
broken by the tie-breaks in the order the competition states them; players still equal share
the rank. The booby prize goes to the last-ranked qualified player(s).

Points of different games can be compared by place (placement, table-relative) but not by raw
total (the totals of two games measure different things); the competition refuses
``raw`` over several games (``Competition.clean``), so nothing here has to know the game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction


class Kind(StrEnum):
    PLACEMENT = "placement"
    RAW = "raw"
    RELATIVE = "relative"


class TieBreak(StrEnum):
    WINS = "wins"  # more tables won
    AVERAGE_PLACE = "average_place"  # lower average rank
    PLAYED = "played"  # more units (evenings or matches) played
    LAST_EVENING = "last_evening"  # more points on the latest unit either played


@dataclass(frozen=True)
class Scheme:
    kind: Kind = Kind.PLACEMENT
    placement_points: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
    best_of: int | None = None
    min_evenings: int = 0
    tie_breaks: tuple[TieBreak, ...] = (TieBreak.WINS, TieBreak.AVERAGE_PLACE)
    booby_prize: bool = False


@dataclass(frozen=True)
class Place:
    player: int
    rank: int
    total: int


@dataclass(frozen=True)
class Table:
    """One finished table: the unit it belongs to (an evening, or the match itself), its places,
    and the unit's place in the season (units sort by ``(order, unit)``: the caller knows the
    dates, an id alone does not say which evening came first)."""

    unit: int
    places: tuple[Place, ...]
    order: int = 0


@dataclass(frozen=True)
class Row:
    player: int
    rank: int | None  # None: not (yet) qualified by minimum attendance
    points: Fraction
    played: int  # units: evenings, or matches
    tables: int
    wins: int
    average_place: Fraction
    units: tuple[tuple[int, Fraction], ...]  # (unit, points in it), in season order
    counted: frozenset[int]  # the units that count (best N of M)
    booby: bool = False


def table_points(scheme: Scheme, table: Table) -> dict[int, Fraction]:
    places = table.places
    if scheme.kind is Kind.PLACEMENT:
        points = scheme.placement_points
        return {p.player: Fraction(points[p.rank - 1] if p.rank <= len(points) else 0) for p in places}
    if scheme.kind is Kind.RAW:
        winners = [p.total for p in places if p.rank == 1]
        low_wins = bool(winners) and min(winners) < max(p.total for p in places)
        return {p.player: Fraction(-p.total if low_wins else p.total) for p in places}
    others = len(places) - 1
    if others == 0:
        return {p.player: Fraction(100) for p in places}
    # 100 x (ahead + (tied - 1) / 2) / others, built as one fraction (thousands of tables).
    return {
        p.player: Fraction(
            100 * (2 * sum(q.rank > p.rank for q in places) + sum(q.rank == p.rank for q in places) - 1),
            2 * others,
        )
        for p in places
    }


@dataclass
class _Tally:
    units: dict[int, Fraction]  # filled in season order (dicts keep it)
    ranks: list[int]


def _sort_key(row: Row, tie_breaks: Sequence[TieBreak]) -> tuple[Fraction, ...]:
    key = [-row.points]
    for tie_break in tie_breaks:
        if tie_break is TieBreak.WINS:
            key.append(Fraction(-row.wins))
        elif tie_break is TieBreak.AVERAGE_PLACE:
            key.append(row.average_place)
        elif tie_break is TieBreak.PLAYED:
            key.append(Fraction(-row.played))
        else:
            key.append(-row.units[-1][1] if row.units else Fraction(0))
    return tuple(key)


def standings(scheme: Scheme, tables: Sequence[Table]) -> tuple[Row, ...]:
    """Every player who played a table, qualified players first in rank order."""
    tally: dict[int, _Tally] = defaultdict(lambda: _Tally({}, []))
    for table in sorted(tables, key=lambda t: (t.order, t.unit)):
        for player, points in table_points(scheme, table).items():
            entry = tally[player]
            entry.units[table.unit] = entry.units.get(table.unit, Fraction(0)) + points
        for place in table.places:
            tally[place.player].ranks.append(place.rank)
    rows = []
    for player, entry in tally.items():
        units = tuple(entry.units.items())
        # Best N: the highest-scoring units; among equal ones the earlier counts (a reversed sort
        # is still stable). The key is a float only for speed (a season of thousands of matches):
        # these fractions have small denominators, so equal ones give equal floats and unequal
        # ones unequal floats, and the order is the exact one.
        best: Sequence[tuple[int, Fraction]] = units
        if scheme.best_of is not None and scheme.best_of < len(units):
            best = sorted(units, key=lambda item: float(item[1]), reverse=True)[: scheme.best_of]
        rows.append(
            Row(
                player=player,
                rank=None,
                points=sum((points for _, points in best), Fraction(0)),
                played=len(units),
                tables=len(entry.ranks),
                wins=entry.ranks.count(1),
                average_place=Fraction(sum(entry.ranks), len(entry.ranks)),
                units=units,
                counted=frozenset(unit for unit, _ in best),
            )
        )
    qualified = sorted(
        (row for row in rows if row.played >= scheme.min_evenings),
        key=lambda row: (_sort_key(row, scheme.tie_breaks), row.player),
    )
    ranked: list[Row] = []
    for index, row in enumerate(qualified):
        key = _sort_key(row, scheme.tie_breaks)
        same = index > 0 and key == _sort_key(qualified[index - 1], scheme.tie_breaks)
        ranked.append(replace(row, rank=ranked[-1].rank if same else index + 1))
    if scheme.booby_prize and len(ranked) > 1:
        last = ranked[-1].rank
        ranked = [replace(row, booby=row.rank == last) for row in ranked]
    waiting = sorted(
        (row for row in rows if row.played < scheme.min_evenings), key=lambda r: (-r.points, r.player)
    )
    return (*ranked, *waiting)


def trend(before: Sequence[Row], now: Sequence[Row]) -> dict[int, int | None]:
    """Places gained (positive) or lost since the standings ``before``; None: newly ranked."""
    old = {row.player: row.rank for row in before}
    moves: dict[int, int | None] = {}
    for row in now:
        was = old.get(row.player)
        moves[row.player] = was - row.rank if was is not None and row.rank is not None else None
    return moves
