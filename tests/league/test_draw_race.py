"""Two "Draw" presses for one evening at the same moment (two phones, or a double tap that both
reach the server): one round is drawn, the other press is told the tables are playing. Real
transactions, one connection per thread, on each database: the evening's row lock serialises
them on PostgreSQL, SQLite's write lock (taken when a transaction begins) here."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from league.models import Evening, Table
from matches.models import Match, Seat
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

TRIES = 4  # the race was lost most of the time before the lock; a few tries make it certain


def both_at_once(work: Callable[[], Any]) -> list[Any]:
    barrier = threading.Barrier(2)

    def run(_index: int) -> Any:
        try:
            barrier.wait(timeout=10)
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(run, range(2)))


def evening_of_six(club) -> Evening:
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=club))
    evening.present.set(PlayerFactory.create_batch(6, club=club))
    return evening


def assert_one_round_drawn(evening: Evening) -> None:
    assert set(Table.objects.filter(evening=evening).values_list("round", flat=True)) == {1}
    open_seats = Seat.objects.filter(
        match__league_table__evening=evening, match__status=Match.Status.IN_PROGRESS
    ).values_list("player_id", flat=True)
    assert sorted(open_seats) == sorted(evening.present.values_list("pk", flat=True))  # each once


def test_two_draws_of_one_evening_at_once_draw_one_round_and_answer_the_other_409(klaverclub, alice):
    for _ in range(TRIES):
        evening = evening_of_six(klaverclub)
        url = reverse("api-evening-draw", args=[evening.pk])
        answers = both_at_once(lambda url=url: _api_client(alice).post(url))
        assert sorted(answer.status_code for answer in answers) == [201, 409]
        [refused] = [answer for answer in answers if answer.status_code == 409]
        assert refused.json() == {
            "errors": [
                {
                    "field": "tables",
                    "code": "still_playing",
                    "message": "Some tables are still playing: reseat when every table has finished.",
                }
            ]
        }
        assert_one_round_drawn(evening)


def test_two_draw_buttons_pressed_at_once_start_one_round_and_say_why_not_twice(klaverclub, alice):
    for _ in range(TRIES):
        evening = evening_of_six(klaverclub)
        url = reverse("league_draw", args=[evening.pk])

        def press(url: str = url) -> str:
            client = Client()
            client.force_login(alice)
            return client.post(url, follow=True).content.decode()

        pages = both_at_once(press)
        said = Counter(
            "started" if "tables started." in page else "playing" if "still playing" in page else "?"
            for page in pages
        )
        assert said == {"started": 1, "playing": 1}
        assert_one_round_drawn(evening)
