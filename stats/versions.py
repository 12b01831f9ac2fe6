"""The version a club's statistics pages are kept under in the cache (``stats.profile``).

A player's page reads thousands of seats for a busy player (counts, head to head, the game
statistics over the last fifty), and these change only when the club's finished matches, its
players or its ratings do. So they are kept under the club's version: a random token held in
the cache, dropped by every write that could change them (``stats.receivers``: a round that
finishes, corrects or reopens a match, a match saved, a player saved, the ratings rewritten).
The next reader makes a new token; figures kept under the old one are never read again. The
token is dropped again once the write commits, so a reader that made a new token in between,
from the rows as they were, cannot keep them under it.

A token is never reused and a missing one is a new one (a cache that cannot be reached keeps
nothing, ``config.cache``), so a page is at worst computed again: never stale.
"""

from __future__ import annotations

import uuid
from typing import cast

from django.core.cache import cache
from django.db import transaction


def _key(club_id: int) -> str:
    return f"club-stats-version:{club_id}"


def club_version(club_id: int) -> str:
    """The club's current version (made when missing)."""
    return cast(str, cache.get_or_set(_key(club_id), lambda: uuid.uuid4().hex, None))


def club_changed(club_id: int) -> None:
    """What the club's statistics show changed (or will, when this transaction commits)."""
    cache.delete(_key(club_id))
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: cache.delete(_key(club_id)), robust=True)


def club_committed(club_id: int) -> None:
    """As ``club_changed``, for a change already committed (a signal sent on commit)."""
    cache.delete(_key(club_id))
