"""Clubs in the JSON API: my clubs with my role, one club's members and players, and
invitation links (made and withdrawn by admins, accepted by whoever holds the token).

The same questions decide as on the phone pages (``Club.may_*``): another club is 404, a
member without the right 403, both in the one error shape. An unknown token is 404 and a link
that no longer works 410 (``invitation_expired``, ``invitation_revoked``, ``invitation_used``):
DRF exceptions of their own, which ``config/errors.py`` words by their code and sentence.

Here too are the answers' serializers (their names are the schema's components) and each
operation's complete ``responses=``, from the error answers of ``players/api_schema.py``. The
addresses are ``players/api_urls.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view
from rest_framework.exceptions import PermissionDenied
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from players.api_schema import AUTH_ERRORS, BODY_ERRORS, ERROR, NOT_FOUND, JSONStringField
from players.models import Club, Guest, GuestMayNotJoin, Invitation, InvitationUnusable, Membership
from players.permissions import GuestRefused, club_for_member


class UnknownInvitation(exceptions.NotFound):
    """No invitation has this token: 404 ``not_found`` on ``token``."""

    default_detail = _("Not found.")
    field = "token"


class InvitationGone(exceptions.APIException):
    """The link was withdrawn, used or has expired: 410 on ``token``, its code saying which."""

    status_code = status.HTTP_410_GONE
    field = "token"


class InvitationExpired(InvitationGone):
    default_code = "invitation_expired"
    default_detail = _("This invitation link has expired. Ask the club for a new one.")


class InvitationRevoked(InvitationGone):
    default_code = "invitation_revoked"
    default_detail = _("This invitation link was withdrawn by the club.")


class InvitationUsed(InvitationGone):
    default_code = "invitation_used"
    default_detail = _("This invitation link has already been used.")


GONE: Mapping[Invitation.State, type[InvitationGone]] = {
    Invitation.State.EXPIRED: InvitationExpired,
    Invitation.State.REVOKED: InvitationRevoked,
    Invitation.State.ACCEPTED: InvitationUsed,
}

ROLES = Membership.Role.values  # owner, admin, scorer, member: the schema's RoleEnum
# Ownership is handed over, never invited. Documented as the one Role enum but owner: a second
# enum of roles would leave the schema's generator no good name for either.
INVITED_ROLES = ROLES[1:]


@extend_schema_field({"allOf": [{"$ref": "#/components/schemas/RoleEnum"}], "not": {"enum": ["owner"]}})
class InvitedRoleField(serializers.ChoiceField):
    pass


class ClubSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    personal = serializers.BooleanField(help_text="The user's own table.")
    role = serializers.ChoiceField(choices=ROLES, help_text="Your role in this club.")


class MemberSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The membership's id.")
    user = serializers.CharField(help_text="Username.")
    role = serializers.ChoiceField(choices=ROLES)


class ClubPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    user = serializers.CharField(
        allow_null=True, help_text="The member who plays as this player; null: a guest."
    )


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(
        choices=ROLES, help_text="Never owner: ownership is handed over, not invited."
    )
    expires_at = serializers.DateTimeField()
    created_by = serializers.CharField(allow_null=True)


class NewInvitationAnswerSerializer(InvitationSerializer):
    token = serializers.CharField(help_text="Shown only now: only its hash is stored.")
    url = serializers.URLField(help_text="The link to send; it works once.")


class ClubDetailSerializer(ClubSerializer):
    members = MemberSerializer(many=True)
    players = ClubPlayerSerializer(many=True)
    invitations = InvitationSerializer(
        many=True, required=False, help_text="Pending invitation links (owners and admins only)."
    )


class NewInvitationSerializer(serializers.Serializer):
    """The body of ``POST /api/clubs/{id}/invitations/``."""

    role = InvitedRoleField(
        choices=INVITED_ROLES,
        default="member",
        help_text="admin, scorer or member (never owner); only owners invite admins.",
    )
    days = serializers.IntegerField(
        min_value=1, max_value=30, default=7, help_text="Days until the link expires."
    )


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


# The ``responses=`` of each operation below, complete.
CLUB_LIST = {200: PaginatedClubSerializer, **AUTH_ERRORS}
CLUB_CREATE = {201: ClubSerializer, **BODY_ERRORS, **AUTH_ERRORS}
CLUB_RETRIEVE = {200: ClubDetailSerializer, **AUTH_ERRORS, **NOT_FOUND}
INVITATION_CREATE = {201: NewInvitationAnswerSerializer, **BODY_ERRORS, **AUTH_ERRORS, **NOT_FOUND}
INVITATION_REVOKE = {204: None, **AUTH_ERRORS, **NOT_FOUND}
INVITATION_ACCEPT = {200: ClubSerializer, 410: ERROR, **AUTH_ERRORS, **NOT_FOUND}


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


@extend_schema(
    methods=["GET"],
    operation_id="clubs_list",
    summary="Your clubs, with your role in each",
    responses=CLUB_LIST,
)
@extend_schema(
    methods=["POST"],
    operation_id="clubs_create",
    summary="Found a club: you are its owner (not for a guest)",
    request=NewClubSerializer,
    responses=CLUB_CREATE,
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
    responses=CLUB_RETRIEVE,
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
    responses=INVITATION_CREATE,
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
    responses=INVITATION_REVOKE,
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
    responses=INVITATION_ACCEPT,
)
@api_view(["POST"])
def invitation_accept(request: Request, token: str) -> Response:
    """A member already in the club keeps their role; an expired, withdrawn or used link is 410;
    a guest is refused (403) as the invitation page refuses it."""
    invitation = Invitation.for_token(token)
    if invitation is None:
        raise UnknownInvitation
    try:
        membership: Membership = invitation.accept(request.user)
    except InvitationUnusable as unusable:
        raise GONE[unusable.state] from None
    except GuestMayNotJoin:
        raise GuestRefused from None
    return Response(_club_json(invitation.club, membership.role))
