"""Ratings at club scale: a club with 10 000 finished matches, rated from scratch beside the bare
openskill loop over the same matches (budget: at most 1.5 times as long), and the player page
of its busiest player served from it.

The matches are written straight to the database (seats with their final places, no rounds):
ratings read only the places, and so does this benchmark. Both timings include reading the
matches' places once; the recompute also deletes and writes the stored ratings and history.
The first recompute writes into an empty history and is not counted; then the bare loop and
the recompute run in turns, ``RUNS`` times each (the median counts), each recompute replacing
the history the one before stored, as a real one does; the ratio is the median of the five
recompute / bare loop pairs. Between runs the tables are vacuumed, as autovacuum does between
two recomputes of a real club.
Run with ``make bench`` (part ``ratings``) or ``python -m tests.bench.run ratings``.
"""

from __future__ import annotations

import random
import statistics
import time
from datetime import timedelta

from tests.bench.report import Figure, header

MATCHES = 10_000
PLAYERS = 24
RATIO_BUDGET = 1.5
PAGE_RUNS = 7
# The bare loop alone ranged from 1.4 to 2.4 s within one run on this shared machine: five pairs,
# each bare loop next to its recompute, and the median of their ratios.
RUNS = 5


def _club_with_matches():
    from django.db import connection
    from django.utils import timezone

    import scoring
    from matches.models import Match, Seat
    from players.models import Club, Membership, Player
    from tests.factories import UserFactory

    rng = random.Random(11)
    user = UserFactory(username="bench-ratings")
    club = Club.objects.create(name="Ratings bench")
    Membership.objects.create(club=club, user=user, role=Membership.Role.OWNER)
    players = Player.objects.bulk_create(Player(club=club, name=f"Player {n}") for n in range(PLAYERS))
    games = [(game.slug, game.player_counts) for game in scoring.all_games()]
    start = timezone.now() - timedelta(days=MATCHES)
    matches, shapes = [], []
    for number in range(MATCHES):
        slug, counts = rng.choice(games)
        size = rng.choice(counts)
        teams = [[0, 2], [1, 3]] if size == 4 and rng.random() < 0.3 else None
        matches.append(
            Match(
                club=club,
                game=slug,
                player_count=size,
                teams=teams,
                status=Match.Status.FINISHED,
                finished_at=start + timedelta(hours=number),
            )
        )
        shapes.append((size, teams))
    matches = Match.objects.bulk_create(matches, batch_size=2000)
    seats = []
    for match, (size, teams) in zip(matches, shapes, strict=True):
        seated = rng.sample(players, size)
        if teams:
            places = [1, 2] if rng.random() < 0.5 else [2, 1]
            ranks = [places[0], places[1], places[0], places[1]]
        else:
            ranks = sorted(rng.randint(1, size) for _ in range(size))
        for position, player in enumerate(seated):
            team = None if not teams else (0 if position in teams[0] else 1)
            seats.append(
                Seat(match=match, player=player, position=position, team=team, final_rank=ranks[position])
            )
    Seat.objects.bulk_create(seats, batch_size=5000)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")  # what autovacuum does for a real club's tables
    busiest = max(players, key=lambda p: sum(1 for s in seats if s.player_id == p.pk))
    return club, user, busiest


def _vacuum() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE stats_ratingchange")
        cursor.execute("VACUUM ANALYZE stats_rating")


def _runs(seconds: list[float]) -> str:
    return f"{statistics.median(seconds):.2f} s ({min(seconds):.2f}-{max(seconds):.2f})"


def run() -> list[Figure]:
    from django.test import Client
    from django.urls import reverse

    from stats.models import finished_results, recompute
    from stats.rating import bare_loop

    header(f"Ratings: {MATCHES} finished matches, recomputed from scratch")
    club, user, busiest = _club_with_matches()

    recompute(club)  # the first history, written into an empty table
    bares, fulls = [], []
    for _ in range(RUNS):
        _vacuum()
        started = time.perf_counter()
        results, _finished = finished_results(club)
        bare_loop(results)
        bares.append(time.perf_counter() - started)
        _vacuum()
        started = time.perf_counter()
        recompute(club)
        fulls.append(time.perf_counter() - started)
    # Each recompute against the bare loop run just before it: the machine's slow spells (the
    # bare loop alone ranges over a third of its time) then weigh on both sides of a ratio.
    ratio = statistics.median(full / bare for bare, full in zip(bares, fulls, strict=True))

    client = Client()
    client.force_login(user)
    url = reverse("player_detail", args=[club.pk, busiest.pk])
    client.get(url)
    timings = []
    for _ in range(PAGE_RUNS):
        started = time.perf_counter()
        response = client.get(url)
        timings.append(time.perf_counter() - started)
        assert response.status_code == 200
    figures = [
        Figure(f"bare openskill loop (read places + rate), median of {RUNS}", _runs(bares), "-", None),
        Figure(f"ratings recomputed from scratch (stored), median of {RUNS}", _runs(fulls), "-", None),
        Figure(
            f"recompute / bare loop (median of {RUNS} pairs)",
            f"{ratio:.2f} x",
            f"<= {RATIO_BUDGET} x",
            ratio <= RATIO_BUDGET,
        ),
        Figure(
            "player page of the busiest player (median)",
            f"{statistics.median(timings) * 1000:.0f} ms",
            "-",
            None,
        ),
    ]
    for figure in figures:
        print(figure.line())
    return figures
