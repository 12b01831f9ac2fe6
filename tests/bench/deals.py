"""The deals the load runs post, for locust (``locustfile.py``) and the open-loop client
(``openloop.py``) alike: a Duizenden deal valid whatever the totals, as JSON or as the phone's
round form."""

from __future__ import annotations

import uuid
from typing import Any


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


def round_form(body: dict[str, Any], csrf: str) -> dict[str, str]:
    """The phone's round form as the browser posts it (``matches`` entry form field names)."""
    data = {"csrfmiddlewaretoken": csrf, "idempotency_key": uuid.uuid4().hex}
    for index, entry in enumerate(body["entries"]):
        for key, value in entry.items():
            if isinstance(value, bool):
                data[f"entries.{index}.{key}:bool"] = "1" if value else "0"
            else:
                data[f"entries.{index}.{key}:int"] = str(value)
    return data
