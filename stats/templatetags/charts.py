"""``{% line_chart chart %}`` draws a ``stats.charts.LineChart``; ``{% score_progression sheet %}``
draws a match's running totals from the sheet the match page already built."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from stats.charts import Drawing, LineChart, draw, running_totals

register = template.Library()


@register.inclusion_tag("stats/line_chart.html")
def line_chart(chart: LineChart) -> dict[str, Drawing]:
    return {"drawing": draw(chart)}


@register.inclusion_tag("stats/line_chart.html")
def score_progression(sheet: Any) -> dict[str, Drawing | None]:
    """Nothing before the second deal: one point is not a line."""
    rounds = list(getattr(sheet, "rounds", []))
    if len(rounds) < 2:
        return {"drawing": None}
    labels = [column.label for column in sheet.columns]
    return {"drawing": draw(running_totals(labels, rounds, _("Scores deal by deal")))}
