"""An account guessed from many addresses slows down; its owner's devices do not.

django-axes locks a username from one address after ``AXES_FAILURE_LIMIT`` failures and an
address after ``LOGIN_FAILURES_PER_ADDRESS`` (players/lockout.py). Someone with many addresses
would still get that many guesses from each, so failed log-ins are also counted per account, from
anywhere, in the shared cache, for ``ACCOUNT_FAILURE_WINDOW`` after the last one. Past
``ACCOUNT_FAILURES_FREE`` of them, a log-in for that account waits: ``ACCOUNT_FIRST_DELAY`` after
the last failure, twice that after the next one, and so on up to ``ACCOUNT_LONGEST_DELAY``. A try
made within the wait is refused (429 with ``Retry-After``) before any password is checked, and
is not counted; a try refused by axes' lock is not counted either.

A log-in with the right password starts the count again (as axes does for its lock). Nobody is
locked out by it: the wait ends, and a device on which the account has signed in
before is never made to wait. Each log-in leaves a signed cookie (``KNOWN_DEVICE_COOKIE``, for a
year) naming, as digests, the last few accounts signed in there; the owner's right password from
that phone goes through whatever a guesser elsewhere did. (The pair lock still applies to it.)
A cache that cannot be reached counts nothing, as for the throttles.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core import signing
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

KNOWN_DEVICE_COOKIE = "known_device"
KNOWN_DEVICE_SALT = "players.guessing.known-device"
KNOWN_DEVICE_AGE = 365 * 24 * 3600
KNOWN_ACCOUNTS_PER_DEVICE = 5


def _now() -> float:
    return time.time()


def account_digest(username: str) -> str:
    """An account as it is counted and remembered: any case alike, kept as a digest."""
    return hashlib.sha256(username.strip().lower().encode()).hexdigest()[:24]


def _keys(username: str) -> tuple[str, str]:
    digest = account_digest(username)
    return f"login-failures:{digest}", f"login-failures:{digest}:last"


def delay_after(failures: int) -> float:
    """The wait, in seconds, after the last of ``failures`` failed log-ins for one account."""
    beyond = failures - settings.ACCOUNT_FAILURES_FREE
    if beyond < 0:
        return 0
    first = settings.ACCOUNT_FIRST_DELAY.total_seconds()
    longest = settings.ACCOUNT_LONGEST_DELAY.total_seconds()
    return min(first * 2 ** min(beyond, 32), longest)


def known_accounts(request: HttpRequest) -> list[str]:
    value = request.COOKIES.get(KNOWN_DEVICE_COOKIE, "")
    try:
        digests = signing.loads(value, salt=KNOWN_DEVICE_SALT, max_age=KNOWN_DEVICE_AGE)
    except signing.BadSignature:
        return []
    return [digest for digest in digests if isinstance(digest, str)] if isinstance(digests, list) else []


def is_known_device(request: HttpRequest, username: str) -> bool:
    return account_digest(username) in known_accounts(request)


def wait_for_account(request: HttpRequest, username: str) -> int | None:
    """None if a log-in for ``username`` may be tried now; otherwise the seconds to wait."""
    if not username or is_known_device(request, username):
        return None
    count_key, last_key = _keys(username)
    try:
        found = cache.get_many([count_key, last_key])
    except Exception:  # a cache that fails counts nothing
        return None
    failures, last = found.get(count_key) or 0, found.get(last_key)
    if last is None:
        return None
    left = last + delay_after(failures) - _now()
    return math.ceil(left) if left > 0 else None


def remember_device(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """After a log-in: this device knows the account (the most recent few of them)."""
    digests = [account_digest(username)]
    digests += [digest for digest in known_accounts(request) if digest != digests[0]]
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        signing.dumps(digests[:KNOWN_ACCOUNTS_PER_DEVICE], salt=KNOWN_DEVICE_SALT),
        max_age=KNOWN_DEVICE_AGE,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )


@receiver(user_login_failed)
def count_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    if request is not None and getattr(request, "axes_locked_out", False):
        return  # refused by the lock without a password checked: not a guess
    username = str(credentials.get("username") or "")
    if not username:
        return
    count_key, last_key = _keys(username)
    window = int(settings.ACCOUNT_FAILURE_WINDOW.total_seconds())
    try:
        cache.add(count_key, 0, timeout=window)
        cache.incr(count_key)
        cache.touch(count_key, timeout=window)
        cache.set(last_key, _now(), timeout=window)
    except Exception:  # gone between add and incr, or no cache: one failure not counted
        pass


@receiver(user_logged_in)
def mark_signed_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Whatever logged the user in (the log-in page, a sign-up), ``KnownDeviceMiddleware`` then
    sets the cookie on its answer."""
    if request is not None:
        request.signed_in_as = user.get_username()  # type: ignore[attr-defined]
    forget_failures(user.get_username())


def forget_failures(username: str) -> None:
    """The right password: the account's count starts again, as axes' does."""
    with contextlib.suppress(Exception):  # no cache: nothing was counted
        cache.delete_many(list(_keys(username)))


class KnownDeviceMiddleware:
    """Sets the known-device cookie on the answer to a request that logged someone in."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        username = getattr(request, "signed_in_as", None)
        if username:
            remember_device(request, response, username)
        return response
