"""``{% line_chart chart %}`` draws a ``stats.charts.LineChart``; ``{% score_progression sheet %}``
draws a match's running totals from the sheet the match page already built.

The figure is written here rather than by a template: a 200-deal match's table of numbers is
1 400 cells, which the template engine took longer to write than the rest of the match page,
and a template would print the coordinates in the reader's locale ("12,5" in Dutch and
French), which SVG does not read. Every text is escaped; the numbers are ``draw``'s.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from stats.charts import Drawing, LineChart, draw, running_totals

register = template.Library()


@register.simple_tag
def line_chart(chart: LineChart) -> SafeString:
    return figure(draw(chart))


@register.simple_tag
def score_progression(sheet: Any) -> SafeString:
    """Nothing before the second deal: one point is not a line. Its numbers are the running
    totals the grid above it shows deal by deal, so it points there instead of repeating them
    in a table of its own (at 200 deals that table was a third of the page)."""
    rounds = list(getattr(sheet, "rounds", []))
    if len(rounds) < 2:
        return mark_safe("")
    labels = [column.label for column in sheet.columns]
    chart = draw(running_totals(labels, rounds, _("Scores deal by deal")), table=False)
    return figure(chart, elsewhere=("#rounds", _("The numbers: the running totals in the grid of deals")))


def figure(drawing: Drawing, *, elsewhere: tuple[str, str] | None = None) -> SafeString:
    """The chart as an accessible image (an SVG with its title), its legend, and the same
    numbers in a table that opens below it, or with ``elsewhere`` (an address on the page and
    its text) a link to where the page already shows them."""
    title = escape(drawing.chart.title)
    left, right = drawing.plot_left, drawing.plot_right
    grid = "".join(
        f'<line class="chart-grid" x1="{left}" x2="{right}" y1="{y}" y2="{y}"/>'
        f'<text class="chart-tick" x="{left - 4}" y="{y}" text-anchor="end" dominant-baseline="middle">'
        f"{escape(label)}</text>"
        for y, label in drawing.y_ticks
    )
    ticks = "".join(
        f'<text class="chart-tick" x="{x}" y="{drawing.height - 6}" text-anchor="{anchor}">'
        f"{escape(label)}</text>"
        for x, label, anchor in drawing.x_ticks
    )
    lines = "".join(
        f'<polyline class="chart-line chart-line-{line.colour}" fill="none" points="{line.points}"/>'
        + (
            f'<circle class="chart-dot chart-line-{line.colour}" cx="{line.end[0]}"'
            f' cy="{line.end[1]}" r="3"/>'
            if line.end
            else ""
        )
        for line in drawing.lines
    )
    legend = "".join(
        f'<li><span class="chart-key chart-line-{line.colour}" aria-hidden="true"></span>'
        f"{escape(line.label)}</li>"
        for line in drawing.lines
    )
    if elsewhere is not None:
        address, text = elsewhere
        numbers = f'  <p class="chart-table"><a href="{escape(address)}">{escape(text)}</a></p>\n'
    else:
        numbers = _numbers(drawing, title)
    return mark_safe(
        f'<figure class="chart">\n  <figcaption>{title}</figcaption>\n'
        f'  <svg class="chart-svg" viewBox="0 0 {drawing.width} {drawing.height}" role="img"'
        f' aria-label="{title}" focusable="false">\n    <title>{title}</title>\n'
        f"    {grid}\n    {ticks}\n    {lines}\n  </svg>\n"
        f'  <ul class="chart-legend">{legend}</ul>\n{numbers}</figure>'
    )


def _numbers(drawing: Drawing, title: str) -> str:
    """The drawing's numbers as a table that opens below it."""
    heads = "".join(f'<th scope="col">{escape(line.label)}</th>' for line in drawing.lines)
    # The values are ``draw``'s numbers (digits, a sign and a point): nothing to escape.
    rows = "".join(
        f'<tr><th scope="row">{escape(label)}</th>'
        + "".join(f'<td class="num">{value}</td>' for value in values)
        + "</tr>"
        for label, values in drawing.rows
    )
    summary = escape(_("The numbers"))  # not inside the f-string: makemessages would not find it
    return (
        f'  <details class="chart-table">\n    <summary>{summary}</summary>\n'
        f'    <div class="table-scroll" tabindex="0" role="region" aria-label="{title}"><table>\n'
        f'      <thead><tr><th scope="col"></th>{heads}</tr></thead>\n'
        f"      <tbody>{rows}</tbody>\n    </table></div>\n  </details>\n"
    )
