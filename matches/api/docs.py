"""What the OpenAPI schema says about answers that ``matches/api/schema.py`` does not describe:
the complete ``responses=`` of the ``@extend_schema`` of ``matches/api/views.py``, the paginated
match list, and the answers in the error shape every endpoint shares (401/403/404, 400/413/415
for bodies), from ``players/api_schema.py``.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from matches.api.schema import (
    ConflictSerializer,
    MatchSerializer,
    MatchSummarySerializer,
    RoundAnswerSerializer,
    RoundSerializer,
)
from players.api_schema import AUTH_ERRORS, BODY_ERRORS, ERROR, NOT_FOUND


class PaginatedMatchSummarySerializer(serializers.Serializer):
    """``GET /api/matches/``: one page of ``CursorPagination`` (follow ``next``, 50 a page)."""

    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummarySerializer(many=True)


# The ``responses=`` of each operation in matches/api/views.py, complete.
MATCH_LIST = {200: PaginatedMatchSummarySerializer, **AUTH_ERRORS}
MATCH_CREATE = {201: MatchSerializer, 409: ERROR, **BODY_ERRORS, **AUTH_ERRORS}
MATCH_RETRIEVE = {200: MatchSerializer, **AUTH_ERRORS, **NOT_FOUND}
MATCH_DELETE = {204: None, **AUTH_ERRORS, **NOT_FOUND}
ROUNDS_LIST = {200: RoundSerializer(many=True), **AUTH_ERRORS, **NOT_FOUND}
ROUNDS_CREATE = {
    201: RoundAnswerSerializer,
    409: OpenApiResponse(ConflictSerializer, description="Finished match, stale deal number or spent key."),
    422: ERROR,
    **BODY_ERRORS,
    **AUTH_ERRORS,
    **NOT_FOUND,
}
ROUNDS_RETRIEVE = {200: RoundSerializer, **AUTH_ERRORS, **NOT_FOUND}
ROUNDS_CORRECT = {200: RoundAnswerSerializer, **BODY_ERRORS, **AUTH_ERRORS, **NOT_FOUND}
ROUNDS_UNDO = {200: MatchSerializer, 400: ERROR, **AUTH_ERRORS, **NOT_FOUND}
MATCH_END = {
    200: MatchSerializer,
    409: OpenApiResponse(ERROR.response, description="Over already, ended early already, or no deal."),
    **BODY_ERRORS,
    **AUTH_ERRORS,
    **NOT_FOUND,
}
MATCH_RESUME = {200: MatchSerializer, 409: ERROR, **AUTH_ERRORS, **NOT_FOUND}
