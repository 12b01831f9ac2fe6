"""What the scoresheet page shows, laid out from the engine's state (no rules here).

Numbers are formatted here, once, with the reader's thousands separator (``grouped``): a
template filter per cell (``intcomma``) cost more than the rest of the page at 200 deals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.utils.formats import get_format

from games.protocol import GameHome, NextItem
from matches.models import Match, Replayed, SeatRow, StoredRound
from matches.presenters import next_json, standing_json
from scoring import MatchState
from scoring.match import Scores


@dataclass
class Column:
    """A scoring unit: a player, or a team of players."""

    unit: int
    names: list[str]
    total: int = 0
    rank: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    total_text: str = "0"

    @property
    def label(self) -> str:
        return " & ".join(self.names)


class Blank(dict[str, Any]):
    """A line's typed values or errors, answering a key that is not there with ``None``.

    The round form's templates ask every line for values and errors that are usually absent
    (a fresh form has none). For a plain dict the template engine finds that out by raising
    and catching a KeyError, an AttributeError and a ValueError (and listing the dict's
    attributes) per lookup, which cost about as much as the rest of the form; a missing key
    renders and tests the same either way (``None`` and "not there" are both false)."""

    def __missing__(self, key: str) -> None:
        return None


@dataclass
class EntryRow:
    """One line of the round form: the seat or side, what was typed, and its errors."""

    index: int
    label: str
    values: Mapping[str, Any]
    errors: dict[str, list[str]]
    sitting_out: bool = False
    unit: int | None = None  # the scoring unit (team) the line belongs to
    next_item: NextItem | None = None  # what the line's player or side needs in this deal

    @property
    def prefix(self) -> str:
        return f"entries.{self.index}"


@dataclass
class Sheet:
    match: Match
    home: GameHome
    state: MatchState
    players: list[str]
    columns: list[Column]
    standings: list[dict[str, Any]]
    next: dict[str, Any] | None
    seats: list[SeatRow]
    stored: Sequence[StoredRound]  # every round, or only the newest (``newest_only``)
    newest_only: bool = False
    # Per scoring unit, what it needs next (the home's ``next_items``).
    items: Mapping[int, NextItem] = field(default_factory=dict)

    @cached_property
    def rounds(self) -> list[dict[str, Any]]:
        """The grid's rows, each with its formatted cells: worked out only where they are drawn
        (the sheet keeps its grid in a cached fragment, so most views never ask)."""
        separator = str(get_format("THOUSAND_SEPARATOR"))
        state = self.state
        running = [0] * len(self.columns)
        shown: Iterable[tuple[StoredRound, Scores]]
        if self.newest_only and state.log.last is not None:
            # Not ``state.scores``: every deal's scores, where only the last is shown.
            last = state.log.last
            running = [total - score for total, score in zip(state.totals, last, strict=True)]
            shown = [(self.stored[-1], last)]
        else:
            shown = zip(self.stored, state.scores, strict=True)
        rows = []
        for stored, scores in shown:
            running = [a + b for a, b in zip(running, scores, strict=True)]
            rows.append(
                {
                    "number": stored.number,
                    "scores": scores,
                    "running": running,
                    "cells": [
                        (grouped(a, separator), grouped(b, separator)) for a, b in pairs(scores, running)
                    ],
                    "label": self.home.round_label(stored.body),
                    "provisional": stored.provisional,
                    "entered_by": stored.created_by_name,
                }
            )
        return rows

    @property
    def winners(self) -> list[Column]:
        return [self.columns[unit] for unit in self.state.winners]

    @property
    def version(self) -> tuple[object, ...]:
        """What the sheet is drawn from, for its cached fragments: the match's version, which
        every write of its rounds moves, and its players' names, which a renamed player changes
        without a write to the match."""
        return (self.match.pk, self.match.updated_at.timestamp(), *self.players)

    @property
    def provisional(self) -> list[dict[str, Any]]:
        """The deals awaiting a second player's confirmation (none unless the club asks for it)."""
        return [{"number": r.number, "entered_by": r.created_by_name} for r in self.stored if r.provisional]


def grouped(value: int, separator: str) -> str:
    """``12345`` as ``12,345`` (or ``12.345``...): what ``intcomma`` shows, for a fraction of it."""
    return f"{value:,}".replace(",", separator) if separator != "," else f"{value:,}"


def pairs(scores: Sequence[int], running: Sequence[int]) -> zip[tuple[int, int]]:
    return zip(scores, running, strict=True)


def build_sheet(match: Match, replayed: Replayed, *, newest_only: bool = False) -> Sheet:
    """The sheet of a match as a read or a write left it (its rounds and state); with
    ``newest_only``, of its rounds only the last, which ``replayed.rounds`` may then hold alone
    (the answer to a saved deal shows no other)."""
    separator = str(get_format("THOUSAND_SEPARATOR"))
    state = replayed.state
    home = match.home
    seats = match.seated()
    players = [seat.name for seat in seats]
    columns = [
        Column(unit, [players[seat] for seat in seats]) for unit, seats in enumerate(state.setup.units)
    ]
    standings = [
        {
            **standing_json(state.setup, row),
            "label": columns[row.unit].label,
            "total_text": grouped(row.total, separator),
        }
        for row in state.standings
    ]
    for row in state.standings:
        column = columns[row.unit]
        column.total, column.rank = row.total, row.rank
        column.total_text = grouped(row.total, separator)
        column.extra = dict(standing_json(state.setup, row))
    upcoming = next_json(home, state.next)
    sheet = Sheet(
        match, home, state, players, columns, standings, upcoming, seats, replayed.rounds, newest_only
    )
    sheet.items = home.next_items(sheet)
    for standing, row in zip(standings, state.standings, strict=True):
        standing["item"] = sheet.items.get(row.unit)
    return sheet


def lines(sheet: Sheet) -> list[tuple[str, int]]:
    """(label, unit) per form line: one per scoring unit, or one per seat where the game takes
    an entry per seat even in team play."""
    return _form_lines(sheet.players, sheet.state.setup.units, sheet.state.game.entries_per_seat)


def line_labels(match: Match) -> list[str]:
    """``lines``' labels without a replay (the history page needs no state)."""
    players = [seat.name for seat in match.seated()]
    return [label for label, _unit in _form_lines(players, match.setup.units, match.rules.entries_per_seat)]


def _form_lines(
    players: Sequence[str], units: Sequence[Sequence[int]], entries_per_seat: bool
) -> list[tuple[str, int]]:
    if not entries_per_seat:
        return [(" & ".join(players[seat] for seat in seats), unit) for unit, seats in enumerate(units)]
    unit_of = {seat: unit for unit, seats in enumerate(units) for seat in seats}
    return [(name, unit_of[seat]) for seat, name in enumerate(players)]


def entry_rows(
    sheet: Sheet, body: Mapping[str, Any] | None, errors: dict[str, list[str]], *, upcoming: bool = True
) -> list[EntryRow]:
    """The round form's lines, holding what was typed (``body``) and each line's errors; for the
    ``upcoming`` deal (not a correction), each with what its player or side needs next."""
    entries = body.get("entries") if isinstance(body, Mapping) else None
    if not isinstance(entries, list):
        entries = []  # a crafted form's "entries" may be a number: nothing typed to keep
    sitting_out = sheet.home.sitting_out(sheet.state)
    rows = []
    for index, (label, unit) in enumerate(lines(sheet)):
        entry = entries[index] if index < len(entries) else None
        typed = Blank(entry) if isinstance(entry, Mapping) else Blank()
        prefix = f"entries.{index}."
        own: dict[str, list[str]] = Blank()
        for key, messages in errors.items():
            if key.startswith(prefix):
                # "hand.K" is shown with the hand as a whole, and under its own name.
                name = key[len(prefix) :]
                own.setdefault(name, []).extend(messages)
                if "." in name:
                    own.setdefault(name.split(".")[0], []).extend(messages)
        if f"entries.{index}" in errors:
            own[""] = errors[f"entries.{index}"]
        item = sheet.items.get(unit) if upcoming else None
        rows.append(
            EntryRow(index, label, typed, own, sitting_out=index in sitting_out, unit=unit, next_item=item)
        )
    return rows


def totals_change(sheet: Sheet, after: MatchState) -> list[dict[str, Any]]:
    """Per player or side: the total now and the total a correction would leave (``after`` is
    the engine's replay with the corrected round), for the correction page."""
    separator = str(get_format("THOUSAND_SEPARATOR"))
    new_totals = {row.unit: row.total for row in after.standings}
    return [
        {
            "label": column.label,
            "before": column.total_text,
            "after": grouped(new_totals.get(column.unit, column.total), separator),
            "changed": new_totals.get(column.unit, column.total) != column.total,
        }
        for column in sheet.columns
    ]
