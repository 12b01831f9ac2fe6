"""A competition's standings from its finished tables: pure arithmetic over frozen values.

A table's result is each player's final rank and total as the engine left them
(``Seat.final_rank`` / ``final_total``). A scheme turns it into points per player:

- ``placement``: points by rank from a list (10-8-6-5...; a rank past the list scores 0;
  players tied on a rank each get that rank's points), the list of the table's size where the
  club gives one (a table of three 10-7-4, of four 10-8-6-5), otherwise the one list;
- ``raw``: the final total, signed so that more is better (in a game the lowest total wins,
  the engine ranks the lowest first and the total counts against the player);
- ``relative``: the share of the table's other players one finished ahead of, 0-100 (a tie
  counts half), so tables of 3, 4 and 5 weigh the same;
- ``evening_rank``: placement points by the *unit's* ranking rather than a table's: each
  player's raw totals of the unit's tables are added up (in a partnership game, the points of
  every pair they played in: an evening of a pair game with changing partners), the players of the
  unit are ranked on that sum (equal sums share the rank), and each gets the points of their
  rank from ``placement_points``.

Tables are grouped in *units*: a club evening (its points are the sum over its tables, several
rounds per evening) or, where every match of the club counts, each match on its own. The scheme
does not care which: a unit is an id and its place in the season (``Table.order``). A player's
season counts their best ``best_of`` units (all when None); a player with fewer than
``min_evenings`` units is listed below the qualified players, unranked. Ties on points are
broken by the tie-breaks in the order the competition states them, each applied only among the
players the previous ones left equal (head-to-head compares the tied players' results at the
tables where they met one another, so it cannot be a key of one row alone); players still
equal share the rank. The booby prize goes to the last-ranked qualified player(s).

A player present who sat out a round (the players present did not fill the tables: ``SitOut``)
scores for it what the scheme says (``sit_out_points``: nothing, the average of the table points
of that round's players, or a fixed number), in table points, added to the unit before an
evening's ranking; the unit then counts as played, but it is no table (wins, places).

Points of different games can be compared by place (placement, table-relative) but not by raw
total (the totals of two games measure different things); the competition refuses
``raw`` over several games (``Competition.clean``), so nothing here has to know the game. The
evening rank compares raw totals only within one unit, which plays one game, so it may span
several.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction


class Kind(StrEnum):
    PLACEMENT = "placement"
    RAW = "raw"
    RELATIVE = "relative"
    EVENING_RANK = "evening_rank"


class SitOutScore(StrEnum):
    """What a player seated out of a round scores for it (see ``sit_out_points``)."""

    NOTHING = "nothing"
    AVERAGE = "average"  # the average of what the round's seated players got from their tables
    FIXED = "fixed"  # ``Scheme.sit_out_points``


class TieBreak(StrEnum):
    WINS = "wins"  # more tables won
    AVERAGE_PLACE = "average_place"  # lower average rank
    PLAYED = "played"  # more units (evenings or matches) played
    LAST_EVENING = "last_evening"  # more points on the latest unit either played
    ALL_POINTS = "all_points"  # more points over all units, the dropped ones of best N included
    HEAD_TO_HEAD = "head_to_head"  # finished ahead of the other tied players more often
    BEST_UNIT = "best_unit"  # more points on one's best single unit
    FEWEST_DROPPED = "fewest_dropped"  # fewer units left out by best N


# Beyond any place at a table: the average place of a player who sat out every round they came.
MAX_RANK = 1_000


@dataclass(frozen=True)
class Scheme:
    kind: Kind = Kind.PLACEMENT
    placement_points: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
    best_of: int | None = None
    min_evenings: int = 0
    tie_breaks: tuple[TieBreak, ...] = (TieBreak.WINS, TieBreak.AVERAGE_PLACE)
    booby_prize: bool = False
    # (seats, points by place) for the table sizes the club scores differently; a size not
    # named here uses ``placement_points``.
    placement_by_size: tuple[tuple[int, tuple[int, ...]], ...] = ()
    sit_out: SitOutScore = SitOutScore.NOTHING
    sit_out_points: Fraction = Fraction(0)  # for ``SitOutScore.FIXED``

    def points_by_place(self, seats: int) -> tuple[int, ...]:
        return dict(self.placement_by_size).get(seats, self.placement_points)


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
    round: int = 0  # the round of its evening (a player sitting it out scores by its tables)


@dataclass(frozen=True)
class SitOut:
    """A player present who sat out a round of a unit (an evening): the players present did not
    fill the game's tables."""

    unit: int
    round: int
    player: int


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

    @property
    def all_points(self) -> Fraction:
        """Points over every unit played, counted or not."""
        return sum((points for _unit, points in self.units), Fraction(0))

    @property
    def best_unit(self) -> Fraction:
        return max((points for _unit, points in self.units), default=Fraction(0))

    @property
    def dropped(self) -> int:
        return self.played - len(self.counted)


def table_points(scheme: Scheme, table: Table) -> dict[int, Fraction]:
    places = table.places
    if scheme.kind is Kind.PLACEMENT:
        points = scheme.points_by_place(len(places))
        return {p.player: Fraction(points[p.rank - 1] if p.rank <= len(points) else 0) for p in places}
    if scheme.kind in (Kind.RAW, Kind.EVENING_RANK):
        # The evening rank ranks these sums per unit (``unit_ranking``).
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


def unit_ranking(scheme: Scheme, sums: dict[int, Fraction]) -> dict[int, Fraction]:
    """Placement points by the players' raw sums over one unit: ranked highest first, equal sums
    sharing the rank (1, 2, 2, 4), a rank past the list scoring 0."""
    points = scheme.placement_points
    ranks = {player: 1 + sum(other > mine for other in sums.values()) for player, mine in sums.items()}
    return {
        player: Fraction(points[rank - 1] if rank <= len(points) else 0) for player, rank in ranks.items()
    }


def sit_out_points(
    scheme: Scheme, tables: Sequence[Table], sit_outs: Sequence[SitOut]
) -> dict[SitOut, Fraction]:
    """What each sit-out scores for its round, in the scheme's table points (in ``evening_rank``
    raw totals, which then enter the evening's sum like a table's): nothing, the average of the
    table points of every player seated in that round of that unit, or the scheme's fixed
    number. A sit-out of a round without a table in ``tables`` (not finished yet) scores nothing
    yet and is left out."""
    wanted = {(sit.unit, sit.round) for sit in sit_outs}
    given: dict[tuple[int, int], list[Fraction]] = {}
    for table in tables:
        key = (table.unit, table.round)
        if key in wanted:
            points = table_points(scheme, table) if scheme.sit_out is SitOutScore.AVERAGE else {}
            given.setdefault(key, []).extend(points.values())
    found: dict[SitOut, Fraction] = {}
    for sit in sit_outs:
        seated = given.get((sit.unit, sit.round))
        if seated is None:
            continue
        if scheme.sit_out is SitOutScore.AVERAGE:
            found[sit] = sum(seated, Fraction(0)) / len(seated) if seated else Fraction(0)
        elif scheme.sit_out is SitOutScore.FIXED:
            found[sit] = scheme.sit_out_points
        else:
            found[sit] = Fraction(0)
    return found


@dataclass(frozen=True)
class UnitResult:
    """A player's result over one unit (an evening): ``total``, the sum of their table points
    there (a round sat out included); ``rank`` on that total among the unit's players, highest
    first, equal totals sharing; ``points``, what the unit gives them in the standings (the
    total, or in ``evening_rank`` the placement points of that rank)."""

    player: int
    total: Fraction
    rank: int
    points: Fraction


def unit_results(
    scheme: Scheme, tables: Sequence[Table], sit_outs: Sequence[SitOut] = ()
) -> tuple[UnitResult, ...]:
    """The result of one unit's ``tables`` and ``sit_outs`` per player, best first (an evening's
    report: in a pair game, each player's total is the points of every pair they played in)."""
    totals: dict[int, Fraction] = defaultdict(Fraction)
    for table in tables:
        for player, points in table_points(scheme, table).items():
            totals[player] += points
    for sit, points in sit_out_points(scheme, tables, sit_outs).items():
        totals[sit.player] += points
    ranks = {player: 1 + sum(other > mine for other in totals.values()) for player, mine in totals.items()}
    given = unit_ranking(scheme, totals) if scheme.kind is Kind.EVENING_RANK else totals
    return tuple(
        sorted(
            (UnitResult(player, total, ranks[player], given[player]) for player, total in totals.items()),
            key=lambda result: (result.rank, result.player),
        )
    )


@dataclass
class _Tally:
    units: dict[int, Fraction]  # filled in season order (dicts keep it)
    ranks: list[int]


def _key(tie_break: TieBreak, row: Row, beaten: dict[int, Fraction]) -> Fraction:
    """The row's value for one tie-break, lower first; ``beaten``: head-to-head scores among the
    players still tied."""
    if tie_break is TieBreak.WINS:
        return Fraction(-row.wins)
    if tie_break is TieBreak.AVERAGE_PLACE:
        return row.average_place if row.tables else Fraction(MAX_RANK)
    if tie_break is TieBreak.PLAYED:
        return Fraction(-row.played)
    if tie_break is TieBreak.ALL_POINTS:
        return -row.all_points
    if tie_break is TieBreak.HEAD_TO_HEAD:
        return -beaten.get(row.player, Fraction(0))
    if tie_break is TieBreak.BEST_UNIT:
        return -row.best_unit
    if tie_break is TieBreak.FEWEST_DROPPED:
        return Fraction(row.dropped)
    return -row.units[-1][1] if row.units else Fraction(0)


def _head_to_head(players: set[int], tables: Sequence[Table]) -> dict[int, Fraction]:
    """Per player, the other ``players`` they finished ahead of at a table they shared (a tie
    counts half), over every table of the season."""
    beaten: dict[int, Fraction] = defaultdict(Fraction)
    for table in tables:
        seated = [place for place in table.places if place.player in players]
        for place in seated:
            for other in seated:
                if other.player != place.player:
                    if place.rank < other.rank:
                        beaten[place.player] += 1
                    elif place.rank == other.rank:
                        beaten[place.player] += Fraction(1, 2)
    return beaten


def _ordered(rows: list[Row], tie_breaks: Sequence[TieBreak], tables: Sequence[Table]) -> list[list[Row]]:
    """The rows in groups of equal players, best group first: by points, then each tie-break in
    turn splits only the groups the previous ones left equal."""
    groups = _split(sorted(rows, key=lambda row: (-row.points, row.player)), lambda row: -row.points)
    for tie_break in tie_breaks:
        split: list[list[Row]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            beaten = (
                _head_to_head({row.player for row in group}, tables)
                if tie_break is TieBreak.HEAD_TO_HEAD
                else {}
            )
            key = functools.partial(_key, tie_break, beaten=beaten)
            split.extend(_split(sorted(group, key=lambda row: (key(row), row.player)), key))
        groups = split
    return groups


def _split(rows: list[Row], key: Callable[[Row], Fraction]) -> list[list[Row]]:
    """Sorted ``rows`` cut where ``key`` changes."""
    groups: list[list[Row]] = []
    for row in rows:
        if groups and key(groups[-1][0]) == key(row):
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def standings(scheme: Scheme, tables: Sequence[Table], sit_outs: Sequence[SitOut] = ()) -> tuple[Row, ...]:
    """Every player who played a table (or sat out a round of one), qualified players first in
    rank order. A round sat out scores ``sit_out_points`` in its unit, before an evening's
    ranking, and makes the unit one played (attendance, best N); it is no table (wins, places)."""
    tally: dict[int, _Tally] = defaultdict(lambda: _Tally({}, []))
    ordered = sorted(tables, key=lambda t: (t.order, t.unit))
    for table in ordered:
        for player, points in table_points(scheme, table).items():
            entry = tally[player]
            entry.units[table.unit] = entry.units.get(table.unit, Fraction(0)) + points
        for place in table.places:
            tally[place.player].ranks.append(place.rank)
    byes = sit_out_points(scheme, ordered, sit_outs)
    if byes:
        for sit, points in byes.items():
            entry = tally[sit.player]
            entry.units[sit.unit] = entry.units.get(sit.unit, Fraction(0)) + points
        # A unit first reached by a sit-out was added last: back into the season's order.
        season = {table.unit: (table.order, table.unit) for table in ordered}
        for entry in tally.values():
            entry.units = dict(sorted(entry.units.items(), key=lambda item: season[item[0]]))
    if scheme.kind is Kind.EVENING_RANK:
        sums: dict[int, dict[int, Fraction]] = defaultdict(dict)
        for player, entry in tally.items():
            for unit, points in entry.units.items():
                sums[unit][player] = points
        for unit, by_player in sums.items():
            for player, points in unit_ranking(scheme, by_player).items():
                tally[player].units[unit] = points  # same key: the season order stays
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
                # Only a round sat out, no table: no place to average (``_key`` puts them last).
                average_place=Fraction(sum(entry.ranks), len(entry.ranks)) if entry.ranks else Fraction(0),
                units=units,
                counted=frozenset(unit for unit, _ in best),
            )
        )
    qualified = [row for row in rows if row.played >= scheme.min_evenings]
    ranked: list[Row] = []
    for group in _ordered(qualified, scheme.tie_breaks, tables):
        rank = len(ranked) + 1
        ranked.extend(replace(row, rank=rank) for row in group)
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
