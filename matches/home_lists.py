"""What home lists for a signed-in user: the matches in progress and the last ones finished in
their clubs, the rematch it offers, and whether they have deleted matches to restore.

Read club by club (``MatchQuerySet.newest_in``) from the user's memberships, which come first
with their clubs and roles: the permission checks on the listed matches then ask nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import prefetch_related_objects

from matches.models import Match
from players.models import Club, Membership

IN_PROGRESS = 20
FINISHED = 10


@dataclass(frozen=True)
class HomeLists:
    in_progress: list[Match]
    finished: list[Match]
    rematch: Match | None  # the last match played, offered again in one tap to who may start it
    has_deleted: bool  # in a club the user runs


def home_lists(user: Any) -> HomeLists:
    clubs: dict[int, Club] = {}
    for membership in Membership.objects.filter(user=user).select_related("club"):
        membership.club.remember_role(user, membership.role)
        clubs[membership.club_id] = membership.club
    live = Match.objects.filter(deleted_at=None)
    in_progress = live.in_progress().newest_in(list(clubs), IN_PROGRESS)
    finished = live.finished().newest_in(list(clubs), FINISHED)
    listed = [*in_progress, *finished]
    prefetch_related_objects(listed, "seats__player")
    for match in listed:
        match.club = clubs[match.club_id]
    return HomeLists(
        in_progress=in_progress,
        finished=finished,
        rematch=finished[0] if finished and finished[0].can_score(user) else None,
        # Through the partial index ``match_club_deleted``: no club's live matches are read.
        has_deleted=Match.objects.deleted_for_admin(user).exists(),
    )
