"""Ratings are rewritten in a task (Django's tasks framework): a correction of a match finished
long ago recomputes every later match of the club, which a phone's request should not wait for
in production. Without a ``TASKS`` setting Django's ImmediateBackend runs it at once (tests,
``make run``).

A recompute that the database made the loser of a deadlock or a serialisation failure is run
again (``ATTEMPTS`` in all) instead of failing: its transaction was undone whole, and the next
attempt waits for the winner's commit on the club's ratings lock. The lock order that keeps a
merge of two players from deadlocking with it is ``league.merge``'s to explain."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import OperationalError, transaction
from django.tasks import task

from matches.models import Match
from players.models import Club
from stats.models import position_of, rated_position, recompute

logger = logging.getLogger(__name__)

# Losing twice in a row to other writers is already unlikely; a third loss is not a race.
ATTEMPTS = 3


def _retrying(work: Callable[[], None]) -> None:
    """``work`` (one transaction), again after an ``OperationalError`` (what a deadlock or a
    serialisation failure raises), up to ``ATTEMPTS`` times. Inside a caller's transaction (the
    immediate backend in a request's) the caller's locks stay held, so a retry here could only
    lose again: the error is the caller's."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            work()
            return
        except OperationalError:
            if attempt == ATTEMPTS or transaction.get_connection().in_atomic_block:
                raise
            logger.warning("Ratings recompute lost to another transaction; attempt %s", attempt + 1)


@task
def recompute_ratings(match_id: int) -> None:
    """Rewrite the club's ratings from this match on: from where it stood when last rated or
    where it stands now, whichever is earlier (a reopened match only had the first; a newly
    finished one only the second)."""
    _retrying(lambda: _recompute_from(match_id))


def _recompute_from(match_id: int) -> None:
    match = Match.objects.select_related("club").filter(pk=match_id).first()
    if match is None:
        return
    positions = [p for p in (rated_position(match), position_of(match)) if p is not None]
    if positions:
        recompute(match.club, min(positions))


@task
def recompute_club_ratings(club_id: int) -> None:
    """Rewrite the club's ratings from scratch (after a merge of two players): queued, so the
    request that merged does not wait for a club's whole history, and one at a time with the
    others (``recompute`` locks the club's ratings)."""
    club = Club.objects.filter(pk=club_id).first()
    if club is not None:
        _retrying(lambda: recompute(club))
