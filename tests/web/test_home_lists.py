"""Home's lists for a member of several clubs: read club by club (``MatchQuerySet.newest_in``),
the same matches in the same order as one filter over all the user's clubs would give."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.home_lists import FINISHED, home_lists
from matches.models import Match
from players.models import Club, Membership
from tests.factories import ClubFactory, MatchFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def _finished(club: Club, minutes_ago: int, by=None) -> Match:
    match = MatchFactory.create(club=club, by=by)
    stamp = timezone.now() - timedelta(minutes=minutes_ago)
    finished = Match.objects.filter(pk=match.pk)
    finished.update(status=Match.Status.FINISHED, finished_at=stamp, updated_at=stamp)
    return match


@pytest.fixture
def clubs(alice) -> list[Club]:
    """Alice's own club, one where she keeps score and one where she only reads."""
    scoring, reading = Club.objects.create(name="Scoring"), Club.objects.create(name="Reading")
    MembershipFactory(club=scoring, user=alice, role=Membership.Role.SCORER)
    MembershipFactory(club=reading, user=alice, role=Membership.Role.MEMBER)
    return [Club.personal_for(alice), scoring, reading]


def test_the_newest_finished_matches_of_all_the_users_clubs_come_first_across_clubs(alice, clubs):
    # Interleaved in time across three clubs, more than home shows.
    made = [_finished(clubs[n % 3], minutes_ago=n) for n in range(FINISHED + 5)]
    _finished(ClubFactory(), minutes_ago=0)  # a club she is not in: never listed

    lists = home_lists(alice)

    assert [match.pk for match in lists.finished] == [match.pk for match in made[:FINISHED]]


def test_matches_in_progress_are_listed_newest_first_and_deleted_ones_are_left_out(alice, clubs):
    older = MatchFactory(club=clubs[1])
    newer = MatchFactory(club=clubs[2])
    gone = MatchFactory(club=clubs[0])
    gone.soft_delete(by=alice)

    lists = home_lists(alice)

    assert lists.in_progress == [newer, older]
    assert lists.has_deleted  # her own club, which she runs


def test_a_deleted_match_in_a_club_the_user_does_not_run_is_not_hers_to_restore(alice, clubs):
    MatchFactory(club=clubs[2]).soft_delete(by=alice)

    assert not home_lists(alice).has_deleted


def test_the_rematch_is_offered_only_where_the_user_may_start_matches(alice, clubs):
    _finished(clubs[2], minutes_ago=1, by=alice)  # the newest, in the club where she only reads
    assert home_lists(alice).rematch is None

    kept = _finished(clubs[1], minutes_ago=0, by=alice)
    assert home_lists(alice).rematch == kept


def test_the_lists_ask_the_same_number_of_queries_for_one_club_or_three(
    alice, clubs, django_assert_max_num_queries
):
    for n in range(6):
        _finished(clubs[n % 3], minutes_ago=n)
        MatchFactory(club=clubs[n % 3])
    # memberships, in progress, finished, seats, players, deleted
    with django_assert_max_num_queries(6):
        home_lists(alice)
