"""Deleting one's own account from the account page. A club always keeps an owner: a club the
account alone owns goes to its longest-standing admin, and without one the account cannot go
(the page says which clubs and why). What the account did in its clubs stays: the players' names
in rounds and standings, and the names in the rounds' history."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from knox.models import get_token_model

from matches.models import Match
from players.models import Club, ClubsWithoutHeir, Membership, delete_account
from tests.factories import PASSWORD, GuestFactory, MatchFactory, MembershipFactory, UserFactory
from tests.test_permissions import DEAL_1

pytestmark = pytest.mark.django_db

User = get_user_model()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def delete(client: Client, password: str = PASSWORD, confirm: bool = True):
    data = {"password": password, **({"confirm": "on"} if confirm else {})}
    return client.post(reverse("account_delete"), data)


def test_a_club_the_account_alone_owns_goes_to_its_longest_standing_admin(alice, dora, klaverclub):
    later_admin = UserFactory(username="eva")
    MembershipFactory(club=klaverclub, user=later_admin, role=Membership.Role.ADMIN)
    response = delete(signed_in(alice))
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert not User.objects.filter(username="alice").exists()
    owners = klaverclub.memberships.filter(role=Membership.Role.OWNER)
    assert [owner.user.username for owner in owners] == ["dora"]
    assert klaverclub.memberships.get(user=later_admin).role == Membership.Role.ADMIN


def test_the_account_page_says_who_takes_over_and_what_goes_and_stays(alice, klaverclub):
    Club.personal_for(alice)
    page = signed_in(alice).get(reverse("account")).content.decode()
    handover = (
        "De Klaverclub: you are its only owner, so dora, its longest-standing admin, becomes its owner."
    )
    assert handover in page
    assert "Your name stays where you played" in page
    assert "with its matches" in page  # her own table
    assert reverse("account_delete") in page


def test_an_account_that_alone_owns_a_club_without_an_admin_cannot_be_deleted(alice, bob):
    club = Club.found("Kaartclub", by=alice)
    MembershipFactory(club=club, user=bob, role=Membership.Role.MEMBER)
    client = signed_in(alice)
    page = client.get(reverse("account")).content.decode()
    assert "cannot be deleted yet" in page and "Kaartclub" in page
    assert reverse("account_delete") not in page
    response = delete(client)
    assert response.status_code == 409
    assert "cannot be deleted yet" in response.content.decode()
    assert User.objects.filter(username="alice").exists()
    assert club.memberships.get(user=alice).role == Membership.Role.OWNER
    with pytest.raises(ClubsWithoutHeir) as refused:
        delete_account(alice)
    assert refused.value.clubs == [club]


def test_a_club_with_another_owner_needs_no_handover(alice, bob, dora):
    club = Club.found("Kaartclub", by=alice)
    MembershipFactory(club=club, user=bob, role=Membership.Role.OWNER)
    MembershipFactory(club=club, user=dora, role=Membership.Role.ADMIN)
    assert delete_account(alice) == []
    assert club.memberships.get(user=dora).role == Membership.Role.ADMIN
    assert club.memberships.get(user=bob).role == Membership.Role.OWNER


def test_the_names_in_rounds_and_history_stay_and_the_own_table_goes(alice, dora, klaverclub):
    match = MatchFactory.create(club=klaverclub, players=["Alice", "Bram", "Cor"], by=alice)
    match.add_round(DEAL_1, by=alice)
    klaverclub.link_player(klaverclub.players.get(name="Alice"), alice)
    own = MatchFactory.create(club=Club.personal_for(alice), players=["Oma", "Opa"], by=alice)
    get_token_model().objects.create(alice)
    delete_account(alice)
    match.refresh_from_db()
    assert [seat.player.name for seat in match.seats.all()] == ["Alice", "Bram", "Cor"]
    assert klaverclub.players.get(name="Alice").user is None
    assert match.rounds.get().created_by_name == "alice"
    assert list(match.revisions.values_list("by_name", flat=True)) == ["alice"]
    assert not Match.objects.filter(pk=own.pk).exists()
    assert not Club.objects.filter(personal=True, name__startswith="alice").exists()
    assert not get_token_model().objects.exists()


def test_a_wrong_password_or_no_tick_deletes_nothing(alice, klaverclub):
    client = signed_in(alice)
    wrong = delete(client, password="not it")
    assert wrong.status_code == 400 and "This is not your password." in wrong.content.decode()
    assert delete(client, confirm=False).status_code == 400
    assert User.objects.filter(username="alice").exists()


def test_the_account_page_asks_a_guest_for_no_password(db):
    guest = GuestFactory.create().user
    client = signed_in(guest)
    assert 'name="password"' not in client.get(reverse("account")).content.decode()
    assert client.post(reverse("account_delete"), {"confirm": "on"}).status_code == 302
    assert not User.objects.filter(pk=guest.pk).exists()


def test_after_deleting_the_account_one_is_signed_out(alice, klaverclub):
    client = signed_in(alice)
    delete(client)
    assert client.get(reverse("club_list")).status_code == 302
