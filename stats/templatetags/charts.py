"""``{% line_chart chart %}`` draws a ``stats.charts.LineChart``; ``{% score_progression sheet %}``
draws a match's running totals from the sheet the match page already built."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
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


@register.simple_tag
def chart_rows(drawing: Drawing) -> SafeString:
    """``{% chart_rows drawing %}``: the rows of the chart's table of numbers, written here: at
    200 deals for six they are 1 400 cells, which the template engine took longer to write than
    the rest of the match page. The values are ``draw``'s numbers (digits, a sign and a point),
    which need no escaping; the labels can be any text and are escaped."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{escape(label)}</th>'
            + "".join(f'<td class="num">{value}</td>' for value in values)
            + "</tr>"
            for label, values in drawing.rows
        )
    )
