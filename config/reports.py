"""What reaches a person when something goes wrong: the admins' mail (without ``SENTRY_DSN``) or
Sentry's events, and the log lines of Django's request logger.

None of them holds a secret. Views that take a password or a token hide it from Django's reports
(``sensitive_post_parameters`` / ``sensitive_variables``); on top of that, a report about a
request never shows its cookies, its query string, its referer, nor a secret part of its address:
the path is written as its route, ``/live/<token>/`` (``config.logs.logged_path``), and every
secret value the address carried is replaced wherever else it turns up (an exception's message,
a traceback line). Sentry is told to send no request body and no local variables, its breadcrumbs
lose the cache's keys (a session's key is one), and ``before_send`` applies the same rules once
more as the last guard.

None of them floods. A mail or an event is sent once per kind of error (the logger, the message
before its values, the exception's type and where it was raised) per ``REPORT_INTERVAL``; the
others of that kind are counted, and the next report says how many there were. The count lives
in Django's cache, so it holds across app servers; with the cache unreachable each process still
sends at most one per kind and interval. A request with a ``Host`` the site does not serve is a
client's mistake, not the site's: logged at INFO, never mailed or sent.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from copy import copy
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.log import AdminEmailHandler
from django.views.debug import ExceptionReporter, SafeExceptionReporterFilter

from config.logs import logged_path, secret_parts

REPORT_INTERVAL = 600  # seconds: one report per kind of error in that time
HIDDEN = "********************"  # Django's own substitute, so reports read alike
# Keys of a report whose values are secrets whatever they hold.
SECRET_KEY_NAMES = re.compile(r"pass|secret|token|signature|signed|csrf|session|cookie|auth|api.?key", re.I)
# Request headers and environment entries a report never shows.
HIDDEN_META = re.compile(r"^(HTTP_COOKIE|HTTP_AUTHORIZATION|HTTP_REFERER|HTTP_X_CSRFTOKEN|QUERY_STRING)$")
ADDRESS_META = ("PATH_INFO", "REQUEST_URI", "RAW_URI", "SCRIPT_URI")

_reporting = threading.local()
_last_sent: dict[str, float] = {}  # per process: kind -> when last reported (monotonic)
_MAX_KINDS = 1000


def forget_sent() -> None:
    """This process forgets which kinds it reported (the tests start each with none)."""
    _last_sent.clear()


def kind_of(logger: str, template: object, exception: BaseException | None, status: object = None) -> str:
    """A digest naming a kind of error: where it was logged and raised, not its values."""
    parts = [logger, str(template), str(status or "")]
    if exception is not None:
        raised = traceback.extract_tb(exception.__traceback__)[-1:] if exception.__traceback__ else []
        parts += [type(exception).__qualname__, *(f"{frame.filename}:{frame.lineno}" for frame in raised)]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def first_of_its_kind(kind: str, interval: float = REPORT_INTERVAL) -> int | None:
    """None when this kind was reported less than ``interval`` ago (this one is counted);
    otherwise the number of its kind left unreported since the last report (this one is to be
    reported). Never raises: a cache that fails counts nothing and decides nothing."""
    now = time.monotonic()
    unsent_key = f"reports:{kind}:unsent"
    last = _last_sent.get(kind)
    if last is not None and now - last < interval:
        _count(unsent_key, interval)
        return None
    try:
        fresh = cache.add(f"reports:{kind}", 1, timeout=int(interval))
    except Exception:
        fresh = None  # the cache is down: this process's memory decides alone
    if fresh is False:  # another process reported it within the interval
        _count(unsent_key, interval)
        return None
    if len(_last_sent) >= _MAX_KINDS:
        _last_sent.clear()
    _last_sent[kind] = now
    try:
        unsent = cache.get(unsent_key) or 0
        cache.delete(unsent_key)
    except Exception:
        unsent = 0
    return int(unsent)


def _count(key: str, interval: float) -> None:
    try:
        cache.add(key, 0, timeout=int(interval * 6))
        cache.incr(key)
    except Exception:  # gone between add and incr, or no cache: a count lost, nothing more
        pass


def _guarded[T](default: T, work: Callable[[], T]) -> T:
    """``work()``, unless this thread is already reporting: a cache that logs its own failure
    while a report consults it must not start another report."""
    if getattr(_reporting, "busy", False):
        return default
    _reporting.busy = True
    try:
        return work()
    finally:
        _reporting.busy = False


def record_kind(record: logging.LogRecord) -> str:
    exception = record.exc_info[1] if record.exc_info else None
    return kind_of(record.name, record.msg, exception, getattr(record, "status_code", None))


class OncePerKind(logging.Filter):
    """For the admins' mail: the first record of each kind per ``interval`` passes, with the count
    of the ones held back since (``record.unreported``); the others are counted and dropped.
    ``shared=False`` counts in this process only (for the cache's own failures: the cache is
    what is down)."""

    def __init__(self, interval: float = REPORT_INTERVAL, shared: bool = True) -> None:
        super().__init__()
        self.interval = interval
        self.shared = shared
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        kind = "mail:" + record_kind(record)
        if not self.shared:
            now = time.monotonic()
            if now - self.last.get(kind, -self.interval) < self.interval:
                return False
            if len(self.last) >= _MAX_KINDS:
                self.last.clear()
            self.last[kind] = now
            return True
        unreported = _guarded(None, lambda: first_of_its_kind(kind, self.interval))
        if unreported is None:
            return False
        record.unreported = unreported
        return True


class Demote(logging.Filter):
    """A logger's records at ``level`` instead (a client's bad ``Host``, a cache error the site
    rides out), written only if that level is logged at all."""

    def __init__(self, level: str = "INFO") -> None:
        super().__init__()
        self.level = logging.getLevelNamesMapping()[level]

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno = self.level
        record.levelname = logging.getLevelName(self.level)
        return logging.getLogger(record.name).isEnabledFor(self.level)


class RouteNotPath(logging.Filter):
    """On ``django.request``: "Not Found: /live/<token>/", never the token itself."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest) and isinstance(record.args, tuple):
            # Django writes the path escaped (a NUL as \x00): any argument that holds it, or one
            # of its secrets, is replaced.
            seen = {request.path, request.path.encode("unicode_escape").decode("ascii")}
            secrets = secret_parts(request)
            record.args = tuple(
                logged_path(request)
                if isinstance(arg, str) and (arg in seen or any(secret in arg for secret in secrets))
                else arg
                for arg in record.args
            )
        return True


def scrub(text: str, secrets: list[str]) -> str:
    for secret in secrets:
        text = text.replace(secret, HIDDEN)
    return text


class ReportFilter(SafeExceptionReporterFilter):
    """``DEFAULT_EXCEPTION_REPORTER_FILTER``: Django's, and no cookie, query string, referer or
    secret part of the address in a report."""

    def get_safe_request_meta(self, request: HttpRequest) -> dict[str, Any]:
        meta = super().get_safe_request_meta(request)
        for key in meta:
            if HIDDEN_META.match(key):
                meta[key] = HIDDEN
        for key in ADDRESS_META:
            if key in meta:
                meta[key] = logged_path(request)
        return meta

    def get_safe_cookies(self, request: HttpRequest) -> dict[str, Any]:
        return dict.fromkeys(getattr(request, "COOKIES", {}), HIDDEN)


class Reporter(ExceptionReporter):
    """``DEFAULT_EXCEPTION_REPORTER``: Django's report, with the address as its route, the query
    string's values hidden, and every secret value of the address hidden wherever it appears."""

    def get_traceback_data(self) -> dict[str, Any]:
        data = super().get_traceback_data()
        if self.request is not None:
            data["request_insecure_uri"] = logged_path(self.request)
            data["request_GET_items"] = [(key, HIDDEN) for key in self.request.GET]
        return data


class ReportMailHandler(AdminEmailHandler):
    """Django's mail to the admins, with the count of the same error held back since the last
    mail (``OncePerKind``) and the address's secrets hidden from the subject too."""

    secrets: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if not settings.ADMINS:
            return
        request = getattr(record, "request", None)
        # Read by send_mail: emit runs under the handler's lock, one record at a time.
        self.secrets = secret_parts(request) if isinstance(request, HttpRequest) else []
        counted = copy(record)
        counted.msg, counted.args = record.getMessage(), ()
        unreported = getattr(record, "unreported", 0)
        if unreported:
            counted.msg += f" (and {unreported} more like it since the last mail)"
        super().emit(counted)

    def send_mail(self, subject: Any, message: Any, *args: Any, **kwargs: Any) -> None:
        """The subject, the text and the HTML (if any) with the address's secrets hidden, wherever
        they turn up (an exception's message, the first line of Django's report)."""
        html = kwargs.get("html_message")
        if html:
            kwargs["html_message"] = scrub(html, self.secrets)
        super().send_mail(
            scrub(str(subject), self.secrets), scrub(str(message), self.secrets), *args, **kwargs
        )


# --- Sentry -------------------------------------------------------------------------------------


def _scrubbed(value: Any, secrets: list[str], key: str = "") -> Any:
    if key and SECRET_KEY_NAMES.search(key):
        return HIDDEN
    if isinstance(value, str):
        return scrub(value, secrets)
    if isinstance(value, Mapping):
        return {k: _scrubbed(v, secrets, str(k)) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_scrubbed(item, secrets) for item in value]
    return value


def _event_kind(event: dict[str, Any], hint: dict[str, Any]) -> str:
    exc_info = hint.get("exc_info")
    exception = exc_info[1] if exc_info else None
    record = hint.get("log_record")
    template = record.msg if record is not None else (event.get("logentry") or {}).get("message")
    return "sentry:" + kind_of(event.get("logger") or "", template, exception)


def before_send(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any] | None:
    """Sentry's last look at an event: held back if its kind was sent within the interval;
    otherwise without body, cookies, query string or referer, the address as its route, and
    every key that names a secret and every secret value of the address hidden."""
    unreported = _guarded(None, lambda: first_of_its_kind(_event_kind(event, hint)))
    if unreported is None:
        return None
    request_info = event.get("request") or {}
    record = hint.get("log_record")
    request = getattr(record, "request", None) or _current_request.value
    secrets = secret_parts(request) if isinstance(request, HttpRequest) else []
    for dropped in ("data", "cookies", "query_string", "env"):
        request_info.pop(dropped, None)
    headers = request_info.get("headers") or {}
    request_info["headers"] = {
        name: value
        for name, value in headers.items()
        if name.lower() not in {"cookie", "authorization", "referer", "x-csrftoken"}
    }
    if isinstance(request, HttpRequest) and request_info.get("url"):
        request_info["url"] = request.build_absolute_uri(logged_path(request))
    event = _scrubbed(event, secrets)
    if unreported:
        event.setdefault("extra", {})["unreported_since_last"] = unreported
    return event


# Breadcrumbs of the cache and Redis name keys: a session's key among them.
QUIET_CATEGORIES = ("redis", "cache", "django.cache", "django_redis")


def before_breadcrumb(crumb: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any] | None:
    category = str(crumb.get("category") or "")
    if category.startswith(QUIET_CATEGORIES):
        return None
    return _scrubbed(crumb, [])


class _CurrentRequest(threading.local):
    value: HttpRequest | None = None


_current_request = _CurrentRequest()


class CurrentRequestMiddleware:
    """Keeps the request at hand for ``before_send``: an event Sentry's Django integration makes
    for a crash carries the request's data, not the request whose address it must scrub."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> Any:
        _current_request.value = request
        try:
            return self.get_response(request)
        finally:
            _current_request.value = None


def sentry_options(dsn: str, environment: str) -> dict[str, Any]:
    """``sentry_sdk.init``'s options (config/settings.py; the tests start Sentry with them)."""
    return {
        "dsn": dsn,
        "environment": environment,
        "send_default_pii": False,
        "traces_sample_rate": 0,
        "max_request_body_size": "never",
        "include_local_variables": False,
        "before_send": before_send,
        "before_breadcrumb": before_breadcrumb,
    }
