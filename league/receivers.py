"""Stored standings follow the matches: a finished table, a correction after the end, or an
undo that reopened a finished table refreshes its competition's standings once. Writes during
play (a match still open before and after) change nothing stored and are ignored."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from league.models import Table
from matches.signals import match_recorded


@receiver(match_recorded, dispatch_uid="league_standings")
def refresh_standings(sender: Any, match: Any, state: Any, was_finished: bool, **kwargs: Any) -> None:
    if not (state.finished or was_finished):
        return
    table = (
        Table.objects.filter(match=match, evening__counts=True).select_related("evening__competition").first()
    )
    if table is not None:
        table.evening.competition.refresh_standings()
