"""``stats.models.insert_history``, the one statement written by hand: the rows it writes are the
ones ``bulk_create`` writes from the same changes, on every database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from stats.models import ROWS_PER_STATEMENT, RatingChange, insert_history
from stats.rating import Change
from tests.factories import ClubFactory, MatchFactory, PlayerFactory

pytestmark = pytest.mark.django_db

FIELDS = ("match_id", "player_id", "finished_at", *Change._fields[2:])


def test_the_written_history_is_the_one_bulk_create_writes():
    club = ClubFactory()
    match = MatchFactory(club=club)
    anna, bram = PlayerFactory(club=club, name="Xena History"), PlayerFactory(club=club, name="Yuri History")
    finished = {match.pk: datetime(2026, 12, 3, 21, 30, 15, 123456, tzinfo=UTC)}
    changes = [
        Change(match.pk, anna.pk, "duizenden", 25.0, 8.3, 27.5, 7.9, 25.0, 8.3, 26.1, 8.0),
        Change(match.pk, bram.pk, "duizenden", 25.0, 8.3, 22.5, 7.9, 25.0, 8.3, 23.9, 8.0),
    ]
    insert_history(changes, finished)
    written = list(RatingChange.objects.order_by("player_id").values_list(*FIELDS))
    RatingChange.objects.all().delete()
    RatingChange.objects.bulk_create(
        RatingChange(finished_at=finished[c.match_id], **c._asdict()) for c in changes
    )
    assert list(RatingChange.objects.order_by("player_id").values_list(*FIELDS)) == written
    assert written[0][2] == finished[match.pk]  # the moment, to the microsecond, time zone and all


def test_a_history_longer_than_one_statement_is_written_whole_and_in_order():
    club = ClubFactory()
    player = PlayerFactory(club=club, name="Zoe History")
    count = 2 * ROWS_PER_STATEMENT + 3  # two whole statements and three rows after them
    # One player over many matches (the table checks no reference, so ids alone will do).
    first = MatchFactory(club=club).pk
    finished = {
        first + n: datetime(2026, 12, 3, 22, 0, tzinfo=UTC) + timedelta(minutes=n) for n in range(count)
    }
    changes = [
        Change(first + n, player.pk, "canasta", 25.0, 8.3, float(n), 7.9, 25.0, 8.3, 26.0, 8.0)
        for n in range(count)
    ]
    insert_history(changes, finished)
    assert list(RatingChange.objects.order_by("finished_at").values_list("game_mu", flat=True)) == [
        float(n) for n in range(count)
    ]
