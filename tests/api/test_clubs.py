"""Clubs in the API: my clubs with my role, a club's members and players, invitation links
made, withdrawn and accepted. Alice owns De Klaverclub, Dora is an admin, Sam keeps score, Bob
reads; Charlie is from elsewhere."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from players.models import Invitation, Membership
from tests.conftest import _api_client
from tests.factories import InvitationFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_api():
    return _api_client


def test_my_clubs_come_with_my_role(as_api, bob, klaverclub):
    body = as_api(bob).get("/api/clubs/").json()
    assert [(c["name"], c["role"], c["personal"]) for c in body["results"]] == [
        ("bob's table", "owner", True),
        ("De Klaverclub", "member", False),
    ]


def test_a_club_lists_members_with_roles_and_players(as_api, bob, klaverclub):
    PlayerFactory(club=klaverclub, name="Oma Truus")
    body = as_api(bob).get(f"/api/clubs/{klaverclub.pk}/").json()
    assert body["role"] == "member"
    assert {(m["user"], m["role"]) for m in body["members"]} == {
        ("alice", "owner"),
        ("dora", "admin"),
        ("sam", "scorer"),
        ("bob", "member"),
    }
    assert body["players"] == [{"id": klaverclub.players.get().pk, "name": "Oma Truus", "user": None}]
    assert "invitations" not in body


def test_another_club_is_not_found_in_the_one_error_shape(as_api, charlie, klaverclub):
    response = as_api(charlie).get(f"/api/clubs/{klaverclub.pk}/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_admin_makes_an_invitation_and_a_stranger_joins_with_its_token(as_api, dora, charlie, klaverclub):
    response = as_api(dora).post(
        f"/api/clubs/{klaverclub.pk}/invitations/", {"role": "scorer"}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["role"] == "scorer" and body["created_by"] == "dora"
    assert body["url"] == f"http://testserver/invite/{body['token']}/"
    answer = as_api(charlie).post(f"/api/invitations/{body['token']}/accept/")
    assert answer.status_code == 200
    assert answer.json() == {
        "id": klaverclub.pk,
        "name": "De Klaverclub",
        "personal": False,
        "role": "scorer",
    }
    assert klaverclub.memberships.get(user=charlie).role == Membership.Role.SCORER


def test_an_invitation_expires_after_seven_days_by_default(as_api, alice, klaverclub):
    as_api(alice).post(f"/api/clubs/{klaverclub.pk}/invitations/", {}, format="json")
    left = klaverclub.invitations.get().expires_at - timezone.now()
    assert timedelta(days=6, hours=23) < left <= timedelta(days=7)


def test_admins_see_pending_invitations_without_their_tokens(as_api, dora, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    body = as_api(dora).get(f"/api/clubs/{klaverclub.pk}/").json()
    assert [i["id"] for i in body["invitations"]] == [invitation.pk]
    assert "token" not in body["invitations"][0]


def test_only_the_owner_invites_admins(as_api, alice, dora, klaverclub):
    refused = as_api(dora).post(f"/api/clubs/{klaverclub.pk}/invitations/", {"role": "admin"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["errors"][0] == {
        "field": "",
        "code": "permission_denied",
        "message": "You may not do this.",
    }
    allowed = as_api(alice).post(f"/api/clubs/{klaverclub.pk}/invitations/", {"role": "admin"}, format="json")
    assert allowed.status_code == 201


@pytest.mark.parametrize(
    ("body", "field"), [({"role": "owner"}, "role"), ({"days": 0}, "days"), ({"days": 31}, "days")]
)
def test_a_bad_invitation_is_refused_with_the_field(as_api, alice, klaverclub, body, field):
    response = as_api(alice).post(f"/api/clubs/{klaverclub.pk}/invitations/", body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == field
    assert not klaverclub.invitations.exists()


def test_scorers_and_members_may_not_invite(as_api, sam, bob, klaverclub):
    for user in (sam, bob):
        response = as_api(user).post(f"/api/clubs/{klaverclub.pk}/invitations/", {}, format="json")
        assert response.status_code == 403


def test_admin_withdraws_an_invitation_and_the_token_then_says_so(as_api, dora, charlie, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    assert as_api(dora).delete(f"/api/clubs/{klaverclub.pk}/invitations/{invitation.pk}/").status_code == 204
    response = as_api(charlie).post(f"/api/invitations/{invitation.token}/accept/")
    assert response.status_code == 410
    assert response.json()["errors"][0]["code"] == "invitation_revoked"
    assert not klaverclub.memberships.filter(user=charlie).exists()


def test_an_invitation_of_another_club_cannot_be_withdrawn(as_api, charlie, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    own = charlie.memberships.get().club
    assert as_api(charlie).delete(f"/api/clubs/{own.pk}/invitations/{invitation.pk}/").status_code == 404
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.PENDING


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"expires_at": timezone.now() - timedelta(seconds=1)}, "invitation_expired"),
        ({"accepted_at": timezone.now()}, "invitation_used"),
    ],
)
def test_an_expired_or_used_token_is_gone(as_api, charlie, klaverclub, change, code):
    invitation = InvitationFactory(club=klaverclub, **change)
    response = as_api(charlie).post(f"/api/invitations/{invitation.token}/accept/")
    assert response.status_code == 410
    assert response.json()["errors"][0]["code"] == code


def test_an_unknown_token_is_not_found(as_api, charlie):
    response = as_api(charlie).post("/api/invitations/nope/accept/")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


@pytest.mark.parametrize(
    ("language", "gone", "unknown"),
    [
        ("en", "This invitation link was withdrawn by the club.", "Not found."),
        ("nl", "De club heeft deze uitnodigingslink ingetrokken.", "Niet gevonden."),
        ("fr", "Le club a retiré ce lien d\u2019invitation.", "Introuvable."),
    ],
)
def test_a_token_that_does_not_work_is_refused_on_the_token_in_the_readers_language(
    as_api, charlie, klaverclub, language, gone, unknown
):
    invitation = InvitationFactory(club=klaverclub, revoked_at=timezone.now())
    api = as_api(charlie)
    withdrawn = api.post(f"/api/invitations/{invitation.token}/accept/", HTTP_ACCEPT_LANGUAGE=language)
    missing = api.post("/api/invitations/nope/accept/", HTTP_ACCEPT_LANGUAGE=language)
    assert withdrawn.json()["errors"] == [{"field": "token", "code": "invitation_revoked", "message": gone}]
    assert missing.json()["errors"] == [{"field": "token", "code": "not_found", "message": unknown}]


def test_accepting_needs_authentication(anonymous_api, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    response = anonymous_api.post(f"/api/invitations/{invitation.token}/accept/")
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_two_people_cannot_use_one_link(as_api, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    first, second = UserFactory(username="eva"), UserFactory(username="fien")
    assert as_api(first).post(f"/api/invitations/{invitation.token}/accept/").status_code == 200
    assert as_api(second).post(f"/api/invitations/{invitation.token}/accept/").status_code == 410
