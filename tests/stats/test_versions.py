"""The club's statistics version (``stats.models.ClubStats``): kept in the database, the same
until what the club's player pages show changes, moved in the transaction that changes it, and
never back to a version used before."""

from __future__ import annotations

import pytest
from django.db import transaction

from matches.models import Match
from players.models import Club
from stats.models import club_changed, club_version
from tests.factories import ClubFactory
from tests.league.test_stored_standings import deal


def test_the_version_stays_until_the_club_changes_and_only_that_club(db):
    one, two = ClubFactory.create(), ClubFactory.create()
    first, other = club_version(one.pk), club_version(two.pk)
    assert club_version(one.pk) == first
    club_changed(one.pk)
    assert club_version(one.pk) == first + 1
    assert club_version(two.pk) == other


def test_a_change_rolled_back_leaves_the_version(db):
    club = ClubFactory.create()
    club_changed(club.pk)
    before = club_version(club.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        club_changed(club.pk)
        raise RuntimeError
    assert club_version(club.pk) == before


def test_a_deal_of_an_open_match_keeps_the_statistics_and_a_finished_match_moves_them(
    alice, django_capture_on_commit_callbacks
):
    """Alice's deals of an open match change no figure a player page shows (its recent matches
    are read each time); the deal that ends it does."""
    club = Club.personal_for(alice)
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], options={"target": 500})
    before = club_version(club.pk)
    with django_capture_on_commit_callbacks(execute=True):
        match.add_round(deal(winner=0, players=2), by=alice)
    assert club_version(club.pk) == before
    with django_capture_on_commit_callbacks(execute=True):
        match.add_round(deal(winner=0, players=2), by=alice)
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED
    assert club_version(club.pk) > before


def test_a_player_renamed_moves_the_version_and_a_new_player_does_not(db):
    club = ClubFactory.create()
    before = club_version(club.pk)
    anna = club.add_player("Anna")
    assert club_version(club.pk) == before
    anna.name = "Anna B."
    anna.save()
    assert club_version(club.pk) == before + 1
