"""Finished matches for ``make run``'s demo club, so its ratings, player pages and charts have
something to show.

Game-agnostic like the rest of stats: every game whose home offers a demo match and whose rules
have a ``target`` option is played from that demo with the lowest target the rules accept, so it
ends within the demo's deals. The players are seated differently each evening, so the demo's
fixed deals still give everyone wins and losses.
"""

from __future__ import annotations

from typing import Any

from games.registry import all_homes
from matches.models import Match
from players.models import Club
from scoring import get_game

NAMES = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien")
EVENINGS = 8


def play_finished_matches(club: Club, user: Any) -> int:
    """Play the evenings once (a club that has finished matches already is left alone); return
    how many matches were played."""
    if Match.objects.filter(club=club, status=Match.Status.FINISHED).exists():
        return 0
    played = 0
    for evening in range(EVENINGS):
        for home in all_homes():
            demo = home.demo()
            target = next((o for o in get_game(home.slug).options if o.name == "target"), None)
            if demo is None or target is None:
                continue
            seats = len(demo.players)
            order = [NAMES[(evening * 5 + seat * (1 + evening % 2)) % len(NAMES)] for seat in range(seats)]
            if len(set(order)) < seats:
                order = [NAMES[(evening + seat) % len(NAMES)] for seat in range(seats)]
            options = {**demo.options, "target": getattr(target, "minimum", 0)}
            match = Match.start(
                club=club, game=home.slug, players=order, teams=demo.teams, options=options, by=user
            )
            for body in demo.rounds:
                if match.add_round(body, by=user).state.finished:
                    break
            played += 1
    return played
