"""Tarot's worked examples (tests/spec_examples/tarot.json), replayed through the REST API as
the five specs' examples are (tests/api/test_spec_examples.py): every accepted deal answers the
hand-computed scores, totals, ranks, dealer and deals left; every refused one answers exactly its
(code, field) list with a message, and stores nothing. Each step's ``note`` holds the hand
computation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_spec_examples import get_match, play

EXAMPLES: list[dict[str, Any]] = json.loads(
    (Path(__file__).resolve().parents[1] / "spec_examples" / "tarot.json").read_text(encoding="utf-8")
)
BY_ID = {example["id"]: example for example in EXAMPLES}


def test_there_are_at_least_six_worked_examples_with_their_sums():
    assert len(EXAMPLES) >= 6
    assert all(step["note"] for example in EXAMPLES for step in example["steps"])


@pytest.mark.django_db
@pytest.mark.parametrize("example", [pytest.param(e, id=i) for i, e in BY_ID.items()])
def test_tarot_example_passes_through_the_api(api, example):
    created = api.post("/api/matches/", example["create"], format="json")
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    base = example["base"]
    if base is not None:
        source = BY_ID[f"tarot-example-{base['example']}"]
        earlier = [s for s in source["steps"] if s["kind"] == "round" and s["deal"] <= base["after_deal"]]
        play(api, match_id, earlier, f"{example['id']} (replaying {source['id']})")
    play(api, match_id, example["steps"], example["id"])
    match = get_match(api, match_id)
    for key, expected in example["final"].items():
        assert match[key] == expected, f"{example['id']}: at the end {key} is {match[key]!r}"
