"""A match read while a phone scores it (deals added, corrected and undone): the sheet, the
public viewer, the API and quick entry never answer 5xx, and every answer shows one moment of the
match, its totals those of the rounds it shows. Real transactions, one connection per thread, on
each database."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from live.models import MatchShare
from matches.models import Match
from players.models import Club
from tests.factories import UserFactory, token_for

pytestmark = pytest.mark.django_db(transaction=True)

WRITES = 30


def deal(points: int) -> dict[str, Any]:
    return {
        "entries": [
            {"went_out": True, "table_points": 5 * points, "hand_points": 0},
            {"went_out": False, "table_points": 0, "hand_points": 10},
        ]
    }


@pytest.fixture
def scored():
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


def self_consistent(answer: dict[str, Any]) -> bool:
    """The API's match: each seat's total is the sum of its scores in the rounds shown."""
    columns = [sum(column) for column in zip(*(r["scores"] for r in answer["rounds"]), strict=True)]
    totals = [row["total"] for row in sorted(answer["standings"], key=lambda row: row["seat"])]
    return columns == totals if answer["rounds"] else totals == [0, 0]


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


def test_pages_api_and_quick_entry_never_fail_while_the_match_is_scored(scored):
    match, user, token, share = scored
    answers: list[int] = []
    inconsistent: list[dict[str, Any]] = []

    def api_reader() -> None:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        response = api.get(f"/api/matches/{match.pk}/")
        answers.append(response.status_code)
        if response.status_code == 200 and not self_consistent(response.json()):
            inconsistent.append(response.json())

    def sheet_reader() -> None:
        browser = Client()
        browser.force_login(user)
        answers.append(browser.get(f"/matches/{match.pk}/").status_code)
        answers.append(browser.post(f"/matches/{match.pk}/rounds/quick/", {"line": "Anna out"}).status_code)

    def viewer_reader() -> None:
        answers.append(Client().get(f"/live/{share}/").status_code)

    read_while_scoring(match, token, [api_reader, sheet_reader, viewer_reader])

    assert answers
    assert [code for code in answers if code >= 500] == []
    assert set(answers) == {200}
    assert inconsistent == []


def test_a_match_read_while_it_is_scored_shows_totals_of_the_rounds_it_shows(scored):
    match, _user, token, _share = scored
    seen: list[tuple[list[int], list[int]]] = []

    def model_reader() -> None:
        replayed = Match.objects.get(pk=match.pk).replayed()
        columns = [sum(column) for column in zip(*(r.scores for r in replayed.rounds), strict=True)]
        seen.append((columns or [0, 0], list(replayed.state.totals)))
        assert replayed.state.played == len(replayed.rounds)

    read_while_scoring(match, token, [model_reader, model_reader])

    assert seen
    assert [pair for pair in seen if pair[0] != pair[1]] == []
