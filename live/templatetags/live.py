"""What a page that refreshes itself carries: its version and where to ask whether it changed;
and the rows of a board's grid (``{% board_rows sheet %}``), written here rather than by
template loops: a refreshed board is mostly its grid, and the loops (a filter per number) were
most of a refresh's cost."""

from __future__ import annotations

from html import escape
from typing import Any

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from live.versions import match_version, watch_token
from matches.models import Match

register = template.Library()


@register.simple_tag
def match_watch_url(match: Match) -> str:
    return reverse("live_watch", args=[watch_token("m", match.pk)])


@register.simple_tag
def live_version(match: Match) -> str:
    return match_version(match)


@register.simple_tag
def board_rows(sheet: Any, running: bool = True) -> SafeString:
    """A ``<tr>`` per deal: its number (and the game's label for it), then per column the deal's
    score and, with ``running``, the total after it (the viewer's; the TV shows scores only).
    The numbers are the sheet's (``matches.sheets.grouped``): digits, a minus and the language's
    thousands separator, nothing to escape."""
    lines = []
    for data in sheet.rounds:
        number = data["number"]
        if running:
            head = f"{number}<br><small>{escape(data['label'])}</small>" if data["label"] else f"{number}"
            cells = "".join(
                f'<td><span class="score">{score}</span><small class="running">{total}</small></td>'
                for score, total in data["cells"]
            )
            lines.append(f'<tr data-round="{number}"><th scope="row">{head}</th>{cells}</tr>\n')
        else:
            cells = "".join(f"<td>{score}</td>" for score, _total in data["cells"])
            lines.append(f'<tr><th scope="row">{number}</th>{cells}</tr>\n')
    return mark_safe("".join(lines))  # labels escaped, the rest grouped numbers
