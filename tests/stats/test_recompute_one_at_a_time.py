"""Two recomputes of one club's ratings at once (the worker's after a finished match and the one a
merge queues) run one after the other: both finish, neither deadlocks, and the ratings are those
one recompute writes. Real transactions, one connection per thread, on each database."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from players.models import Club
from stats.models import Rating, RatingChange, recompute
from tests.factories import UserFactory
from tests.stats.support import finished_match

pytestmark = pytest.mark.django_db(transaction=True)


def ratings(club: Club) -> list[tuple[int, str, float, int]]:
    rows = Rating.objects.filter(club=club).values_list("player_id", "ladder", "mu", "matches")
    return sorted((player, ladder, round(mu, 9), matches) for player, ladder, mu, matches in rows)


def test_two_recomputes_of_a_club_at_once_write_what_one_writes():
    alice = UserFactory(username="alice")
    club = Club.personal_for(alice)
    for number in range(6):
        finished_match(club, ["Anna", "Bram", f"Cor {number % 2}"], [60, 40, 20], by=alice)
    recompute(club)
    once, history = ratings(club), RatingChange.objects.filter(player__club=club).count()
    barrier = threading.Barrier(3)

    def run() -> None:
        try:
            barrier.wait(timeout=10)
            recompute(club)
        finally:
            connection.close()

    with ThreadPoolExecutor(3) as pool:
        for future in [pool.submit(run) for _ in range(3)]:
            future.result()
    assert ratings(club) == once
    assert RatingChange.objects.filter(player__club=club).count() == history
