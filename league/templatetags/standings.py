"""``{% standing_rows rows %}`` and ``{% progression_rows progression %}``: the two tables of a
competition's standings page, written here rather than by template loops. A club ladder has a
row per member and a column per day played: a few thousand cells, which the template engine
took more than half the page's time to write. The output is what the loops wrote, and a number
is what ``floatformat:"-2"`` wrote (``decimal_text``), which cost the rows more than the rest."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from html import escape
from typing import Any

from django import template
from django.urls import reverse
from django.utils.formats import date_format, get_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.registry import home_for
from league.provisional import OpenMatch, OpenTable

register = template.Library()
CENT = Decimal("0.01")
ADDRESS_ID = 918_273_645  # a match id no other part of a match's address could contain


def decimal_text(value: Decimal, separator: str) -> str:
    """``floatformat(value, "-2")`` without grouping (the site groups no thousands): a whole
    number bare, any other with two places and the language's decimal ``separator``."""
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value.quantize(CENT, ROUND_HALF_UP):f}".replace(".", separator)


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
    """A ``<tr>`` per stored standing (``league.models.StandingRow``)."""
    new, booby = escape(_("new")), escape(_("booby prize"))
    separator = str(get_format("DECIMAL_SEPARATOR"))
    lines = []
    for row in rows:
        unranked = row.rank is None
        badge = f' <span class="badge">{booby}</span>' if row.booby else ""
        lines.append(
            f"<tr{' class="unranked"' if unranked else ''}>\n"
            f"    <td>{'–' if unranked or not row.rank else row.rank}</td>\n"  # noqa: RUF001 (an en dash)
            f'    <th scope="row">{escape(row.name)}{badge}</th>\n'
            f'    <td class="num">{decimal_text(row.points, separator)}</td><td class="num">{row.played}</td>'
            f'<td class="num">{row.wins}</td>\n'
            f'    <td class="num">{decimal_text(row.average_place, separator)}</td>\n'
            f"    <td>{_trend(row.trend, new)}</td>\n"
            "  </tr>\n"
        )
    return mark_safe("".join(lines))  # names and labels escaped, the rest numbers


@register.simple_tag
def progression_rows(progression: Iterable[tuple[Any, Sequence[object]]]) -> SafeString:
    """A ``<tr>`` per player: their points per evening or day ("" where they did not play)."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{escape(row.name)}</th>'
            + "".join(f'<td class="num">{escape(str(value))}</td>' for value in points)
            + "</tr>"
            for row, points in progression
        )
    )


@register.simple_tag
def open_table_rows(open_tables: Iterable[tuple[OpenMatch, OpenTable]]) -> SafeString:
    """A ``<li>`` per table still playing: where it plays (or when it started), its deals so far
    and what each player would score if it ended now (``league.provisional``)."""
    if_now = escape(_("points if it ended now:"))
    where, started = _("round %(round)s, table %(number)s"), _("started %(date)s")
    # A ladder's tables mostly share a day and a count of deals: each is written once.
    days: dict[date, str] = {}
    deals: dict[int, str] = {}
    # One ``reverse`` for every table: a match's address is the pattern's with its id.
    address = reverse("match_detail", args=[ADDRESS_ID]).replace(str(ADDRESS_ID), "{}")

    def short(day: date) -> str:
        if day not in days:
            days[day] = date_format(day, "SHORT_DATE_FORMAT")
        return days[day]

    lines = []
    for match, (played, points) in open_tables:
        if match.day is not None:
            title = f"{short(match.day)} · {where % {'round': match.round, 'number': match.number}}"
        else:
            since = started % {"date": short(localtime(match.created_at).date())}
            title = f"{home_for(match.game).name} · {since}"
        if played not in deals:
            deals[played] = escape(ngettext("%(deals)s deal", "%(deals)s deals", played) % {"deals": played})
        scores = ", ".join(f"{escape(name)} {escape(value)}" for name, value in points)
        lines.append(
            f'<li class="row"><a href="{address.format(match.pk)}">{escape(title)}</a>\n'
            f'    <small class="muted">{deals[played]} · {if_now}\n'
            f'      <span class="provisional">{scores}</span></small></li>\n'
        )
    return mark_safe("".join(lines))  # every text escaped


@register.simple_tag
def evening_rows(evenings: Iterable[Any], several_games: bool) -> SafeString:
    """A ``<li>`` per evening of the season (annotated with its ``table_count``): its date, its
    game where the competition has several, its tables and whether it counts. A season has an
    evening a week; the template's loop cost the page more than its queries."""
    address = reverse("league_evening", args=[ADDRESS_ID]).replace(str(ADDRESS_ID), "{}")
    left_out = f" · {escape(_('does not count'))}"
    tables: dict[int, str] = {}
    lines = []
    for evening in evenings:
        count = evening.table_count
        if count not in tables:
            words = ngettext("%(tables)s table", "%(tables)s tables", count) % {"tables": count}
            tables[count] = escape(words)
        day = escape(date_format(evening.date, "DATE_FORMAT"))
        game = f"{escape(evening.game_name)} · " if several_games else ""
        counts = "" if evening.counts else left_out
        lines.append(
            f'<li class="row"><a href="{address.format(evening.pk)}">{day}</a>\n'
            f'    <small class="muted">{game}{tables[count]}{counts}</small></li>\n'
        )
    return mark_safe("".join(lines))  # every text escaped
