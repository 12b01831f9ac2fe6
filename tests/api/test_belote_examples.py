"""Belote's and Contrée's worked examples (``tests/spec_examples/belote.json`` and
``belote-contree.json``, each deal's score worked by hand in its note), replayed through the REST
API exactly as ``test_spec_examples`` replays the five specs' examples."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.api.test_spec_examples import EXAMPLES_DIR, get_match, play

EXAMPLES: dict[str, list[dict[str, Any]]] = {
    slug: json.loads((EXAMPLES_DIR / f"{slug}.json").read_text(encoding="utf-8"))
    for slug in ("belote", "belote-contree")
}


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_there_are_at_least_six_worked_examples(slug):
    assert len(EXAMPLES[slug]) >= 6


@pytest.mark.django_db
@pytest.mark.parametrize(
    "example", [pytest.param(e, id=e["id"]) for examples in EXAMPLES.values() for e in examples]
)
def test_belote_example_passes_through_the_api(api, example):
    created = api.post("/api/matches/", example["create"], format="json")
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    play(api, match_id, example["steps"], example["id"])
    match = get_match(api, match_id)
    for key, expected in (example["expected_get"] or {}).items():
        assert match[key] == expected, f"{example['id']}: GET {key} is {match[key]!r}, spec {expected!r}"
    for key, expected in example["final"].items():
        assert match[key] == expected, f"{example['id']}: at the end {key} is {match[key]!r}"
