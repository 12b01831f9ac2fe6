"""Cheap versions for auto-refresh: one indexed query that says whether anything changed.

Every write to a match (add, correct, undo, confirm) saves ``Match.updated_at`` in its own
transaction, so the match row is the version of everything a scoreboard shows. A refresh sends
the version it holds as ``If-None-Match`` and gets ``304`` with an empty body while nothing
changed: no state lives in an app server, so any number of them can sit behind a load balancer.

Pages that need a login (the scorer's own sheet, a club's TV) poll a *watch* address instead of
the page: a signed, expiring ``(kind, id)`` handed out inside the page, so the refresh needs no
session or membership queries. It only ever says "changed" or "not changed"; the content is then
fetched from the page itself, with the usual permission checks.
"""

from __future__ import annotations

from django.core import signing
from django.db.models import Count, Max, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response

from live.models import version_tag
from matches.models import Match

WATCH_SALT = "live.watch"
# A watch address outlives any club evening; a reload hands out a fresh one.
WATCH_MAX_AGE = 24 * 3600


def watch_token(kind: str, pk: int) -> str:
    return signing.dumps([kind, pk], salt=WATCH_SALT, compress=True)


def read_watch_token(token: str) -> tuple[str, int] | None:
    try:
        kind, pk = signing.loads(token, salt=WATCH_SALT, max_age=WATCH_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if kind not in ("m", "c", "e") or not isinstance(pk, int):
        return None
    return kind, pk


def match_version(match: Match) -> str:
    return version_tag(match.pk, match.updated_at)


def match_version_by_id(match_id: int) -> str | None:
    """None when the match is gone (deleted): the watcher stops."""
    found = Match.objects.filter(pk=match_id, deleted_at=None).values_list("updated_at", flat=True)
    updated_at = found.first()
    return None if updated_at is None else version_tag(match_id, updated_at)


def club_version(club_id: int) -> str:
    """Changes when any in-progress match of the club is written, starts or ends: the
    (club, status, updated_at) index answers it without touching a round."""
    playing = Match.objects.filter(club_id=club_id, status=Match.Status.IN_PROGRESS)
    return _tables_version(f"c{club_id}", playing)


def evening_version(evening_id: int) -> str:
    """Changes when any table of a club evening is written, drawn or finished."""
    return _tables_version(f"e{evening_id}", Match.objects.filter(league_table__evening_id=evening_id))


def _tables_version(name: str, matches: QuerySet[Match]) -> str:
    """The newest write among ``matches`` (not deleted) and how many there are: a match that
    leaves the set changes the count even when no write is newer."""
    found = matches.filter(deleted_at=None).aggregate(latest=Max("updated_at"), count=Count("pk"))
    latest = found["latest"]
    stamp = int(latest.timestamp() * 1_000_000) if latest else 0
    return f'"{name}-{found["count"]}-{stamp}"'


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
