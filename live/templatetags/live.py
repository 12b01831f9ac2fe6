"""What a page that refreshes itself carries (its version and where to ask whether it changed),
and a board's grid of deals (``{% board_rows sheet %}``, drawn by ``live/board_rows.html``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from live.versions import match_version, watch_token
from matches.models import Match

register = template.Library()


@register.simple_tag
def match_watch_url(match: Match, user: Any) -> str:
    """Where this member's sheet asks whether the match changed (while they are in its club)."""
    return reverse("live_watch", args=[watch_token("m", match.pk, user.pk)])


@register.simple_tag
def match_stream_url(match: Match, user: Any) -> str:
    """The events stream of this member's sheet (``live/streams.py``)."""
    return reverse("live_watch_stream", args=[watch_token("m", match.pk, user.pk)])


@register.simple_tag
def live_version(match: Match) -> str:
    return match_version(match)


@register.inclusion_tag("live/board_rows.html")
def board_rows(sheet: Any, running: bool = True) -> dict[str, Any]:
    """A ``<tr>`` per deal: its number (and the game's label for it), then per column the deal's
    score and, with ``running``, the total after it (the viewer's; the TV shows scores only)."""
    return {"rounds": sheet.rounds, "running": running}
