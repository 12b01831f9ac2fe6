"""Where a club asks for it, a round is provisional until a second player at the table confirms
it on their own phone; the sheet shows which rounds wait, and who entered them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, Round
from players.models import Club, Membership
from tests.factories import MembershipFactory, UserFactory
from tests.web.test_match_pages import DEAL_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def strict_club(alice) -> Club:
    club = Club.objects.create(name="De Bridgeclub", confirm_rounds=True)
    MembershipFactory(club=club, user=alice, role=Membership.Role.OWNER)
    return club


@pytest.fixture
def match(strict_club, alice) -> Match:
    match = Match.start(club=strict_club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)
    match.add_round(DEAL_1, by=alice)
    return match


def test_a_round_in_a_confirming_club_waits_for_a_second_player(client, alice, match):
    client.force_login(alice)
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Deal 1 awaits a second player's confirmation (entered by alice)." in page
    assert reverse("round_confirm", args=[match.pk, 1]) not in page  # not by the one who entered it
    assert Round.objects.get(match=match).provisional


def test_another_member_confirms_it_on_their_own_phone(client, strict_club, match):
    bob = UserFactory(username="bob-at-the-table")
    MembershipFactory(club=strict_club, user=bob, role=Membership.Role.MEMBER)
    client.force_login(bob)
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert reverse("round_confirm", args=[match.pk, 1]) in page
    client.post(reverse("round_confirm", args=[match.pk, 1]))
    stored = Round.objects.get(match=match)
    assert (stored.provisional, stored.confirmed_by_name) == (False, "bob-at-the-table")
    assert (
        "awaits a second player" not in client.get(reverse("match_detail", args=[match.pk])).content.decode()
    )


def test_the_player_who_entered_a_round_cannot_confirm_it(client, alice, match):
    client.force_login(alice)
    client.post(reverse("round_confirm", args=[match.pk, 1]))
    assert Round.objects.get(match=match).provisional


def test_the_api_shows_and_confirms_provisional_rounds(alice, strict_club, match):
    from tests.conftest import _api_client

    bob = UserFactory(username="bob-api")
    MembershipFactory(club=strict_club, user=bob, role=Membership.Role.MEMBER)
    rounds = _api_client(alice).get(f"/api/matches/{match.pk}/rounds/").json()
    assert (rounds[0]["provisional"], rounds[0]["entered_by"]) == (True, "alice")
    refused = _api_client(alice).post(f"/api/matches/{match.pk}/rounds/1/confirm/")
    assert refused.json()["errors"][0]["code"] == "confirm_own_round"
    confirmed = _api_client(bob).post(f"/api/matches/{match.pk}/rounds/1/confirm/")
    assert confirmed.status_code == 200 and "provisional" not in confirmed.json()


def test_an_admin_switches_the_confirmation_on_for_the_club(client, alice, club):
    own = Club.objects.create(name="Kaartclub")
    MembershipFactory(club=own, user=alice, role=Membership.Role.OWNER)
    client.force_login(alice)
    client.post(reverse("club_settings", args=[own.pk]), {"confirm_rounds": "on"})
    own.refresh_from_db()
    assert own.confirm_rounds
