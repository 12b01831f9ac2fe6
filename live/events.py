"""What live pages are told, and when: a small event on a channel once a write has committed.

A live page holds one server-sent events stream (``live/streams.py``) listening on the channels
of what it shows and of what lets it show it:

- ``match``: the match's board and sheet; ``club``: the club's TV (its matches in progress);
  ``evening``: a club evening's TV (the tables of its latest seating);
- ``share``: a share link, ``screen``: a club's TV link, ``member``: a member of a club. These
  only ever say ``gone``: the link was revoked or the membership ended, and the stream closes.
  An evening's channel says ``gone`` when the evening is deleted (its TV then answers 404).

Every event is ``changed`` (fetch the board again) or ``gone``; its data is ``{"at": t}``, the
server's clock (epoch seconds) when it was sent, so a client can measure commit-to-screen. The
event says nothing of the match: the page fetches what it shows through its usual, permission
checked, address (``live/versions.py``).

Events are not stored (``config/settings.py``): a page whose stream comes back fetches once
instead of being sent what it missed.

Channel names are keyed hashes (``kind-<hash>``): they travel through Redis, and like the watch
tokens they name no match, club or member.

Events are sent from ``transaction.on_commit``: a write that rolls back sends nothing, and a
page never fetches a board older than the event. ``robust``: an event that cannot be sent (Redis
down) is logged, and the write that committed is still answered as done.

Every board is drawn from ``Match`` rows, and every write that changes one (a round added,
corrected, undone or confirmed, a match started, finished, deleted or restored, a seating
drawn) saves its match; so one receiver on the match's ``post_save`` covers them all.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils.crypto import salted_hmac
from django_eventstream import send_event

from league.models import Evening
from league.models import Table as EveningTable
from live.models import ClubScreen, MatchShare
from live.versions import read_watch_token, watched_version
from matches.models import Match
from players.models import Membership

CHANNEL_SALT = "live.channel"
CHANGED = "changed"
GONE = "gone"


def channel(kind: str, *ids: int) -> str:
    """The channel of ``kind`` for ``ids``: ``channel("match", 7)``, ``channel("member", club, user)``."""
    text = "-".join([kind, *map(str, ids)])
    return f"{kind}-{salted_hmac(CHANNEL_SALT, text, algorithm='sha256').hexdigest()[:20]}"


def announce(channels: Iterable[str], event: str = CHANGED) -> None:
    """Send ``event`` on each channel now (callers run it on commit)."""
    at = time.time()
    for name in channels:
        send_event(name, event, {"at": at})


def match_changed(match: Match, *, created: bool = False) -> None:
    """Once the transaction commits, tell the match's pages, its club's TV and its evening's TV
    that it changed; a deleted match's pages that it is gone (its share link answers 404 from
    now on).

    The channels are read from the match as it was saved, not from the database once the
    transaction has committed: that query cost more CPU than the two events now do (0.44
    against 0.25 ms a round, ``docs/performance.md``). The evening comes with the match where
    the read that loaded it brought its table along (``get_for_member``, for the sheet and the
    API); a new match sits at no table yet."""
    own = [channel("match", match.pk)]
    event = GONE if match.deleted_at else CHANGED
    around = [channel("club", match.club_id)]
    evening_id = None if created else _evening_of(match)
    if evening_id is not None:
        around.append(channel("evening", evening_id))

    def tell() -> None:
        announce(own, event)
        announce(around)

    transaction.on_commit(tell, robust=True)


def _evening_of(match: Match) -> int | None:
    """The evening whose table the match is, if any."""
    if Match.league_table.is_cached(match):  # the league's reverse one-to-one
        table = getattr(match, "league_table", None)  # cached: no query, None outside an evening
        return None if table is None else table.evening_id
    return EveningTable.objects.filter(match_id=match.pk).values_list("evening_id", flat=True).first()


def share_channels(token: str) -> list[str] | None:
    """The channels of a share link's viewer or TV, or None when the link does not open it (the
    same query as the page's: a revoked link or a deleted match)."""
    found = MatchShare.objects.live().filter(token=token).values_list("pk", "match_id").first()
    if found is None:
        return None
    share_id, match_id = found
    return [channel("match", match_id), channel("share", share_id)]


def watch_channels(signed: str) -> list[str] | None:
    """The channels of a page that watches through a watch token (``live/versions.py``), or None
    when the watch answers 404 (forged or expired token, a member no longer in the club, a
    revoked TV link, a deleted match)."""
    watched = read_watch_token(signed)
    if watched is None or watched_version(signed) is None:
        return None
    kind, ids = watched
    if kind == "m":
        match_id, user_id = ids
        club_id = Match.objects.filter(pk=match_id).values_list("club_id", flat=True).first()
        return None if club_id is None else [channel("match", match_id), channel("member", club_id, user_id)]
    if kind == "c":
        club_id, user_id = ids
        return [channel("club", club_id), channel("member", club_id, user_id)]
    if kind == "e":
        evening_id, user_id = ids
        club_id = Evening.objects.filter(pk=evening_id).values_list("competition__club_id", flat=True).first()
        if club_id is None:
            return None
        return [channel("evening", evening_id), channel("member", club_id, user_id)]
    (screen_id,) = ids
    club_id = ClubScreen.objects.filter(pk=screen_id).values_list("club_id", flat=True).first()
    return None if club_id is None else [channel("club", club_id), channel("screen", screen_id)]


# --- receivers: every write that changes a board, or takes a page away ------------------------


@receiver(post_save, sender=Match, dispatch_uid="live.match_saved")
def _match_saved(sender: Any, instance: Match, created: bool, **kwargs: Any) -> None:
    match_changed(instance, created=created)


@receiver(post_save, sender=EveningTable, dispatch_uid="live.table_saved")
@receiver(post_delete, sender=EveningTable, dispatch_uid="live.table_deleted")
def _seating_changed(sender: Any, instance: EveningTable, **kwargs: Any) -> None:
    name = channel("evening", instance.evening_id)
    transaction.on_commit(lambda: announce([name]), robust=True)


@receiver(post_delete, sender=MatchShare, dispatch_uid="live.share_revoked")
def _share_revoked(sender: Any, instance: MatchShare, **kwargs: Any) -> None:
    name = channel("share", instance.pk)
    transaction.on_commit(lambda: announce([name], GONE), robust=True)


@receiver(post_delete, sender=ClubScreen, dispatch_uid="live.screen_revoked")
def _screen_revoked(sender: Any, instance: ClubScreen, **kwargs: Any) -> None:
    name = channel("screen", instance.pk)
    transaction.on_commit(lambda: announce([name], GONE), robust=True)


@receiver(post_delete, sender=Evening, dispatch_uid="live.evening_deleted")
def _evening_deleted(sender: Any, instance: Evening, **kwargs: Any) -> None:
    """The evening's TV stops: its page answers 404 from now on (a competition deleted with its
    evenings too)."""
    name = channel("evening", instance.pk)
    transaction.on_commit(lambda: announce([name], GONE), robust=True)


@receiver(post_delete, sender=Membership, dispatch_uid="live.membership_ended")
def _membership_ended(sender: Any, instance: Membership, **kwargs: Any) -> None:
    name = channel("member", instance.club_id, instance.user_id)
    transaction.on_commit(lambda: announce([name], GONE), robust=True)
