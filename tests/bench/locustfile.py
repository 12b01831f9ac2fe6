"""Locust users for ``make bench``'s part ``load``: the saturating scenarios and the 20-table mix
(``tests.bench.site`` runs one class per scenario). The club evening is measured in open loop
instead (``tests.bench.evening``), without locust.

Every user sits at a table of its own (a Duizenden match for six, seeded by ``tests.bench.site`` and
listed in ``BENCH_TABLES``); the 20 tables are one club, whose ladder counts every match. The
saturating scenarios send requests back to back; ``Table`` is the mix of a table in play, one
request every 0.5 to 1.5 s (far busier than a real table, which enters a deal every few minutes):
rounds entered on the phone and through the API, the sheet and the match read, the scoreboard
refreshed as a watching phone does, the ladder's standings read as a page and through the API.

The users arrive ``site.SPAWN_RATE`` a second and the figures start once all are in
(``--reset-stats``): twenty first requests at the same instant would make a p95 of their own.

A watching phone (``live/viewer.html``) asks for the board with the ETag of the board it shows:
``304`` while nothing changed, the new board and its ETag otherwise. The user knows whether it
posted since its last refresh, so the two answers are counted apart, and a refresh that answers
otherwise is a failure. (The scorer's own sheet polls ``/watch/`` instead: the evening's tables.)
"""

from __future__ import annotations

import itertools
import json
import os
import uuid
from pathlib import Path
from typing import Any

from locust import HttpUser, between, constant, task

from tests.bench.deals import deal, round_form

SEED: dict[str, Any] = json.loads(Path(os.environ["BENCH_TABLES"]).read_text())
TABLES: list[dict[str, Any]] = SEED["tables"]
COMPETITION: int | None = SEED.get("competition")  # the 20-table club's ladder
_seats = itertools.count()


class TableUser(HttpUser):
    abstract = True
    wait_time = constant(0)

    def on_start(self) -> None:
        self.table = TABLES[next(_seats) % len(TABLES)]
        self.match = self.table["match"]
        self.deals = 0
        self.client.cookies.set("sessionid", self.table["sessionid"])
        self.client.cookies.set("csrftoken", self.table["csrftoken"])
        self.token = {"Authorization": f"Token {self.table['token']}"}
        self.board_tag = self.table["board_tag"]  # the board as it stood when this scenario began
        self.board_current = True

    def next_deal(self) -> dict[str, Any]:
        self.deals += 1
        return deal(self.table["players"], self.deals)

    def api_post(self) -> None:
        self.board_current = False
        self.client.post(
            f"/api/matches/{self.match}/rounds/",
            json=self.next_deal(),
            headers={**self.token, "Idempotency-Key": uuid.uuid4().hex},
            name="API POST round",
        )

    def api_get(self) -> None:
        self.client.get(f"/api/matches/{self.match}/", headers=self.token, name="API GET match")

    def form_post(self) -> None:
        self.board_current = False
        self.client.post(
            f"/matches/{self.match}/rounds/",
            data=round_form(self.next_deal(), self.table["csrftoken"]),
            headers={"HX-Request": "true", "X-CSRFToken": self.table["csrftoken"]},
            name="form POST round",
        )

    def sheet_get(self) -> None:
        self.client.get(f"/matches/{self.match}/", name="GET scoresheet")

    def board_refresh(self) -> None:
        expected = 304 if self.board_current else 200
        with self.client.get(
            self.table["board"],
            headers={"If-None-Match": self.board_tag},
            name=f"refresh scoreboard ({expected})",
            catch_response=True,
        ) as response:
            if response.status_code != expected:
                response.failure(f"{response.status_code} where {expected} was due")
            elif expected == 200:
                self.board_tag = response.headers["ETag"]
                self.board_current = True

    def standings_get(self) -> None:
        self.client.get(f"/competitions/{COMPETITION}/", name="GET standings")

    def api_standings_get(self) -> None:
        self.client.get(
            f"/api/competitions/{COMPETITION}/standings/", headers=self.token, name="API GET standings"
        )


class BareView(TableUser):
    @task
    def bare(self) -> None:
        self.client.get(f"/bench/bare/?id={self.match}", name="bare view")


class ApiPoster(TableUser):
    @task
    def post(self) -> None:
        self.api_post()


class ApiReader(TableUser):
    @task
    def get(self) -> None:
        self.api_get()


class FormPoster(TableUser):
    @task
    def post(self) -> None:
        self.form_post()


class SheetReader(TableUser):
    @task
    def get(self) -> None:
        self.sheet_get()


class Table(TableUser):
    wait_time = between(0.5, 1.5)

    @task(1)
    def enter_on_the_phone(self) -> None:
        self.form_post()

    @task(1)
    def enter_through_the_api(self) -> None:
        self.api_post()

    @task(2)
    def look_at_the_sheet(self) -> None:
        self.sheet_get()

    @task(2)
    def read_the_match(self) -> None:
        self.api_get()

    @task(2)
    def refresh_the_scoreboard(self) -> None:
        self.board_refresh()

    @task(1)
    def read_the_standings(self) -> None:
        self.standings_get()

    @task(1)
    def read_the_standings_through_the_api(self) -> None:
        self.api_standings_get()

    @task(1)
    def ceiling(self) -> None:
        """The bare view in the same run, interleaved: its p50 and p95 under the same load."""
        self.client.get(f"/bench/bare/?id={self.match}", name="bare view")
