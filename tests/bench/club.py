"""Part ``club`` of ``make bench``: a club with many finished matches (10 000 by default, 1 000
with ``BENCH_QUICK=1``, or ``BENCH_CLUB_MATCHES``), generated straight into the database, and
what reads it. Its figures have no budget (issue 27 sets none at this scale): they show where a
club's size starts to cost, each beside the 50 ms a page should take.

The sections are a registry, ``SECTIONS``: each takes the club and a member and returns its
figures: the match lists (the API list by cursor, first page and a page deep in, and home), the
league standings rebuilt from scratch with these matches as a season's tables and the standings
page, the ratings recomputed from scratch and the busiest player's page (also as first viewed
after a round was entered in the club). The ratings recompute beside the bare openskill loop,
which has a budget, is part ``ratings`` (``tests/bench/ratings.py``).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from matches.models import Match, Round, Seat
from players.models import Club, Player
from scoring import get_game, replay
from tests.bench.report import QUICK, Figure, header
from tests.long_matches import long_match

CLUB_MATCHES = int(os.environ.get("BENCH_CLUB_MATCHES", "1000" if QUICK else "10000"))
PAGE_MS = 50  # what a page should take: shown beside each figure, not judged
DEEP_PAGES = 40  # how far into the match list the deep page is (50 matches a page)
GAME = "duizenden"
PLAYERS_PER_MATCH = 4
MEMBERS = 12

ClubSection = Callable[[Club, Any], list[Figure]]


def make_club(club: Club, user: Any, count: int) -> None:
    """``count`` finished four-player Duizenden matches of one deal each, spread over a year,
    players drawn in turn from ``MEMBERS`` names, with the seats' final totals and ranks."""
    players = Player.objects.bulk_create(Player(club=club, name=f"Member {n}") for n in range(MEMBERS))
    setup, bodies = long_match(GAME, 1, PLAYERS_PER_MATCH)
    state = replay(get_game(GAME), setup, bodies)
    ranks = {row.unit: row.rank for row in state.standings}
    start = timezone.now() - timedelta(days=365)
    matches = Match.objects.bulk_create(
        Match(
            club=club,
            game=GAME,
            options=dict(setup.options),
            player_count=PLAYERS_PER_MATCH,
            status=Match.Status.FINISHED,
            created_by=user,
            finished_at=start + timedelta(minutes=50 * n),
        )
        for n in range(count)
    )
    # auto_now set every updated_at to now: spread them as a year of evenings would.
    for n, match in enumerate(matches):
        match.updated_at = start + timedelta(minutes=50 * n)
    Match.objects.bulk_update(matches, ["updated_at"], batch_size=2000)
    Seat.objects.bulk_create(
        (
            Seat(
                match=match,
                player=players[(n + seat) % MEMBERS],
                position=seat,
                final_total=state.totals[seat],
                final_rank=ranks[seat],
            )
            for n, match in enumerate(matches)
            for seat in range(PLAYERS_PER_MATCH)
        ),
        batch_size=5000,
    )
    Round.objects.bulk_create(
        (Round(match=match, number=1, body=bodies[0], scores=list(state.scores[0])) for match in matches),
        batch_size=5000,
    )


def _timed(client: Client, url: str, repeat: int = 15) -> tuple[float, int, Any]:
    """Median milliseconds of ``repeat`` GETs, the queries of one, and its last response."""
    times = []
    response = None
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
    assert response is not None and response.status_code == 200, (url, response)
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    return statistics.median(times), len(captured.captured_queries), response


def match_lists(club: Club, user: Any) -> list[Figure]:
    client = Client()
    client.force_login(user)
    client.get("/")
    url, deep = "/api/matches/", 1
    # A smaller club (BENCH_CLUB_MATCHES) may end sooner: its last page then.
    while deep <= DEEP_PAGES and (following := client.get(url).json()["next"]):
        url, deep = following, deep + 1
    first_ms, first_queries, _ = _timed(client, "/api/matches/")
    deep_ms, deep_queries, _ = _timed(client, url)
    home_ms, _, _ = _timed(client, "/")
    return [
        _page("API match list, first page", first_ms),
        _page(f"API match list, page {deep}", deep_ms),
        Figure("API match list: queries, page 1 and deep", f"{first_queries} / {deep_queries}", "-", None),
        _page("home GET /", home_ms),
    ]


def _page(name: str, ms: float) -> Figure:
    return Figure(name, f"{ms:.1f} ms", f"- (a page: {PAGE_MS} ms)", None)


EVENINGS = 50  # the club's matches are the tables of a season of this many evenings


def league_standings(club: Club, user: Any) -> list[Figure]:
    """The matches as the tables of one season's evenings: the standings rebuilt from scratch
    (what a correction of a finished table costs) and the standings page that reads them."""
    from league.models import Competition, Evening, Table

    matches = [
        (pk, finished.date())
        for pk, finished in Match.objects.filter(club=club)
        .order_by("finished_at")
        .values_list("pk", "finished_at")
        if finished is not None
    ]
    competition = Competition.objects.create(
        club=club,
        name="Bench season",
        games=[GAME],
        starts_on=matches[0][1],
        ends_on=matches[-1][1],
        best_of=EVENINGS - 5,
    )
    per_evening = max(1, len(matches) // EVENINGS)
    evenings = Evening.objects.bulk_create(
        Evening(competition=competition, game=GAME, date=matches[n * per_evening][1]) for n in range(EVENINGS)
    )
    Table.objects.bulk_create(
        (
            Table(evening=evenings[min(n // per_evening, EVENINGS - 1)], round=1, number=n + 1, match_id=pk)
            for n, (pk, _) in enumerate(matches)
        ),
        batch_size=5000,
    )
    started = time.perf_counter()
    competition.refresh_standings()
    rebuild_ms = (time.perf_counter() - started) * 1000
    client = Client()
    client.force_login(user)
    client.get("/")
    page_ms, queries, _ = _timed(client, f"/competitions/{competition.pk}/")
    # The same matches counted one by one (every match of the club counts, no evenings).
    loose = Competition.objects.create(
        club=club,
        name="Bench ladder",
        games=[GAME],
        counts=Competition.Counts.MATCHES,
        starts_on=matches[0][1],
        ends_on=matches[-1][1],
        best_of=len(matches) // 2,
    )
    started = time.perf_counter()
    loose.refresh_standings()
    loose_ms = (time.perf_counter() - started) * 1000
    loose_page_ms, loose_queries, _ = _timed(client, f"/competitions/{loose.pk}/")
    return [
        Figure(f"standings rebuilt from {len(matches)} tables", f"{rebuild_ms:.0f} ms", "-", None),
        _page(f"standings page ({queries} queries)", page_ms),
        Figure(f"standings rebuilt from {len(matches)} loose matches", f"{loose_ms:.0f} ms", "-", None),
        _page(f"standings page, every match counts ({loose_queries} queries)", loose_page_ms),
    ]


def ratings_and_player_page(club: Club, user: Any) -> list[Figure]:
    """Ratings recomputed from scratch over the club (the ``ratings`` part compares the same loop
    with bare openskill), then the busiest player's page, also as first viewed after a round was
    entered in the club (whatever the page kept, a write moves on)."""
    from django.db.models import Count

    from stats.models import recompute

    started = time.perf_counter()
    recompute(club)
    recompute_s = time.perf_counter() - started
    player = Player.objects.filter(club=club).annotate(n=Count("seats")).order_by("-n").first()
    assert player is not None
    client = Client()
    client.force_login(user)
    client.get("/")
    url = f"/clubs/{club.pk}/players/{player.pk}/"
    page_ms, queries, _ = _timed(client, url)
    players = list(Player.objects.filter(club=club).order_by("pk")[:PLAYERS_PER_MATCH])
    setup, bodies = long_match(GAME, 7, PLAYERS_PER_MATCH)
    open_match = Match.start(club=club, game=GAME, players=players, options=dict(setup.options), by=user)
    after_write = []
    for body in bodies:
        open_match.add_round(body, by=user)
        started = time.perf_counter()
        client.get(url)
        after_write.append((time.perf_counter() - started) * 1000)
    return [
        Figure("ratings recomputed from scratch", f"{recompute_s:.1f} s", "- (part ratings compares)", None),
        _page(f"player page, busiest player ({queries} queries)", page_ms),
        _page("player page, busiest player, first view after a round", statistics.median(after_write)),
    ]


SECTIONS: list[ClubSection] = [match_lists, league_standings, ratings_and_player_page]


def run() -> list[Figure]:
    from django.contrib.auth import get_user_model

    header(f"A club with {CLUB_MATCHES} finished matches (Django test client, PostgreSQL, median)")
    user = get_user_model().objects.create_user("bench-club")
    club = Club.personal_for(user)
    started = time.perf_counter()
    make_club(club, user, CLUB_MATCHES)
    # A club's tables grow a few rows an evening, and autovacuum keeps the planner's statistics
    # up to date; 10 000 matches bulk-inserted a second ago have none, and the planner then
    # picks nested loops that took the player page from tens of milliseconds to over a second.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"        generated in {time.perf_counter() - started:.1f} s (and analysed)")
    figures = [figure for section in SECTIONS for figure in section(club, user)]
    for figure in figures:
        print(figure.line())
    return figures
