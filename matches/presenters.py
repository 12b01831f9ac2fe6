"""A match as the API shows it (``api.md``). The same dictionaries feed the phone pages, so the
two never disagree; nothing here computes a score: it only lays out the engine's state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from matches.models import Match, Round
from matches.terms import describe_contract, game_name
from scoring import MatchState, Next, Setup, Standing
from scoring.games.frustration_family import Contract, PhaseHint


def to_json(value: Any) -> Any:
    """Engine values as JSON: hints may hold frozen dataclasses, tuples and mapping proxies."""
    if isinstance(value, PhaseHint):
        return {"seat": value.seat, "phase": value.phase, "description": describe_contract(value.contract)}
    if isinstance(value, Contract):
        return describe_contract(value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def standing_json(setup: Setup, row: Standing) -> dict[str, Any]:
    unit = {"team": row.unit, "seats": list(row.seats)} if setup.teams is not None else {"seat": row.unit}
    return {**unit, "total": row.total, "rank": row.rank, **to_json(row.extra)}


def next_json(upcoming: Next | None) -> dict[str, Any] | None:
    if upcoming is None:
        return None
    hints = to_json(upcoming.hints) if upcoming.hints is not None else {}
    return {"number": upcoming.number, "dealer": upcoming.dealer, **hints}


def round_json(stored: Round) -> dict[str, Any]:
    body = stored.body if isinstance(stored.body, Mapping) else {}
    return {"number": stored.number, **body, "scores": stored.scores}


def match_json(match: Match, state: MatchState) -> dict[str, Any]:
    seats = list(match.seats.select_related("player"))
    return {
        "id": match.pk,
        "game": match.game,
        "name": game_name(match.game),
        "club": match.club_id,
        "options": match.options,
        "dealer": match.dealer,
        "status": "finished" if state.finished else "in_progress",
        "players": [
            {"id": seat.player_id, "name": seat.player.name, "seat": seat.position, "team": seat.team}
            for seat in seats
        ],
        "teams": match.teams,
        "rounds": [round_json(r) for r in match.rounds.order_by("number")],
        "standings": [standing_json(state.setup, row) for row in state.standings],
        "next": next_json(state.next),
        "winners": list(state.winners),
        "created_at": match.created_at.isoformat(),
        "updated_at": match.updated_at.isoformat(),
    }


def match_summary_json(match: Match) -> dict[str, Any]:
    """A line of a match list: no replay needed."""
    return {
        "id": match.pk,
        "game": match.game,
        "name": game_name(match.game),
        "club": match.club_id,
        "status": match.status,
        "players": [seat.player.name for seat in match.seats.all()],
        "updated_at": match.updated_at.isoformat(),
    }
