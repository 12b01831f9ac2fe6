"""Ratings follow the matches: every write that finishes a match, corrects a finished one or
reopens one (an undo) asks for the club's ratings to be rewritten from that match on."""

from __future__ import annotations

import logging

from django.dispatch import receiver

from matches.signals import match_recorded
from stats.tasks import recompute_ratings

logger = logging.getLogger(__name__)


@receiver(match_recorded, dispatch_uid="stats.rate_match")
def rate_match(sender: object, match, state, was_finished: bool, **kwargs: object) -> None:
    if not (state.finished or was_finished):
        return
    try:
        recompute_ratings.enqueue(match.pk)
    except Exception:
        # The round is stored and answered already; stale ratings are mended by the next
        # recompute (manage.py recompute_ratings), a failed write would lose nothing either.
        logger.exception("Ratings not recomputed after match %s", match.pk)
