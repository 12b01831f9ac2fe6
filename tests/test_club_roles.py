"""The rules of the roles, as a table: who may grant which role, change whom, keep which match."""

from __future__ import annotations

import pytest

from players.models import Club, LastOwner, Membership
from tests.factories import ClubFactory, MatchFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

OWNER, ADMIN, SCORER, MEMBER = (
    Membership.Role.OWNER,
    Membership.Role.ADMIN,
    Membership.Role.SCORER,
    Membership.Role.MEMBER,
)


def member(club: Club, role: str, name: str):
    return MembershipFactory(club=club, user=UserFactory(username=name), role=role)


@pytest.mark.parametrize(
    ("actor", "grants", "allowed"),
    [
        (OWNER, OWNER, True),
        (OWNER, ADMIN, True),
        (OWNER, SCORER, True),
        (ADMIN, ADMIN, False),
        (ADMIN, SCORER, True),
        (ADMIN, MEMBER, True),
        (SCORER, MEMBER, False),
        (MEMBER, MEMBER, False),
    ],
)
def test_who_may_grant_which_role(actor, grants, allowed):
    club = ClubFactory()
    assert club.may_grant(member(club, actor, "actor").user, grants) is allowed


@pytest.mark.parametrize(
    ("actor", "target", "allowed"),
    [
        (OWNER, OWNER, True),
        (OWNER, ADMIN, True),
        (OWNER, MEMBER, True),
        (ADMIN, OWNER, False),
        (ADMIN, ADMIN, False),
        (ADMIN, SCORER, True),
        (SCORER, MEMBER, False),
    ],
)
def test_who_may_change_whom(actor, target, allowed):
    club = ClubFactory()
    changer = member(club, actor, "actor").user
    assert club.may_change(changer, member(club, target, "target")) is allowed


def test_nobody_changes_their_own_role():
    club = ClubFactory()
    owner = member(club, OWNER, "owner")
    assert not club.may_change(owner.user, owner)


@pytest.mark.parametrize(
    ("role", "started_it", "keeps"),
    [
        (OWNER, False, True),
        (ADMIN, False, True),
        (SCORER, True, True),
        (SCORER, False, False),
        (MEMBER, True, False),
    ],
)
def test_who_keeps_a_match(role, started_it, keeps):
    club = ClubFactory()
    user = member(club, role, "someone").user
    starter = user if started_it else member(club, OWNER, "starter").user
    assert MatchFactory(club=club, by=starter).can_score(user) is keeps


def test_someone_from_another_club_keeps_nothing():
    club = ClubFactory()
    match = MatchFactory(club=club, by=member(club, OWNER, "owner").user)
    assert not match.can_score(UserFactory(username="stranger"))


def test_new_matches_are_offered_in_clubs_where_the_user_scores():
    user = UserFactory(username="eva")
    scoring = [MembershipFactory(user=user, role=role).club for role in (OWNER, ADMIN, SCORER)]
    MembershipFactory(user=user, role=MEMBER)
    assert set(Club.objects.where_user_scores(user)) == set(scoring)


def test_the_last_owner_cannot_leave_but_one_of_two_can():
    club = ClubFactory()
    first = member(club, OWNER, "first").user
    with pytest.raises(LastOwner):
        club.leave(first)
    member(club, OWNER, "second")
    club.leave(first)
    assert club.role_of(first) is None
