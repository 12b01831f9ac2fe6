"""Stored ratings: each player's current rating per ladder (a game, or overall) and one history
row per player and finished match, holding both ladders it moved (its game's and overall).

They are figures kept for reading, rewritten from the matches by ``recompute`` (``stats.tasks``):
the matches stay the truth. A history row keeps the ratings before the match as well as after
it, so a recompute from a corrected match on starts from the rows it replaces and never reads
the history before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any

from django.db import connections, models, router, transaction
from django.db.models import F, Field, Q
from django.utils.translation import gettext_lazy as _

from matches.models import Match, Seat
from players.models import Club, Player
from stats.rating import OVERALL, Change, Key, Result, Skill, fold


class ClubStats(models.Model):
    """Per club, the version its statistics pages are kept under in the cache (``stats.profile``),
    kept in the database as the standings keep theirs (``league.season``): the key names the
    version and every write of what the pages show moves it in its own transaction, so a kept
    page is right or missing, never stale. A club without a row is at 0.

    A player's page reads thousands of seats for a busy player, and these change only when the
    club's finished matches, its players' names or its ratings do (``stats.receivers``,
    ``recompute``). The same row is what a ratings recompute locks: two recomputes of one club
    run one after the other, on every database."""

    club = models.OneToOneField(Club, primary_key=True, on_delete=models.CASCADE, related_name="+")
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"club {self.club_id} statistics, version {self.version}"


def club_version(club_id: int) -> int:
    """The club's current statistics version."""
    return ClubStats.objects.filter(club_id=club_id).values_list("version", flat=True).first() or 0


@transaction.atomic
def club_changed(club_id: int) -> None:
    """What the club's statistics pages show changed, in the transaction that changes it."""
    if not ClubStats.objects.filter(club_id=club_id).update(version=F("version") + 1):
        _row, made = ClubStats.objects.get_or_create(club_id=club_id, defaults={"version": 1})
        if not made:  # made by another request a moment ago
            ClubStats.objects.filter(club_id=club_id).update(version=F("version") + 1)


def lock_ratings(club_id: int) -> None:
    """Hold the club's ``ClubStats`` row until the transaction ends: one recompute at a time, and
    none while a merge of two of the club's players holds it (``league.merge``)."""
    ClubStats.objects.get_or_create(club_id=club_id)
    ClubStats.objects.select_for_update().filter(club_id=club_id).values_list("club_id").get()


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
    # constraints and as few indexes as the reads need (the ORM still cascades deletes; a club's
    # rows are found through its players' index). A recompute from scratch writes some 40 000
    # rows for 10 000 matches: checking deferred foreign keys per row at commit took longer than
    # rating the matches, a row per ladder (twice the rows, each with its own index entries) cost
    # the database as much again as rating them, and a club column with an index of its own
    # (one more value and one more index entry a row) kept the recompute at 1.6 times the bare
    # openskill loop (budget 1.5, ``make bench``). The key is the order a player's history is
    # read in: the index the reads need is the table's own, with no id column and sequence.
    pk = models.CompositePrimaryKey("player", "finished_at", "match")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_changes", db_index=False, db_constraint=False
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes", db_constraint=False
    )
    finished_at = models.DateTimeField()  # the match's, copied: history is read in this order
    game = models.CharField(max_length=32)  # the match's: the ladder of the game_ figures
    game_mu_before = models.FloatField()
    game_sigma_before = models.FloatField()
    game_mu = models.FloatField()
    game_sigma = models.FloatField()
    overall_mu_before = models.FloatField()
    overall_sigma_before = models.FloatField()
    overall_mu = models.FloatField()
    overall_sigma = models.FloatField()

    class Meta:
        ordering = ["finished_at", "match_id"]

    def __str__(self) -> str:
        return f"{self.player} after {self.match_id}: {self.overall.ordinal:.1f}"

    @property
    def overall(self) -> Skill:
        return Skill(self.overall_mu, self.overall_sigma)

    @property
    def in_game(self) -> Skill:
        return Skill(self.game_mu, self.game_sigma)


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
    rows = RatingChange.objects.filter(match=match)
    at = rows.values_list("finished_at", flat=True).first()
    return (at, match.pk) if at is not None else None


@transaction.atomic
def recompute(club: Club, since: Position | None = None) -> None:
    """Rewrite the club's ratings from the match at ``since`` on (None: from scratch): delete the
    history from there, fold the matches again from the ratings just before, store the result.
    One at a time per club: a second recompute waits for the first to commit, then reads what
    it stored (two at once deadlocked on the rows both rewrite)."""
    lock_ratings(club.pk)
    results, finished = finished_results(club, since)
    replaced = RatingChange.objects.filter(player__club=club)
    start: dict[Key, Skill] = {}
    if since is not None:
        replaced = replaced.filter(_changes_from(since))
        # A player's ratings just before ``since`` are what their first replaced change started
        # from (read newest first, so the earliest one is written last)...
        rows = replaced.order_by("-finished_at", "-match_id").values_list(
            "player_id",
            "game",
            "game_mu_before",
            "game_sigma_before",
            "overall_mu_before",
            "overall_sigma_before",
        )
        for player_id, game, game_mu, game_sigma, overall_mu, overall_sigma in rows:
            start[(game, player_id)] = Skill(game_mu, game_sigma)
            start[(OVERALL, player_id)] = Skill(overall_mu, overall_sigma)
        # ...or, with no change from there on, their stored rating (every ladder of every player
        # concerned, so the ratings rewritten below are all known).
        concerned = {player for _, player in start} | {p for r in results for team in r.teams for p in team}
        for player_id, ladder, mu, sigma in Rating.objects.filter(player_id__in=concerned).values_list(
            "player_id", "ladder", "mu", "sigma"
        ):
            start.setdefault((ladder, player_id), Skill(mu, sigma))
    replaced.delete()
    ratings, counts = _store_changes(fold(results, start), finished, start)
    players = {player for _, player in ratings}
    if since is None:
        Rating.objects.filter(club=club).delete()
    else:
        Rating.objects.filter(player_id__in=players).delete()
        # The rows before ``since`` count too (the rows from there on are the new ones).
        earlier = (
            RatingChange.objects.filter(player_id__in=players)
            .exclude(_changes_from(since))
            .values_list("game", "player_id")
            .annotate(n=models.Count("match"))
        )
        for game, player, n in earlier:
            for key in ((game, player), (OVERALL, player)):
                counts[key] = counts.get(key, 0) + n
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
    club_changed(club.pk)  # the player pages show these ratings


def _store_changes(
    changes: Iterable[Change], finished: dict[int, datetime], start: Mapping[Key, Skill]
) -> tuple[dict[Key, Skill], dict[Key, int]]:
    """Write the history rows as ``changes`` yields them; return each rating they end on (those
    of ``start`` included) and how many rows each (ladder, player) got."""
    tally = _Tally(start)
    insert_history(_tallied(changes, tally), finished)
    return tally.ratings(), tally.counts


HISTORY_FIELDS = ("finished_at", "match", *(name for name in Change._fields if name != "match_id"))


ROWS_PER_STATEMENT = 250


def insert_history(changes: Iterable[Change], finished: Mapping[int, datetime]) -> None:
    """The project's one statement written by hand: a club's rating history, one row per change,
    ``ROWS_PER_STATEMENT`` rows to an ``INSERT``, the same on PostgreSQL and SQLite.

    Why by hand: ``bulk_create`` wrote the same rows (the test holds them equal) but prepared
    every value of every row through its field: a recompute of 10 000 matches (39 500 rows) took
    4.1 times the bare openskill loop against the budget of 1.5 (``make bench``). One row to a
    statement spent its time in the server's per-statement work: 1.76 s for those rows, against
    0.85 s at 100 rows a statement and 0.74 s at 250 (medians of four, one run).

    Why a generator: ``executemany`` takes the statements' values as ``changes`` yields them, and
    psycopg sends each statement as soon as it has its values (pipeline mode), so the database
    writes one while the next is being rated, on the other core (SQLite's module takes them as
    they come too, one after the other). Built first and sent after, the 39 500 rows cost the
    recompute 0.25 to 0.4 s on top of the rating, 1.59 times the bare loop with every other change
    of this table made; sent as rated, they cost the rating 0.1 s more, and the recompute is 1.27
    to 1.37 times the bare loop (``make bench``, three runs, docs/performance.md). The statement
    size stopped mattering then: 25, 50, 100 and 250 rows a statement all wrote in 0.61 to 0.63 s.

    Columns come from the model's fields, so a renamed field follows; each match's finish time is
    prepared once through its field."""
    connection = connections[router.db_for_write(RatingChange)]
    fields = [
        field for name in HISTORY_FIELDS if isinstance(field := RatingChange._meta.get_field(name), Field)
    ]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column or field.name) for field in fields)
    insert = f"INSERT INTO {quote(RatingChange._meta.db_table)} ({columns}) VALUES "
    one_row = f"({', '.join(['%s'] * len(fields))})"
    at = RatingChange._meta.get_field("finished_at")
    prepared = {match: at.get_db_prep_save(when, connection) for match, when in finished.items()}
    # The database's own limit on parameters a statement may hold (SQLite's is the lowest).
    size = max(1, min(ROWS_PER_STATEMENT, connection.ops.bulk_batch_size(fields, range(ROWS_PER_STATEMENT))))
    whole = size * len(fields)
    rest: list[Any] = []  # the values of the rows after the last whole statement

    def statements() -> Iterator[list[Any]]:
        values: list[Any] = []
        for change in changes:
            values.append(prepared[change.match_id])  # the match's finish time, then the change as is
            values.extend(change)
            if len(values) == whole:
                yield values
                values = []
        rest.extend(values)

    with connection.cursor() as cursor:
        # Django passes an iterator on as it is (its SQLite cursor peeks "carefully as a generator
        # can be passed"); django-stubs only know a sequence.
        cursor.executemany(insert + ", ".join([one_row] * size), statements())  # type: ignore[arg-type]
        if rest:
            cursor.execute(insert + ", ".join([one_row] * (len(rest) // len(fields))), rest)


def _tallied(changes: Iterable[Change], tally: _Tally) -> Iterator[Change]:
    add = tally.add
    for change in changes:
        add(change)
        yield change


class _Tally:
    """What the changes written end on: each ladder's last change per player, and their count."""

    def __init__(self, start: Mapping[Key, Skill]) -> None:
        self.start = start
        self.last: dict[Key, Change] = {}
        self.counts: dict[Key, int] = {}

    def add(self, change: Change) -> None:
        counts = self.counts
        for key in ((change.game, change.player_id), (OVERALL, change.player_id)):
            self.last[key] = change
            counts[key] = counts.get(key, 0) + 1

    def ratings(self) -> dict[Key, Skill]:
        ratings = dict(self.start)
        for key, change in self.last.items():
            ratings[key] = change.after(key[0])
        return ratings
