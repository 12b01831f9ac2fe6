"""The API's answers to refusals, in the one error shape ``{"errors": [{"field", "code",
"message"}]}`` (api.md): the engine's ``Refused``, the site's ``SiteRefused`` and a ``Conflict``
with what is already stored, each worded by ``games.messages`` (a round's codes by its game's
home). DRF's and Django's own exceptions are worded by the project's exception handler, which
asks this app for its refusals (``MatchesConfig.api_error``).
"""

from __future__ import annotations

from typing import Any

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from games.messages import Worded, error_list
from games.refusals import SiteCode, SiteRefused, refuse
from matches.models import Conflict
from scoring import Refused


def refused_response(
    refused: Refused, *, game: str | Worded | None = None, correction: bool = False
) -> Response:
    """400 for a refused round; 409 for a round posted to a finished match."""
    code = status.HTTP_409_CONFLICT if refused.finished and not correction else status.HTTP_400_BAD_REQUEST
    return Response({"errors": error_list(refused.errors, game)}, status=code)


# What is already stored decides these, not the rules: the client must look before retrying.
CONFLICT_STATUS = {
    "stale_round": status.HTTP_409_CONFLICT,
    "idempotency_key_spent": status.HTTP_409_CONFLICT,
    "idempotency_key_reused": status.HTTP_422_UNPROCESSABLE_ENTITY,
}


# Refusals of what another request stored a moment ago, not of the request: 409.
RACED = frozenset({SiteCode.PLAYER_MERGED})
# Refusals of the match's state (a table of an archived season is closed), not of what was sent:
# 409, as a round posted to a finished match is.
CLOSED = frozenset({SiteCode.SEASON_ARCHIVED})
# The same for a table that ended early (or did not, or is over, or has no deal to end).
ENDED = frozenset(
    {SiteCode.ENDED_EARLY, SiteCode.NOT_ENDED_EARLY, SiteCode.ALREADY_FINISHED, SiteCode.NOTHING_PLAYED}
)


def conflict_response(conflict: Conflict, existing: dict[str, Any] | None) -> Response:
    """409/422 with the error and, for a stale phone, the round already stored in its place."""
    body: dict[str, Any] = {"errors": error_list([conflict.error])}
    if existing is not None:
        body["round"] = existing
        body["entered_by"] = conflict.error.params.get("who")
    return Response(body, status=CONFLICT_STATUS[conflict.error.code])


def refusal_response(exc: Exception) -> Response | None:
    """The answer to a refusal no view answered itself (a match that cannot be set up so, a
    site check), or None for any other exception; asked by the project's exception handler
    through ``MatchesConfig.api_error``."""
    if isinstance(exc, Refused):
        set_rollback()
        return refused_response(exc)
    if isinstance(exc, SiteRefused):
        set_rollback()
        raced = any(error.code in RACED | CLOSED | ENDED for error in exc.errors)
        code = status.HTTP_409_CONFLICT if raced else status.HTTP_400_BAD_REQUEST
        return Response({"errors": error_list(exc.errors)}, status=code)
    return None


def field_error(code: SiteCode, field: str) -> SiteRefused:
    return refuse(code, field)
