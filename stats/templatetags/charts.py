"""``{% line_chart chart %}`` draws a ``stats.charts.LineChart``; ``{% score_progression sheet %}``
draws a match's running totals from the sheet the match page already built. Both are drawn by
``stats/line_chart.html``."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from stats.charts import LineChart, draw, running_totals

register = template.Library()


@register.inclusion_tag("stats/line_chart.html")
def line_chart(chart: LineChart) -> dict[str, Any]:
    """The chart, its legend, and its numbers in a table that opens below it."""
    return {"drawing": draw(chart)}


@register.inclusion_tag("stats/line_chart.html")
def score_progression(sheet: Any) -> dict[str, Any]:
    """Nothing before the second deal: one point is not a line. Its numbers are the running
    totals the grid above it shows deal by deal, so it links there instead of repeating them
    in a table of its own (at 200 deals that table was a third of the page)."""
    rounds = list(getattr(sheet, "rounds", []))
    if len(rounds) < 2:
        return {"drawing": None}
    labels = [column.label for column in sheet.columns]
    return {
        "drawing": draw(running_totals(labels, rounds, _("Scores deal by deal")), table=False),
        "elsewhere": "#rounds",
        "elsewhere_text": _("The numbers: the running totals in the grid of deals"),
    }
