"""The standings' stored part: the standings table, and the season so far as a chart and a
table of points per evening (or per day played). ``StoredTables`` reads them only when the page
asks, and the page asks only when its fragments are missing from the cache (``{% cache %}``
under ``StoredTables.version``, the reader's role and the language); the API keeps its answer
under ``built`` the same way (``cache.get_or_set``).

Why: these tables are a row per member and a cell per member and day, a few thousand cells that
change only when the stored standings are rebuilt, while a ladder's page is read by every table
between two rebuilds. The version names what they are drawn from: the competition and the
moment its standings were rebuilt (a finished table, a correction, an edit of the competition or
of an evening, a player renamed: ``league.receivers``, ``league.forms``) and, where evenings
count, its evenings (a new evening is a new column before any table of it finishes). A write
moves it, so an entry can only be right or missing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.models import Competition, Evening, StandingRow
from stats.charts import COLOURS, LineChart, Series

STANDINGS_KEPT_FOR = 6 * 60 * 60  # seconds; a version is never reused, so this only frees the cache


def built(competition: Competition) -> str:
    """The competition as its standings were last rebuilt: every change of what they show
    rebuilds them (the competition's own edits too, ``league.forms``); an archived season shows
    its final table, which archiving (and only archiving) sets, under its name, the one setting
    it still takes (a rename rebuilds nothing, and the API's answer carries the name)."""
    at = competition.standings_at.isoformat() if competition.standings_at else "-"
    if competition.archived_at is None:
        return f"{competition.pk}:{at}"
    name = hashlib.sha256(competition.name.encode()).hexdigest()[:16]
    return f"{competition.pk}:{at}:final-{competition.archived_at.isoformat()}-{name}"


class StoredTables:
    """The competition's stored rows, its season's columns and rows, and its chart, each read
    or drawn when first asked for."""

    def __init__(self, competition: Competition, evenings: Sequence[Evening]) -> None:
        self.competition = competition
        self.evenings = evenings

    @property
    def version(self) -> str:
        competition = self.competition
        # An evening's date changed or the evening deleted rebuilds the standings; a new one does not.
        columns = "" if competition.counts_matches else ",".join(str(evening.pk) for evening in self.evenings)
        return f"{built(competition)}:{columns}"

    @cached_property
    def rows(self) -> list[StandingRow]:
        # Where every match counts, a row's units are a key per match: the page shows days instead.
        return self.competition.rows(units=not self.competition.counts_matches)

    @cached_property
    def _season(self) -> tuple[list[Any], list[tuple[StandingRow, list[tuple[str, bool]]]]]:
        return self.competition.season(self.rows, self.evenings)

    @property
    def columns(self) -> list[Any]:
        return self._season[0]

    @property
    def progression(self) -> list[tuple[StandingRow, list[tuple[str, bool]]]]:
        return self._season[1]

    @property
    def planned(self) -> int:
        """The counted evenings of the season, held or planned (the M of best N of M)."""
        return sum(1 for evening in self.evenings if evening.counts)

    @property
    def drops(self) -> bool:
        """Whether some player's points leave an evening out (best N): the page explains the mark."""
        return any(dropped for _row, cells in self.progression for _points, dropped in cells)

    @cached_property
    def chart(self) -> LineChart | None:
        dates = [date_format(day, "MONTH_DAY_FORMAT") for day in self.columns]
        if self.competition.counts_matches:
            title = _("Points added up day by day: every match played, counted or not")
        elif self.competition.best_of:
            title = _("Points that count, added up evening by evening (a dropped evening adds nothing)")
        else:
            title = _("Points added up evening by evening")
        return season_chart(self.progression[:COLOURS], dates, title)


def season_chart(
    progression: list[tuple[Any, list[tuple[str, bool]]]], dates: list[str], title: str
) -> LineChart | None:
    """The leaders' points added up evening by evening, a dropped evening adding nothing, so
    that each line ends on the player's standing (the table below is its text form)."""
    if len(dates) < 2 or not progression:
        return None
    series = []
    for row, cells in progression:
        running, values = 0.0, []
        for value, dropped in cells:
            running += float(value) if value != "" and not dropped else 0.0
            values.append(running)
        series.append(Series(row.name, tuple(values)))
    return LineChart(title, tuple(dates), tuple(series))
