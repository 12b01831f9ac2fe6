"""``Match.objects.get_for_member`` reads a match, its club and the user's role in one query:
the objects are the ones a plain read gives, and only members see a match."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches.models import Match
from players.models import Club

pytestmark = pytest.mark.django_db


def _values(obj) -> dict:
    return {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields}


@pytest.mark.parametrize(
    "start",
    [
        {"game": "canasta", "players": ["Ann", "Bas", "Cas", "Dre"], "teams": [[0, 2], [1, 3]]},
        {"game": "duizenden", "players": ["Ann", "Bas", "Cas"], "options": {"target": 100}},
    ],
)
def test_the_match_and_its_club_are_the_ones_the_orm_reads(klaverclub, dora, start):
    match = Match.start(club=klaverclub, **start)
    match.soft_delete(by=dora)
    match.restore()
    read = Match.objects.get_for_member(dora, match.pk)
    assert _values(read) == _values(Match.objects.get(pk=match.pk))
    assert _values(read.club) == _values(Club.objects.get(pk=klaverclub.pk))
    assert isinstance(read.options, dict) and read.created_at.tzinfo is not None
    with CaptureQueriesContext(connection) as queries:
        assert read.club.may_manage(dora) and read.can_score(dora)
    assert len(queries) == 0  # the role came with the match


def test_only_members_see_a_match_and_nobody_sees_a_deleted_one(klaverclub, alice, bob, charlie):
    match = Match.start(club=klaverclub, game="duizenden", players=["Ann", "Bas"], by=alice)
    assert Match.objects.get_for_member(bob, match.pk).pk == match.pk
    assert not Match.objects.get_for_member(bob, match.pk).club.may_manage(bob)  # a member reads
    for user, pk in [(charlie, match.pk), (AnonymousUser(), match.pk), (bob, 2**70), (bob, -1)]:
        with pytest.raises(Match.DoesNotExist):
            Match.objects.get_for_member(user, pk)
    match.soft_delete(by=alice)
    with pytest.raises(Match.DoesNotExist):
        Match.objects.get_for_member(alice, match.pk)
