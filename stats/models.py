"""Stored ratings: each player's current rating per ladder (a game, or overall) and one history
row per player, ladder and finished match.

They are figures kept for reading, rewritten from the matches by ``recompute`` (``stats.tasks``):
the matches stay the truth. A history row keeps the rating before the match as well as after
it, so a recompute from a corrected match on starts from the rows it replaces and never reads
the history before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, connection, models, transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from matches.models import Match, Seat
from players.models import Club, Player
from stats.rating import Change, Key, Result, Skill, fold


class Rating(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    ladder = models.CharField(_("game"), max_length=32, blank=True)  # "": overall
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()  # mu - 3 sigma, stored to sort the ladder in the database
    matches = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "ladder"], name="one_rating_per_ladder")]
        indexes = [models.Index(fields=["club", "ladder", "-ordinal"])]

    def __str__(self) -> str:
        return f"{self.player} {self.ladder or 'overall'}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    # Figures derived from the matches and rewritten wholesale by a recompute: no database
    # constraints or single-column indexes of their own (the ORM still cascades deletes, and the
    # composite indexes below start with club and player). A recompute from scratch writes some
    # 80 000 rows for 10 000 matches, and checking three deferred foreign keys per row at commit
    # took longer than rating the matches.
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", db_index=False, db_constraint=False
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes", db_constraint=False
    )
    ladder = models.CharField(max_length=32, blank=True)
    finished_at = models.DateTimeField()  # the match's, copied: history is read in this order
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["finished_at", "match_id"]
        indexes = [
            models.Index(fields=["club", "finished_at", "match"]),
            models.Index(fields=["player", "ladder", "finished_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.player} after {self.match_id}: {self.ordinal:.1f}"


Position = tuple[datetime, int]  # (finished_at, match id): the order matches are rated in


def _changes_from(position: Position) -> Q:
    at, match_id = position
    return Q(finished_at__gt=at) | Q(finished_at=at, match_id__gte=match_id)


def _seats_from(position: Position) -> Q:
    at, match_id = position
    return Q(match__finished_at__gt=at) | Q(match__finished_at=at, match_id__gte=match_id)


def finished_results(club: Club, since: Position | None = None) -> tuple[list[Result], dict[int, datetime]]:
    """The club's finished matches (from ``since`` on) as ``Result``s in finishing order, read in
    one query from the seats' final places, and when each finished."""
    seats = Seat.objects.filter(
        match__club=club,
        match__status=Match.Status.FINISHED,
        match__deleted_at=None,
        final_rank__isnull=False,
    )
    if since is not None:
        seats = seats.filter(_seats_from(since))
    rows = seats.order_by("match__finished_at", "match_id", "position").values_list(
        "match_id", "match__game", "match__finished_at", "player_id", "team", "position", "final_rank"
    )
    results: list[Result] = []
    finished: dict[int, datetime] = {}
    units: dict[int, tuple[list[int], int]] = {}
    current: tuple[int, str] | None = None

    def close() -> None:
        if current is not None:
            teams = tuple(tuple(players) for players, _ in units.values())
            results.append(Result(current[0], current[1], teams, tuple(rank for _, rank in units.values())))

    for match_id, game, finished_at, player_id, team, position, rank in rows.iterator(chunk_size=5000):
        if finished_at is None or rank is None:
            continue  # excluded by the filter above; says so to the type checker
        if current is None or current[0] != match_id:
            close()
            current, units = (match_id, game), {}
            finished[match_id] = finished_at
        # Partners share a unit (and its place); a player without a team is a unit alone.
        unit = team if team is not None else -1 - position
        units.setdefault(unit, ([], rank))[0].append(player_id)
    close()
    return results, finished


def position_of(match: Match) -> Position | None:
    """Where a match now sits in its club's finishing order (None: it does not count)."""
    if match.status != Match.Status.FINISHED or match.finished_at is None or match.deleted_at is not None:
        return None
    return (match.finished_at, match.pk)


def rated_position(match: Match) -> Position | None:
    """Where the ratings last counted this match (None: they did not)."""
    rows = RatingChange.objects.using(DEFAULT_DB_ALIAS).filter(match=match)  # not a lagging replica
    at = rows.values_list("finished_at", flat=True).first()
    return (at, match.pk) if at is not None else None


@transaction.atomic
def recompute(club: Club, since: Position | None = None) -> None:
    """Rewrite the club's ratings from the match at ``since`` on (None: from scratch): delete the
    history from there, fold the matches again from the ratings just before, store the result."""
    results, finished = finished_results(club, since)
    # Reads of this app may go to a read replica (config/routers.py); what a recompute starts
    # from must be what the primary holds now.
    replaced = RatingChange.objects.using(DEFAULT_DB_ALIAS).filter(club=club)
    start: dict[Key, Skill] = {}
    if since is not None:
        replaced = replaced.filter(_changes_from(since))
        # A player's rating just before ``since`` is what their first replaced change started
        # from (read newest first, so the earliest one is written last)...
        rows = replaced.order_by("-finished_at", "-match_id").values_list(
            "player_id", "ladder", "mu_before", "sigma_before"
        )
        for player_id, ladder, mu, sigma in rows:
            start[(ladder, player_id)] = Skill(mu, sigma)
        # ...or, with no change from there on, their stored rating (every ladder of every player
        # concerned, so the ratings rewritten below are all known).
        concerned = {player for _, player in start} | {p for r in results for team in r.teams for p in team}
        for player_id, ladder, mu, sigma in (
            Rating.objects.using(DEFAULT_DB_ALIAS)
            .filter(player_id__in=concerned)
            .values_list("player_id", "ladder", "mu", "sigma")
        ):
            start.setdefault((ladder, player_id), Skill(mu, sigma))
    replaced.delete()
    ratings, counts = _store_changes(club, fold(results, start), finished, start)
    players = {player for _, player in ratings}
    if since is None:
        Rating.objects.filter(club=club).delete()
    else:
        Rating.objects.filter(player_id__in=players).delete()
        # The rows before ``since`` count too (the rows from there on are the new ones).
        earlier = (
            RatingChange.objects.using(DEFAULT_DB_ALIAS)
            .filter(player_id__in=players)
            .exclude(_changes_from(since))
            .values_list("ladder", "player_id")
            .annotate(n=models.Count("id"))
        )
        for ladder, player, n in earlier:
            counts[(ladder, player)] = counts.get((ladder, player), 0) + n
    Rating.objects.bulk_create(
        Rating(
            club=club,
            player_id=player,
            ladder=ladder,
            mu=ratings[(ladder, player)].mu,
            sigma=ratings[(ladder, player)].sigma,
            ordinal=ratings[(ladder, player)].ordinal,
            matches=n,
        )
        for (ladder, player), n in counts.items()
    )


COLUMNS: tuple[str, ...] = ("club_id", "player_id", "match_id", "ladder", "finished_at")
COLUMNS += ("mu_before", "sigma_before", "mu", "sigma", "ordinal")
TYPES = ("int8", "int8", "int8", "varchar", "timestamptz", "float8", "float8", "float8", "float8", "float8")


def _store_changes(
    club: Club, changes: Iterable[Change], finished: dict[int, datetime], start: Mapping[Key, Skill]
) -> tuple[dict[Key, Skill], dict[Key, int]]:
    """Write the history rows as ``changes`` yields them; return each rating they end on (those
    of ``start`` included) and how many rows each (ladder, player) got.

    On PostgreSQL the rows go through one binary COPY that is open while the matches are rated:
    psycopg's C encoder packs each row, and the server files the rows (and their indexes) on the
    other core while Python rates the next match. A recompute from scratch writes some 80 000
    rows for 10 000 matches; ``bulk_create`` took several times as long as rating them, and a
    text COPY built after the loop still added two thirds to it (the budget is 1.5 times the
    bare openskill loop, ``make bench``). Elsewhere (SQLite, ``make run``) ``bulk_create``."""
    ratings = dict(start)
    counts: dict[Key, int] = {}
    if connection.vendor != "postgresql":
        kept = []
        for c in changes:
            key = (c.ladder, c.player_id)
            ratings[key] = c.after
            counts[key] = counts.get(key, 0) + 1
            kept.append(
                RatingChange(
                    club=club,
                    player_id=c.player_id,
                    match_id=c.match_id,
                    ladder=c.ladder,
                    finished_at=finished[c.match_id],
                    mu_before=c.mu_before,
                    sigma_before=c.sigma_before,
                    mu=c.mu,
                    sigma=c.sigma,
                    ordinal=c.mu - 3 * c.sigma,
                )
            )
        RatingChange.objects.bulk_create(kept, batch_size=2000)
        return ratings, counts
    table = connection.ops.quote_name(RatingChange._meta.db_table)
    club_id = club.pk
    last: dict[Key, Change] = {}
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {table} ({', '.join(COLUMNS)}) FROM STDIN (FORMAT BINARY)") as copy,
    ):
        copy.set_types(TYPES)
        write = copy.write_row
        for c in changes:
            key = (c.ladder, c.player_id)
            last[key] = c
            counts[key] = counts.get(key, 0) + 1
            at = finished[c.match_id]
            write((club_id, c.player_id, c.match_id, c.ladder, at, *c[3:], c.mu - 3 * c.sigma))
    for key, c in last.items():
        ratings[key] = c.after
    return ratings, counts
