"""Club evenings, their tables, competitions and the standings stored for them.

A competition belongs to a club and covers one or several games. What counts for it is either
the tables of its club evenings (``counts = evenings``: each evening plays one of the
competition's games and is one unit of the season), or every finished match of the club in
those games within its dates (``counts = matches``: each match its own unit, whether it was
played on an evening or not). The arithmetic lives in pure modules (``league.seating``,
``league.schemes``); the models only gather the values those functions take and store what they
return. Standings are stored rows, rebuilt from the seats' final ranks and totals (one query)
when a match that counts finishes or changes after finishing (``league.receivers``), never
replayed on a page view.

Game options (a shorter target for a club evening...) are kept per game, ``{slug: options}``:
the engine refuses an option a game does not know, so one set cannot serve two games.
"""

from __future__ import annotations

import datetime
import logging
import random
import re
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any, NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_comma_separated_integer_list
from django.db import models, transaction
from django.db.models import Count, Prefetch, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.protocol import GameHome
from games.tables import value_label
from house.homes import home_by_slug, names_by_slug
from house.models import HouseGame
from league import schemes, seating
from league.signals import standings_failed
from matches.models import Match, Seat, display_name, game_choices
from players.models import Club, Player
from players.versioned import claim_version

# Points by place are bounded so that every standing fits its stored decimal (Decimal(12, 2)):
# 10 000 points a table leave room for a million tables. No table seats more than six, so 20
# places are plenty; the character limit of the field alone would allow 50.
MAX_PLACEMENT_POINTS = 10_000
MAX_PLACES = 20

logger = logging.getLogger(__name__)

DEFAULT_TIE_BREAKS = [schemes.TieBreak.WINS.value, schemes.TieBreak.AVERAGE_PLACE.value]


def default_tie_breaks() -> list[str]:
    return list(DEFAULT_TIE_BREAKS)


def validate_games(value: object) -> None:
    """At least one game, each a game of the registry or a house game, each once."""
    known = {slug for slug, _label in game_choices()}
    if isinstance(value, list):
        named = [slug for slug in value if isinstance(slug, str)]
        # Retired ones too: a competition that played a house game the club deleted since still
        # names it (what a new list may choose is the form's and the API's choices).
        known |= set(HouseGame.objects.filter(slug__in=named).values_list("slug", flat=True))
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(slug, str) and slug in known for slug in value)
        or len(set(value)) != len(value)
    ):
        raise ValidationError(_("Choose at least one game, each at most once."), code="games")


def club_plays(club: Club, slug: str) -> bool:
    """Whether ``slug`` is a built-in game or one of ``club``'s own house games: what its
    tables may play (a competition's list takes any house game's slug)."""
    if slug in {known for known, _label in game_choices()}:
        return True
    return HouseGame.objects.current().filter(club=club, slug=slug).exists()


def validate_tie_breaks(value: object) -> None:
    names = set(schemes.TieBreak)
    if (
        not isinstance(value, list)
        or not all(isinstance(name, str) and name in names for name in value)
        or len(set(value)) != len(value)
    ):
        raise ValidationError(_("Choose tie-breaks from the list, each at most once."), code="tie_breaks")


def _tie_break_list(value: str) -> None:
    """The comma text of tie-breaks before they became a list: migration 0001 still names it."""
    validate_tie_breaks([name for name in value.split(",") if name])


def validate_placement_points(value: str) -> None:
    """At most ``MAX_PLACES`` places, none worth more than ``MAX_PLACEMENT_POINTS``. Text that is
    not a list of numbers is left to ``validate_comma_separated_integer_list``, which says so."""
    try:
        points = [int(p) for p in value.split(",")]
    except ValueError:
        return
    if len(points) > MAX_PLACES:
        raise ValidationError(
            _("Give points to at most %(limit)d places."),
            code="too_many_places",
            params={"limit": MAX_PLACES},
        )
    if max(points) > MAX_PLACEMENT_POINTS:
        raise ValidationError(
            _("A place scores at most %(limit)d points."),
            code="too_many_points",
            params={"limit": MAX_PLACEMENT_POINTS},
        )


TABLE_SIZES = range(2, 7)  # the seats a table can have, for points by place per table size


def validate_placement_by_size(value: object) -> None:
    """``{"3": "10,7,4"}``: a table size of 2 to 6 seats, each with a list as
    ``placement_points`` takes it."""
    if not isinstance(value, dict) or not all(
        isinstance(size, str) and size in {str(n) for n in TABLE_SIZES} and isinstance(points, str)
        for size, points in value.items()
    ):
        raise ValidationError(_("Give points by place for tables of 2 to 6 seats."), code="placement_by_size")
    for points in value.values():
        validate_comma_separated_integer_list(points)
        validate_placement_points(points)


def validate_options(value: object) -> None:
    if not isinstance(value, dict) or not all(isinstance(o, dict) for o in value.values()):
        raise ValidationError(_("Game options are kept per game."), code="options")


class Competition(models.Model):
    class EarlyTables(models.TextChoices):
        AS_PLAYED = "as_played", _("As played so far")
        NOT_COUNTED = "not_counted", _("Not at all")

    class SitOutScore(models.TextChoices):
        NOTHING = "nothing", _("Nothing")
        AVERAGE = "average", _("The average of that round")
        FIXED = "fixed", _("A fixed number of points")

    class Kind(models.TextChoices):
        PLACEMENT = schemes.Kind.PLACEMENT, _("Placement points")
        RAW = schemes.Kind.RAW, _("Raw totals")
        RELATIVE = schemes.Kind.RELATIVE, _("Table-relative score")
        EVENING_RANK = schemes.Kind.EVENING_RANK, _("Placement points by the evening's total")

    class Counts(models.TextChoices):
        EVENINGS = "evenings", _("The tables of the club evenings")
        MATCHES = "matches", _("Every finished match of the club in these games")

    class TieBreak(models.TextChoices):
        WINS = schemes.TieBreak.WINS, _("Most wins")
        AVERAGE_PLACE = schemes.TieBreak.AVERAGE_PLACE, _("Best average place")
        PLAYED = schemes.TieBreak.PLAYED, _("Most evenings (or matches) played")
        LAST_EVENING = schemes.TieBreak.LAST_EVENING, _("Most points on the last evening (or match) played")
        ALL_POINTS = (
            schemes.TieBreak.ALL_POINTS,
            _("Most points over all evenings (or matches), dropped ones too"),
        )
        HEAD_TO_HEAD = schemes.TieBreak.HEAD_TO_HEAD, _("Head to head: most often ahead of the tied players")
        BEST_UNIT = schemes.TieBreak.BEST_UNIT, _("Most points on one's best evening (or match)")
        FEWEST_DROPPED = schemes.TieBreak.FEWEST_DROPPED, _("Fewest evenings (or matches) dropped")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(_("name"), max_length=100)
    # Game slugs, in the order the secretary gave them; the first is an evening's default.
    games = models.JSONField(_("games"), default=list, validators=[validate_games])
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    counts = models.CharField(
        _("what counts"), max_length=12, choices=Counts.choices, default=Counts.EVENINGS
    )
    kind = models.CharField(_("scoring scheme"), max_length=12, choices=Kind.choices, default=Kind.PLACEMENT)
    placement_points = models.CharField(
        _("points by place"),
        max_length=100,
        default="10,8,6,5,4,3,2,1",
        validators=[validate_comma_separated_integer_list, validate_placement_points],
        help_text=_("For placement points: first place first, separated by commas."),
    )
    # Table size ("3") -> points by place at a table of that size, where the club gives one.
    placement_by_size = models.JSONField(
        _("points by place per table size"), default=dict, blank=True, validators=[validate_placement_by_size]
    )
    best_of = models.PositiveSmallIntegerField(
        _("best evenings that count"), null=True, blank=True, help_text=_("Empty: every evening counts.")
    )
    min_evenings = models.PositiveSmallIntegerField(_("minimum attendance (evenings)"), default=0)
    # TieBreak values, in the order they apply.
    tie_breaks = models.JSONField(
        _("tie-breaks, in order"), default=default_tie_breaks, blank=True, validators=[validate_tie_breaks]
    )
    booby_prize = models.BooleanField(_("booby prize"), default=False)
    # Per game, the options every table of it starts with: {slug: {"target": 100}}.
    options = models.JSONField(_("game options"), default=dict, blank=True, validators=[validate_options])
    standings_at = models.DateTimeField(null=True, blank=True)
    # When the last rebuild of the standings failed (None once one succeeds): the standings page
    # tells the club's secretary that the standings are older than the tables.
    standings_failed_at = models.DateTimeField(null=True, blank=True)
    # A past season, archived: its standings are final (a later change to one of its matches no
    # longer moves them) and it is listed among the club's past seasons and its roll of honour.
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)
    # The final table as it stood when the season was archived (``StandingRow`` values, names
    # included): what the season's pages, API and roll of honour show while it is archived,
    # whatever later happens to its matches or players. None while the season is current.
    final_standings = models.JSONField(null=True, blank=True, editable=False)
    # A table that ended before its planned end: counted as played so far, or not at all.
    early_tables = models.CharField(
        _("tables ended early"),
        max_length=12,
        choices=EarlyTables.choices,
        default=EarlyTables.AS_PLAYED,
        db_default=EarlyTables.AS_PLAYED,
    )
    # What a player seated out of a round (the present players did not fill the tables) scores.
    sit_out = models.CharField(
        _("a round sat out scores"),
        max_length=8,
        choices=SitOutScore.choices,
        default=SitOutScore.NOTHING,
        db_default=SitOutScore.NOTHING,
    )
    sit_out_points = models.DecimalField(
        _("points for a round sat out"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    # One more with every save of the settings: a form or API client that read an older one is
    # refused instead of putting back what another secretary changed meanwhile.
    version = models.PositiveIntegerField(default=1, db_default=1)

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors: dict[str, ValidationError] = {}
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            errors["ends_on"] = ValidationError(_("The season cannot end before it starts."))
        if self.kind == self.Kind.RAW and isinstance(self.games, list) and len(self.games) > 1:
            errors["kind"] = ValidationError(
                _(
                    "Raw totals of different games cannot be added up: choose placement points or "
                    "the table-relative score, or keep one game."
                ),
                code="raw_over_games",
            )
        if self.pk and isinstance(self.games, list):
            playing = self.evenings.exclude(game__in=self.games).values_list("game", flat=True).first()
            if playing:
                errors["games"] = ValidationError(
                    _("An evening of this competition plays %(game)s: keep that game."),
                    code="game_in_use",
                    params={"game": _game_name(playing)},
                )
        if self.sit_out == self.SitOutScore.FIXED and self.sit_out_points is None:
            errors["sit_out_points"] = ValidationError(
                _("Give the points a round sat out scores."), code="sit_out_points_required"
            )
        if errors:
            raise ValidationError(errors)

    def plan_evenings(self, dates: Iterable[datetime.date]) -> None:
        """An evening on each date of the season that has none yet (so best N of M knows its M);
        the evenings already planned stay."""
        planned = set(self.evenings.values_list("date", flat=True))
        Evening.objects.bulk_create(
            Evening(competition=self, date=day, game=self.games[0]) for day in dates if day not in planned
        )

    @transaction.atomic
    def archive(self, by: Any = None) -> None:
        """Archive the season: its final table is stored as it stands (``final_standings``,
        rebuilt first so that a table finished a moment ago is in it), and every match it
        counted is closed (``Match.closed_at``: its rounds can no longer change), so that
        nothing moves the table afterwards. ``by`` is who did it (recorded in its history);
        ``archive(False)`` reopens it (``reopen``). Archiving an archived season changes
        nothing."""
        if by is False:
            self.reopen(None)
            return
        by = None if by is True else by
        if self._locked_archived_at() is not None:
            return
        # With a table finished a moment ago whose rebuild (a task) has not run yet.
        self.refresh_standings()
        now = timezone.now()
        self.final_standings = [_final_json(row) for row in self._stored_rows()]
        self.archived_at = now
        self.save(update_fields=["final_standings", "archived_at"])
        SeasonEvent.objects.create(
            competition=self, action=SeasonEvent.Action.ARCHIVED, by=by, by_name=_who(by, self), at=now
        )
        # The sheets are kept under the match's updated_at: they now say the match is closed.
        self.season_matches().update(closed_at=now, updated_at=now)

    @transaction.atomic
    def reopen(self, by: Any = None) -> None:
        """Bring an archived season back among the current ones (an owner's or admin's explicit
        act, recorded in its history): its final table is dropped, its matches open again for
        corrections (unless another archived season still counts them) and its standings are
        rebuilt from them as they are now. Reopening a current season changes nothing."""
        if self._locked_archived_at() is None:
            return
        self._release_matches()
        self.final_standings, self.archived_at = None, None
        self.save(update_fields=["final_standings", "archived_at"])
        SeasonEvent.objects.create(
            competition=self, action=SeasonEvent.Action.REOPENED, by=by, by_name=_who(by, self)
        )
        self.refresh_standings()

    def _locked_archived_at(self) -> datetime.datetime | None:
        """Lock the competition's row (a rebuild, an archive or a reopen of it waits) and read
        whether it is archived as last committed."""
        locked = Competition.objects.select_for_update().filter(pk=self.pk)
        self.archived_at = locked.values_list("archived_at", flat=True).get()
        return self.archived_at

    def _season_q(self) -> Q:
        """The matches that make the season's record (a condition on ``Match``): the tables of
        its evenings (deleted ones too: a restore would change the record), or, where every
        match counts, the finished matches its standings count (as ``finished_tables``)."""
        if not self.counts_matches:
            return Q(league_table__evening__competition=self)
        return Q(
            club_id=self.club_id,
            status=Match.Status.FINISHED,
            deleted_at__isnull=True,
            game__in=self.games,
            finished_at__date__range=(self.starts_on, self.ends_on),
        )

    def season_matches(self) -> models.QuerySet[Match]:
        """The matches of the season's record, closed while it is archived (``_season_q``)."""
        return Match.objects.filter(self._season_q())

    def _release_matches(self) -> None:
        """Open this season's matches for corrections again, except those another archived
        season of the club still counts (their record is final too)."""
        others = Competition.objects.filter(club_id=self.club_id, archived_at__isnull=False)
        mine = self.season_matches()
        kept = [other._season_q() for other in others.exclude(pk=self.pk).defer("final_standings")]
        if kept:
            either = kept[0]
            for condition in kept[1:]:
                either |= condition
            mine = mine.exclude(pk__in=Match.objects.filter(either).values("pk"))
        mine.update(closed_at=None, updated_at=timezone.now())

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        """Deleted, an archived season's matches stay as ordinary club matches, open for
        corrections (unless another archived season still counts them)."""
        with transaction.atomic():
            if self.archived_at is not None:
                self._release_matches()
            return super().delete(*args, **kwargs)

    def refuse_if_archived(self) -> None:
        """``SeasonArchived`` while the season is archived: nothing may change its record (a new
        evening, an evening's date or deletion, presence, a draw, seating, a match attached)."""
        if self.archived_at is not None:
            raise SeasonArchived(self)

    def refuse_settings_if_archived(self, evening_dates: Iterable[datetime.date] = ()) -> None:
        """``SeasonArchived`` when this instance, as a form or the API has changed it, changes
        more of an archived season than its name (or plans new evenings). A rename is allowed:
        the record is not in the name."""
        if self.archived_at is None:
            return
        fields = [field.attname for field in self._meta.concrete_fields if field.name not in NOT_SETTINGS]
        stored = Competition.objects.filter(pk=self.pk).values(*fields).get()
        planned = set(self.evenings.values_list("date", flat=True))
        if any(getattr(self, name) != stored[name] for name in fields) or set(evening_dates) - planned:
            raise SeasonArchived(self)

    def history(self) -> list[SeasonEvent]:
        """Who archived and reopened the season, and when, oldest first."""
        return list(self.events.all())

    @transaction.atomic
    def next_season(self) -> Competition:
        """A new season with this one's settings (games, what counts, scheme, options), its
        name's year moved on ("Winter 2026" becomes "Winter 2027"), starting the day after this
        one ends; its planned evenings moved on by whole weeks, so each keeps its weekday and
        its time: the fewest weeks that carry them past this season (a season of 122 days, 17
        weeks and 3 days, moves them 18 weeks: 17 would put a last Thursday's evening on the
        new season's first Thursday, before it starts). The new season ends that many weeks
        after this one, to hold them."""
        days = (self.ends_on - self.starts_on).days + 1
        shift = datetime.timedelta(weeks=-(-days // 7))
        name = re.sub(r"\b(19|20)(\d\d)\b", lambda year: str(int(year.group()) + 1), self.name)
        if name == self.name:
            name = _("%(name)s (next)") % {"name": self.name}
        fields = [
            "games", "counts", "kind", "placement_points", "placement_by_size", "best_of",
            "min_evenings", "tie_breaks", "booby_prize", "options", "sit_out", "sit_out_points",
            "early_tables",
        ]  # fmt: skip
        season = Competition.objects.create(
            club_id=self.club_id,
            name=str(name)[:100],
            starts_on=self.ends_on + datetime.timedelta(days=1),
            ends_on=self.ends_on + shift,
            **{field: getattr(self, field) for field in fields},
        )
        Evening.objects.bulk_create(
            Evening(
                competition=season,
                date=evening.date + shift,
                starts_at=evening.starts_at,
                game=evening.game,
                counts=evening.counts,
            )
            for evening in self.evenings.all()
        )
        return season

    @property
    def counts_matches(self) -> bool:
        return self.counts == self.Counts.MATCHES

    @property
    def early_tables_count(self) -> bool:
        """A table that ended early counts, as it stood then (``early_tables``)."""
        return self.early_tables == self.EarlyTables.AS_PLAYED

    def table_counts(self, match: Match) -> bool:
        """Whether a table's match gives points: finished, and, if it ended early, counted so."""
        finished = match.status == Match.Status.FINISHED
        return finished and (match.ended_early_at is None or self.early_tables_count)

    def options_for(self, game: str) -> dict[str, Any]:
        return dict(self.options.get(game, {}))

    def option_lines(self, games: Iterable[str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
        """The options set for the tables, as pages show them: per game (of ``games``, all the
        competition's by default) its name and each option's label and value."""
        lines = []
        for slug in self.games if games is None else games:
            chosen = self.options.get(slug) or {}
            if not chosen:
                continue
            home = home_by_slug(slug)
            words = [
                (home.option_label(option.name), value_label(home, option, chosen[option.name]))
                for option in home.game.options
                if option.name in chosen
            ]
            lines.append((str(home.name), words))
        return lines

    def game_names(self) -> list[str]:
        names = names_by_slug(self.games)
        return [names[slug] for slug in self.games]

    def placement_lists(self) -> list[tuple[int | None, str]]:
        """Points by place as the page states them: the one list (seats None), then each table
        size the club scores differently ("10-7-4")."""
        lists: list[tuple[int | None, str]] = [(None, self.placement_points.replace(",", "-"))]
        by_size = sorted((int(size), points) for size, points in self.placement_by_size.items())
        return lists + [(size, points.replace(",", "-")) for size, points in by_size]

    def tie_break_labels(self) -> list[str]:
        return [str(self.TieBreak(name).label) for name in self.tie_breaks]

    @property
    def scheme(self) -> schemes.Scheme:
        return schemes.Scheme(
            kind=schemes.Kind(self.kind),
            placement_points=tuple(int(p) for p in self.placement_points.split(",") if p),
            best_of=self.best_of,
            min_evenings=self.min_evenings,
            tie_breaks=tuple(schemes.TieBreak(t) for t in self.tie_breaks),
            booby_prize=self.booby_prize,
            placement_by_size=tuple(
                (int(size), tuple(int(p) for p in points.split(",") if p))
                for size, points in sorted(self.placement_by_size.items())
            ),
            sit_out=schemes.SitOutScore(self.sit_out),
            sit_out_points=Fraction(self.sit_out_points or 0),
        )

    def finished_tables(self) -> tuple[list[schemes.Table], dict[int, object]]:
        """The finished tables that count, from the seats' stored final places, in one query;
        and, per unit, the session it belongs to (its evening, or the day a match finished),
        which the trend compares against. A table that ended early counts as it stood then
        (its seats' final places are the engine's standings after the deals played), or not
        at all, as the competition's ``early_tables`` says."""
        seats = Seat.objects.filter(match__status=Match.Status.FINISHED, match__deleted_at__isnull=True)
        if not self.early_tables_count:
            seats = seats.filter(match__ended_early_at__isnull=True)
        if self.counts_matches:
            seats = seats.filter(
                match__club_id=self.club_id,
                match__game__in=self.games,
                match__finished_at__date__range=(self.starts_on, self.ends_on),
            )
            unit, when = "match_id", "match__finished_at"
            in_round: str | models.Value = models.Value(0)
        else:
            seats = seats.filter(
                match__league_table__evening__competition=self, match__league_table__evening__counts=True
            )
            unit, when = "match__league_table__evening_id", "match__league_table__evening__date"
            # A table's round: whoever sat that round out scores by its tables.
            in_round = "match__league_table__round"
        found = seats.order_by("match_id", "position").values_list(
            "match_id", unit, when, "player_id", "final_rank", "final_total", in_round
        )
        tables: dict[int, tuple[int, Any, list[schemes.Place]]] = {}
        rounds: dict[int, int] = {}
        for match_id, unit_id, at, player_id, rank, total, round_number in found:
            place = schemes.Place(player_id, rank or 0, total or 0)
            tables.setdefault(match_id, (unit_id, at, []))[2].append(place)
            rounds[match_id] = round_number
        # A unit's place in the season goes by date (an evening created late may be an early one).
        dated = sorted({(at, unit_id) for unit_id, at, _places in tables.values()})
        order = {unit_id: index for index, (_at, unit_id) in enumerate(dated)}
        session: dict[int, object] = {
            unit_id: timezone.localdate(at) if isinstance(at, datetime.datetime) else unit_id
            for unit_id, at, _places in tables.values()
        }
        return [
            schemes.Table(u, tuple(places), order[u], rounds[match_id])
            for match_id, (u, _at, places) in tables.items()
        ], session

    def finished_sit_outs(self) -> list[schemes.SitOut]:
        """The rounds sat out at the counted evenings whose tables have all finished (a round
        still playing has no score to give yet), in one query; none where every match counts."""
        if self.counts_matches:
            return []
        playing = Table.objects.filter(
            evening=models.OuterRef("evening"),
            round=models.OuterRef("round"),
            match__status=Match.Status.IN_PROGRESS,
            match__deleted_at__isnull=True,
        )
        found = SitOut.objects.filter(evening__competition=self, evening__counts=True).exclude(
            models.Exists(playing)
        )
        return [
            schemes.SitOut(evening, round_number, player)
            for evening, round_number, player in found.values_list("evening_id", "round", "player_id")
        ]

    def evenings_with_tables(self) -> models.QuerySet[Evening]:
        """The evenings in date order, each with its ``table_count`` (an aggregate's query drops
        ``Meta.ordering``, hence the explicit order)."""
        return self.evenings.annotate(table_count=Count("tables")).order_by("date", "pk")

    def open_matches(self) -> models.QuerySet[Match]:
        """The matches still playing that would count once finished: the open tables of the
        counted evenings, or (every match counting) the club's open matches in these games
        while the season runs (they would finish today)."""
        # Every table of the competition's evenings is a match of its club: naming the club lets
        # the club's (club, status) index find the few open ones among a season of thousands.
        matches = Match.objects.filter(
            club_id=self.club_id, status=Match.Status.IN_PROGRESS, deleted_at__isnull=True
        )
        if not self.counts_matches:
            return matches.filter(league_table__evening__competition=self, league_table__evening__counts=True)
        if not self.starts_on <= timezone.localdate() <= self.ends_on:
            return matches.none()
        return matches.filter(game__in=self.games)

    def refresh_standings(self, *, raise_failure: bool = False) -> None:
        """Rebuild the stored standings (and each row's trend since the last session: the last
        evening, or the last day a counted match finished).

        A rebuild that fails (a scheme stored before its points were bounded, whose standings
        the database cannot hold; a deadlock it lost) keeps the standings as they were, is
        logged, and is recorded in ``standings_failed_at`` for the standings page to show the
        club's secretary; ``standings_failed`` is then sent, on which ``league.receivers`` queues
        another attempt. It is raised with ``raise_failure`` (the rebuild tasks, which the
        worker then reports failed), and not otherwise, so the table or the edit that asked for
        it still goes through. A rebuild that succeeds clears it.

        An archived season's table is final: nothing rebuilds it (a rename, a merge, a task)."""
        if self.archived_at is not None:
            return
        try:
            self._rebuild_standings()
        except Exception:
            logger.exception("The standings of competition %s could not be rebuilt", self.pk)
            previous, self.standings_failed_at = self.standings_failed_at, timezone.now()
            Competition.objects.filter(pk=self.pk).update(standings_failed_at=self.standings_failed_at)
            standings_failed.send(Competition, competition=self, previous=previous)
            if raise_failure:
                raise

    @transaction.atomic  # inside a caller's transaction, a savepoint: a failure undoes only this
    def _rebuild_standings(self) -> None:
        # Two tables finishing at once rebuild one after the other, not into each other's rows;
        # and a season archived meanwhile (this object read before) keeps its final table.
        if self._locked_archived_at() is not None:
            return
        tables, session = self.finished_tables()
        sit_outs = self.finished_sit_outs()
        scheme = self.scheme
        rows = schemes.standings(scheme, tables, sit_outs)
        last = max((t.order, session[t.unit]) for t in tables)[1] if tables else None
        # The last session's sit-outs fall out with its tables (no table, no score).
        before = schemes.standings(scheme, [t for t in tables if session[t.unit] != last], sit_outs)
        moves = schemes.trend(before, rows)
        days: dict[int, dict[str, Fraction]] = {}
        if self.counts_matches:
            for row in rows:
                per_day = days.setdefault(row.player, {})
                for unit, points in row.units:
                    day = str(session[unit])  # the ISO date the match finished
                    per_day[day] = per_day.get(day, Fraction(0)) + points
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
                evenings={str(unit): str(_decimal(p)) for unit, p in row.units},
                counted=sorted(row.counted),
                days={day: str(_decimal(p)) for day, p in days.get(row.player, {}).items()},
            )
            for index, row in enumerate(rows)
        )
        self.standings_at, self.standings_failed_at = timezone.now(), None
        self.save(update_fields=["standings_at", "standings_failed_at"])

    def rows(self, *, units: bool = True, days: bool = True) -> list[StandingRow]:
        """The stored standings in order, as values: an archived season's final table as it
        was archived (names as they were then), otherwise the stored rows. ``units=False``
        leaves out each row's points per unit and the units that count (a key per match where
        every match counts), ``days=False`` its points per day played (the season table's):
        the JSON is read only where it is shown."""
        if self.archived_at is not None and self.final_standings is not None:
            return [_final_row(row, units=units, days=days) for row in self.final_standings]
        return self._stored_rows(units=units, days=days)

    def _stored_rows(self, *, units: bool = True, days: bool = True) -> list[StandingRow]:
        """The ``Standing`` rows in order (``rows``)."""
        left_out: dict[str, Any] = {"evenings": {}, "counted": []} if not units else {}
        if not days:
            left_out["days"] = {}
        read = [(field, name) for field, name in zip(STANDING_FIELDS, StandingRow._fields, strict=True)]
        read = [(field, name) for field, name in read if name not in left_out]
        found = self.standings.order_by("position").values_list(*(field for field, _name in read))
        if not left_out:
            return [StandingRow._make(row) for row in found]
        names = [name for _field, name in read]
        return [StandingRow(**dict(zip(names, row, strict=True)), **left_out) for row in found]

    def season(
        self, rows: Iterable[StandingRow], evenings: Iterable[Evening]
    ) -> tuple[list[datetime.date], list[tuple[StandingRow, list[tuple[str, bool]]]]]:
        """The season as columns of dates and each row's cells per column: the points ("" where
        the player did not play) and whether they were dropped by best N. Per evening, or, where
        every match counts, per day played (stored with the row: a column per match would grow
        without end; a day's points are all its matches', counted or not)."""
        if self.counts_matches:
            rows = list(rows)
            days = sorted({day for row in rows for day in row.days})
            columns = [datetime.date.fromisoformat(day) for day in days]
            return columns, [(row, [(row.days.get(day, ""), False) for day in days]) for row in rows]
        dated = [(evening.date, evening.pk) for evening in evenings]
        progression = []
        for row in rows:
            counted = set(row.counted)
            cells = []
            for _day, pk in dated:
                points = row.evenings.get(str(pk), "")
                cells.append((points, points != "" and pk not in counted))
            progression.append((row, cells))
        return [day for day, _pk in dated], progression

    @classmethod
    def counting(cls, match: Match) -> list[Competition]:
        """The competitions a match counts for, or counted for before this write, found in one
        query: the competition of its club evening (if that evening counts), and the club's
        competitions where every match in its game counts whose dates hold the day it finished.
        An open match (an undo reopened it: the day it had finished is gone) may have counted on
        any date, so those competitions are all taken, which is rare and harmless. The game is
        checked here rather than in SQL: a lookup inside a JSON list is not portable to SQLite."""
        loose = Q(counts=cls.Counts.MATCHES, club_id=match.club_id)
        if match.finished_at is not None:
            day = timezone.localdate(match.finished_at)
            loose &= Q(starts_on__lte=day, ends_on__gte=day)
        on_evening = Q(counts=cls.Counts.EVENINGS, evenings__tables__match=match, evenings__counts=True)
        # An archived season's standings are final.
        found = cls.objects.filter(loose | on_evening, archived_at__isnull=True).distinct()
        return [c for c in found if not c.counts_matches or match.game in c.games]


def _game_name(slug: str) -> str:
    return names_by_slug([slug])[slug]


# The fields that are not the season's settings: an archived season takes a new name, and the
# rest is its record or kept by the site (``Competition.refuse_settings_if_archived``).
NOT_SETTINGS = frozenset(
    {"id", "club", "name", "standings_at", "standings_failed_at", "archived_at", "final_standings", "version"}
)


def _who(user: Any, competition: Competition) -> str:
    """A user as the season's history keeps them (the player they are in the club, or their
    name), also after their account is deleted."""
    return display_name(user, competition.club)[:150] if user is not None else ""


def _final_json(row: StandingRow) -> dict[str, Any]:
    """A stored row as the final table keeps it in JSON (decimals as text, exact)."""
    return {**row._asdict(), "points": str(row.points), "average_place": str(row.average_place)}


def _final_row(stored: dict[str, Any], *, units: bool, days: bool) -> StandingRow:
    """A row of the final table as ``Competition.rows`` gives it."""
    values = {name: stored[name] for name in StandingRow._fields}
    values["points"], values["average_place"] = Decimal(stored["points"]), Decimal(stored["average_place"])
    if not units:
        values["evenings"], values["counted"] = {}, []
    if not days:
        values["days"] = {}
    return StandingRow(**values)


def _placed_first(side: Side) -> tuple[bool, int]:
    """A report's sides by place, a side without one (its table not finished) after them all."""
    return side.rank is None, side.rank or 0


def _decimal(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"))


def _next_number(tables: Sequence[Table], players: set[int]) -> int:
    """``Evening.next_table_number`` from the evening's tables read with their seats (deleted
    ones too: a deleted table seats nobody and makes no round, but keeps its number)."""
    live = [table for table in tables if table.match.deleted_at is None]
    last = max((table.round for table in live), default=0)
    latest = [table for table in live if table.round == last]
    sat = any(seat.player_id in players for table in latest for seat in table.match.seats.all())
    round_number = last + 1 if last == 0 or sat else last
    return max((table.number for table in tables if table.round == round_number), default=0) + 1


class Evening(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="evenings")
    date = models.DateField(_("date"))
    # When play begins, in the club's time zone (the site's, TIME_ZONE); none: the calendar feed
    # shows the evening as a whole day.
    starts_at = models.TimeField(
        _("starts at"), null=True, blank=True, help_text=_("Optional: when play begins.")
    )
    # One of the competition's games; empty is filled with its first on save. No choices: a
    # house game of the club is one too (``clean`` checks it against the competition's).
    game = models.CharField(_("game"), max_length=32, blank=True)
    counts = models.BooleanField(_("counts for the standings"), default=True)
    present = models.ManyToManyField(Player, blank=True, related_name="evenings", verbose_name=_("present"))
    # One more with every save of its date, time, game or "counts" (see ``Competition.version``).
    version = models.PositiveIntegerField(default=1, db_default=1)

    class Meta:
        ordering = ["date", "pk"]

    def __str__(self) -> str:
        return f"{self.competition} {self.date}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.game:
            self.game = self.competition.games[0]
        super().save(*args, **kwargs)

    def clean(self) -> None:
        games = self.competition.games if self.competition_id else []
        if self.game and ((games and self.game not in games) or not club_plays(self.club, self.game)):
            raise ValidationError({"game": _("Choose one of the competition's games.")})

    @property
    def club(self) -> Club:
        return self.competition.club

    @cached_property
    def home(self) -> GameHome:
        """The evening's game (a house game's as the club keeps it now: its tables copy it)."""
        return home_by_slug(self.game)

    @cached_property
    def game_name(self) -> str:
        """The game's name (a list of evenings reads them all at once and sets them)."""
        return _game_name(self.game)

    def option_lines(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The options its tables start with (``Competition.option_lines`` of its game)."""
        return self.competition.option_lines([self.game])

    def finished(self) -> bool:
        """Every table of the evening has ended (and there is at least one): its report is due."""
        tables = self.tables.filter(match__deleted_at__isnull=True)
        return tables.exists() and not tables.filter(match__status=Match.Status.IN_PROGRESS).exists()

    def report_mail_state(self, now: datetime.datetime | None = None) -> ReportMailState:
        """When the report was last mailed, and until when the hour's mailings are used up (one
        query)."""
        now = now or timezone.now()
        recent = list(self.report_mails.order_by("-at").values_list("at", flat=True)[:REPORT_MAILS_PER_HOUR])
        full = len(recent) == REPORT_MAILS_PER_HOUR and recent[-1] > now - REPORT_MAIL_HOUR
        return ReportMailState(
            last=recent[0] if recent else None, held_until=recent[-1] + REPORT_MAIL_HOUR if full else None
        )

    @transaction.atomic
    def record_report_mail(self, *, again: bool = False, now: datetime.datetime | None = None) -> None:
        """Record that the report is mailed now (the caller queues the mail in the same
        transaction). ``ReportMailLimit`` after ``REPORT_MAILS_PER_HOUR`` mailings in the last
        hour; ``ReportMailedAlready`` when it was mailed before and ``again`` is not said: one
        mailing per evening unless a secretary asks for another."""
        # Two presses at once: the second waits here and finds the first's mailing.
        Evening.objects.select_for_update().filter(pk=self.pk).values_list("pk").get()
        now = now or timezone.now()
        state = self.report_mail_state(now)
        if state.held_until is not None:
            raise ReportMailLimit(state.held_until)
        if state.last is not None and not again:
            raise ReportMailedAlready(state.last)
        ReportMail.objects.create(evening=self, at=now)

    def report(self) -> EveningReport:
        """What the evening brought: each table with its sides (a pair, or a player) in
        finishing order and what the competition's scheme gives them there, who sat out each
        round, the evening's result per player (their sum over its tables, a round sat out
        included, and in an ``evening_rank`` season the points of their evening rank), and the
        competition's standings as they stand now (with each player's move since the session
        before, when this evening is the latest) and its booby prize."""
        competition = self.competition
        scheme = competition.scheme
        tables = list(
            self.tables.filter(match__deleted_at__isnull=True)
            .select_related("match")
            .prefetch_related(Prefetch("match__seats", queryset=Seat.objects.select_related("player")))
        )
        sides = table_sides(scheme, tables, early_counts=competition.early_tables_count)
        sit_outs = list(self.sit_outs.select_related("player"))
        names = {seat.player_id: seat.player.name for t in tables for seat in t.match.seats.all()}
        names |= {sit.player_id: sit.player.name for sit in sit_outs}
        finished = [t for t in tables if competition.table_counts(t.match)]
        results = schemes.unit_results(
            scheme,
            [schemes.Table(self.pk, _places(t), 0, t.round) for t in finished],
            [schemes.SitOut(self.pk, sit.round, sit.player_id) for sit in sit_outs],
        )
        latest = not competition.evenings.filter(date__gt=self.date, tables__isnull=False).exists()
        rows = competition.rows(units=False, days=False)
        return EveningReport(
            evening=self,
            tables=[
                ReportTable(t.round, t.number, sorted(sides[t.pk], key=_placed_first), t) for t in tables
            ],
            rows=rows,
            moves=latest,
            booby=[row.name for row in rows if row.booby],
            results=[
                EveningResult(names[found.player], found.total, found.rank, found.points) for found in results
            ],
            evening_rank=scheme.kind is schemes.Kind.EVENING_RANK,
            sit_outs=sorted(self.sat_out().items()),
        )

    def sat_out(self) -> dict[int, list[str]]:
        """Per round, the names of the players who sat it out (one query)."""
        found: dict[int, list[str]] = {}
        for round_number, name in self.sit_outs.order_by("round", "player__name").values_list(
            "round", "player__name"
        ):
            found.setdefault(round_number, []).append(name)
        return found

    def expected(self) -> list[int]:
        """Who is likely to come: the players present at the competition's latest earlier
        evening (none retired since), for the presence list to start from."""
        before = self.competition.evenings.filter(date__lt=self.date).order_by("-date", "-pk").first()
        if before is None:
            return []
        return list(before.present.filter(retired_at__isnull=True).values_list("pk", flat=True))

    # --- presence, per player: two secretaries ticking at once both land -----------------------

    @transaction.atomic
    def change_presence(
        self, *, add: Iterable[int] = (), remove: Iterable[int] = (), version: int | None = None
    ) -> None:
        """Tick the players ``add`` present and ``remove`` absent (ids of the club's players),
        leaving every other tick as it is stored, and move the evening's version on.

        ``version``: the evening's as the caller read it (``players.versioned.Stale`` if it has
        moved since). ``ValidationError`` (``plays_at_table``), nothing changed, for a player to
        remove who sits at a table of the evening still playing: one sentence per player, naming
        the table."""
        claim_version(self, version)  # the row stays locked: a draw waits, and so does another tick
        absent = set(remove) - set(add)
        self._refuse_absent_while_playing(absent)
        self.present.remove(*absent)
        self.present.add(*add)

    @transaction.atomic
    def set_present(self, players: Iterable[int], *, version: int | None = None) -> None:
        """Exactly ``players`` present (the API's whole list): the ticks that differ from what is
        stored are changed, as ``change_presence`` changes them."""
        claim_version(self, version)
        wanted = set(players)
        stored = set(self.present.values_list("pk", flat=True))
        self._refuse_absent_while_playing(stored - wanted)
        self.present.remove(*(stored - wanted))
        self.present.add(*(wanted - stored))

    def _refuse_absent_while_playing(self, players: set[int]) -> None:
        if not players:
            return
        seated = (
            Seat.objects.filter(
                match__league_table__evening=self,
                match__status=Match.Status.IN_PROGRESS,
                match__deleted_at__isnull=True,
                player_id__in=players,
            )
            .order_by("player__name", "player_id")
            .values_list("player__name", "match__league_table__number", "match__league_table__round")
        )
        refusals = [
            ValidationError(
                _(
                    "%(name)s plays at table %(table)d of round %(round)d: %(name)s can be marked "
                    "absent once that table has ended."
                ),
                code="plays_at_table",
                params={"name": name, "table": table, "round": round_number},
            )
            for name, table, round_number in seated
        ]
        if refusals:
            raise ValidationError(refusals)

    def free_players(self) -> list[tuple[int, str]]:
        """The players present and free to sit (at no table of the evening still playing), by
        name, as ``(id, name)``: whom seating by hand offers."""
        playing = Seat.objects.filter(
            match__league_table__evening=self,
            match__status=Match.Status.IN_PROGRESS,
            match__deleted_at__isnull=True,
        ).values("player_id")
        return list(self.present.exclude(pk__in=playing).order_by("name", "pk").values_list("pk", "name"))

    def next_table_number(
        self, players: Iterable[tuple[int, str]], tables: Sequence[Table] | None = None
    ) -> int:
        """The number the next table seated by hand will take, if seated from ``players``: the
        latest round's next, unless one of them sat in it (then 1, of a new round), as
        ``start_tables`` decides once the seats are known. ``tables``: the evening's tables as
        the page has read them already, with their matches' seats (no query then)."""
        if tables is not None:
            return _next_number(tables, {pk for pk, _name in players})
        return self._free_number(self._round_for({pk for pk, _name in players}))

    def next_round(self) -> int:
        """The round a draw starts: the one after the latest with a table not deleted (a deleted
        table, its match deleted, makes no round: it is gone from the evening until restored)."""
        last = self.tables.filter(match__deleted_at__isnull=True).aggregate(models.Max("round"))["round__max"]
        return (last or 0) + 1

    def _free_number(self, round_number: int) -> int:
        """The next table's number in ``round_number``: after every table of it, deleted ones
        too, which keep theirs so that restoring one finds its number free."""
        numbers = self.tables.filter(round=round_number).aggregate(models.Max("number"))
        return (numbers["number__max"] or 0) + 1

    @transaction.atomic
    def remove(self) -> None:
        """Delete the evening: who was present and its seating (the ``Table`` rows) go; the
        matches played at its tables stay as ordinary matches of the club (a table's match is
        not deleted with it, and one still open can be finished), and the competition's
        standings are rebuilt without them."""
        competition = self.competition
        competition.refuse_if_archived()
        self.delete()
        competition.refresh_standings()

    @transaction.atomic
    def draw_and_start(self, *, by: object = None, rng: random.Random | None = None) -> list[Table]:
        """Draw the next round's seating for the players present and start every table's match.

        ``seating.NoSeating`` when the players present do not fit the game's tables;
        ``StillPlaying`` while a table of the last round is open (a player cannot sit at two);
        ``scoring.Refused`` if the engine refuses a table (nothing is stored then)."""
        # Two presses of "Draw" at once: the second waits here until the first has committed,
        # then finds its tables playing, instead of numbering the same round or seating the
        # same players at a second set of open tables.
        Evening.objects.select_for_update().filter(pk=self.pk).values_list("pk").get()
        self.competition.refuse_if_archived()
        if self.tables.filter(
            match__status=Match.Status.IN_PROGRESS, match__deleted_at__isnull=True
        ).exists():
            raise StillPlaying
        drawn = self.draw(rng)
        round_number = self.next_round()
        SitOut.objects.bulk_create(
            SitOut(evening=self, round=round_number, player_id=player) for player in drawn.sitting_out
        )
        return [
            self._start_table(list(seated), round_number, number, by)
            for number, seated in enumerate(drawn.tables, start=self._free_number(round_number))
        ]

    def draw(self, rng: random.Random | None = None) -> Drawn:
        """A seating of the players present for the next round, started by nobody: the draw's
        tables, which the secretary may change before starting them (``start_tables``), and who
        sits the round out when the players present do not fill the game's tables (the fewest
        needed, those who sat out least this competition first: ``seating.sitting_out``)."""
        rules = self.home.game
        present = sorted(self.present.values_list("pk", flat=True))
        rng = rng or random.Random(secrets.randbits(64))
        sat_out = Counter(
            SitOut.objects.filter(evening__competition=self.competition).values_list("player_id", flat=True)
        )
        out = seating.sitting_out(present, rules.player_counts, sat_out, rng, self.home.evening_table_sizes)
        players = [player for player in present if player not in out]
        sizes = seating.table_sizes(len(players), rules.player_counts, self.home.evening_table_sizes)
        # A deleted table's meetings and partnerships are not held against anyone.
        history = Seat.objects.filter(
            match__league_table__evening__competition=self.competition, match__deleted_at__isnull=True
        )
        by_match: dict[int, list[int]] = {}
        by_team: dict[tuple[int, int], list[int]] = {}
        for match_id, player_id, team in history.values_list("match_id", "player_id", "team"):
            by_match.setdefault(match_id, []).append(player_id)
            if team is not None:
                by_team.setdefault((match_id, team), []).append(player_id)
        met = seating.meetings([tuple(tuple(t) for t in by_match.values())])
        # A partnership game's tables start with the engine's default teams: the draw seats the
        # players so that those teams pair partners who have partnered least this season.
        teams = {size: found for size in set(sizes) if (found := rules.check_teams(size, None))}
        partnered = seating.meetings([tuple(tuple(t) for t in by_team.values())])
        tables = list(seating.draw(players, sizes, met, rng, teams=teams, partnered=partnered))
        return Drawn(tables, sorted(out))

    def _start_table(self, players: list[int], round_number: int, number: int, by: object) -> Table:
        # Teams: the engine's default seating for partnerships (None for solo games).
        match = Match.start(
            club=self.club,
            game=self.game,
            players=players,
            options=self.competition.options_for(self.game),
            by=by,
        )
        return Table.objects.create(evening=self, round=round_number, number=number, match=match)

    def _round_for(self, players: set[int]) -> int:
        """Where a table seated by hand (or a match attached) goes: the latest round, unless one
        of its players already sits in it (then the next), so a paper evening's tables entered
        one by one share their round."""
        last = self.next_round() - 1
        if last == 0:
            return 1
        taken = Seat.objects.filter(
            match__league_table__evening=self, match__league_table__round=last, match__deleted_at__isnull=True
        )
        return last + 1 if taken.filter(player_id__in=players).exists() else last

    def _check_free(self, players: set[int]) -> None:
        """Nobody may sit at two tables of the evening still playing."""
        playing = Seat.objects.filter(
            match__league_table__evening=self,
            match__status=Match.Status.IN_PROGRESS,
            match__deleted_at__isnull=True,
            player_id__in=players,
        ).values_list("player__name", flat=True)
        busy = sorted(playing)
        if busy:
            raise ValidationError(
                _("Already playing at a table of this evening: %(names)s."),
                code="still_playing",
                params={"names": ", ".join(busy)},
            )

    @transaction.atomic
    def start_tables(
        self, seatings: Sequence[Sequence[int]], *, by: object = None, rest_sit_out: bool = False
    ) -> list[Table]:
        """Start a table per list of players (ids of the club's players, in seating order):
        seating by hand, or the draw's tables as the secretary changed them. They join the
        latest round unless one of them sits in it already; everybody seated is marked present.
        With ``rest_sit_out`` (the draw's tables: the whole round) the players present left
        unseated in that round sit it out; a player seated is never sitting out their round.

        ``ValidationError`` (nothing started) for no table, a player of another club or seated
        twice, a table size the game does not allow, or a player at a table still playing;
        ``scoring.Refused`` if the engine refuses a table."""
        Evening.objects.select_for_update().filter(pk=self.pk).values_list("pk").get()
        self.competition.refuse_if_archived()
        tables = [list(players) for players in seatings if players]
        everybody = [player for players in tables for player in players]
        if not tables:
            raise ValidationError(_("Seat the players of at least one table."), code="required")
        if len(set(everybody)) != len(everybody):
            raise ValidationError(_("A player can sit at one table only."), code="duplicate_player")
        if self.club.players.filter(pk__in=everybody).count() != len(everybody):
            raise ValidationError(_("Seat the club's own players."), code="unknown_player")
        allowed = self.home.game.player_counts
        for players in tables:
            if len(players) not in allowed:
                raise ValidationError(
                    ngettext_lazy(
                        "A table of %(count)d player does not fit this game (tables of %(sizes)s).",
                        "A table of %(count)d players does not fit this game (tables of %(sizes)s).",
                        "count",
                    ),
                    code="wrong_player_count",
                    params={"count": len(players), "sizes": ", ".join(map(str, allowed))},
                )
        self._check_free(set(everybody))
        round_number = self._round_for(set(everybody))
        number = (
            self.tables.filter(round=round_number).aggregate(models.Max("number"))["number__max"] or 0
        ) + 1
        started = [
            self._start_table(players, round_number, number + index, by)
            for index, players in enumerate(tables)
        ]
        self.change_presence(add=everybody)
        self.sit_outs.filter(round=round_number, player_id__in=everybody).delete()
        if rest_sit_out:
            seated = Seat.objects.filter(
                match__league_table__evening=self, match__league_table__round=round_number
            )
            resting = self.present.exclude(pk__in=seated.values("player_id")).values_list("pk", flat=True)
            SitOut.objects.bulk_create(
                (SitOut(evening=self, round=round_number, player_id=player) for player in resting),
                ignore_conflicts=True,
            )
        return started

    @transaction.atomic
    def attach(self, match: Match) -> Table:
        """Make a finished or running match of the club, in the evening's game, a table of the
        evening (a table played outside the draw, a paper evening entered afterwards); its
        players are marked present and the standings rebuilt when it counts.

        ``ValidationError`` for a match of another club or game or a deleted one;
        ``ChangedMeanwhile`` for one that is a table of an evening already. The match's row is
        locked too: two requests making it a table of two evenings at once are one after the
        other, and the second finds it taken."""
        Evening.objects.select_for_update().filter(pk=self.pk).values_list("pk").get()
        Match.objects.select_for_update().filter(pk=match.pk).values_list("pk").get()
        self.competition.refuse_if_archived()
        if match.club_id != self.competition.club_id or match.deleted_at is not None:
            raise ValidationError(_("Choose a match of this club."), code="unknown_match")
        if match.game != self.game:
            raise ValidationError(
                _("This evening plays %(game)s: choose a match of that game."),
                code="wrong_game",
                params={"game": self.game_name},
            )
        if Table.objects.filter(match=match).exists():
            raise ChangedMeanwhile(_("This match is a table of an evening already."), code="already_a_table")
        players = set(match.seats.values_list("player_id", flat=True))
        if match.status == Match.Status.IN_PROGRESS:
            self._check_free(players)
        round_number = self._round_for(players)
        number = (
            self.tables.filter(round=round_number).aggregate(models.Max("number"))["number__max"] or 0
        ) + 1
        table = Table.objects.create(evening=self, round=round_number, number=number, match=match)
        self.change_presence(add=players)
        self.sit_outs.filter(round=round_number, player_id__in=players).delete()  # they played it
        if match.status == Match.Status.FINISHED and self.counts:
            self.competition.refresh_standings()
        return table


class Drawn(NamedTuple):
    """A round as the draw seats it: its tables (players in seating order) and who sits it out."""

    tables: list[tuple[int, ...]]
    sitting_out: list[int]


class Side(NamedTuple):
    """One side of a table as the evening page shows it: a pair (a partnership game) or one
    player, its place at the table once it finished, and what the competition's scheme gives
    each of its players for the table (the table's own points: placement, table-relative or raw;
    the evening's ranking, where that is the scheme, comes from the sum of these)."""

    names: list[str]
    rank: int | None
    points: Fraction | None


def _places(table: Table) -> tuple[schemes.Place, ...]:
    """A finished table's places, from its match's seats (prefetched)."""
    seats = table.match.seats.all()
    return tuple(schemes.Place(s.player_id, s.final_rank or 0, s.final_total or 0) for s in seats)


def table_sides(
    scheme: schemes.Scheme, tables: Iterable[Table], *, early_counts: bool = True
) -> dict[int, list[Side]]:
    """Per table (by pk), its sides in seat order, from its match's seats (prefetched with their
    players: no query per table). ``early_counts``: a table that ended early gives points
    (``Competition.early_tables_count``); otherwise it shows its places and no points."""
    found: dict[int, list[Side]] = {}
    for table in tables:
        seats = list(table.match.seats.all())
        finished = table.match.status == Match.Status.FINISHED
        points: dict[int, Fraction] = {}
        if finished and (early_counts or table.match.ended_early_at is None):
            points = schemes.table_points(scheme, schemes.Table(table.evening_id, _places(table)))
        by_team: dict[object, list[Seat]] = {}
        for seat in seats:
            by_team.setdefault(seat.position if seat.team is None else ("team", seat.team), []).append(seat)
        found[table.pk] = [
            Side(
                [seat.player.name for seat in side],
                side[0].final_rank if finished else None,
                points.get(side[0].player_id),
            )
            for side in by_team.values()
        ]
    return found


class ReportTable(NamedTuple):
    round: int
    number: int
    sides: list[Side]  # in finishing order
    table: Table  # with its match


class EveningResult(NamedTuple):
    """A player's evening: ``total``, the sum of their table points (in a pair game, the points of
    every pair they played in); ``rank`` on it; ``points``, what the evening gives them in the
    standings (the total, or in an ``evening_rank`` season the points of that rank)."""

    name: str
    total: Fraction
    rank: int
    points: Fraction


class EveningReport(NamedTuple):
    evening: Evening
    tables: list[ReportTable]
    rows: list[StandingRow]
    moves: bool  # the rows' trend is this evening's movement (it is the latest evening played)
    booby: list[str]
    results: list[EveningResult]  # the evening's own ranking, best first
    evening_rank: bool  # the season scores the evening's rank: the results say its points
    sit_outs: list[tuple[int, list[str]]]  # round, who sat it out


class ChangedMeanwhile(ValidationError):
    """A refusal because of what another request stored a moment ago, not because of what this
    one asks (a match made a table of another evening, a player merged away): the API answers
    409, the phone pages say it as any refusal."""


class SeasonArchived(ChangedMeanwhile):
    """A write that would change an archived season's record: reopen it first. The season's
    state refuses it, not what was asked (the API answers 409, ``LeagueConfig.api_error``)."""

    def __init__(self, competition: Competition) -> None:
        super().__init__(
            _("%(name)s is archived: reopen it first."),
            code="season_archived",
            params={"name": competition.name},
        )


class StillPlaying(Exception):
    """A table of the evening's last round is still playing: no reseating yet."""


# An evening's report goes to every member: once, then again only when a secretary asks, and at
# most this many times in an hour (a double tap or a stale page sends nothing).
REPORT_MAILS_PER_HOUR = 3
REPORT_MAIL_HOUR = datetime.timedelta(hours=1)


class ReportMailState(NamedTuple):
    last: datetime.datetime | None  # when the report was last mailed; None: never
    held_until: datetime.datetime | None  # the hour's mailings are used up until then


class ReportMailedAlready(Exception):
    """The report was mailed at ``at``: another mailing needs the secretary's "send it again"."""

    def __init__(self, at: datetime.datetime) -> None:
        super().__init__(at)
        self.at = at


class ReportMailLimit(Exception):
    """``REPORT_MAILS_PER_HOUR`` mailings in the last hour: the next may go at ``until``."""

    def __init__(self, until: datetime.datetime) -> None:
        super().__init__(until)
        self.until = until


class ReportMail(models.Model):
    """One mailing of an evening's report to the members (``Evening.record_report_mail``)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="report_mails")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.evening} report mailed {self.at:%Y-%m-%d %H:%M}"


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


class SitOut(models.Model):
    """A player present who sat out a round of an evening: the present players did not fill the
    tables, and the draw seated them out in turn (``Competition.sit_out`` says what they score)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="sit_outs")
    round = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="sit_outs")

    class Meta:
        ordering = ["round", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "round", "player"], name="league_sit_out_once_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"{self.evening} {self.round}: {self.player} sits out"


class SeasonEvent(models.Model):
    """The season's own history: who archived or reopened it, and when."""

    class Action(models.TextChoices):
        ARCHIVED = "archived", _("archived")
        REOPENED = "reopened", _("reopened")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="events")
    action = models.CharField(max_length=10, choices=Action.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # Who it was, also after their account is deleted.
    by_name = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.competition} {self.action} {self.at:%Y-%m-%d}"


class Honour(NamedTuple):
    """A past season's podium, as the club's roll of honour lists it."""

    competition: Competition
    podium: list[tuple[int | None, str, Decimal]]  # rank, name, points: the first three ranks
    booby: list[str]


def roll_of_honour(club: Club) -> list[Honour]:
    """The club's archived seasons, latest first, each with its first three ranks (shared ranks
    included) and its booby prize, from each season's final table (names as they were then), in
    one query; a season archived before final tables were kept reads its stored rows (two)."""
    seasons = list(club.competitions.filter(archived_at__isnull=False).order_by("-ends_on", "name"))
    found: list[tuple[int, int | None, str, Decimal, bool]] = [
        (season.pk, row.rank, row.name, row.points, row.booby)
        for season in seasons
        for row in season.rows(units=False, days=False)
        if season.final_standings is not None and ((row.rank is not None and row.rank <= 3) or row.booby)
    ]
    older = [season for season in seasons if season.final_standings is None]
    if older:
        rows = Standing.objects.filter(competition__in=older).filter(Q(rank__lte=3) | Q(booby=True))
        found += rows.order_by("position").values_list(
            "competition_id", "rank", "player__name", "points", "booby"
        )
    podiums: dict[int, list[tuple[int | None, str, Decimal]]] = {}
    boobies: dict[int, list[str]] = {}
    for competition_id, rank, name, points, booby in found:
        if rank is not None and rank <= 3:
            podiums.setdefault(competition_id, []).append((rank, name, points))
        if booby:
            boobies.setdefault(competition_id, []).append(name)
    return [Honour(season, podiums.get(season.pk, []), boobies.get(season.pk, [])) for season in seasons]


class StandingRow(NamedTuple):
    """A stored standing read as plain values with its player's name: a ladder has a row per
    member, and building a model pair per row cost the standings page more than its queries."""

    rank: int | None
    player_id: int
    name: str
    points: Decimal
    played: int
    tables: int
    wins: int
    average_place: Decimal
    trend: int | None
    booby: bool
    evenings: dict[str, str]
    counted: list[int]
    days: dict[str, str]


STANDING_FIELDS = (  # a ``StandingRow``, as a query reads it
    "rank",
    "player_id",
    "player__name",
    "points",
    "played",
    "tables",
    "wins",
    "average_place",
    "trend",
    "booby",
    "evenings",
    "counted",
    "days",
)


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
    # Per unit of the season: evening id (or match id, where every match counts) -> points.
    evenings = models.JSONField(default=dict)
    counted = models.JSONField(default=list)  # the units that count (best N of M)
    # Where every match counts: day played (ISO date) -> points that day, for the season table.
    days = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["competition", "position"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], name="league_standing_once_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.competition}: {self.player} {self.rank}"


def new_calendar_token() -> str:
    return secrets.token_urlsafe(32)


class ClubCalendar(models.Model):
    """A club's calendar feed: a private link (no login: a calendar app cannot log in) that
    members add to their calendars; revoking deletes it, a new one is a new token."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="calendar")
    token = models.CharField(max_length=64, unique=True, default=new_calendar_token)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"calendar of {self.club}"

    @classmethod
    def renew(cls, club: Club) -> ClubCalendar:
        """A new link; the old one, if any, stops working."""
        cls.objects.filter(club=club).delete()
        return cls.objects.create(club=club)
