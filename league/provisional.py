"""The tables still playing, as the standings page lists them: each table's deals so far and
what each of its players would score if it ended now, through the competition's scheme.

Computed on every view from the matches' states (``matches.models.states_of``), in a fixed
number of queries whatever the number of tables: a club ladder has at most a few dozen open
tables, and keeping their lines in the cache saved nothing a reader could notice.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import NamedTuple, Protocol

from django.db.models import F

from league import schemes
from league.models import Competition
from matches.models import Seat, states_of
from scoring import MatchState


class OpenTable(NamedTuple):
    deals: int
    points: tuple[tuple[str, str], ...]  # (player, points if it ended now), in seat order


class OpenMatch(NamedTuple):
    """A match still playing, as the page lists it."""

    pk: int
    created_at: datetime
    game: str
    round: int | None  # where it is a table of a club evening: the round, the table, the day
    number: int | None
    day: date | None
    name: str  # the game's, a house game's from the rules the match keeps


class SeatedPlayer(Protocol):
    @property
    def player_id(self) -> int: ...

    @property
    def name(self) -> str: ...


class _Seated(NamedTuple):
    player_id: int
    name: str


def provisional_points(
    scheme: schemes.Scheme, match_id: int, seats: Sequence[SeatedPlayer], state: MatchState
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


def open_tables(competition: Competition) -> list[tuple[OpenMatch, OpenTable]]:
    """The competition's matches still playing that would count once finished, oldest first,
    each with its ``OpenTable``: one read of the matches (with their table and evening), one
    of their seats; their states come from the snapshots read with them (``states_of``)."""
    matches = list(
        competition.open_matches()
        .annotate(
            table_round=F("league_table__round"),
            table_number=F("league_table__number"),
            day=F("league_table__evening__date"),
        )
        .order_by("created_at", "pk")
    )
    states = states_of(matches)
    seats: dict[int, list[_Seated]] = {match.pk: [] for match in matches}
    rows = Seat.objects.filter(match__in=matches).order_by("match_id", "position")
    for match_id, player_id, name in rows.values_list("match_id", "player_id", "player__name"):
        seats[match_id].append(_Seated(player_id, name))
    scheme = competition.scheme
    return [
        (
            OpenMatch(
                match.pk,
                match.created_at,
                match.game,
                match.table_round,
                match.table_number,
                match.day,
                str(match.home.name),
            ),
            OpenTable(
                states[match.pk].played,
                tuple(provisional_points(scheme, match.pk, seats[match.pk], states[match.pk])),
            ),
        )
        for match in matches
    ]
