"""Stored standings follow the matches: a finished match, a correction after the end, an undo
that reopened a finished match, a deletion or a restore refreshes the standings of every
competition it counts (or counted) for, once each: the competition of its club evening, and the
club's competitions where every match in its game counts. Writes during play (a match still
open before and after) change nothing stored and are ignored. A player renamed (the admin)
rebuilds the competitions they have a row in: the standings page keeps its tables under the
moment of the last rebuild (``league.season``). The rebuild itself is a task
(``league.tasks``), immediate without a worker; a rebuild that failed is tried again later."""

from __future__ import annotations

import datetime
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from league.models import Competition
from league.signals import standings_failed
from league.tasks import rebuild_standings, retry_after, retry_standings
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


@receiver(standings_failed, dispatch_uid="league_standings_retry")
def retry_failed_standings(
    sender: Any, competition: Competition, previous: datetime.datetime | None, **kwargs: Any
) -> None:
    """Queue the next attempt of a rebuild that failed, to run a while later (``retry_after``).
    On commit: a failure undone with its caller's transaction left nothing to retry. A backend
    that cannot hold a task until then (the immediate one) queues nothing: the next write that
    rebuilds the standings is the next attempt."""
    failed_at = competition.standings_failed_at
    assert failed_at is not None  # recorded before the signal is sent
    later = retry_standings.using(run_after=retry_after(failed_at, previous))
    if later.get_backend().supports_defer:
        transaction.on_commit(partial(later.enqueue, competition.pk, failed_at.isoformat()))
