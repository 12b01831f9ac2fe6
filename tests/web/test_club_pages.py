"""The club pages: my clubs, a club with its members, players and invitation links, and the
invitation link itself. Alice owns De Klaverclub, Dora is an admin there, Sam keeps score, Bob
reads; Charlie is from elsewhere."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from players.models import Club, Invitation, Membership, Player
from tests.factories import PASSWORD, InvitationFactory, MatchFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_user(client):
    def login(user):
        client.force_login(user)
        return client

    return login


def role(club: Club, user) -> str | None:
    return club.memberships.filter(user=user).values_list("role", flat=True).first()


def test_my_clubs_lists_each_club_with_my_role(as_user, bob, klaverclub):
    page = as_user(bob).get(reverse("club_list")).content.decode()
    assert "De Klaverclub" in page and "member" in page
    assert "bob&#x27;s table" in page or "bob's table" in page


def test_creating_a_club_makes_me_its_owner(as_user, charlie):
    response = as_user(charlie).post(reverse("club_create"), {"name": "  De   Jokers "})
    club = Club.objects.get(name="De Jokers")
    assert response.url == reverse("club_detail", args=[club.pk])
    assert role(club, charlie) == Membership.Role.OWNER


def test_a_club_without_a_name_is_refused_and_nothing_is_made(as_user, charlie):
    response = as_user(charlie).post(reverse("club_create"), {"name": ""})
    assert response.status_code == 400
    assert not Club.objects.filter(personal=False).exists()


def test_club_page_shows_members_with_their_roles_and_the_players(as_user, bob, klaverclub):
    PlayerFactory(club=klaverclub, name="Oma Truus")
    page = as_user(bob).get(reverse("club_detail", args=[klaverclub.pk])).content.decode()
    for text in ("alice", "dora", "sam", "admin", "scorekeeper", "Oma Truus", "guest"):
        assert text in page
    assert "Make an invitation link" not in page  # Bob only reads


def test_another_clubs_page_is_not_found(as_user, charlie, klaverclub):
    assert as_user(charlie).get(reverse("club_detail", args=[klaverclub.pk])).status_code == 404


def test_admin_makes_a_member_scorekeeper(as_user, dora, bob, klaverclub):
    membership = klaverclub.memberships.get(user=bob)
    response = as_user(dora).post(
        reverse("member_role", args=[klaverclub.pk, membership.pk]), {"role": "scorer"}
    )
    assert response.status_code == 302
    assert role(klaverclub, bob) == Membership.Role.SCORER


def test_admin_may_not_make_admins(as_user, dora, bob, klaverclub):
    membership = klaverclub.memberships.get(user=bob)
    response = as_user(dora).post(
        reverse("member_role", args=[klaverclub.pk, membership.pk]), {"role": "admin"}
    )
    assert response.status_code == 403
    assert "owner" in response.content.decode()
    assert role(klaverclub, bob) == Membership.Role.MEMBER


def test_admin_may_not_change_the_owner(as_user, dora, alice, klaverclub):
    membership = klaverclub.memberships.get(user=alice)
    response = as_user(dora).post(
        reverse("member_role", args=[klaverclub.pk, membership.pk]), {"role": "member"}
    )
    assert response.status_code == 403
    assert role(klaverclub, alice) == Membership.Role.OWNER


def test_scorekeeper_may_not_change_roles(as_user, sam, bob, klaverclub):
    membership = klaverclub.memberships.get(user=bob)
    response = as_user(sam).post(
        reverse("member_role", args=[klaverclub.pk, membership.pk]), {"role": "scorer"}
    )
    assert response.status_code == 403


def test_owner_makes_an_admin_with_htmx_and_gets_the_club_back(as_user, alice, sam, klaverclub):
    membership = klaverclub.memberships.get(user=sam)
    response = as_user(alice).post(
        reverse("member_role", args=[klaverclub.pk, membership.pk]),
        {"role": "admin"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<div id="club"')
    assert role(klaverclub, sam) == Membership.Role.ADMIN


def test_owner_hands_the_club_over_and_stays_on_as_admin(as_user, alice, dora, klaverclub):
    membership = klaverclub.memberships.get(user=dora)
    as_user(alice).post(reverse("member_role", args=[klaverclub.pk, membership.pk]), {"role": "owner"})
    assert role(klaverclub, dora) == Membership.Role.OWNER
    assert role(klaverclub, alice) == Membership.Role.ADMIN


def test_an_unknown_role_is_refused(as_user, alice, bob, klaverclub):
    membership = klaverclub.memberships.get(user=bob)
    response = as_user(alice).post(
        reverse("member_role", args=[klaverclub.pk, membership.pk]), {"role": "king"}
    )
    assert response.status_code == 400
    assert role(klaverclub, bob) == Membership.Role.MEMBER


def test_admin_removes_a_member_whose_players_become_guests(as_user, dora, bob, klaverclub):
    player = PlayerFactory(club=klaverclub, name="Bob", user=bob)
    membership = klaverclub.memberships.get(user=bob)
    response = as_user(dora).post(reverse("member_remove", args=[klaverclub.pk, membership.pk]))
    assert response.status_code == 302
    assert role(klaverclub, bob) is None
    player.refresh_from_db()
    assert player.user is None


def test_member_leaves_a_club(as_user, bob, klaverclub):
    response = as_user(bob).post(reverse("club_leave", args=[klaverclub.pk]))
    assert response.url == reverse("club_list")
    assert role(klaverclub, bob) is None


def test_the_last_owner_cannot_leave(as_user, alice, klaverclub):
    response = as_user(alice).post(reverse("club_leave", args=[klaverclub.pk]))
    assert response.status_code == 403
    assert "last owner" in response.content.decode()
    assert role(klaverclub, alice) == Membership.Role.OWNER


def test_the_403_page_speaks_the_users_language(as_user, alice, klaverclub):
    client = as_user(alice)
    client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    response = client.post(reverse("club_leave", args=[klaverclub.pk]))
    assert response.status_code == 403
    assert '<html lang="nl">' in response.content.decode()


def test_owner_deletes_a_club(as_user, alice, klaverclub):
    response = as_user(alice).post(reverse("club_delete", args=[klaverclub.pk]))
    assert response.url == reverse("club_list")
    assert not Club.objects.filter(pk=klaverclub.pk).exists()


def test_a_club_with_matches_can_be_deleted(as_user, alice, klaverclub):
    MatchFactory(club=klaverclub, by=alice)
    as_user(alice).post(reverse("club_delete", args=[klaverclub.pk]))
    assert not Club.objects.filter(pk=klaverclub.pk).exists()


def test_admin_may_not_delete_the_club(as_user, dora, klaverclub):
    assert as_user(dora).post(reverse("club_delete", args=[klaverclub.pk])).status_code == 403
    assert Club.objects.filter(pk=klaverclub.pk).exists()


def test_nobody_deletes_their_own_table(as_user, alice):
    table = Club.personal_for(alice)
    assert as_user(alice).post(reverse("club_delete", args=[table.pk])).status_code == 403


def test_admin_makes_an_invitation_link_shown_once(as_user, dora, klaverclub):
    client = as_user(dora)
    response = client.post(
        reverse("invitation_create", args=[klaverclub.pk]), {"role": "scorer", "days": "7"}
    )
    assert response.status_code == 302
    invitation = klaverclub.invitations.get()
    assert invitation.role == Membership.Role.SCORER
    assert timedelta(days=6, hours=23) < invitation.expires_at - timezone.now() <= timedelta(days=7)
    page = client.get(response.url).content.decode()
    assert "http://testserver/invite/" in page
    assert "http://testserver/invite/" not in client.get(response.url).content.decode()


def test_the_token_is_stored_only_hashed(as_user, dora, klaverclub):
    client = as_user(dora)
    client.post(reverse("invitation_create", args=[klaverclub.pk]), {"role": "member", "days": "7"})
    page = client.get(reverse("club_detail", args=[klaverclub.pk])).content.decode()
    token = page.split("/invite/")[1].split("/")[0]
    assert Invitation.for_token(token) == klaverclub.invitations.get()
    assert token not in klaverclub.invitations.get().token_hash


def test_admin_may_not_invite_admins(as_user, dora, klaverclub):
    response = as_user(dora).post(
        reverse("invitation_create", args=[klaverclub.pk]), {"role": "admin", "days": "7"}
    )
    assert response.status_code == 403
    assert not klaverclub.invitations.exists()


def test_an_invitation_for_too_long_is_refused_and_keeps_the_form(as_user, alice, klaverclub):
    response = as_user(alice).post(
        reverse("invitation_create", args=[klaverclub.pk]), {"role": "member", "days": "99"}
    )
    assert response.status_code == 400
    assert 'value="99"' in response.content.decode()
    assert not klaverclub.invitations.exists()


def test_admin_withdraws_an_invitation(as_user, dora, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    as_user(dora).post(reverse("invitation_revoke", args=[klaverclub.pk, invitation.pk]))
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.REVOKED


def test_admin_links_a_guest_to_a_members_account(as_user, dora, bob, klaverclub):
    guest = PlayerFactory(club=klaverclub, name="Bobbie")
    response = as_user(dora).post(
        reverse("player_link", args=[klaverclub.pk, guest.pk]), {"user": str(bob.pk)}
    )
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.user == bob


def test_a_player_cannot_be_linked_to_someone_outside_the_club(as_user, dora, charlie, klaverclub):
    guest = PlayerFactory(club=klaverclub, name="Chuck")
    response = as_user(dora).post(
        reverse("player_link", args=[klaverclub.pk, guest.pk]), {"user": str(charlie.pk)}
    )
    assert response.status_code == 400
    guest.refresh_from_db()
    assert guest.user is None


def test_linking_keeps_the_players_matches(as_user, alice, bob, klaverclub):
    match = MatchFactory(club=klaverclub, players=["Bobbie", "Anna"], by=alice)
    bobbie = Player.objects.get(club=klaverclub, name="Bobbie")
    as_user(alice).post(reverse("player_link", args=[klaverclub.pk, bobbie.pk]), {"user": str(bob.pk)})
    assert bob.players.get().seats.get().match == match


def test_invitation_link_asks_a_visitor_to_log_in_or_sign_up(client, klaverclub):
    invitation = InvitationFactory(club=klaverclub, role=Membership.Role.SCORER)
    page = client.get(reverse("invitation_accept", args=[invitation.token])).content.decode()
    assert "De Klaverclub" in page and "scorekeeper" in page
    assert f"{reverse('signup')}?next=/invite/{invitation.token}/" in page


def test_a_new_account_comes_back_to_the_invitation_and_joins(client, klaverclub):
    invitation = InvitationFactory(club=klaverclub, role=Membership.Role.SCORER)
    url = reverse("invitation_accept", args=[invitation.token])
    response = client.post(
        f"{reverse('signup')}?next={url}",
        {"username": "eva", "password1": PASSWORD, "password2": PASSWORD, "next": url},
    )
    assert response.url == url
    response = client.post(url)
    assert response.url == reverse("club_detail", args=[klaverclub.pk])
    assert klaverclub.memberships.get(user__username="eva").role == Membership.Role.SCORER


def test_signup_ignores_a_next_page_elsewhere(client):
    response = client.post(
        reverse("signup"),
        {"username": "eva", "password1": PASSWORD, "password2": PASSWORD, "next": "https://evil.example/"},
    )
    assert response.url == reverse("home")


def test_joining_needs_a_login(client, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    response = client.post(reverse("invitation_accept", args=[invitation.token]))
    assert response.status_code == 302 and reverse("login") in response.url
    assert klaverclub.memberships.count() == 4


def test_an_invitation_works_once(as_user, charlie, dora, klaverclub):
    invitation = InvitationFactory(club=klaverclub)
    url = reverse("invitation_accept", args=[invitation.token])
    as_user(charlie).post(url)
    assert role(klaverclub, charlie) == Membership.Role.MEMBER
    response = as_user(UserFactory(username="eva")).get(url)
    assert response.status_code == 410
    assert "already been used" in response.content.decode()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"expires_at": timezone.now() - timedelta(minutes=1)}, "has expired"),
        ({"revoked_at": timezone.now()}, "withdrawn"),
    ],
)
def test_an_expired_or_withdrawn_link_says_so(as_user, charlie, klaverclub, change, says):
    invitation = InvitationFactory(club=klaverclub, **change)
    url = reverse("invitation_accept", args=[invitation.token])
    response = as_user(charlie).get(url)
    assert response.status_code == 410
    assert says in response.content.decode()
    assert as_user(charlie).post(url).status_code == 410
    assert role(klaverclub, charlie) is None


def test_a_member_following_a_link_keeps_their_role(as_user, sam, klaverclub):
    invitation = InvitationFactory(club=klaverclub, role=Membership.Role.MEMBER)
    response = as_user(sam).post(reverse("invitation_accept", args=[invitation.token]))
    assert response.status_code == 302
    assert role(klaverclub, sam) == Membership.Role.SCORER
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.PENDING


def test_an_unknown_token_is_not_found(client):
    assert client.get(reverse("invitation_accept", args=["nope"])).status_code == 404
