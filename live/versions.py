"""Cheap versions for auto-refresh: one indexed query that says whether anything changed.

Every write to a match (add, correct, undo, confirm) saves ``Match.updated_at`` in its own
transaction, so the match row is the version of everything a scoreboard shows. A refresh sends
the version it holds as ``If-None-Match`` and gets ``304`` with an empty body while nothing
changed: no state lives in an app server, so any number of them can sit behind a load balancer.
A version is a keyed hash (``version_tag``): it names no match or club and tells nobody when the
last write was.

Pages that need a login (the scorer's own sheet, a club's TV, a club evening's TV) and a club's
TV link poll a *watch* address instead of the page. Its token names what is watched and for
whom: the sheet's match and member (``m``), the club and member of a club's TV (``c``), the
evening and member of an evening's TV (``e``), or the TV link's own screen (``s``). The one query
that reads the version also checks that the member still belongs to the club, or that the TV link
still exists: a removed member or a revoked link is answered 404 at once. The token is a Fernet
token (encrypted and authenticated, its key drawn from ``SECRET_KEY``): it shows no id, and it
lasts ``WATCH_MAX_AGE``. The page renews it: each refresh of its content carries a fresh address
(``data-live-watch-next``), and a watch that answers 404 makes the page ask for its content once,
which either brings a fresh address or says that the page is gone too.

A watch only ever says "changed" or "not changed"; the content is then fetched from the page
itself, with the usual permission checks.
"""

from __future__ import annotations

import json
from base64 import urlsafe_b64encode
from datetime import datetime
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.db.models import Count, F, Max, OuterRef, QuerySet, Subquery
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.crypto import salted_hmac

from league.models import Evening
from live.models import ClubScreen
from matches.models import Match
from players.models import Membership

WATCH_SALT = "live.watch"
VERSION_SALT = "live.version"
# Longer than any club evening; a page left open longer renews its address (see above).
WATCH_MAX_AGE = 12 * 3600
# What a token holds after its kind: the ids it names, in this order.
WATCH_KINDS = {"m": ("match", "user"), "c": ("club", "user"), "e": ("evening", "user"), "s": ("screen",)}


def version_tag(*parts: object) -> str:
    """An ETag for the state that ``parts`` name: the same on every server that shares the
    ``SECRET_KEY``, and unreadable (a keyed hash)."""
    text = "-".join(str(part) for part in parts)
    return f'"{salted_hmac(VERSION_SALT, text, algorithm="sha256").hexdigest()[:32]}"'


def stamp(moment: datetime | None) -> int:
    return int(moment.timestamp() * 1_000_000) if moment else 0


# --- watch tokens -----------------------------------------------------------------------------


def _fernet() -> MultiFernet:
    """Keys drawn from ``SECRET_KEY`` and its fallbacks, so a key rotation does not blank the
    screens: a token made under the old key is still read until it expires."""
    keys = [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]
    return MultiFernet(
        [
            Fernet(
                urlsafe_b64encode(salted_hmac(WATCH_SALT, "fernet", secret=key, algorithm="sha256").digest())
            )
            for key in keys
        ]
    )


def watch_token(kind: str, *ids: int) -> str:
    """The token of a watch address: ``watch_token("m", match.pk, user.pk)`` (see ``WATCH_KINDS``)."""
    if len(ids) != len(WATCH_KINDS[kind]):
        raise ValueError(f"a {kind!r} watch names {WATCH_KINDS[kind]}")
    return _fernet().encrypt(json.dumps([kind, *ids]).encode()).decode()


def read_watch_token(token: str) -> tuple[str, tuple[int, ...]] | None:
    """The kind and ids of a token made here in the last ``WATCH_MAX_AGE``; None otherwise."""
    try:
        payload = json.loads(_fernet().decrypt(token.encode(), ttl=WATCH_MAX_AGE))
    except (InvalidToken, UnicodeError, ValueError):
        return None
    if not isinstance(payload, list) or not payload or payload[0] not in WATCH_KINDS:
        return None
    kind, ids = payload[0], tuple(payload[1:])
    if len(ids) != len(WATCH_KINDS[kind]) or not all(type(pk) is int for pk in ids):
        return None
    return kind, ids


def watched_version(token: str) -> str | None:
    """The current version of what the token watches, from one query; None when the token is
    forged or expired, or when what it watches is gone or no longer the member's: a deleted
    match, a revoked TV link, a member removed from the club."""
    watched = read_watch_token(token)
    if watched is None:
        return None
    kind, ids = watched
    if kind == "m":
        match_id, user_id = ids
        found = Match.objects.filter(pk=match_id, deleted_at=None, club__memberships__user=user_id)
        updated_at = found.values_list("updated_at", flat=True).first()
        return None if updated_at is None else version_tag("m", match_id, stamp(updated_at))
    if kind == "c":
        club_id, user_id = ids
        membership = Membership.objects.filter(club=club_id, user=user_id).values(at=F("club"))
        return _watched_tables(
            membership.annotate(**_newest_and_count(_playing_at(OuterRef("club")), "club")), "c"
        )
    if kind == "s":
        (screen_id,) = ids
        screen = ClubScreen.objects.filter(pk=screen_id).values(at=F("club"))
        return _watched_tables(
            screen.annotate(**_newest_and_count(_playing_at(OuterRef("club")), "club")), "c"
        )
    evening_id, user_id = ids
    evening = Evening.objects.filter(pk=evening_id, competition__club__memberships__user=user_id)
    seated = Match.objects.filter(league_table__evening=OuterRef("pk"))
    tables = _newest_and_count(seated, "league_table__evening")
    return _watched_tables(evening.values(at=F("pk")).annotate(**tables), "e")


def _watched_tables(rows: QuerySet[Any, Any], name: str) -> str | None:
    found = rows.values("at", "newest", "tables").first()
    if found is None:
        return None
    return version_tag(name, found["at"], found["tables"] or 0, stamp(found["newest"]))


def _newest_and_count(matches: QuerySet[Match], group: str) -> dict[str, Subquery]:
    """The newest write among ``matches`` (not deleted) and how many there are, as subqueries
    of the row the watch checks (``matches`` are filtered on an ``OuterRef`` of it): a match
    that leaves the set changes the count even when no write is newer."""
    grouped = matches.filter(deleted_at=None).order_by().values(group)
    return {
        "newest": Subquery(grouped.annotate(newest=Max("updated_at")).values("newest")),
        "tables": Subquery(grouped.annotate(tables=Count("pk")).values("tables")),
    }


def _playing_at(club: int | OuterRef) -> QuerySet[Match]:
    # The (club, status, updated_at) index answers it without touching a round.
    return Match.objects.filter(club=club, status=Match.Status.IN_PROGRESS)


# --- the versions a page is drawn at ----------------------------------------------------------


def match_version(match: Match) -> str:
    return version_tag("m", match.pk, stamp(match.updated_at))


def club_version(club_id: int) -> str:
    """Changes when any in-progress match of the club is written, starts or ends."""
    found = (
        _playing_at(club_id).filter(deleted_at=None).aggregate(latest=Max("updated_at"), count=Count("pk"))
    )
    return version_tag("c", club_id, found["count"], stamp(found["latest"]))


def evening_version(evening_id: int) -> str:
    """Changes when any table of a club evening is written, drawn or finished."""
    seated = Match.objects.filter(league_table__evening_id=evening_id, deleted_at=None)
    found = seated.aggregate(latest=Max("updated_at"), count=Count("pk"))
    return version_tag("e", evening_id, found["count"], stamp(found["latest"]))


def not_modified(request: HttpRequest, tag: str) -> HttpResponse | None:
    """304 (no body) when the client already holds ``tag`` (Django's conditional GET: a list of
    tags, weak ones, ``*``)."""
    response = get_conditional_response(request, etag=tag)
    return None if response is None else tagged(response, tag)


def tagged(response: HttpResponse, tag: str) -> HttpResponse:
    response["ETag"] = tag
    # Always ask again (the version is the cheap part); never store another viewer's copy.
    response["Cache-Control"] = "no-cache"
    return response
