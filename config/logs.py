"""Logs for whoever runs the site: one JSON object a line when ``LOG_FORMAT=json`` (settings), so
the log collector of each app server behind the balancer reads fields instead of parsing text.

``RequestLogMiddleware`` writes one line a request to the ``scoreblok.requests`` logger: method,
path, status, duration and the signed-in user's id. Never a body, a header, a query string or a
secret of the path: a URL argument other than a number or a slug (an invitation's token, a TV
link's signature, a password-reset token) is logged as its name, ``/live/<token>/tv/``. The
logger is on at INFO only with ``LOG_FORMAT=json``; otherwise the middleware costs a clock read.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, ResolverMatch, resolve

REQUESTS = logging.getLogger("scoreblok.requests")

# The attributes a record may carry that a JSON line writes as fields of its own.
FIELDS = ("method", "path", "status", "duration_ms", "user_id")
# A URL argument shown as it is: numbers and slugs (a match's id, a game); any other converter
# may carry a secret.
SHOWN_CONVERTERS = {"int", "slug"}
ROUTE_ARGUMENT = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time (UTC), level, logger, message, the request's fields
    when it has them, and the traceback of an exception as one string."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for field in FIELDS:
            if hasattr(record, field):
                line[field] = getattr(record, field)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class OutageMailedOnce(logging.Filter):
    """For the admins' mail: an outage (a 503, config/errors.py) answers every request with an
    error until it ends; one mail per process every ``interval`` seconds says so, not one a
    request. Other errors pass."""

    def __init__(self, interval: float = 600) -> None:
        super().__init__()
        self.interval = interval
        self.last: float | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) != 503:
            return True
        now = time.monotonic()
        if self.last is not None and now - self.last < self.interval:
            return False
        self.last = now
        return True


# A run of a path no URL names that is long enough to be a token, a signature or a key (an
# address mistyped by one character, a link without its last slash, a token with a NUL or
# another control character beside it): logged as ``<?>``.
TOKEN_LIKE = re.compile(r"(?<![A-Za-z0-9_:.%-])[A-Za-z0-9_:.%-]{20,}(?![A-Za-z0-9_:.%-])")


def route_path(path: str, match: ResolverMatch | None) -> str:
    """``path`` as ``match`` names it: every URL argument that may be a secret replaced by its
    name, ``/live/<token>/tv/``. A path no URL matches is kept but for its token-like parts."""
    if match is None or match.route.startswith("^"):
        return TOKEN_LIKE.sub("<?>", path)

    def shown(argument: re.Match[str]) -> str:
        name = argument["name"]
        if argument["converter"] in SHOWN_CONVERTERS and name in match.kwargs:
            return str(match.kwargs[name])
        return f"<{name}>"

    return "/" + ROUTE_ARGUMENT.sub(shown, match.route)


def resolved(request: HttpRequest) -> ResolverMatch | None:
    """The request's URL match, also for a request that failed before Django resolved it."""
    if request.resolver_match is not None:
        return request.resolver_match
    try:
        return resolve(request.path_info, getattr(request, "urlconf", None))
    except (Resolver404, ValueError):
        return None


def resolve_path(path: str) -> str:
    """``route_path`` for a bare path (gunicorn's access log, a referer)."""
    try:
        return route_path(path, resolve(path))
    except (Resolver404, ValueError):
        return route_path(path, None)


def logged_path(request: HttpRequest) -> str:
    """The path with every URL argument that may be a secret replaced by its name; the query
    string is left out."""
    return route_path(request.path, resolved(request))


def secret_parts(request: HttpRequest) -> list[str]:
    """The values in ``request``'s address that ``logged_path`` hides, longest first, and the
    query string's long values (a ``next`` holding an invitation's address): what a report about
    the request must not show."""
    match = resolved(request)
    shown = set()
    if match is not None and not match.route.startswith("^"):
        shown = {
            argument["name"]
            for argument in ROUTE_ARGUMENT.finditer(match.route)
            if argument["converter"] in SHOWN_CONVERTERS
        }
    secrets = {str(value) for name, value in (match.kwargs.items() if match else ()) if name not in shown}
    secrets |= set(TOKEN_LIKE.findall(request.path))
    for _name, value in request.GET.lists():
        secrets |= {part for part in value if len(part) >= 20}
    return sorted((secret for secret in secrets if len(secret) >= 6), key=len, reverse=True)


def _user_id(request: HttpRequest) -> int | None:
    user = getattr(request, "user", None)
    try:
        return user.pk if user is not None and user.is_authenticated else None
    except DatabaseError:
        # The database went away during the request (the answer is a 503): a line without a user.
        return None


class RequestLogMiddleware:
    """One ``scoreblok.requests`` line a request (see the module's docstring); first in
    ``MIDDLEWARE``, so that the duration covers the others and the status is the one sent."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        if REQUESTS.isEnabledFor(logging.INFO):
            fields = {
                "method": request.method,
                "path": logged_path(request),
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "user_id": _user_id(request),
            }
            REQUESTS.info("%(method)s %(path)s %(status)s", fields, extra=fields)
        return response
