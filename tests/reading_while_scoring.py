"""A match read while a phone scores it: one thread adds, corrects and undoes deals through the
API while readers read again and again (``read_while_scoring``), each thread on its own
connection, in real transactions. The API's, the pages' and the live pages' tests read with it
(``tests/api/test_reading_while_scoring.py``, ``tests/live/test_reads_while_scoring.py``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.db import connection
from rest_framework.test import APIClient

from live.models import MatchShare
from matches.models import Match
from players.models import Club
from tests.factories import UserFactory, token_for

WRITES = 30


def deal(points: int) -> dict[str, Any]:
    return {
        "entries": [
            {"went_out": True, "table_points": 5 * points, "hand_points": 0},
            {"went_out": False, "table_points": 0, "hand_points": 10},
        ]
    }


def scored_match() -> tuple[Match, Any, str, str]:
    """A Duizenden match of three deals in its scorer's own club: the match, the scorer, their
    API token and a share link's token."""
    user = UserFactory(username="scorer")
    match = Match.start(
        club=Club.personal_for(user),
        game="duizenden",
        players=["Anna", "Bram"],
        options={"target": 100000},
        by=user,
    )
    for number in range(1, 4):
        match.add_round(deal(10 * number), by=user)
    return match, user, token_for(user), MatchShare.share(match, by=user).token


def read_while_scoring(match: Match, token: str, readers: list[Callable[[], None]]) -> None:
    """One thread adds deals (every fifth corrects deal 2, every seventh undoes the last) while
    each reader reads again and again until the writer is done."""
    done = threading.Event()
    start = threading.Barrier(len(readers) + 1)

    def write() -> None:
        try:
            api = APIClient()
            api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            start.wait(timeout=10)
            for step in range(1, WRITES + 1):
                if step % 7 == 0:
                    number = Match.objects.get(pk=match.pk).rounds.count()
                    response = api.delete(f"/api/matches/{match.pk}/rounds/{number}/")
                elif step % 5 == 0:
                    response = api.put(f"/api/matches/{match.pk}/rounds/2/", deal(step), format="json")
                else:
                    response = api.post(f"/api/matches/{match.pk}/rounds/", deal(step), format="json")
                assert response.status_code in (200, 201), response.content
        finally:
            done.set()
            connection.close()

    def read(reader: Callable[[], None]) -> int:
        reads = 0
        try:
            start.wait(timeout=10)
            while not done.is_set():
                reader()
                reads += 1
        finally:
            connection.close()
        return reads

    with ThreadPoolExecutor(len(readers) + 1) as pool:
        writer = pool.submit(write)
        counts = [pool.submit(read, reader) for reader in readers]
        writer.result()
        assert all(count.result() > 0 for count in counts)
