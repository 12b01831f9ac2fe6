"""A guest ("Keep score now") never joins a club: ``Invitation.accept`` refuses it, so the
invitation page and ``POST /api/invitations/<token>/accept/`` say no alike (403), whatever role
the link gives, and the link stays unused for the person it was meant for."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from players.models import GuestMayNotJoin, Membership
from tests.factories import GuestFactory, InvitationFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest(db):
    return GuestFactory.create().user


@pytest.mark.parametrize("role", [Membership.Role.ADMIN, Membership.Role.MEMBER])
def test_a_guest_cannot_accept_an_invitation(guest, klaverclub, role):
    invitation = InvitationFactory.create(club=klaverclub, role=role)
    with pytest.raises(GuestMayNotJoin):
        invitation.accept(guest)
    invitation.refresh_from_db()
    assert invitation.accepted_at is None
    assert not klaverclub.memberships.filter(user=guest).exists()


def test_the_api_refuses_a_guest_with_the_pages_reason(guest, klaverclub):
    """The guest's session and CSRF header, as the review sent them: 403 in the error shape."""
    invitation = InvitationFactory.create(club=klaverclub, role=Membership.Role.ADMIN)
    client = Client(enforce_csrf_checks=True)
    client.force_login(guest)
    client.get(reverse("home"))
    response = client.post(
        f"/api/invitations/{invitation.token}/accept/",
        content_type="application/json",
        headers={"X-CSRFToken": client.cookies["csrftoken"].value},
    )
    assert response.status_code == 403
    [error] = response.json()["errors"]
    assert error["code"] == "permission_denied"
    assert "without an account" in error["message"]
    assert not klaverclub.memberships.filter(user=guest).exists()


def test_the_invitation_page_refuses_a_guest(client, guest, klaverclub):
    invitation = InvitationFactory.create(club=klaverclub, role=Membership.Role.ADMIN)
    client.force_login(guest)
    response = client.post(reverse("invitation_accept", args=[invitation.token]))
    assert response.status_code == 403
    assert "without an account" in response.content.decode()
    assert not klaverclub.memberships.filter(user=guest).exists()


def test_a_guest_who_signs_up_then_joins(client, guest, klaverclub):
    """The refusal is for the guest, not the person: with an account the same link works."""
    invitation = InvitationFactory.create(club=klaverclub, role=Membership.Role.MEMBER)
    guest.set_password("a long enough passphrase")
    guest.save()
    guest.guest.delete()
    invitation.accept(guest)
    assert klaverclub.memberships.get(user=guest).role == Membership.Role.MEMBER
