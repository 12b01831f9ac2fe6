"""The standings rebuild after a finishing write is a task: with a worker (here Django's dummy
backend, which only records what is enqueued) the finishing request stores no standing and
leaves one task per competition; running that task stores what the immediate path stores."""

from __future__ import annotations

import pytest
from django.tasks import default_task_backend
from django.test import override_settings

from league.models import Standing
from league.tasks import rebuild_standings
from tests.factories import PlayerFactory
from tests.league.test_every_match_counts import ladder, play, rows

pytestmark = pytest.mark.django_db(transaction=True)

DUMMY = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}


def test_a_finished_match_leaves_a_rebuild_for_the_worker_instead_of_waiting_for_it():
    competition = ladder()
    players = [PlayerFactory.create(club=competition.club, name=name) for name in "ABCD"]
    with override_settings(TASKS=DUMMY):
        default_task_backend.clear()
        play(competition.club, players)
        queued = [r for r in default_task_backend.results if r.task.name == rebuild_standings.name]
        assert [r.args for r in queued] == [[competition.pk]]
        assert not Standing.objects.filter(competition=competition).exists()
    rebuild_standings.call(competition.pk)
    # Seats A B C D, A out (placement 10-8-6-5): A 10, D 8, C 6, B 5.
    assert rows(competition) == [("A", 1, 10, 1), ("D", 2, 8, 1), ("C", 3, 6, 1), ("B", 4, 5, 1)]


def test_a_rebuild_of_a_competition_deleted_meanwhile_does_nothing():
    competition = ladder()
    gone = competition.pk
    competition.delete()
    rebuild_standings.call(gone)
    assert not Standing.objects.exists()
