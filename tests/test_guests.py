""" "Keep score now": a visitor keeps score without an account, as a guest, and signing up keeps
the guest's matches. Guests may not found or join clubs, a bot cannot make thousands of them, and
the ones nobody claims are purged after ``GUEST_DAYS`` days."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches.models import Match
from players.models import Club, Guest, Membership
from tests.factories import PASSWORD, GuestFactory, InvitationFactory, MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

GAME = "frustration-nl"
User = get_user_model()


@pytest.fixture(autouse=True)
def fresh_rate_limit():
    """Each test starts with no guests counted against its IP address."""
    cache.clear()
    yield
    cache.clear()


def start_guest(client: Client) -> Guest:
    response = client.post(reverse("guest_start"))
    assert response.status_code == 302
    assert response["Location"] == reverse("new_match")
    return Guest.objects.get(user__pk=client.session["_auth_user_id"])


def start_match(client: Client) -> Match:
    response = client.post(
        reverse("new_match_setup", args=[GAME]),
        {
            "club": str(Club.objects.get(personal_owner__guest__isnull=False).pk),
            "player_0": "Anna",
            "player_1": "Bram",
            "dealer": "0",
        },
    )
    assert response.status_code == 302, response.content[:500]
    return Match.objects.get()


def test_the_welcome_page_offers_to_keep_score_without_an_account(client):
    """A logged-out visitor sees the one-tap button, with how long an unclaimed pad is kept."""
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert reverse("guest_start") in response.content.decode()
    assert "30 days" in response.content.decode()


def test_keep_score_now_makes_a_logged_in_guest_with_its_own_table(client):
    """One tap: a guest user with no usable password, logged in, owning a personal club."""
    guest = start_guest(client)
    assert not guest.user.has_usable_password()
    club = Club.objects.get(personal_owner=guest.user)
    assert club.role_of(guest.user) == Membership.Role.OWNER
    assert str(club.name) == "My table"
    assert client.get(reverse("new_match")).status_code == 200


def test_a_guest_keeps_score_like_anyone(client):
    """The match page and the round form work unchanged for a guest."""
    start_guest(client)
    match = start_match(client)
    response = client.get(reverse("match_detail", args=[match.pk]))
    assert response.status_code == 200
    assert "Sign up" in response.content.decode()


def test_keep_score_now_when_signed_in_makes_no_guest(client, alice):
    client.force_login(alice)
    response = client.post(reverse("guest_start"))
    assert response.status_code == 302
    assert not Guest.objects.exists()


def test_keep_score_now_refuses_get(client):
    assert client.get(reverse("guest_start")).status_code == 405
    assert not Guest.objects.exists()


def test_one_address_makes_only_so_many_guests_an_hour(client, settings):
    """Past the limit the visitor is told why (429) and offered to sign up; no user is made."""
    settings.GUEST_STARTS_PER_HOUR = 2
    for _ in range(2):
        Client().post(reverse("guest_start"))
    response = Client().post(reverse("guest_start"))
    assert response.status_code == 429
    assert reverse("signup") in response.content.decode()
    assert Guest.objects.count() == 2


def test_signing_up_as_a_guest_keeps_the_same_account_and_its_matches(client):
    guest = start_guest(client)
    match = start_match(client)
    response = client.post(
        reverse("signup"), {"username": "gerda", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    user = User.objects.get(username="gerda")
    assert user.pk == guest.user_id
    assert user.check_password(PASSWORD)
    assert not Guest.objects.exists()
    assert Club.objects.get(personal_owner=user).name == "gerda's table"
    # Still logged in (the password change did not end the session), still her match.
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 200
    login = Client().post(reverse("login"), {"username": "gerda", "password": PASSWORD})
    assert login.status_code == 302


def test_a_refused_sign_up_leaves_the_guest_as_it_was(client):
    """A taken name re-renders the form with the error; the guest and its matches stay."""
    UserFactory(username="gerda")
    guest = start_guest(client)
    response = client.post(
        reverse("signup"), {"username": "gerda", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200
    assert "This username is taken" in response.content.decode()
    assert Guest.objects.filter(pk=guest.pk).exists()


def test_a_guest_may_not_found_a_club_and_is_told_why(client):
    guest = start_guest(client)
    assert client.get(reverse("club_create")).status_code == 403
    response = client.post(reverse("club_create"), {"name": "De Klaverclub"})
    assert response.status_code == 403
    assert reverse("signup") in response.content.decode()
    assert Club.objects.filter(memberships__user=guest.user).count() == 1


def test_a_guest_may_not_join_a_club_by_invitation(client, alice):
    invitation = InvitationFactory(club=Club.personal_for(alice), created_by=alice)
    guest = start_guest(client)
    response = client.post(reverse("invitation_accept", args=[invitation.token]))
    assert response.status_code == 403
    assert not Membership.objects.filter(user=guest.user, club=invitation.club).exists()


def test_a_guest_may_not_invite_to_its_table(client):
    guest = start_guest(client)
    club = Club.objects.get(personal_owner=guest.user)
    response = client.post(reverse("invitation_create", args=[club.pk]), {"role": "member", "days": "7"})
    assert response.status_code == 403
    assert not club.invitations.exists()


def test_a_guests_table_page_offers_no_league_ratings_or_player_pages(client):
    """The guest is refused those pages (tests/test_permissions.py), so its table does not link them."""
    guest = start_guest(client)
    club = Club.objects.get(personal_owner=guest.user)
    start_match(client)
    page = client.get(reverse("club_detail", args=[club.pk])).content.decode()
    assert "Anna" in page
    for name, args in [
        ("league_competitions", [club.pk]),
        ("club_ratings", [club.pk]),
        ("player_detail", [club.pk, club.players.get(name="Anna").pk]),
    ]:
        assert f'href="{reverse(name, args=args)}"' not in page


def test_the_club_list_offers_a_guest_sign_up_instead_of_a_new_club(client):
    start_guest(client)
    page = client.get(reverse("club_list")).content.decode()
    assert reverse("club_create") not in page
    assert reverse("signup") in page


def test_purge_deletes_old_unclaimed_guests_with_their_matches(settings):
    settings.GUEST_DAYS = 30
    old = GuestFactory()
    club = Club.personal_for(old.user)
    MatchFactory(club=club, game=GAME, players=["Anna", "Bram"], by=old.user)
    Guest.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=31))
    recent = GuestFactory()
    member = UserFactory(username="alice")

    call_command("purge_guests")

    assert not User.objects.filter(pk=old.user_id).exists()
    assert not Club.objects.filter(pk=club.pk).exists()
    assert not Match.objects.exists()
    assert User.objects.filter(pk__in=[recent.user_id, member.pk]).count() == 2


def test_purge_keeps_a_guest_who_signed_up(client):
    guest = start_guest(client)
    client.post(reverse("signup"), {"username": "gerda", "password1": PASSWORD, "password2": PASSWORD})
    Guest.objects.filter(pk=guest.pk).update(created_at=timezone.now() - timedelta(days=400))
    call_command("purge_guests", days=1)
    assert User.objects.filter(username="gerda").exists()


def test_a_user_with_a_password_is_no_guest_and_no_query_says_so(alice, django_assert_num_queries):
    guest = GuestFactory()

    with django_assert_num_queries(0):
        assert not Guest.is_guest(alice)
    assert Guest.is_guest(guest.user)
    guest.claim("gerrit", PASSWORD)
    assert not Guest.is_guest(guest.user)
