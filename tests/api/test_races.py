"""A new user's first requests arriving together: one personal club, one player per new name, no
500. Real transactions, one connection per thread, so this runs on PostgreSQL only (as
test_concurrency.py does); SQLite serialises whole files anyway."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from players.models import Club, Membership, Player
from tests.factories import UserFactory, token_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks (CI runs it)"),
]

TIMES = 6


def all_at_once(work: Callable[[int], Any]) -> list[Any]:
    barrier = threading.Barrier(TIMES)

    def run(index: int) -> Any:
        try:
            barrier.wait(timeout=10)
            return work(index)
        finally:
            connection.close()

    with ThreadPoolExecutor(TIMES) as pool:
        return list(pool.map(run, range(TIMES)))


def test_a_new_users_personal_club_is_made_once():
    user = UserFactory(username="newcomer")
    clubs = all_at_once(lambda _: Club.personal_for(user).pk)
    assert len(set(clubs)) == 1
    assert Club.objects.filter(personal=True).count() == 1
    assert Membership.objects.filter(user=user).count() == 1


def test_six_matches_naming_the_same_new_player_at_once_share_that_player():
    user = UserFactory(username="scorer")
    token = token_for(user)

    def start(index: int) -> int:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        body = {"game": "frustration-nl", "players": ["Nieuweling", f"Speler {index}"]}
        return client.post("/api/matches/", body, format="json").status_code

    assert all_at_once(start) == [201] * TIMES
    assert Player.objects.filter(name="Nieuweling").count() == 1
    assert Club.objects.count() == 1
