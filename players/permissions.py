"""The API's side of ``players.views.not_for_guests``: a guest ("Keep score now") keeps score at
its own table, and the league and the club statistics are not for it. A guest has no password,
so it reaches the API only through its session; the refusal is a 403 in the one error shape,
with the same sentence the page shows (the guest's table is its own, so 404 would be a lie).

``club_for_member`` is the first line of every page and API view under a club's address
(``/clubs/{id}/``, ``/api/clubs/{id}/``): another club is 404 (others' clubs do not exist for
them). ``club_for_manager`` (pages) also refuses a member who does not run the club what only its
owners and admins may do (403).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request

from players.models import Club, Guest


class GuestRefused(exceptions.PermissionDenied):
    # Its own class, so the API's error handler keeps the sentence (code stays permission_denied).
    default_code = "permission_denied"
    default_detail = _(
        "You are keeping score without an account. Clubs and leagues stay when a guest scorepad is "
        "cleaned up, so they need an account. Sign up: your matches are kept."
    )


class NotGuest(BasePermission):
    def has_permission(self, request: Any, view: Any) -> bool:
        if Guest.is_guest(request.user):
            raise GuestRefused
        return True


# For ``@permission_classes``: signed in (401 otherwise, as everywhere), and not a guest (403).
MEMBERS_NOT_GUESTS = [IsAuthenticated, NotGuest]


def club_for_member(request: HttpRequest | Request, club_id: int) -> Club:
    """The club if the user is in it; 404 otherwise."""
    return get_object_or_404(Club.objects.for_user(request.user), pk=club_id)


def club_for_manager(request: HttpRequest | Request, club_id: int) -> Club:
    """The club if the user runs it; 404 for clubs they are not in, 403 for its other members.
    For pages: Django's ``PermissionDenied`` (the 403 page, with the sentence); an API view
    raises DRF's, which the API's error handler answers in its error shape."""
    club = club_for_member(request, club_id)
    if not club.may_manage(request.user):
        raise PermissionDenied(_("Only the club's owners and admins may do this."))
    return club
