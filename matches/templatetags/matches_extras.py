"""Filters the pages share: reading a mapping by a key a template cannot spell, card ranks;
and the scoresheet's rows.

The rows are written here in Python rather than in the template: a long match has hundreds of
deals of up to six cells, and the template engine's per-node cost (a loop, a variable, a tag
per cell) made them most of the page's time (``docs/performance.md``). The markup is the same
one line per deal that the template had.
"""

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.words import rank_label as _rank_label
from matches.round_fields import render_fields

register = template.Library()


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``mapping|get:key`` for keys a template cannot spell (numbers, dotted paths)."""
    try:
        return mapping.get(key) if hasattr(mapping, "get") else mapping[key]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def rank_label(rank: str) -> str:
    """The label on a calculator key, in the reader's language (J is B in Dutch, V in French)."""
    return _rank_label(rank)


@register.filter
def scored_by(match: Any, user: Any) -> bool:
    """``match|scored_by:user``: whether the user may enter and correct its rounds."""
    return bool(match.can_score(user))


@register.filter
def may_manage(club: Any, user: Any) -> bool:
    """``club|may_manage:user``: an owner or admin (who may delete and restore its matches)."""
    return bool(club.may_manage(user))


@register.simple_tag
def round_fields(fields: Any) -> SafeString:
    """``{% round_fields fields %}``: the round form's entry fields and card calculator, rendered
    from their own context only (``matches.round_fields``; a blank form is remembered)."""
    return render_fields(fields)


@register.simple_tag
def round_rows(sheet: Any, keeps: bool, last: bool = False) -> SafeString:
    """``{% round_rows sheet keeps %}``: one ``<tr>`` per deal of the sheet (only the newest with
    ``last=True``, for a saved round's answer); with ``keeps``, each ends in a link to correct it."""
    rounds = sheet.rounds[-1:] if last else sheet.rounds
    if not rounds:
        return mark_safe("")
    edit = label = ""
    if keeps:
        # One reverse and one translation for all the rows (the number is the only difference).
        first = reverse("round_edit", args=[sheet.match.pk, rounds[0]["number"]])
        edit = first.removesuffix(f"/{rounds[0]['number']}/edit/")
        label = escape(gettext("Correct round %(number)s"))
    lines = []
    for data in rounds:
        number = data["number"]
        head = f"{number}<br><small>{escape(data['label'])}</small>" if data["label"] else f"{number}"
        # Cells are ``sheets.grouped`` numbers: digits, a minus and the locale's thousands
        # separator, nothing to escape (escaping 1 400 of them cost a fifth of the page).
        cells = "".join(f"<td>{a}<small>{b}</small></td>" for a, b in data["cells"])
        link = (
            f'<a class="edit" href="{edit}/{number}/edit/" aria-label="{label % {"number": number}}">✎</a>'
            if keeps
            else ""
        )
        lines.append(f'<tr data-round="{number}"><th scope="row">{head}</th>{cells}<td>{link}</td></tr>\n')
    return mark_safe("".join(lines))  # every value above is escaped or a grouped number


@register.simple_tag
def standing_items(sheet: Any) -> SafeString:
    """``{% standing_items sheet %}``: the scorebar's ``<li>`` per place. Every saved deal's answer
    carries the scorebar; written by the template's loop, it was a fifth of drawing that answer."""
    return mark_safe(  # labels escaped; ranks are numbers, totals grouped numbers (sheets.grouped)
        "".join(
            f'<li class="rank-{row["rank"]}"><span class="rank">{row["rank"]}</span> '
            f'<span class="who">{escape(row["label"])}</span> '
            f'<span class="total">{row["total_text"]}</span></li>'
            for row in sheet.standings
        )
    )


@register.simple_tag
def total_cells(sheet: Any) -> SafeString:
    """``{% total_cells sheet %}``: the grid's foot, a ``<td>`` per column with its total."""
    return mark_safe("".join(f"<td><strong>{column.total_text}</strong></td>" for column in sheet.columns))
