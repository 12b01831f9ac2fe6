"""The error codes: the generic ``Code`` enum in the engine, each game's own rule codes in its
module, and each game's refusals within its declared ``codes`` (the spec's worked refusals,
replayed here)."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest

from scoring import Refused, all_games, get_game
from scoring.errors import GENERIC_CODES, Code, RuleError
from scoring.match import MatchState, create_setup, play_round, start_match

EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "spec_examples"
EXAMPLES: list[dict[str, Any]] = [
    example
    for path in sorted(EXAMPLES_DIR.glob("*.json"))
    for example in json.loads(path.read_text(encoding="utf-8"))
]
BY_ID = {example["id"]: example for example in EXAMPLES}


def _start(example: dict[str, Any]) -> MatchState:
    create = example["create"]
    game = get_game(create["game"])
    setup = create_setup(
        game,
        len(create["players"]),
        teams=create.get("teams"),
        options=create.get("options"),
        dealer=create.get("dealer", 0),
    )
    state = start_match(game, setup)
    base = example["base"]
    if base is not None:
        source = BY_ID[f"{example['id'].rsplit('-example-', 1)[0]}-example-{base['example']}"]
        for step in source["steps"]:
            if step["kind"] == "round" and step["deal"] <= base["after_deal"]:
                state = play_round(state, step["body"])
    return state


def _refusals(example: dict[str, Any]) -> list[tuple[list[tuple[str, str]], list[RuleError]]]:
    """Each refused step of ``example``: the spec's (code, field) list and the engine's errors."""
    state = _start(example)
    found = []
    for step in example["steps"]:
        if step["kind"] == "round":
            state = play_round(state, step["body"])
            continue
        with pytest.raises(Refused) as refused:
            play_round(state, step["body"])
        found.append(([tuple(pair) for pair in step["errors"]], list(refused.value.errors)))
    return found


def test_codes_are_their_spec_strings() -> None:
    """A code is its string: equal to it, and serialised as it, generic or a game's own."""
    assert Code.INVALID == "invalid"
    assert json.dumps({"code": Code.MATCH_FINISHED}) == '{"code": "match_finished"}'
    for code in set(GENERIC_CODES).union(*(game.codes for game in all_games())):
        assert code.value == code.name.lower()
        assert json.dumps(code) == f'"{code.value}"'


def test_no_game_declares_a_generic_code() -> None:
    """A generic code means the same in every game: no game takes its string for a rule."""
    for game in all_games():
        assert {str(code) for code in game.codes} & {str(code) for code in GENERIC_CODES} == set(), game.slug


def test_no_two_games_give_one_code_string_two_meanings() -> None:
    """Games may share a code string (``went_out_count``) only under one name: the same check,
    worded by each game's home in its own terms."""
    names: dict[str, set[str]] = {}
    for game in all_games():
        for code in game.codes:
            names.setdefault(code.value, set()).add(code.name)
    assert {value: found for value, found in names.items() if len(found) > 1} == {}


@pytest.mark.parametrize("example", [pytest.param(e, id=e["id"]) for e in EXAMPLES])
def test_worked_refusals_answer_the_spec_codes_the_game_declares(example: dict[str, Any]) -> None:
    """The spec's refused rounds, replayed on the engine: its (code, field) list exactly, each a
    code the game declares or a generic one."""
    game = get_game(example["create"]["game"])
    for expected, errors in _refusals(example):
        assert [(error.code, error.field) for error in errors] == expected
        assert all(isinstance(error.code, StrEnum) for error in errors)
        assert {error.code for error in errors} <= game.codes | GENERIC_CODES


def test_every_rule_code_is_raised_by_a_worked_refusal() -> None:
    """Every code a game declares is reachable: some spec refusal raises it (a code two games
    share may be shown by either's examples)."""
    raised = {error.code for example in EXAMPLES for _, errors in _refusals(example) for error in errors}
    assert set().union(*(game.codes for game in all_games())) - raised == set()
