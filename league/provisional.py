"""The tables still playing, as the standings page lists them: each table's deals so far and
what each of its players would score if it ended now, through the competition's scheme.

Why kept in the shared cache: a club ladder has a table per group playing, and the page read
every table's seats and its replayed state (a pickle of every deal's scores) on every view, a
third of the page's cost. What a table shows changes only when a deal is written, so it is kept
under the match's version (``Match.updated_at``, moved by every write under the row lock, as
``matches.replays`` keys the states), the scheme and the code that computes it: an entry can
only be right or missing. Between two views of a busy ladder one table has entered a deal and
nineteen have not, so nineteen answers come from one read of the cache. A cache that fails is
a miss: the tables are computed as before.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import NamedTuple

from django.core.cache import cache

from league import schemes
from matches.models import SEAT_FIELDS, Match, Seat, SeatRow, states_of
from scoring import MatchState

log = logging.getLogger(__name__)

# The rules engine's digest and this module's and the schemes' source: other code, other keys.
CODE = hashlib.blake2b(
    Path(__file__).read_bytes() + Path(schemes.__file__).read_bytes(), digest_size=8
).hexdigest()


class OpenTable(NamedTuple):
    deals: int
    points: tuple[tuple[str, str], ...]  # (player, points if it ended now), in seat order


class OpenMatch(NamedTuple):
    """A match still playing, as the page lists it: read as values (model objects for twenty
    tables, with their table and evening, cost the page more than all its other reads)."""

    pk: int
    updated_at: datetime  # the version its line is kept under
    created_at: datetime
    game: str
    round: int | None  # where it is a table of a club evening: the round, the table, the day
    number: int | None
    day: date | None


def provisional_points(
    scheme: schemes.Scheme, match_id: int, seats: Sequence[SeatRow], state: MatchState
) -> list[tuple[str, str]]:
    """What each player of a match still playing would score if it ended now: its current
    places (``seats`` in seat order), through the competition's scheme (stored standings never
    include them)."""
    places = [
        schemes.Place(seats[seat].player_id, row.rank, row.total)
        for row in state.standings
        for seat in row.seats
    ]
    points = schemes.table_points(scheme, schemes.Table(match_id, tuple(places)))
    # Two decimals at most, as the stored standings show them (a relative score is a fraction).
    return [(seat.name, f"{round(float(points.get(seat.player_id, 0)), 2):g}") for seat in seats]


def open_tables(scheme: schemes.Scheme, matches: Sequence[OpenMatch]) -> dict[int, OpenTable]:
    """Each match's ``OpenTable`` (match id: table): the cache's, and the others computed (in
    one read of the matches, one of their seats and one of their states) and kept under the
    version ``matches`` were read at. Those are read after it, so a table kept may be newer
    than its version: a view that read that version then shows a deal it had not seen, never
    an older line than it read."""
    keys = {_key(scheme, match.pk, match.updated_at): match for match in matches}
    tables = {keys[name].pk: table for name, table in _read(list(keys)).items()}
    missing = {match.pk: match for match in matches if match.pk not in tables}
    if not missing:
        return tables
    read = list(Match.objects.filter(pk__in=missing))
    states, seats = states_of(read), _seats_of(read)
    fresh = {}
    for match in read:
        state = states[match.pk]
        table = OpenTable(state.played, tuple(provisional_points(scheme, match.pk, seats[match.pk], state)))
        tables[match.pk] = table
        fresh[_key(scheme, match.pk, missing[match.pk].updated_at)] = tuple(table)
    _keep(fresh)
    return tables


def _key(scheme: schemes.Scheme, match_id: int, version: datetime) -> str:
    rules = hashlib.blake2b(repr(scheme).encode(), digest_size=8).hexdigest()
    return f"open-table:{CODE}:{rules}:{match_id}:{version.isoformat()}"


def _read(keys: list[str]) -> dict[str, OpenTable]:
    try:
        found = cache.get_many(keys)
        return {name: OpenTable(deals, tuple(map(tuple, points))) for name, (deals, points) in found.items()}
    except Exception:  # an unreadable cache or entry is a miss (see the docstring)
        log.warning("open tables: could not read %s tables", len(keys), exc_info=True)
        return {}


def _keep(tables: dict[str, tuple[object, ...]]) -> None:
    try:
        cache.set_many(tables, 6 * 60 * 60)
    except Exception:
        log.warning("open tables: could not keep %s tables", len(tables), exc_info=True)


def _seats_of(matches: Sequence[Match]) -> dict[int, list[SeatRow]]:
    """The seats of several matches in one query, as values (a ladder has many open tables)."""
    seats: dict[int, list[SeatRow]] = {match.pk: [] for match in matches}
    rows = Seat.objects.filter(match__in=matches).order_by("match_id", "position")
    for match_id, *row in rows.values_list("match_id", *SEAT_FIELDS):
        seats[match_id].append(SeatRow._make(row))
    return seats
