"""A season in progress for the demo club of ``make run`` (called from ``load_demo``).

The season's game is the first whose home offers a demo match for four players without teams;
its demo deals, played again and again, finish a table (none is named here: the league asks the
homes, as every page does). Three past evenings have finished tables and stored standings;
tonight's evening has its tables drawn and in progress.
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils import timezone

from games.protocol import DemoMatch
from games.registry import all_homes
from league.models import Competition, Evening, Table
from matches.models import Match
from players.models import Club
from scoring import Refused

GUESTS = ("Eva", "Fien", "Gijs", "Hanna")
MOST_DEALS = 80  # a demo game whose deals never finish a table is passed over


class _NeverFinishes(Exception):
    """The game's demo deals, repeated, do not end a table."""


def load_season(club: Club, user: object) -> Competition | None:
    if club.competitions.exists():
        return None
    for home in all_homes():
        demo = home.demo()
        if demo is None or len(demo.players) != 4 or demo.teams is not None or not demo.rounds:
            continue
        try:
            with transaction.atomic():
                return _season(club, user, home.slug, demo)
        except (Refused, _NeverFinishes):
            continue  # its demo deals cannot be replayed at another table: try the next game
    return None


def _finish(match: Match, demo: DemoMatch, user: object, deals: int = MOST_DEALS) -> None:
    for number in range(deals):
        recorded = match.add_round(demo.rounds[number % len(demo.rounds)], by=user)
        if recorded.state.finished:
            return
    if deals == MOST_DEALS:
        raise _NeverFinishes(match.game)


def _season(club: Club, user: object, game: str, demo: DemoMatch) -> Competition:
    today = timezone.localdate()
    competition = Competition.objects.create(
        club=club,
        name="Winter",
        game=game,
        options=dict(demo.options),
        starts_on=today - datetime.timedelta(weeks=4),
        ends_on=today + datetime.timedelta(weeks=16),
        placement_points="10,8,6,5",
        best_of=8,
        min_evenings=2,
        booby_prize=True,
    )
    players = [club.player_named(name) for name in (*demo.players, *GUESTS)]
    rng = random.Random(2026)
    for weeks_ago in (3, 2, 1, 0):
        evening = Evening.objects.create(
            competition=competition, date=today - datetime.timedelta(weeks=weeks_ago)
        )
        evening.present.set(players)
        tables: list[Table] = evening.draw_and_start(by=user, rng=rng)
        for table in tables:
            if weeks_ago:
                _finish(table.match, demo, user)
            else:
                _finish(table.match, demo, user, deals=1 + table.number % 2)  # tonight: still playing
    competition.refresh_standings()
    return competition
