"""Club evenings, their tables, competitions and the standings stored for them.

A competition belongs to a club and one game; its evenings hold who is present and the tables
drawn for each round of the evening, each table a ``Match``. The arithmetic lives in pure
modules (``league.seating``, ``league.schemes``); the models only gather the values those
functions take and store what they return. Standings are stored rows, rebuilt from the seats'
final ranks and totals (one query) when a table of a counted evening finishes or changes after
finishing (``league.receivers``), never replayed on a page view.
"""

from __future__ import annotations

import random
import secrets
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.core.validators import validate_comma_separated_integer_list
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import scoring
from league import schemes, seating
from matches.models import Match, Seat, game_choices
from players.models import Club, Player


def _tie_break_list(value: str) -> None:
    names = [name for name in value.split(",") if name]
    unknown = [name for name in names if name not in schemes.TieBreak.__members__.values()]
    if unknown or len(set(names)) != len(names):
        raise ValidationError(_("Choose tie-breaks from the list, each at most once."))


class Competition(models.Model):
    class Kind(models.TextChoices):
        PLACEMENT = schemes.Kind.PLACEMENT, _("Placement points")
        RAW = schemes.Kind.RAW, _("Raw totals")
        RELATIVE = schemes.Kind.RELATIVE, _("Table-relative score")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(_("name"), max_length=100)
    game = models.CharField(_("game"), max_length=32, choices=game_choices)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    kind = models.CharField(_("scoring scheme"), max_length=12, choices=Kind.choices, default=Kind.PLACEMENT)
    placement_points = models.CharField(
        _("points by place"),
        max_length=100,
        default="10,8,6,5,4,3,2,1",
        validators=[validate_comma_separated_integer_list],
        help_text=_("For placement points: first place first, separated by commas."),
    )
    best_of = models.PositiveSmallIntegerField(
        _("best evenings that count"), null=True, blank=True, help_text=_("Empty: every evening counts.")
    )
    min_evenings = models.PositiveSmallIntegerField(_("minimum attendance (evenings)"), default=0)
    tie_breaks = models.CharField(
        _("tie-breaks, in order"),
        max_length=100,
        default="wins,average_place",
        validators=[_tie_break_list],
        help_text=_("From: wins, average_place, played, last_evening."),
    )
    booby_prize = models.BooleanField(_("booby prize"), default=False)
    # The game's options every table starts with (a shorter target for a club evening...).
    options = models.JSONField(_("game options"), default=dict, blank=True)
    standings_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            raise ValidationError({"ends_on": _("The season cannot end before it starts.")})

    @property
    def scheme(self) -> schemes.Scheme:
        return schemes.Scheme(
            kind=schemes.Kind(self.kind),
            placement_points=tuple(int(p) for p in self.placement_points.split(",") if p),
            best_of=self.best_of,
            min_evenings=self.min_evenings,
            tie_breaks=tuple(schemes.TieBreak(t) for t in self.tie_breaks.split(",") if t),
            booby_prize=self.booby_prize,
        )

    def finished_tables(self) -> list[schemes.Table]:
        """The finished tables of the counted evenings, from the seats' stored final places."""
        seats = (
            Seat.objects.filter(
                match__league_table__evening__competition=self,
                match__league_table__evening__counts=True,
                match__status=Match.Status.FINISHED,
                match__deleted_at__isnull=True,
            )
            .order_by("match_id", "position")
            .values_list(
                "match_id", "match__league_table__evening_id", "player_id", "final_rank", "final_total"
            )
        )
        tables: dict[int, tuple[int, list[schemes.Place]]] = {}
        for match_id, evening_id, player_id, rank, total in seats:
            tables.setdefault(match_id, (evening_id, []))[1].append(
                schemes.Place(player_id, rank or 0, total or 0)
            )
        return [schemes.Table(evening, tuple(places)) for evening, places in tables.values()]

    @transaction.atomic
    def refresh_standings(self) -> None:
        """Rebuild the stored standings (and each row's trend since the last evening)."""
        # Two tables finishing at once rebuild one after the other, not into each other's rows.
        Competition.objects.select_for_update().filter(pk=self.pk).values_list("pk").get()
        tables = self.finished_tables()
        scheme = self.scheme
        rows = schemes.standings(scheme, tables)
        last = max((t.evening for t in tables), default=None)
        before = schemes.standings(scheme, [t for t in tables if t.evening != last])
        moves = schemes.trend(before, rows)
        Standing.objects.filter(competition=self).delete()
        Standing.objects.bulk_create(
            Standing(
                competition=self,
                player_id=row.player,
                position=index,
                rank=row.rank,
                points=_decimal(row.points),
                played=row.played,
                tables=row.tables,
                wins=row.wins,
                average_place=_decimal(row.average_place),
                trend=moves[row.player],
                booby=row.booby,
                evenings={str(e): str(_decimal(p)) for e, p in row.evenings},
                counted=sorted(row.counted),
            )
            for index, row in enumerate(rows)
        )
        self.standings_at = timezone.now()
        self.save(update_fields=["standings_at"])


def _decimal(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"))


class Evening(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="evenings")
    date = models.DateField(_("date"))
    counts = models.BooleanField(_("counts for the standings"), default=True)
    present = models.ManyToManyField(Player, blank=True, related_name="evenings", verbose_name=_("present"))

    class Meta:
        ordering = ["date", "pk"]

    def __str__(self) -> str:
        return f"{self.competition} {self.date}"

    @property
    def club(self) -> Club:
        return self.competition.club

    def next_round(self) -> int:
        last = self.tables.aggregate(models.Max("round"))["round__max"]
        return (last or 0) + 1

    @transaction.atomic
    def remove(self) -> None:
        """Delete the evening: who was present and its seating (the ``Table`` rows) go; the
        matches played at its tables stay as ordinary matches of the club (a table's match is
        not deleted with it, and one still open can be finished), and the competition's
        standings are rebuilt without them."""
        competition = self.competition
        self.delete()
        competition.refresh_standings()

    @transaction.atomic
    def draw_and_start(self, *, by: object = None, rng: random.Random | None = None) -> list[Table]:
        """Draw the next round's seating for the players present and start every table's match.

        ``seating.NoSeating`` when the players present do not fit the game's tables;
        ``StillPlaying`` while a table of the last round is open (a player cannot sit at two);
        ``scoring.Refused`` if the engine refuses a table (nothing is stored then)."""
        if self.tables.filter(
            match__status=Match.Status.IN_PROGRESS, match__deleted_at__isnull=True
        ).exists():
            raise StillPlaying
        rules = scoring.get_game(self.competition.game)
        players = sorted(self.present.values_list("pk", flat=True))
        sizes = seating.table_sizes(len(players), rules.player_counts)
        history = Seat.objects.filter(match__league_table__evening__competition=self.competition)
        by_match: dict[int, list[int]] = {}
        for match_id, player_id in history.values_list("match_id", "player_id"):
            by_match.setdefault(match_id, []).append(player_id)
        met = seating.meetings([tuple(tuple(t) for t in by_match.values())])
        drawn = seating.draw(players, sizes, met, rng or random.Random(secrets.randbits(64)))
        round_number = self.next_round()
        tables = []
        for number, seated in enumerate(drawn, start=1):
            # Teams: the engine's default seating for partnerships (None for solo games).
            match = Match.start(
                club=self.club, game=rules.slug, players=list(seated), options=self.competition.options, by=by
            )
            tables.append(Table.objects.create(evening=self, round=round_number, number=number, match=match))
        return tables


class StillPlaying(Exception):
    """A table of the evening's last round is still playing: no reseating yet."""


class Table(models.Model):
    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="league_table")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "round", "number"], name="league_table_once_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.evening} {self.round}.{self.number}"


class Standing(models.Model):
    """One player's stored row in a competition's standings (see ``Competition.refresh_standings``)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    position = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField(null=True, blank=True)  # None: below minimum attendance
    points = models.DecimalField(max_digits=12, decimal_places=2)
    played = models.PositiveSmallIntegerField()
    tables = models.PositiveSmallIntegerField()
    wins = models.PositiveSmallIntegerField()
    average_place = models.DecimalField(max_digits=6, decimal_places=2)
    trend = models.SmallIntegerField(null=True, blank=True)
    booby = models.BooleanField(default=False)
    evenings = models.JSONField(default=dict)  # evening id -> points that evening
    counted = models.JSONField(default=list)  # evening ids that count (best N of M)

    class Meta:
        ordering = ["competition", "position"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], name="league_standing_once_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.competition}: {self.player} {self.rank}"
