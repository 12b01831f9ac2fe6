"""A match as the API shows it (``api.md``). The same dictionaries feed the phone pages, so the
two never disagree; nothing here computes a score: it only lays out the engine's state, and asks
the game's home for the game's own part (the hints)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import to_json
from games.protocol import GameHome
from games.registry import home_for
from matches.models import Match, StoredRound
from scoring import MatchState, Next, Setup, Standing


def standing_json(setup: Setup, row: Standing) -> dict[str, Any]:
    unit = {"team": row.unit, "seats": list(row.seats)} if setup.teams is not None else {"seat": row.unit}
    extra = to_json(row.extra)
    return {**unit, "total": row.total, "rank": row.rank, **(extra if isinstance(extra, dict) else {})}


def next_json(game: str | GameHome, upcoming: Next | None) -> dict[str, Any] | None:
    """The next deal; ``game`` is the game's slug or, for a match at hand, its home."""
    if upcoming is None:
        return None
    home = home_for(game) if isinstance(game, str) else game
    return {"number": upcoming.number, "dealer": upcoming.dealer, **home.hints_json(upcoming.hints)}


def round_json(stored: StoredRound) -> dict[str, Any]:
    body = stored.body if isinstance(stored.body, Mapping) else {}
    data = {"number": stored.number, **body, "scores": stored.scores}
    if stored.provisional:  # only where the club asks for a second player's confirmation
        data["provisional"] = True
        data["entered_by"] = stored.created_by_name
    return data


def match_json(
    match: Match, state: MatchState, rounds: Sequence[StoredRound] | None = None
) -> dict[str, Any]:
    """The match as ``GET /api/matches/{id}/`` shows it, in ``state``; without its rounds (None)
    beside a round's answer, which then costs the same at deal 200 as at deal 2."""
    seats = match.seated()
    home = match.home
    whole = {
        "id": match.pk,
        "game": match.game,
        "name": str(home.name),
        "club": match.club_id,
        "options": match.options,
        "dealer": match.dealer,
        "status": "finished" if state.finished else "in_progress",
        "players": [
            {"id": seat.player_id, "name": seat.name, "seat": seat.position, "team": seat.team}
            for seat in seats
        ],
        "teams": match.teams,
        "standings": [standing_json(state.setup, row) for row in state.standings],
        "next": next_json(home, state.next),
        "winners": list(state.winners),
        "ended_early": (
            {"at": match.ended_early_at.isoformat(), "reason": match.end_reason}
            if match.ended_early_at is not None
            else None
        ),
        "created_at": match.created_at.isoformat(),
        "updated_at": match.updated_at.isoformat(),
    }
    if rounds is not None:
        whole["rounds"] = [round_json(r) for r in rounds]
    return whole


def match_summary_json(match: Match) -> dict[str, Any]:
    """A line of a match list: no replay needed."""
    return {
        "id": match.pk,
        "game": match.game,
        "name": str(match.home.name),
        "club": match.club_id,
        "status": match.status,
        "players": [seat.player.name for seat in match.seats.all()],
        "updated_at": match.updated_at.isoformat(),
    }
