"""Other apps learn of a match's outcome through ``match_recorded``, after the write commits."""

from __future__ import annotations

import pytest

from matches.models import Match
from matches.signals import match_recorded
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db(transaction=True)


def deal(eva_table: int, fien_out: int) -> dict:
    """Eva lays ``eva_table`` and holds 30; Fien goes out with ``fien_out``."""
    return {
        "entries": [
            {"went_out": False, "table_points": eva_table, "hand_points": 30},
            {"went_out": True, "table_points": fien_out, "hand_points": 0},
        ]
    }


@pytest.fixture
def heard():
    calls: list[dict] = []

    def receiver(sender, **kwargs):
        calls.append(kwargs)

    match_recorded.connect(receiver, dispatch_uid="test-heard")
    yield calls
    match_recorded.disconnect(dispatch_uid="test-heard")


def test_every_write_is_announced_with_its_action_and_deal(heard):
    match = MatchFactory(game="duizenden", players=["Eva", "Fien"])
    match.add_round(deal(140, 275))
    match.correct_round(1, deal(145, 275))
    match.undo_last_round()
    assert [(c["action"], c["number"]) for c in heard] == [("add", 1), ("correct", 1), ("undo", 1)]
    assert heard[0]["match"].pk == match.pk
    assert heard[1]["state"].totals == (115, 275)


def test_finishing_stamps_the_time_and_an_undo_that_reopens_clears_it(heard):
    match = MatchFactory(game="duizenden", players=["Eva", "Fien"], options={"target": 100})
    match.add_round(deal(140, 275))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.finished_at is not None
    assert heard[-1]["was_finished"] is False
    match.undo_last_round()
    match.refresh_from_db()
    assert match.finished_at is None
    assert heard[-1]["was_finished"] is True


def test_a_finished_match_keeps_each_seats_final_total_and_rank_until_reopened(heard):
    match = MatchFactory(game="duizenden", players=["Eva", "Fien"], options={"target": 100})
    match.add_round(deal(140, 275))
    assert [(s.final_total, s.final_rank) for s in match.seats.all()] == [(110, 2), (275, 1)]
    match.undo_last_round()
    assert [(s.final_total, s.final_rank) for s in match.seats.all()] == [(None, None), (None, None)]
