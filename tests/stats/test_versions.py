"""The club's statistics version (``stats.versions``): the same until the club changes, and a
reader between a change and its commit cannot keep the rows as they were under the new one."""

from __future__ import annotations

from django.db import transaction

from games.registry import home_for
from matches.models import Match
from players.models import Club
from stats.versions import club_changed, club_committed, club_version
from tests.factories import demo_match


def test_the_version_stays_until_the_club_changes_and_only_that_club(db):
    first, other = club_version(1), club_version(2)
    assert club_version(1) == first
    club_changed(1)
    assert club_version(1) != first
    assert club_version(2) == other


def test_a_version_made_before_the_commit_is_dropped_by_it(db, django_capture_on_commit_callbacks):
    before = club_version(1)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        club_changed(1)
        # Another request, reading the rows as they were before this commit:
        between = club_version(1)
        assert between != before
    assert club_version(1) not in {before, between}


def test_a_change_sent_on_commit_drops_the_version_at_once(db):
    before = club_version(1)
    club_committed(1)
    assert club_version(1) != before


def test_a_deal_of_an_open_match_keeps_the_statistics_and_a_new_match_moves_them(alice):
    """Alice's deals of an open match change no figure a player page shows (its recent matches
    are read each time); the match she starts next does."""
    club = Club.personal_for(alice)
    demo = home_for("duizenden").demo()
    assert demo is not None
    match = Match.start(club=club, game="duizenden", players=list(demo.players), options=demo.options)
    before = club_version(club.pk)
    match.add_round(demo.rounds[0], by=alice)
    assert club_version(club.pk) == before
    demo_match(home_for("duizenden"), club, by=alice)
    assert club_version(club.pk) != before
