"""Helpers for engine tests: build a match, post rounds, read refusals as (code, field)."""

from __future__ import annotations

from collections.abc import Sequence

from scoring import Refused, get_game
from scoring.match import Game, MatchState, create_setup, play_round, start_match


def new_match(
    game: str | Game,
    players: int,
    *,
    teams: object = None,
    options: object = None,
    dealer: object = 0,
) -> MatchState:
    rules = get_game(game) if isinstance(game, str) else game
    setup = create_setup(rules, players, teams=teams, options=options, dealer=dealer)
    return start_match(rules, setup)


def play_all(state: MatchState, bodies: Sequence[object]) -> MatchState:
    for body in bodies:
        state = play_round(state, body)
    return state


def refusal(state: MatchState, body: object) -> list[tuple[str, str]]:
    """The (code, field) pairs a round is refused with; fails the test if it is accepted."""
    try:
        play_round(state, body)
    except Refused as refused:
        return [(error.code, error.field) for error in refused.errors]
    raise AssertionError(f"round was accepted: {body!r}")


def ranks_in_unit_order(state: MatchState) -> list[int]:
    by_unit = {row.unit: row.rank for row in state.standings}
    return [by_unit[unit] for unit in range(len(state.setup.units))]


def totals_in_unit_order(state: MatchState) -> list[int]:
    by_unit = {row.unit: row.total for row in state.standings}
    return [by_unit[unit] for unit in range(len(state.setup.units))]
