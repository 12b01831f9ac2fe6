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


# --- Frustration rounds ---------------------------------------------------------------------


def seat(laid_down: object, went_out: object, points: object = None, hand: object = None) -> dict:
    """One Frustration entry; ``points`` and ``hand`` are left out when not given."""
    entry: dict = {"laid_down": laid_down, "went_out": went_out}
    if points is not None:
        entry["points"] = points
    if hand is not None:
        entry["hand"] = hand
    return entry


def deal(*entries: object) -> dict:
    return {"entries": list(entries)}


def extra(state: MatchState, key: str) -> list:
    """A standings fact (``phase``, ``finish_bonus``) per seat, in seat order."""
    by_seat = {row.unit: row.extra[key] for row in state.standings}
    return [by_seat[unit] for unit in range(state.setup.players)]


def phases(state: MatchState) -> list[int]:
    return extra(state, "phase")


def status(state: MatchState) -> str:
    return "finished" if state.finished else "in_progress"
