"""Locust users for the idle-viewer part of ``make bench`` (``tests.bench.live``).

An idle viewer asks every second whether its board changed and gets ``304``; here each user asks
back to back, so the requests per second the server answers is the number of idle viewers it
carries at one refresh a second.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from locust import HttpUser, constant, task

BOARDS: dict[str, Any] = json.loads(Path(os.environ["BENCH_BOARDS"]).read_text())


class Bare(HttpUser):
    """The ceiling: one query by primary key, no template (``tests/bench/urls.py``)."""

    wait_time = constant(0)

    @task
    def bare(self) -> None:
        self.client.get(BOARDS["bare"], name="bare view")


class IdleViewer(HttpUser):
    wait_time = constant(0)

    @task
    def refresh(self) -> None:
        self.client.get(BOARDS["board"], headers={"If-None-Match": BOARDS["board_tag"]}, name="viewer 304")


class IdleSheet(HttpUser):
    wait_time = constant(0)

    @task
    def refresh(self) -> None:
        self.client.get(
            BOARDS["watch"], headers={"If-None-Match": BOARDS["watch_tag"]}, name="sheet watch 304"
        )
