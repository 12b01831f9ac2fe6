"""Stored standings follow the matches: a finished match, a correction after the end, an undo
that reopened a finished match, a deletion or a restore refreshes the standings of every
competition it counts (or counted) for, once each: the competition of its club evening, and the
club's competitions where every match in its game counts. Writes during play (a match still
open before and after) change nothing stored and are ignored. A player renamed (the admin)
rebuilds the competitions they have a row in: the standings page keeps its tables under the
moment of the last rebuild (``league.season``). The rebuild itself is a task
(``league.tasks``), immediate without a worker."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from league.models import Competition
from league.tasks import rebuild_standings
from matches.signals import match_recorded
from players.models import Player


@receiver(match_recorded, dispatch_uid="league_standings")
def refresh_standings(sender: Any, match: Any, state: Any, was_finished: bool, **kwargs: Any) -> None:
    if not (state.finished or was_finished):
        return
    for competition in Competition.counting(match):
        rebuild_standings.enqueue(competition.pk)


@receiver(post_save, sender=Player, dispatch_uid="league_player_renamed")
def player_saved(sender: Any, instance: Player, created: bool, update_fields: Any, **kwargs: Any) -> None:
    if created or (update_fields is not None and "name" not in update_fields):
        return
    for competition_id in Competition.objects.filter(standings__player=instance).values_list("pk", flat=True):
        rebuild_standings.enqueue(competition_id)
