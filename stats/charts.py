"""Line charts drawn on the server as inline SVG: no script, no CDN, nothing to download.

A chart is plain data (``LineChart``: labels along the bottom and a few ``Series`` of values),
so any page can hand one to the ``line_chart`` template tag (``{% load charts %}``): a match's
score progression, a player's rating history, a league's standings over a season. ``draw`` turns
it into coordinates in a 320 by 160 box that scales to the phone's width (so at 360 px one unit
is about one pixel and the 11-unit labels stay readable). The lines are coloured by CSS classes
(``chart-line-0``...) from custom properties, so a dark theme restyles them; the same numbers
are in a table below the drawing for screen readers and for people who would rather read (or,
for a match, in its grid of deals, which the chart then names instead of repeating it).

Hand-written rather than a charting library: a polyline per series and a few ticks is less
code than wiring a library's output through the Content-Security-Policy (no inline styles).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT = 320, 160
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 8, 20  # margins for the value and label ticks
COLOURS = 6  # chart-line-0 .. chart-line-5, then again


@dataclass(frozen=True)
class Series:
    label: str
    values: tuple[float | None, ...]  # one per x label; None: no value there (not yet playing)


@dataclass(frozen=True)
class LineChart:
    title: str
    labels: tuple[str, ...]  # along the bottom (deal numbers, dates, match numbers)
    series: tuple[Series, ...]
    decimals: int = 0


@dataclass(frozen=True)
class Line:
    label: str
    colour: int
    points: str  # the SVG polyline's "x,y x,y ..."
    end: tuple[float, float] | None  # where the last value sits, for a dot


@dataclass(frozen=True)
class Drawing:
    chart: LineChart
    lines: tuple[Line, ...]
    y_ticks: tuple[tuple[float, str], ...]
    x_ticks: tuple[tuple[float, str, str], ...]  # x, label, text-anchor (the ends stay inside)
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # the text alternative: label, value per series
    width: int = WIDTH
    height: int = HEIGHT
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    plot_bottom: int = HEIGHT - BOTTOM

    @property
    def y_label_x(self) -> int:
        """Where the value ticks' labels end, just left of the plot."""
        return self.plot_left - 4

    @property
    def x_label_y(self) -> int:
        """The baseline of the labels along the bottom."""
        return self.height - 6


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values from ``low`` to ``high`` (1, 2 or 5 times a power of ten apart)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    value = math.floor(low / step) * step
    ticks = [round(value, 10)]
    while value < high - step / 1000:  # up to the first tick at or above the highest value
        value += step
        ticks.append(round(value, 10))
    return ticks


def draw(chart: LineChart, *, table: bool = True) -> Drawing:
    """The chart's coordinates and texts; without ``table``, no rows of numbers (the page shows
    the same numbers elsewhere: a match's grid holds every running total)."""
    values = [v for s in chart.series for v in s.values if v is not None]
    ticks = nice_ticks(min(values, default=0), max(values, default=1))
    low, high = ticks[0], ticks[-1]
    count = max(len(chart.labels), 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def exact_x(index: int) -> float:
        return LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    def exact_y(value: float) -> float:
        return TOP + plot_h * (1 - (value - low) / (high - low))

    def x(index: int) -> float:
        return round(exact_x(index), 1)

    def y(value: float) -> float:
        return round(exact_y(value), 1)

    lines = []
    across = [exact_x(i) for i in range(count)]
    # Written with one decimal straight from the exact values: the same text as rounding first
    # and printing the float, at a fraction of the cost (a long match has thousands); each x is
    # written once for every series, and y is ``exact_y`` inline (a call per point cost as much).
    written = [f"{px:.1f}," for px in across]
    span = high - low
    for number, series in enumerate(chart.series):
        shown = [(i, v) for i, v in enumerate(series.values) if v is not None]
        points = " ".join([f"{written[i]}{TOP + plot_h * (1 - (v - low) / span):.1f}" for i, v in shown])
        end = (round(across[shown[-1][0]], 1), round(exact_y(shown[-1][1]), 1)) if shown else None
        lines.append(Line(series.label, number % COLOURS, points, end))
    x_ticks = _x_ticks(chart.labels, [x(i) for i in range(count)])
    fmt = f"{{:.{chart.decimals}f}}"
    rows = (
        tuple(
            (label, tuple("" if s.values[i] is None else fmt.format(s.values[i]) for s in chart.series))
            for i, label in enumerate(chart.labels)
        )
        if table
        else ()
    )
    y_ticks = tuple((y(t), fmt.format(t) if chart.decimals else f"{t:g}") for t in ticks)
    return Drawing(chart, tuple(lines), y_ticks, x_ticks, rows)


# The labels along the bottom are 14 units high (``.chart-tick``): a character is at most about
# 8.5 units wide, and two labels keep 10 units apart.
CHARACTER, GAP = 8.5, 10.0


def _x_ticks(labels: Sequence[str], xs: Sequence[float]) -> tuple[tuple[float, str, str], ...]:
    """The labels along the bottom that fit without touching: the first, then each one that
    clears the one before, and the last (the latest, dropping the one before it if they would
    touch). A label equal to the one shown before it (two matches on one day) is left out:
    "4 Dec" once. The ends are anchored inside the drawing."""
    count = len(labels)

    def anchor(index: int) -> str:
        if count > 1 and index == 0:
            return "start"
        return "end" if count > 1 and index == count - 1 else "middle"

    def extent(index: int) -> tuple[float, float]:
        width = len(labels[index]) * CHARACTER
        left = {"start": xs[index], "end": xs[index] - width, "middle": xs[index] - width / 2}[anchor(index)]
        return left, left + width

    def crowds(before: int, after: int) -> bool:
        """The label at ``after`` repeats or touches the one at ``before``."""
        return labels[after] == labels[before] or extent(after)[0] < extent(before)[1] + GAP

    chosen: list[int] = []
    for index in range(count - 1):
        if not chosen or not crowds(chosen[-1], index):
            chosen.append(index)
    if count:
        last = count - 1
        while chosen and crowds(chosen[-1], last):
            if len(chosen) == 1 and labels[chosen[0]] == labels[last]:
                break  # one day only: its first match keeps the label
            chosen.pop()
        if not chosen or labels[chosen[-1]] != labels[last]:
            chosen.append(last)
    return tuple((xs[index], labels[index], anchor(index)) for index in chosen)


def running_totals(labels: Sequence[str], rounds: Sequence[dict[str, object]], title: str) -> LineChart:
    """A match's score progression from the sheet's rounds (their ``running`` totals, as the
    sheet already shows them): one series per column, starting from 0 before deal 1."""
    # The sheet's columns of running totals, transposed at once (a loop per cell cost more than
    # drawing them).
    columns = zip(*(data["running"] for data in rounds), strict=True) if rounds else ((),) * len(labels)
    series = [
        Series(label, (0.0, *map(float, column))) for label, column in zip(labels, columns, strict=True)
    ]
    return LineChart(title, ("0", *(str(data.get("number", "")) for data in rounds)), tuple(series))
