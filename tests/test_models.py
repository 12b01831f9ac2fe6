"""Storage rules that hold whatever the code above them does."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from matches.models import Match
from players.models import Club, Player
from tests.factories import (
    ClubFactory,
    MatchFactory,
    RoundFactory,
    SeatFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def test_two_rounds_with_the_same_number_cannot_be_stored():
    match = MatchFactory()
    RoundFactory(match=match, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(match=match, number=1)


def test_round_numbers_start_at_one():
    with pytest.raises(IntegrityError), transaction.atomic():
        RoundFactory(number=0)


def test_a_club_has_each_player_name_once_whatever_the_case():
    club = ClubFactory()
    Player.objects.create(club=club, name="Anna")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, name="ANNA")


def test_a_seat_holds_one_player():
    match = MatchFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(match=match, position=0)


def test_personal_club_is_made_once():
    user = UserFactory()
    assert Club.personal_for(user) == Club.personal_for(user)
    assert Club.objects.filter(memberships__user=user).count() == 1


def test_match_queries_keep_to_the_users_clubs():
    mine, theirs = MatchFactory(), MatchFactory()
    user = UserFactory()
    mine.club.memberships.create(user=user)
    assert list(Match.objects.for_user(user)) == [mine]
    assert theirs not in Match.objects.for_user(user).in_progress()
