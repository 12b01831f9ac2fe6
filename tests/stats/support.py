"""Finished matches in one deal: Duizenden with a target of 5 ends after the first deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matches.models import Match
from players.models import Club

QUICK = {"target": 5}


def deal(points: Sequence[int]) -> dict[str, Any]:
    """A deal where each seat melds ``points`` (the first goes out): higher points, better place."""
    return {
        "entries": [
            {"went_out": seat == 0, "table_points": value, "hand_points": 0 if seat == 0 else 5}
            for seat, value in enumerate(points)
        ]
    }


def finished_match(
    club: Club, players: Sequence[str], points: Sequence[int], *, teams: Any = None, by: Any = None
) -> Match:
    match = Match.start(club=club, game="duizenden", players=list(players), options=QUICK, teams=teams, by=by)
    match.add_round(deal(points), by=by)
    match.refresh_from_db()
    return match
