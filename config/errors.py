"""The one error shape, ``{"errors": [{"field", "code", "message"}]}`` (api.md), and the site's
generic sentences for it: Django's error pages under ``/api/`` and DRF's exception handler.

Django answers an unknown address (404), a request it cannot take (400: a disallowed host, a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE``), a refusal (403) and a crash (500) through the page views
here. An API client gets the error shape in its language, as everywhere else in the API; a person
gets a page that looks like the rest of the site, never a debug page.

An outage is not a crash: when the database (or a cache that raises) cannot be reached, the
request is answered 503 with ``Retry-After`` (``OUTAGES``), so a client, a balancer or a phone
that queues its rounds tries again instead of giving up. ``server_error`` tells the two apart:
Django calls it inside the ``except`` that caught what escaped a view or a middleware, which
catches the database failing anywhere (loading the session, the user, the view's queries), not
only in the view.

``exception_handler`` is DRF's ``EXCEPTION_HANDLER``. It words what any Django or DRF view may
raise (authentication, parsing, methods, field validation, 404). The apps' own refusals (the
engine's, the site's) are worded by the app that knows them, not here: config imports no app.
It asks each installed app's ``AppConfig`` instead, through two optional members:

- ``api_error(exc)``: the app's answer (a DRF ``Response``) to an exception of its own, or None;
- ``error_codes``: the codes the app words, which a field error may carry to the client as they
  are (any other code of a field error, DRF's ``max_value`` say, is answered as ``invalid``).

An app cannot raise its refusals as DRF exceptions already worded: the engine is pure Python and
its refusals come out of model methods that the phone pages call too; so the app answers them
when asked, and this module keeps the one shape for everything else.

A refusal that no model method raises can be a DRF exception of the app's own, worded here by its
``default_code`` and its sentence (``default_detail``, a lazy translation), with the field it
concerns as its ``field`` attribute where there is one (an invitation's ``token``).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from typing import Any

from django.apps import apps
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.urls import is_valid_path
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

# What a missing database or cache raises: the request may well succeed a few seconds later.
# (A Redis that is down is normally a miss, django-redis's IGNORE_EXCEPTIONS; these are for a
# cache set up without it.) OperationalError is also what a deadlock or a serialisation failure
# raises: those too succeed when tried again.
OUTAGES: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    RedisConnectionError,
    RedisTimeoutError,
)
RETRY_AFTER = 10  # seconds: a database restart or a failover takes about that

MESSAGES: Mapping[str, Promise] = {
    "invalid": _("This value is not valid here."),
    "not_found": _("Not found."),
    "not_authenticated": _("Please log in first."),
    "authentication_failed": _("The username or password is wrong."),
    "permission_denied": _("You may not do this."),
    "method_not_allowed": _("This method is not allowed here."),
    "parse_error": _("The request body is not valid JSON."),
    "unsupported_media_type": _("Send the request body as JSON."),
    "throttled": _("Too many requests: try again shortly."),
    "too_large": _("The request body is too large."),
    "missing_slash": _("Not found: this address ends with a slash (%(path)s)."),
    "bad_request": _("The request could not be understood."),
    "server_error": _("Something went wrong on our side. Please try again shortly."),
    "unavailable": _("Scoreblok is briefly unavailable. Please try again in a moment."),
}

# DRF's exceptions whose code or words the API states its own way: (code, sentence).
DRF_ANSWERS: Mapping[type[exceptions.APIException], tuple[str, Promise]] = {
    exceptions.ParseError: ("invalid", MESSAGES["parse_error"]),
    exceptions.UnsupportedMediaType: ("invalid", MESSAGES["unsupported_media_type"]),
    exceptions.NotAuthenticated: ("not_authenticated", MESSAGES["not_authenticated"]),
    exceptions.AuthenticationFailed: ("authentication_failed", MESSAGES["authentication_failed"]),
    exceptions.PermissionDenied: ("permission_denied", MESSAGES["permission_denied"]),
    exceptions.NotFound: ("not_found", MESSAGES["not_found"]),
    exceptions.MethodNotAllowed: ("method_not_allowed", MESSAGES["method_not_allowed"]),
    exceptions.Throttled: ("throttled", MESSAGES["throttled"]),
}


def error_row(code: str, field: str = "", message: object = None) -> dict[str, str]:
    """One row of the error shape; without ``message``, this module's sentence for ``code``."""
    return {"field": field, "code": code, "message": str(message or MESSAGES.get(code, MESSAGES["invalid"]))}


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def api_error(status: int, code: str, field: str = "", **params: str) -> JsonResponse:
    message = str(MESSAGES[code])
    row = error_row(code, field, message % params if params else message)
    return JsonResponse({"errors": [row]}, status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return api_error(413, "too_large")
        return api_error(400, "bad_request")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return api_error(403, "permission_denied")
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        # A write to /api/matches (no slash) is not redirected: a redirect would lose its body.
        if not request.path_info.endswith("/") and is_valid_path(
            f"{request.path_info}/", getattr(request, "urlconf", None)
        ):
            return api_error(404, "missing_slash", path=f"{request.path}/")
        return api_error(404, "not_found")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if isinstance(sys.exception(), OUTAGES):
        return service_unavailable(request)
    if is_api(request):
        return api_error(500, "server_error")
    return defaults.server_error(request)


def service_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with ``Retry-After``: the error shape under /api/, the site's page otherwise. The page
    is drawn without the request, as Django draws its 500 page: the context processors would
    ask the database that is missing."""
    if is_api(request):
        response: HttpResponse = api_error(503, "unavailable")
    else:
        page = loader.get_template("503.html").render()
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def _worded_codes() -> frozenset[str]:
    """The codes a field error keeps: this module's and every app's ``error_codes``."""
    codes = set(MESSAGES)
    for app in apps.get_app_configs():
        codes |= set(getattr(app, "error_codes", ()))
    return frozenset(codes)


def _validation_rows(detail: Any, known: frozenset[str], prefix: str = "") -> list[dict[str, str]]:
    if isinstance(detail, dict):
        rows: list[dict[str, str]] = []
        for key, value in detail.items():
            field = "" if key == "non_field_errors" else f"{prefix}{key}"
            rows += _validation_rows(value, known, f"{field}." if field else "")
        return rows
    if isinstance(detail, list):
        return [row for item in detail for row in _validation_rows(item, known, prefix)]
    field = prefix.rstrip(".")
    code = getattr(detail, "code", "invalid") or "invalid"
    if code == "blank":
        code = "required"
    return [error_row(code if code in known else "invalid", field, detail)]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    for app in apps.get_app_configs():
        answer = getattr(app, "api_error", None)
        response = answer(exc) if answer is not None else None
        if response is not None:
            return response
    if isinstance(exc, DjangoValidationError):
        # A model-level refusal that no view turned into a field error: still a 400, not a 500.
        set_rollback()
        return Response({"errors": [error_row("invalid")]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        return Response({"errors": [error_row("too_large")]}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):
        return Response({"errors": [error_row("not_found")]}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, exceptions.ValidationError):
        set_rollback()
        rows = _validation_rows(exc.detail, _worded_codes())
        return Response({"errors": rows}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, exceptions.APIException):
        code, message = DRF_ANSWERS.get(type(exc), (exc.default_code, str(exc.detail)))
        headers = {}
        auth_header = getattr(exc, "auth_header", None)
        if auth_header:
            headers["WWW-Authenticate"] = auth_header
        if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
            headers.setdefault("WWW-Authenticate", "Token")
        if isinstance(exc, exceptions.Throttled) and (wait := getattr(exc, "wait", None)) is not None:
            headers["Retry-After"] = str(math.ceil(wait))
        # An app's own exception may name the field it concerns (``field``; the whole request: "").
        row = error_row(code, str(getattr(exc, "field", "")), message)
        return Response({"errors": [row]}, status=exc.status_code, headers=headers)
    return None
