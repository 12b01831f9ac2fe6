"""The version a club's statistics pages are kept under in the shared cache (``config.kept``).

A player's page reads thousands of seats for a busy player (counts, head to head, the game
statistics over the last fifty), and these change only when the club's finished matches, its
players or its ratings do. So they are kept under the club's version: a random token held in
the shared cache, dropped by every write that could change them (``stats.receivers``: a round
that finishes, corrects or reopens a match, a match saved, a player saved, the ratings
rewritten). The next reader makes a new token; figures kept under the old one are never read
again. The token is dropped again once the write commits, so a reader that made a new token
in between, from the rows as they were, cannot keep them under it.

A token is never reused and a missing one is a new one, so a page is at worst computed again:
never stale, whatever the cache loses. The code that draws the figures is in the key too
(``CODE``): a deploy draws them anew.
"""

from __future__ import annotations

import logging
import uuid
from pathlib import Path

from django.core.cache import cache
from django.db import transaction

from config.kept import code_digest

log = logging.getLogger(__name__)

_HERE = Path(__file__).resolve().parent
# What computes a player's figures: this app and the games' homes (their statistics).
_DRAWN_BY = sorted([*_HERE.rglob("*.py"), *(_HERE.parent / "games").rglob("*.py")])
CODE = code_digest(_DRAWN_BY)


def _key(club_id: int) -> str:
    return f"club-stats-version:{club_id}"


def club_version(club_id: int) -> str:
    """The club's current version (made when missing); a failing cache gives a new one each
    time, which is a miss."""
    key = _key(club_id)
    try:
        token = cache.get(key)
        if token is None:
            cache.add(key, uuid.uuid4().hex, None)
            token = cache.get(key)
    except Exception:
        log.warning("statistics version of club %s could not be read", club_id, exc_info=True)
        token = None
    return f"{CODE}:{token or uuid.uuid4().hex}"


def _drop(club_id: int) -> None:
    try:
        cache.delete(_key(club_id))
    except Exception:
        log.warning("statistics version of club %s could not be dropped", club_id, exc_info=True)


def club_changed(club_id: int) -> None:
    """What the club's statistics show changed (or will, when this transaction commits)."""
    _drop(club_id)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: _drop(club_id), robust=True)


def club_committed(club_id: int) -> None:
    """As ``club_changed``, for a change already committed (a signal sent on commit)."""
    _drop(club_id)
