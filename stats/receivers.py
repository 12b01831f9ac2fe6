"""Ratings follow the matches: every write that finishes a match, corrects a finished one or
reopens one (an undo) asks for the club's ratings to be rewritten from that match on. And the
club's statistics version moves on with every write a player page shows (``ClubStats``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.db.models.signals import post_save
from django.dispatch import receiver

from matches.models import Match
from matches.signals import match_recorded
from players.models import Player

if TYPE_CHECKING:
    from scoring import MatchState
from stats.models import club_changed
from stats.tasks import recompute_ratings

logger = logging.getLogger(__name__)


@receiver(match_recorded, dispatch_uid="stats.rate_match")
def rate_match(sender: object, match: Match, state: MatchState, was_finished: bool, **kwargs: object) -> None:
    if not (state.finished or was_finished):
        return
    try:
        recompute_ratings.enqueue(match.pk)
    except Exception:
        # The round is stored and answered already; stale ratings are mended by the next
        # recompute (manage.py recompute_ratings), a failed write would lose nothing either.
        logger.exception("Ratings not recomputed after match %s", match.pk)


@receiver(match_recorded, dispatch_uid="stats.round_written")
def round_written(
    sender: object, match: Match, state: MatchState, was_finished: bool, **kwargs: object
) -> None:
    """A round that finishes a match, corrects a finished one or reopens one (sent on commit).
    Rounds of an open match change no kept figure (the recent matches are read each time)."""
    if state.finished or was_finished:
        club_changed(match.club_id)


# What a write of rounds saves on its match (``Match._save_outcome``, ``confirm_round``):
# ``round_written`` above says what such a write changes of the figures.
ROUND_WRITE_FIELDS = frozenset({"status", "finished_at", "snapshot", "updated_at"})


@receiver(post_save, sender=Match, dispatch_uid="stats.match_saved")
def match_saved(
    sender: object, instance: Match, update_fields: frozenset[str] | None = None, **kwargs: object
) -> None:
    """A finished match deleted, restored or otherwise changed; a new or open match shows on no
    player page but their recent matches, which are read each time."""
    if update_fields is not None and update_fields <= ROUND_WRITE_FIELDS:
        return
    if instance.status == Match.Status.FINISHED:
        club_changed(instance.club_id)


@receiver(post_save, sender=Player, dispatch_uid="stats.player_saved")
def player_saved(sender: object, instance: Player, created: bool = False, **kwargs: object) -> None:
    """A player renamed or retired (an opponent's name on other players' pages); a new player is
    on no page yet."""
    if not created:
        club_changed(instance.club_id)
