"""Clubs in the JSON API: my clubs with my role, one club's members and players, and
invitation links (made and withdrawn by admins, accepted by whoever holds the token).

The same questions decide as on the phone pages (``Club.may_*``): another club is 404, a
member without the right 403, both in the one error shape.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.messages import error_list
from games.refusals import SiteCode, SiteError
from matches.api import docs
from matches.api.schema import (
    ClubDetailSerializer,
    ClubSerializer,
    NewInvitationAnswerSerializer,
    NewInvitationSerializer,
)
from players.api_schema import JSONStringField
from players.models import Club, Guest, GuestMayNotJoin, Invitation, InvitationUnusable, Membership
from players.permissions import GuestRefused, club_for_member

UNUSABLE = {
    Invitation.State.EXPIRED: SiteCode.INVITATION_EXPIRED,
    Invitation.State.REVOKED: SiteCode.INVITATION_REVOKED,
    Invitation.State.ACCEPTED: SiteCode.INVITATION_USED,
}


def _club_for_admin(request: Request, club_id: int) -> Club:
    """The club if the user manages it; 404 outside it, 403 for its other members."""
    club = club_for_member(request, club_id)
    if not club.may_manage(request.user):
        raise PermissionDenied
    return club


def _club_json(club: Club, role: str) -> dict[str, Any]:
    return {"id": club.pk, "name": club.name, "personal": club.personal, "role": role}


def _invitation_json(invitation: Invitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "role": invitation.role,
        "expires_at": invitation.expires_at.isoformat(),
        "created_by": invitation.created_by.get_username() if invitation.created_by else None,
    }


class PaginatedClubSerializer(serializers.Serializer):
    """``GET /api/clubs/``: one page (``?page=``)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ClubSerializer(many=True)


class NewClubSerializer(serializers.Serializer):
    name = JSONStringField(min_length=1, max_length=100)

    def to_internal_value(self, data: Any) -> Any:
        # Text only: DRF's CharField would take a number and write it as text.
        if isinstance(data, dict) and "name" in data and not isinstance(data["name"], str):
            raise serializers.ValidationError({"name": [serializers.ErrorDetail("", code="invalid")]})
        return super().to_internal_value(data)


@extend_schema(
    methods=["GET"],
    operation_id="clubs_list",
    summary="Your clubs, with your role in each",
    responses={200: PaginatedClubSerializer, **docs.CLUB_LIST},
)
@extend_schema(
    methods=["POST"],
    operation_id="clubs_create",
    summary="Found a club: you are its owner (not for a guest)",
    request=NewClubSerializer,
    responses={201: ClubSerializer, **docs.CLUB_CREATE},
)
@api_view(["GET", "POST"])
def club_list(request: Request) -> Response:
    if request.method == "POST":
        # As the page (players.views.club_create): a guest's scorepad founds no club.
        if Guest.is_guest(request.user):
            raise GuestRefused
        body = NewClubSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        club = Club.found(body.validated_data["name"], by=request.user)
        return Response(_club_json(club, Membership.Role.OWNER), status=status.HTTP_201_CREATED)
    Club.personal_for(request.user)
    memberships = (
        Membership.objects.filter(user__pk=request.user.pk or 0)
        .select_related("club")
        .order_by("-club__personal", "club__name", "pk")
    )
    paginator = PageNumberPagination()
    page = paginator.paginate_queryset(memberships, request)
    return paginator.get_paginated_response([_club_json(m.club, m.role) for m in page or []])


@extend_schema(
    operation_id="clubs_retrieve",
    summary="A club: its members with their roles, and its players (guests or linked to a member)",
    responses={200: ClubDetailSerializer, **docs.CLUB_RETRIEVE},
)
@api_view(["GET"])
def club_detail(request: Request, club_id: int) -> Response:
    club = club_for_member(request, club_id)
    role = club.role_of(request.user)
    assert role is not None
    body = {
        **_club_json(club, role),
        "members": [
            {"id": m.pk, "user": m.user.get_username(), "role": m.role}
            for m in club.memberships.select_related("user").order_by("user__username")
        ],
        "players": [
            {"id": p.pk, "name": p.name, "user": p.user.get_username() if p.user else None}
            for p in club.players.select_related("user")
        ],
    }
    if club.may_manage(request.user):
        body["invitations"] = [
            _invitation_json(i) for i in club.invitations.pending().select_related("created_by")
        ]
    return Response(body)


@extend_schema(
    operation_id="invitations_create",
    summary="Make an invitation link (owners and admins; only owners invite admins)",
    request=NewInvitationSerializer,
    responses={201: NewInvitationAnswerSerializer, **docs.INVITATION_CREATE},
)
@api_view(["POST"])
def invitation_list(request: Request, club_id: int) -> Response:
    club = _club_for_admin(request, club_id)
    serializer = NewInvitationSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    role = serializer.validated_data["role"]
    if not club.may_grant(request.user, role):
        raise PermissionDenied
    invitation, token = club.invite(role, by=request.user, days=serializer.validated_data["days"])
    url = request.build_absolute_uri(reverse("invitation_accept", args=[token]))
    return Response(
        {**_invitation_json(invitation), "token": token, "url": url}, status=status.HTTP_201_CREATED
    )


@extend_schema(
    operation_id="invitations_revoke",
    summary="Withdraw an invitation link",
    request=None,
    responses=docs.INVITATION_REVOKE,
)
@api_view(["DELETE"])
def invitation_detail(request: Request, club_id: int, invitation_id: int) -> Response:
    club = _club_for_admin(request, club_id)
    get_object_or_404(club.invitations, pk=invitation_id).revoke()
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(
    operation_id="invitations_accept",
    summary="Join a club with an invitation token",
    request=None,
    responses={200: ClubSerializer, **docs.INVITATION_ACCEPT},
)
@api_view(["POST"])
def invitation_accept(request: Request, token: str) -> Response:
    """A member already in the club keeps their role; an expired, withdrawn or used link is 410;
    a guest is refused (403) as the invitation page refuses it."""
    invitation = Invitation.for_token(token)
    if invitation is None:
        return Response(
            {"errors": error_list([SiteError(SiteCode.NOT_FOUND, "token")])}, status=status.HTTP_404_NOT_FOUND
        )
    try:
        membership: Membership = invitation.accept(request.user)
    except InvitationUnusable as unusable:
        errors = error_list([SiteError(UNUSABLE[unusable.state], "token")])
        return Response({"errors": errors}, status=status.HTTP_410_GONE)
    except GuestMayNotJoin:
        raise GuestRefused from None
    return Response(_club_json(invitation.club, membership.role))
