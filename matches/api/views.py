"""The JSON API (``shared/spec/api.md``): thin function views over the Match model's verbs.

Each view fetches what it acts on through an access helper (404 for matches of other clubs),
makes one model call and lays the result out with ``matches.presenters``. Refusals raised by
the engine become the contract's error body in ``matches.api.errors``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.refusals import SiteCode
from games.registry import all_homes
from matches.api import docs
from matches.api.errors import conflict_response, field_error, refused_response
from matches.api.schema import (
    ROUND_BODY,
    EndEarlySerializer,
    GameSerializer,
    NewMatchSerializer,
)
from matches.models import IDEMPOTENCY_KEY_LENGTH, Conflict, Match, Round, RoundRevision, StoredRound
from matches.presenters import match_json, match_summary_json, round_json
from players.models import Club
from scoring import MatchState, Refused, get_game

IDEMPOTENCY = OpenApiParameter(
    "Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, description="Repeat-safe POST."
)


def _match_for_member(request: Request, match_id: int) -> Match:
    """The match if the user belongs to its club; 404 otherwise (others' matches do not exist)."""
    try:
        return Match.objects.get_for_member(request.user, match_id)
    except Match.DoesNotExist:
        raise Http404 from None


def _match_for_scorer(request: Request, match_id: int) -> Match:
    """The match if the user may keep its score; 404 outside its club, 403 inside it."""
    match = _match_for_member(request, match_id)
    if not match.can_score(request.user):
        raise PermissionDenied
    return match


@extend_schema(
    summary="The games Scoreblok knows, with their options and player counts",
    responses={200: GameSerializer(many=True)},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def game_list(request: Request) -> Response:
    games = [(home, get_game(home.slug)) for home in all_homes()]
    return Response(
        [
            {
                "slug": home.slug,
                "name": str(home.name),
                "players": list(game.player_counts),
                "options": [
                    {
                        "name": option.name,
                        "type": option.kind,
                        "defaults": {str(n): option.default_for(n) for n in game.player_counts},
                        **_allowed(option),
                    }
                    for option in game.options
                ],
            }
            for home, game in games
        ]
    )


def _allowed(option: Any) -> dict[str, Any]:
    choices = getattr(option, "choices", None)
    if choices is not None:
        return {"choices": list(choices)}
    if option.kind == "boolean":
        return {"choices": [True, False]}
    allowed: dict[str, Any] = {"minimum": option.minimum}
    if option.maximum is not None:
        allowed["maximum"] = option.maximum
    if option.multiple_of_5:
        allowed["multiple_of"] = 5
    return allowed


class MatchCursor(CursorPagination):
    """Keyset pages, newest first: each page is one indexed range read that costs the same on
    page 200 as on page 1, with no COUNT over the whole club (page numbers needed both).
    ``pk`` breaks ties between matches updated in the same instant."""

    ordering = ("-updated_at", "-pk")
    page_size = 50


@extend_schema(
    methods=["GET"],
    operation_id="matches_list",
    summary="Your clubs' matches, newest first",
    responses=docs.MATCH_LIST,
)
@extend_schema(
    methods=["POST"],
    operation_id="matches_create",
    summary="Start a match",
    request=NewMatchSerializer,
    responses=docs.MATCH_CREATE,
)
@api_view(["GET", "POST"])
def match_list(request: Request) -> Response:
    if request.method == "POST":
        return _create_match(request)
    matches = Match.objects.for_user(request.user).prefetch_related("seats__player")
    status_filter = request.query_params.get("status")
    if status_filter in Match.Status.values:
        matches = matches.filter(status=status_filter)
    paginator = MatchCursor()
    page = paginator.paginate_queryset(matches, request)
    return paginator.get_paginated_response([match_summary_json(m) for m in page or []])


def _create_match(request: Request) -> Response:
    serializer = NewMatchSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = dict(serializer.validated_data)
    club = _club_for(request, data.pop("club", None))
    match = Match.start(club=club, by=request.user, **data)
    return Response(match_json(match, *_state_and_rounds(match)), status=status.HTTP_201_CREATED)


def _club_for(request: Request, club_id: int | None) -> Club:
    if club_id is None:
        return Club.personal_for(request.user)
    club = Club.objects.for_user(request.user).filter(pk=club_id).first()
    if club is None:
        raise field_error(SiteCode.INVALID, "club")
    if not club.may_score(request.user):
        raise PermissionDenied
    return club


@extend_schema(
    methods=["GET"],
    operation_id="matches_retrieve",
    summary="A match: players, rounds, standings, what comes next, winners",
    responses=docs.MATCH_RETRIEVE,
)
@extend_schema(
    methods=["DELETE"],
    operation_id="matches_destroy",
    summary="Delete a match (owners and admins); it can be restored",
    responses=docs.MATCH_DELETE,
)
@api_view(["GET", "DELETE"])
def match_detail(request: Request, match_id: int) -> Response:
    match = _match_for_member(request, match_id)
    if request.method == "DELETE":
        if not match.club.may_manage(request.user):
            raise PermissionDenied
        match.soft_delete(by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    return Response(match_json(match, *_state_and_rounds(match)))


@extend_schema(
    operation_id="matches_restore",
    summary="Restore a deleted match (owners and admins of its club)",
    request=None,
    responses=docs.MATCH_RETRIEVE,
)
@api_view(["POST"])
def match_restore(request: Request, match_id: int) -> Response:
    match = get_object_or_404(Match.objects.deleted_for_admin(request.user), pk=match_id)
    match.restore()
    return Response(match_json(match, *_state_and_rounds(match)))


@extend_schema(
    operation_id="matches_end",
    summary="End the match before its planned end, as it stands, with a reason (those who score it)",
    request=EndEarlySerializer,
    responses=docs.MATCH_END,
)
@api_view(["POST"])
def match_end(request: Request, match_id: int) -> Response:
    match = _match_for_scorer(request, match_id)
    reason = request.data.get("reason", "") if isinstance(request.data, dict) else None
    if not isinstance(reason, str):
        raise field_error(SiteCode.INVALID, "reason")
    match.end_early(reason, by=request.user)
    return Response(match_json(match, *_state_and_rounds(match)))


@extend_schema(
    operation_id="matches_resume",
    summary="Resume a match that ended early: it plays on (those who score it)",
    request=None,
    responses=docs.MATCH_RESUME,
)
@api_view(["POST"])
def match_resume(request: Request, match_id: int) -> Response:
    match = _match_for_scorer(request, match_id)
    match.resume(by=request.user)
    return Response(match_json(match, *_state_and_rounds(match)))


@extend_schema(
    methods=["GET"],
    operation_id="rounds_list",
    summary="The rounds of a match",
    responses=docs.ROUNDS_LIST,
)
@extend_schema(
    methods=["POST"],
    operation_id="rounds_create",
    summary="Enter the next round",
    request=ROUND_BODY,
    parameters=[IDEMPOTENCY],
    responses=docs.ROUNDS_CREATE,
)
@api_view(["GET", "POST"])
def round_list(request: Request, match_id: int) -> Response:
    if request.method == "GET":
        match = _match_for_member(request, match_id)
        return Response([round_json(r) for r in match.rounds.order_by("number")])
    match = _match_for_scorer(request, match_id)
    key = _idempotency_key(request)
    body, number = _deal_number(request.data)
    try:
        added = match.add_round(body, by=request.user, idempotency_key=key, number=number)
    except Refused as refused:
        return refused_response(refused, game=match.home)
    except Conflict as conflict:
        return conflict_response(conflict, round_json(conflict.existing) if conflict.existing else None)
    return Response(_round_answer(match, added.round, added.state), status=status.HTTP_201_CREATED)


def _idempotency_key(request: Request) -> str | None:
    """The whole header: a key is never cut short, so two keys never collide by truncation."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > IDEMPOTENCY_KEY_LENGTH or not key.isprintable():
        raise field_error(SiteCode.INVALID, "Idempotency-Key")
    return key or None


def _deal_number(data: object) -> tuple[object, int | None]:
    """The round body without ``number`` (the deal the client means), and that number."""
    if not isinstance(data, dict) or "number" not in data:
        return data, None
    body = {key: value for key, value in data.items() if key != "number"}
    number = data["number"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise field_error(SiteCode.INVALID, "number")
    return body, number


@extend_schema(
    methods=["GET"],
    operation_id="rounds_retrieve",
    summary="One round with its history",
    responses=docs.ROUNDS_RETRIEVE,
)
@extend_schema(
    methods=["PUT"],
    operation_id="rounds_correct",
    summary="Correct a round (the match is replayed)",
    request=ROUND_BODY,
    responses=docs.ROUNDS_CORRECT,
)
@extend_schema(
    methods=["DELETE"],
    operation_id="rounds_undo",
    summary="Undo the last round",
    request=None,
    responses=docs.ROUNDS_UNDO,
)
@api_view(["GET", "PUT", "DELETE"])
def round_detail(request: Request, match_id: int, number: int) -> Response:
    match = (_match_for_member if request.method == "GET" else _match_for_scorer)(request, match_id)
    stored = get_object_or_404(match.rounds, number=number)
    if request.method == "GET":
        return Response({**round_json(stored), "history": _history(match, number)})
    try:
        if request.method == "PUT":
            corrected = match.correct_round(number, request.data, by=request.user)
            assert corrected.round is not None
            return Response(_round_answer(match, corrected.round, corrected.state))
        replayed = match.undo_last_round(number, by=request.user)
    except Refused as refused:
        return refused_response(refused, game=match.home, correction=True)
    except Round.DoesNotExist:
        raise Http404 from None  # undone by another request since this one began
    return Response(match_json(match, replayed.state, replayed.rounds))


@extend_schema(
    operation_id="rounds_confirm",
    summary="Confirm a provisional round (another player than the one who entered it)",
    request=None,
    responses=docs.ROUNDS_RETRIEVE,
)
@api_view(["POST"])
def round_confirm(request: Request, match_id: int, number: int) -> Response:
    match = _match_for_member(request, match_id)
    try:
        stored = match.confirm_round(number, by=request.user)
    except Round.DoesNotExist:
        raise Http404 from None
    return Response(round_json(stored))


def _state_and_rounds(match: Match) -> tuple[MatchState, Sequence[StoredRound]]:
    replayed = match.replayed()
    return replayed.state, replayed.rounds


def _round_answer(match: Match, stored: StoredRound, state: MatchState) -> dict[str, Any]:
    """The stored round, and the match's new standings beside it (and under ``match``, the match
    as GET shows it but for its rounds: the answer's cost must not grow with the match)."""
    whole = match_json(match, state)
    return {
        **round_json(stored),
        **{key: whole[key] for key in ("status", "standings", "next", "winners")},
        "match": whole,
    }


def _history(match: Match, number: int) -> list[dict[str, Any]]:
    return [
        {
            "action": revision.action,
            "by": revision.by_name or None,
            "at": revision.at.isoformat(),
            "before": revision.before,
            "after": revision.after,
        }
        # Ending early and resuming are the match's, not this round's.
        for revision in match.revisions.filter(number=number).exclude(action__in=MATCH_ACTIONS)
    ]


MATCH_ACTIONS = (RoundRevision.Action.END, RoundRevision.Action.RESUME)
