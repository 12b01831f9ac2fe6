"""``{% standing_rows rows %}`` and ``{% progression_rows progression %}``: the two tables of a
competition's standings page, written here rather than by template loops. A club ladder has a
row per member and a column per day played: a few thousand cells, which the template engine
took more than half the page's time to write. The output is what the loops wrote."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()


def _trend(trend: int | None, new: str) -> str:
    if trend is None:
        return f'<span class="muted">{new}</span>'
    if trend > 0:
        return f"▲ {trend}"
    if trend < 0:
        return f"▼ {-trend}"
    return "="


@register.simple_tag
def standing_rows(rows: Iterable[Any]) -> SafeString:
    """A ``<tr>`` per stored standing (``league.models.Standing`` with its player)."""
    new, booby = escape(_("new")), escape(_("booby prize"))
    lines = []
    for row in rows:
        unranked = row.rank is None
        badge = f' <span class="badge">{booby}</span>' if row.booby else ""
        lines.append(
            f"<tr{' class="unranked"' if unranked else ''}>\n"
            f"    <td>{'–' if unranked or not row.rank else row.rank}</td>\n"  # noqa: RUF001 (an en dash)
            f'    <th scope="row">{escape(row.player.name)}{badge}</th>\n'
            f'    <td class="num">{floatformat(row.points, "-2")}</td><td class="num">{row.played}</td>'
            f'<td class="num">{row.wins}</td>\n'
            f'    <td class="num">{floatformat(row.average_place, "-2")}</td>\n'
            f"    <td>{_trend(row.trend, new)}</td>\n"
            "  </tr>\n"
        )
    return mark_safe("".join(lines))  # names and labels escaped, the rest numbers


@register.simple_tag
def progression_rows(progression: Iterable[tuple[Any, Sequence[object]]]) -> SafeString:
    """A ``<tr>`` per player: their points per evening or day ("" where they did not play)."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{escape(row.player.name)}</th>'
            + "".join(f'<td class="num">{escape(str(value))}</td>' for value in points)
            + "</tr>"
            for row, points in progression
        )
    )


@register.simple_tag
def open_table_rows(open_tables: Iterable[tuple[Any, Any, Sequence[tuple[str, str]]]]) -> SafeString:
    """A ``<li>`` per table still playing: where it plays (or when it started), its deals so far
    and what each player would score if it ended now."""
    if_now = escape(_("points if it ended now:"))
    lines = []
    for match, table, points in open_tables:
        if table:
            day = date_format(table.evening.date, "SHORT_DATE_FORMAT")
            where = _("round %(round)s, table %(number)s") % {"round": table.round, "number": table.number}
            title = f"{day} · {where}"
        else:
            day = date_format(localtime(match.created_at), "SHORT_DATE_FORMAT")
            started = _("started %(date)s") % {"date": day}
            title = f"{match.home.name} · {started}"
        deals = ngettext("%(deals)s deal", "%(deals)s deals", match.deals) % {"deals": match.deals}
        scores = ", ".join(f"{escape(name)} {escape(value)}" for name, value in points)
        lines.append(
            f'<li class="row"><a href="{reverse("match_detail", args=[match.pk])}">{escape(title)}</a>\n'
            f'    <small class="muted">{escape(deals)} · {if_now}\n'
            f'      <span class="provisional">{scores}</span></small></li>\n'
        )
    return mark_safe("".join(lines))  # every text escaped
