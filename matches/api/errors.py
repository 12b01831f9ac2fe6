"""Every API error has one shape: ``{"errors": [{"field", "code", "message"}]}`` (api.md).

Engine refusals arrive as ``Refused``; DRF's own exceptions (authentication, parsing, methods)
are mapped onto the same shape here, so a client never has to handle two formats.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from matches.messages import MESSAGES, error_list
from matches.models import Conflict
from matches.refusals import SiteCode, SiteRefused, refuse
from scoring import Refused


def refused_response(refused: Refused, *, game: str | None = None, correction: bool = False) -> Response:
    """400 for a refused round; 409 for a round posted to a finished match."""
    code = status.HTTP_409_CONFLICT if refused.finished and not correction else status.HTTP_400_BAD_REQUEST
    return Response({"errors": error_list(refused.errors, game)}, status=code)


# What is already stored decides these, not the rules: the client must look before retrying.
CONFLICT_STATUS = {
    "stale_round": status.HTTP_409_CONFLICT,
    "idempotency_key_spent": status.HTTP_409_CONFLICT,
    "idempotency_key_reused": status.HTTP_422_UNPROCESSABLE_ENTITY,
}


def conflict_response(conflict: Conflict, existing: dict[str, Any] | None) -> Response:
    """409/422 with the error and, for a stale phone, the round already stored in its place."""
    body: dict[str, Any] = {"errors": error_list([conflict.error])}
    if existing is not None:
        body["round"] = existing
        body["entered_by"] = conflict.error.params.get("who")
    return Response(body, status=CONFLICT_STATUS[conflict.error.code])


def _row(code: str, field: str = "", message: Any = None) -> dict[str, str]:
    return {"field": field, "code": code, "message": str(message or MESSAGES.get(code, MESSAGES["invalid"]))}


def _validation_rows(detail: Any, prefix: str = "") -> list[dict[str, str]]:
    if isinstance(detail, dict):
        rows: list[dict[str, str]] = []
        for key, value in detail.items():
            field = "" if key == "non_field_errors" else f"{prefix}{key}"
            rows += _validation_rows(value, f"{field}." if field else "")
        return rows
    if isinstance(detail, list):
        return [row for item in detail for row in _validation_rows(item, prefix)]
    field = prefix.rstrip(".")
    code = getattr(detail, "code", "invalid") or "invalid"
    if code == "blank":
        code = "required"
    return [_row(code if code in MESSAGES else "invalid", field, detail)]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Refused):
        set_rollback()
        return refused_response(exc)
    if isinstance(exc, SiteRefused):
        set_rollback()
        return Response({"errors": error_list(exc.errors)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoValidationError):
        # A model-level refusal that no view turned into a field error: still a 400, not a 500.
        set_rollback()
        return Response({"errors": [_row("invalid")]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        return Response({"errors": [_row("too_large")]}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, Http404):
        return Response({"errors": [_row("not_found")]}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, exceptions.ValidationError):
        set_rollback()
        return Response({"errors": _validation_rows(exc.detail)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, exceptions.APIException):
        codes = {
            exceptions.ParseError: ("invalid", MESSAGES["parse_error"]),
            exceptions.UnsupportedMediaType: ("invalid", MESSAGES["unsupported_media_type"]),
            exceptions.NotAuthenticated: ("not_authenticated", None),
            exceptions.AuthenticationFailed: ("authentication_failed", None),
            exceptions.PermissionDenied: ("permission_denied", None),
            exceptions.NotFound: ("not_found", None),
            exceptions.MethodNotAllowed: ("method_not_allowed", None),
            exceptions.Throttled: ("throttled", None),
        }
        code, message = codes.get(type(exc), (exc.default_code, str(exc.detail)))
        headers = {}
        auth_header = getattr(exc, "auth_header", None)
        if auth_header:
            headers["WWW-Authenticate"] = auth_header
        if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
            headers.setdefault("WWW-Authenticate", "Token")
        return Response({"errors": [_row(code, "", message)]}, status=exc.status_code, headers=headers)
    return None


def field_error(code: SiteCode, field: str) -> SiteRefused:
    return refuse(code, field)
