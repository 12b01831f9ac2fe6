"""Locust users for ``make bench`` (``tests.bench.site`` runs one class per scenario).

Every user sits at a table of its own (a Duizenden match for six, seeded by ``tests.bench.site`` and
listed in ``BENCH_TABLES``). The saturating scenarios send requests back to back; ``Table`` is
the mix of a table in play, one request every 0.5 to 1.5 s (far busier than a real table, which
enters a deal every few minutes).
"""

from __future__ import annotations

import itertools
import json
import os
import uuid
from pathlib import Path
from typing import Any

from locust import HttpUser, between, constant, task

TABLES: list[dict[str, Any]] = json.loads(Path(os.environ["BENCH_TABLES"]).read_text())
_seats = itertools.count()


def deal(players: int, number: int) -> dict[str, Any]:
    """A valid Duizenden deal whatever the totals: one seat goes out, the others pay 10 each."""
    out = number % players
    return {
        "entries": [
            {"went_out": True, "table_points": 10 * (players - 1), "hand_points": 0}
            if seat == out
            else {"went_out": False, "table_points": 0, "hand_points": 10}
            for seat in range(players)
        ]
    }


def form(body: dict[str, Any], csrf: str) -> dict[str, str]:
    data = {"csrfmiddlewaretoken": csrf, "idempotency_key": uuid.uuid4().hex}
    for index, entry in enumerate(body["entries"]):
        for key, value in entry.items():
            if isinstance(value, bool):
                data[f"entries.{index}.{key}:bool"] = "1" if value else "0"
            else:
                data[f"entries.{index}.{key}:int"] = str(value)
    return data


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

    def next_deal(self) -> dict[str, Any]:
        self.deals += 1
        return deal(self.table["players"], self.deals)

    def api_post(self) -> None:
        self.client.post(
            f"/api/matches/{self.match}/rounds/",
            json=self.next_deal(),
            headers={**self.token, "Idempotency-Key": uuid.uuid4().hex},
            name="API POST round",
        )

    def api_get(self) -> None:
        self.client.get(f"/api/matches/{self.match}/", headers=self.token, name="API GET match")

    def form_post(self) -> None:
        self.client.post(
            f"/matches/{self.match}/rounds/",
            data=form(self.next_deal(), self.table["csrftoken"]),
            headers={"HX-Request": "true", "X-CSRFToken": self.table["csrftoken"]},
            name="form POST round",
        )

    def sheet_get(self) -> None:
        self.client.get(f"/matches/{self.match}/", name="GET scoresheet")


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
