"""Ratings are rewritten in a task (Django's tasks framework): a correction of a match finished
long ago recomputes every later match of the club, which a phone's request should not wait for
in production. Without a ``TASKS`` setting Django's ImmediateBackend runs it at once (tests,
``make run``)."""

from __future__ import annotations

from django.tasks import task

from matches.models import Match
from players.models import Club
from stats.models import position_of, rated_position, recompute


@task
def recompute_ratings(match_id: int) -> None:
    """Rewrite the club's ratings from this match on: from where it stood when last rated or
    where it stands now, whichever is earlier (a reopened match only had the first; a newly
    finished one only the second)."""
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
        recompute(club)
