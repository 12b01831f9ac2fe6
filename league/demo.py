"""A season in progress for the demo club of ``make run`` (called from ``load_demo``).

The season's game is the first whose home offers a demo match for four players without teams;
its demo deals, played again and again, finish a table (none is named here: the league asks the
homes, as every page does). Three past evenings have finished tables and stored standings;
tonight's evening has its tables drawn and in progress. Before it, an archived season of one
evening puts a podium on the roll of honour.

Beside it runs a ladder where every match counts: the season's game and a second game whose
demo deals finish a match, scored table-relative (raw totals of two games cannot be added up).
It counts the evenings' tables and a loose match of the second game played this week.
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
                season = _season(club, user, home.slug, demo)
        except (Refused, _NeverFinishes):
            continue  # its demo deals cannot be replayed at another table: try the next game
        _ladder(club, user, season)
        _past_season(club, user, season, demo)
        return season
    return None


def _ladder(club: Club, user: object, season: Competition) -> Competition | None:
    """Every match counts, in the season's game and the first other game whose demo finishes."""
    for home in all_homes():
        demo = home.demo()
        if demo is None or home.slug in season.games or not demo.rounds:
            continue
        try:
            with transaction.atomic():
                match = Match.start_demo(club, home, by=user)
                _finish(match, demo, user)
                games = [*season.games, home.slug]
                ladder = Competition.objects.create(
                    club=club,
                    name="Ladder",
                    games=games,
                    counts=Competition.Counts.MATCHES,
                    kind=Competition.Kind.RELATIVE,
                    options={**season.options, home.slug: dict(demo.options)},
                    # Starts before the season, so the season stays first in the club's list.
                    starts_on=season.starts_on - datetime.timedelta(weeks=4),
                    ends_on=season.ends_on,
                    best_of=6,
                    tie_breaks=["average_place", "wins"],
                )
        except (Refused, _NeverFinishes):
            continue
        ladder.refresh_standings()
        return ladder
    return None


def _finish(match: Match, demo: DemoMatch, user: object, deals: int = MOST_DEALS) -> None:
    for number in range(deals):
        replayed = match.add_round(demo.rounds[number % len(demo.rounds)], by=user)
        if replayed.state.finished:
            return
    if deals == MOST_DEALS:
        raise _NeverFinishes(match.game)


def _past_season(club: Club, user: object, season: Competition, demo: DemoMatch) -> Competition:
    """Last season, archived: one evening of the eight players, two rounds, its final table on
    the roll of honour. It ends before the ladder starts, so the ladder does not count its tables."""
    today = timezone.localdate()
    game = season.games[0]
    past = Competition.objects.create(
        club=club,
        name="Autumn",
        games=[game],
        options={game: dict(demo.options)},
        starts_on=today - datetime.timedelta(weeks=30),
        ends_on=today - datetime.timedelta(weeks=9),
        placement_points="10,8,6,5",
        booby_prize=True,
    )
    evening = Evening.objects.create(competition=past, date=today - datetime.timedelta(weeks=10))
    evening.present.set([club.player_named(name) for name in (*demo.players, *GUESTS)])
    rng = random.Random(2025)
    for _round in range(2):  # two rounds: the draw seats other tables, as at a club evening
        for table in evening.draw_and_start(by=user, rng=rng):
            _finish(table.match, demo, user)
            Match.objects.filter(pk=table.match_id).update(finished_at=_evening_end(evening.date))
    past.archive(by=user)
    return past


def _evening_end(day: datetime.date) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(22, 30)))


def _season(club: Club, user: object, game: str, demo: DemoMatch) -> Competition:
    today = timezone.localdate()
    competition = Competition.objects.create(
        club=club,
        name="Winter",
        games=[game],
        options={game: dict(demo.options)},
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
                # Finished that evening, not while the demo loads (a ladder counts by that day).
                Match.objects.filter(pk=table.match_id).update(finished_at=_evening_end(evening.date))
            else:
                _finish(table.match, demo, user, deals=1 + table.number % 2)  # tonight: still playing
    competition.refresh_standings()
    return competition
