"""Stored matches of any length, and the requests a table makes against one: shared by the
query-count tests and ``make bench`` (``tests/bench/``), which imports them from here so that a
change to the bench cannot break the suite.

Duizenden is the game used because it takes 2 to 6 players and, with the highest target, any
number of deals (``tests.long_matches``); the pages are the same for every game.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from matches.models import Match
from players.models import Club
from tests.long_matches import LONG_OPTIONS, long_match

GAME = "duizenden"
NAMES = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien")


def start_match(
    club: Club, user: Any, players: int, rounds: int, names: Sequence[str] = NAMES
) -> tuple[Match, dict[str, Any]]:
    """A Duizenden match with ``rounds`` deals stored, and a valid body for the next deal."""
    _setup, bodies = long_match(GAME, rounds + 1, players)
    match = Match.start(
        club=club, game=GAME, players=list(names[:players]), options=dict(LONG_OPTIONS[GAME]), by=user
    )
    for body in bodies[:-1]:
        match.add_round(body, by=user)
    return match, bodies[-1]


def form_data(body: Mapping[str, Any]) -> dict[str, str]:
    """A round body as the phone's round form posts it (``entries.1.hand_points:int``...)."""
    data = {"idempotency_key": uuid.uuid4().hex}
    for index, entry in enumerate(body["entries"]):
        for key, value in entry.items():
            if isinstance(value, Mapping):
                for rank, count in value.items():
                    data[f"entries.{index}.{key}.{rank}:int"] = str(count)
            elif isinstance(value, bool):
                data[f"entries.{index}.{key}:bool"] = "1" if value else "0"
            else:
                data[f"entries.{index}.{key}:int"] = str(value)
    return data


@dataclass(frozen=True)
class Page:
    """One request of the benchmark: its name and how to make it with a logged-in client."""

    name: str
    call: Callable[[Client, Match, dict[str, Any]], Any]
    status: int


def _sheet(client: Client, match: Match, body: dict[str, Any]) -> Any:
    return client.get(f"/matches/{match.pk}/")


def _home(client: Client, match: Match, body: dict[str, Any]) -> Any:
    return client.get("/")


def _api_list(client: Client, match: Match, body: dict[str, Any]) -> Any:
    return client.get("/api/matches/")


def _api_match(client: Client, match: Match, body: dict[str, Any]) -> Any:
    return client.get(f"/api/matches/{match.pk}/")


def _form_post(client: Client, match: Match, body: dict[str, Any]) -> Any:
    return client.post(f"/matches/{match.pk}/rounds/", form_data(body), headers={"HX-Request": "true"})


def _api_post(client: Client, match: Match, body: dict[str, Any]) -> Any:
    return client.post(
        f"/api/matches/{match.pk}/rounds/",
        body,
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )


PAGES: tuple[Page, ...] = (
    Page("scoresheet GET /matches/<id>/", _sheet, 200),
    Page("home GET /", _home, 200),
    Page("API GET /api/matches/", _api_list, 200),
    Page("API GET /api/matches/<id>/", _api_match, 200),
    Page("form POST /matches/<id>/rounds/ (htmx)", _form_post, 200),
    Page("API POST /api/matches/<id>/rounds/", _api_post, 201),
)


def count_queries(client: Client, page: Page, match: Match, body: dict[str, Any]) -> int:
    """The queries one request makes (after a first request warmed the session)."""
    with CaptureQueriesContext(connection) as captured:
        response = page.call(client, match, body)
    assert response.status_code == page.status, (page.name, response.status_code, response.content[:500])
    return len(captured.captured_queries)
