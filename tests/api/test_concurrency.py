"""Phones at one table posting at the same moment: rounds get distinct numbers, a retried
request is stored once, nobody sees a 500 (on SQLite: never "database is locked"). Real
transactions, one connection per thread, on each database."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from rest_framework.test import APIClient

from matches.models import Match, Round
from players.models import Club
from tests.factories import UserFactory, token_for

pytestmark = pytest.mark.django_db(transaction=True)

DEAL = {
    "entries": [
        {"went_out": True, "table_points": 60, "hand_points": 0},
        {"went_out": False, "table_points": 0, "hand_points": 10},
    ]
}


@pytest.fixture
def match_and_token():
    user = UserFactory(username="scorer")
    match = Match.start(
        club=Club.personal_for(user),
        game="duizenden",
        players=["A", "B"],
        options={"target": 100000},
        by=user,
    )
    return match, token_for(user)


def post_all(match: Match, token: str, keys: list[str | None]) -> list[int]:
    barrier = threading.Barrier(len(keys))

    def submit(key: str | None) -> int:
        try:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
            headers = {"Idempotency-Key": key} if key else {}
            barrier.wait(timeout=10)
            return client.post(
                f"/api/matches/{match.pk}/rounds/", DEAL, format="json", headers=headers
            ).status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(len(keys)) as pool:
        return list(pool.map(submit, keys))


def test_simultaneous_rounds_get_consecutive_numbers(match_and_token):
    match, token = match_and_token
    codes = post_all(match, token, [None] * 6)
    assert codes == [201] * 6
    assert sorted(Round.objects.filter(match=match).values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_simultaneous_retries_with_one_idempotency_key_store_one_round(match_and_token):
    match, token = match_and_token
    codes = post_all(match, token, ["same-key"] * 6)
    assert codes == [201] * 6
    assert Round.objects.filter(match=match).count() == 1
