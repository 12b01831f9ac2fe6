"""Every worked example of the five game specs, replayed through the REST API exactly as written.

The examples come from ``tests/spec_examples/<slug>.json``, extracted from
``shared/spec/games/<slug>.md`` by ``tests/spec_examples/extract.py`` (see that script for the
format). One test per example: create the match, then post every round in order. An accepted
round must answer 201 with the spec's scores, totals, ranks, per-unit state (Frustration phase and
finish bonus), hints and status, and must have been dealt by the dealer the spec names. A refused
round must answer the spec's status code with exactly the spec's (code, field) list and store
nothing. Examples that are "posted to the match of Example N after deal k" first replay that
example's deals 1..k.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_DIR = REPO_ROOT / "tests" / "spec_examples"
SPEC_GAMES_DIR = REPO_ROOT.parent / "shared" / "spec" / "games"
GAMES = ("frustration-nl", "frustration-fr", "duizenden", "barbuse", "canasta")

EXAMPLES: dict[str, list[dict[str, Any]]] = {
    slug: json.loads((EXAMPLES_DIR / f"{slug}.json").read_text(encoding="utf-8")) for slug in GAMES
}
BY_ID = {example["id"]: example for examples in EXAMPLES.values() for example in examples}
# What a standings row carries per unit, besides its total and rank, under the same name.
UNIT_STATE_KEYS = ("phase", "finish_bonus")
# The keys whose value a refused round must leave as it was.
STATE_KEYS = ("rounds", "standings", "next", "status", "winners")


def rounds_url(match_id: int) -> str:
    return f"/api/matches/{match_id}/rounds/"


def get_match(api, match_id: int) -> dict[str, Any]:
    response = api.get(f"/api/matches/{match_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def unit_rows(match: dict[str, Any], units: int, where: str) -> list[dict[str, Any]]:
    """The standings rows in unit order (the API sorts them best first); rows name "seat" or "team"."""
    rows = match["standings"]
    key = "team" if "team" in rows[0] else "seat"
    by_unit = {row[key]: row for row in rows}
    assert sorted(by_unit) == list(range(units)), f"{where}: standings name units {sorted(by_unit)}: {rows}"
    ranks = [row["rank"] for row in rows]
    assert ranks == sorted(ranks), f"{where}: standings are not sorted best first: {rows}"
    return [by_unit[unit] for unit in range(units)]


def post_accepted(api, match_id: int, step: dict[str, Any], where: str) -> None:
    """Post one round the spec accepts and check everything the spec says about it."""
    before = get_match(api, match_id)
    assert before["next"] is not None, f"{where}: the match is already over before this deal: {before}"
    assert before["next"]["number"] == step["deal"], f"{where}: next deal is {before['next']}"
    assert before["next"]["dealer"] == step["dealer"], (
        f"{where}: deal {step['deal']} is dealt by seat {before['next']['dealer']}, spec {step['dealer']}"
    )

    response = api.post(rounds_url(match_id), step["body"], format="json")
    answer = response.json()
    assert response.status_code == 201, f"{where}: answered {response.status_code} {answer}"
    assert answer["number"] == step["deal"], f"{where}: stored as round {answer['number']}"
    assert answer["scores"] == step["scores"], f"{where}: scores {answer['scores']}, spec {step['scores']}"

    after = get_match(api, match_id)
    for key in ("status", "standings", "next", "winners"):
        assert answer[key] == after[key], f"{where}: POST answer and GET disagree on {key}"
    assert len(after["rounds"]) == step["deal"], f"{where}: {len(after['rounds'])} rounds stored"
    stored = after["rounds"][-1]
    assert stored["scores"] == step["scores"], (
        f"{where}: GET scores {stored['scores']}, spec {step['scores']}"
    )
    assert {key: stored.get(key) for key in step["body"]} == step["body"], f"{where}: not stored as posted"

    rows = unit_rows(after, len(step["totals"]), where)
    assert [row["total"] for row in rows] == step["totals"], (
        f"{where}: totals, standings {after['standings']}"
    )
    assert [row["rank"] for row in rows] == step["ranks"], f"{where}: ranks, standings {after['standings']}"
    for name, expected in step.get("state", {}).items():
        assert name in UNIT_STATE_KEYS, f"{where}: unknown unit state {name}"
        got = [row.get(name) for row in rows]
        assert got == expected, f"{where}: {name} {got}, spec {expected}; standings {after['standings']}"

    assert after["status"] == step["status"], f"{where}: status {after['status']}, spec {step['status']}"
    if step["status"] == "finished":
        assert after["next"] is None, f"{where}: a finished match has next = null, got {after['next']}"
    else:
        assert after["winners"] == [], f"{where}: winners before the end: {after['winners']}"
        for name, expected in step.get("next", {}).items():
            got = after["next"].get(name)
            assert got == expected, f"{where}: next.{name} {got}, spec {expected}; next {after['next']}"
    if "winners" in step:
        assert after["winners"] == step["winners"], (
            f"{where}: winners {after['winners']}, spec {step['winners']}"
        )


def post_refused(api, match_id: int, step: dict[str, Any], where: str) -> None:
    """Post one round the spec refuses: exact status, exact (code, field) list, nothing stored."""
    before = get_match(api, match_id)
    response = api.post(rounds_url(match_id), step["body"], format="json")
    answer = response.json()
    expected = [tuple(pair) for pair in step["errors"]]
    assert response.status_code == step["http_status"], (
        f"{where}: answered {response.status_code} {answer}, spec {step['http_status']} {expected}"
    )
    errors = answer.get("errors")
    assert isinstance(errors, list), f"{where}: no error list in {answer}"
    got = [(error.get("code"), error.get("field")) for error in errors]
    assert got == expected, f"{where}: errors {got}, spec {expected}"
    for error in errors:
        assert isinstance(error.get("message"), str) and error["message"].strip(), (
            f"{where}: no message: {error}"
        )
    after = get_match(api, match_id)
    assert len(after["rounds"]) == len(before["rounds"]), f"{where}: a refused round was stored"
    for key in STATE_KEYS:
        assert after[key] == before[key], f"{where}: a refused round changed {key}"


def play(api, match_id: int, steps: list[dict[str, Any]], label: str) -> None:
    for index, step in enumerate(steps, start=1):
        where = f"{label} step {index} ({step['kind']} posted as deal {step['deal']})"
        if step["kind"] == "round":
            post_accepted(api, match_id, step, where)
        else:
            post_refused(api, match_id, step, where)


@pytest.mark.django_db
@pytest.mark.parametrize("example", [pytest.param(e, id=i) for i, e in BY_ID.items()])
def test_worked_example_passes_through_the_api(api, example):
    created = api.post("/api/matches/", example["create"], format="json")
    assert created.status_code == 201, (
        f"{example['id']}: create answered {created.status_code} {created.json()}"
    )
    match_id = created.json()["id"]

    base = example["base"]
    if base is not None:
        source = BY_ID[f"{example['id'].rsplit('-example-', 1)[0]}-example-{base['example']}"]
        earlier = [s for s in source["steps"] if s["kind"] == "round" and s["deal"] <= base["after_deal"]]
        assert len(earlier) == base["after_deal"]
        play(api, match_id, earlier, f"{example['id']} (replaying {source['id']})")

    play(api, match_id, example["steps"], example["id"])

    match = get_match(api, match_id)
    for key, expected in (example["expected_get"] or {}).items():
        assert match[key] == expected, f"{example['id']}: GET {key} is {match[key]!r}, spec {expected!r}"
    for key, expected in example["final"].items():
        assert match[key] == expected, (
            f"{example['id']}: at the end {key} is {match[key]!r}, spec {expected!r}"
        )


def _load_extractor():
    spec = importlib.util.spec_from_file_location("spec_examples_extract", EXAMPLES_DIR / "extract.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_extracted_examples_are_in_sync_with_the_spec():
    if not SPEC_GAMES_DIR.is_dir():
        pytest.skip(
            f"{SPEC_GAMES_DIR} is absent (the shared spec is not checked out next to the repository), "
            "so the committed tests/spec_examples/*.json cannot be compared with it"
        )
    extract = _load_extractor()
    games = extract.extract_all(SPEC_GAMES_DIR)
    assert sorted(games) == sorted(GAMES)
    for slug, examples in games.items():
        assert EXAMPLES[slug] == examples, (
            f"tests/spec_examples/{slug}.json is out of date: run python tests/spec_examples/extract.py"
        )
        counted = extract.naive_counts(SPEC_GAMES_DIR / f"{slug}.md")
        assert extract.extracted_counts(examples) == counted, f"{slug}: the extractor missed something"
