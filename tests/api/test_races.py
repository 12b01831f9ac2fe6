"""A new user's first requests arriving together: one personal club, one player per new name, no
500. Real transactions, one connection per thread, on each database: PostgreSQL's row locks
serialise them there, SQLite's write lock (taken when a transaction begins) here."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from matches.models import Round, RoundRevision
from players.models import Club, Membership, Player
from tests.factories import UserFactory, token_for

pytestmark = pytest.mark.django_db(transaction=True)

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


DEAL = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 30},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
}
CORRECTED = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 40},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
}


def _match_with_two_rounds() -> tuple[int, str]:
    user = UserFactory(username="keeper")
    token = token_for(user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = client.post(
        "/api/matches/", {"game": "frustration-nl", "players": ["A", "B", "C"]}, format="json"
    )
    match_id = created.json()["id"]
    for _ in range(2):
        assert client.post(f"/api/matches/{match_id}/rounds/", DEAL, format="json").status_code == 201
    return match_id, token


def _client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_six_undos_of_the_same_round_at_once_remove_it_once():
    match_id, token = _match_with_two_rounds()
    answers = all_at_once(lambda _: _client(token).delete(f"/api/matches/{match_id}/rounds/2/").status_code)
    assert sorted(answers) == [200] + [404] * (TIMES - 1)
    assert Round.objects.filter(match_id=match_id).count() == 1
    assert RoundRevision.objects.filter(match_id=match_id, action="undo").count() == 1


def test_undos_and_corrections_of_one_round_at_once_leave_a_consistent_match():
    """Each request sees the match as the one before it left it: a correction of round 2 after
    its undo is a 404, an undo after a correction removes the corrected round; never a 500."""
    match_id, token = _match_with_two_rounds()

    def act(index: int) -> int:
        url = f"/api/matches/{match_id}/rounds/2/"
        client = _client(token)
        if index % 2:
            return client.delete(url).status_code
        return client.put(url, CORRECTED, format="json").status_code

    answers = all_at_once(act)
    assert all(code in {200, 404} for code in answers), answers
    stored = list(Round.objects.filter(match_id=match_id).order_by("number"))
    assert len(stored) in {1, 2}
    if len(stored) == 2:
        assert stored[1].body == CORRECTED and stored[1].scores == [0, 40, 95]
