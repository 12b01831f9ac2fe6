"""The secretary's forms. A competition's games are ticked from the registry and its tie-breaks
picked in order from up to four selects; the words of "best N" and the minimum attendance follow
what counts (evenings or matches). An evening offers a game only when its competition has several.
The rules beyond the model's own checks are ``league.rules``, which the API (``league.api``)
uses too, so a competition or an evening is checked by one set of rules whichever way it comes in;
neither reshapes its input into the other's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.db import models, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from games.protocol import GameHome
from games.registry import all_homes
from league import rules
from league.models import TABLE_SIZES, Competition, Evening, Table, validate_placement_points
from league.seating import NoSeating, most_seated
from league.seating import table_sizes as seating_sizes
from matches.models import Match, Seat
from players.models import PLAYER_NAME_MAX_LENGTH, Player
from players.versioned import add_version_field, claim_version, read_version
from scoring import get_game
from scoring.options import BoolOption, ChoiceOption, Option

TIE_BREAK_FIELDS = tuple(f"tie_break_{n + 1}" for n in range(rules.MAX_TIE_BREAKS))
MAX_SEATS = 6  # no game seats more at a table
MAX_TABLES = 20  # tables seated by hand in one go: a club hall
ATTACHABLE = 30  # the club's latest matches offered to attach to an evening
# Points by place per table size, one text per size: ``placement_points_3`` for a table of three.
SIZE_FIELDS = {size: f"placement_points_{size}" for size in TABLE_SIZES}
TIE_BREAK_LABELS = (_("First tie-break"), _("Then (second)"), _("Then (third)"), _("Then (fourth)"))

# What "best N" and the minimum attendance count, by what the competition counts.
UNIT_LABELS = {
    Competition.Counts.EVENINGS: {
        "best_of": (_("Best evenings that count"), _("Empty: every evening counts.")),
        "min_evenings": (_("Minimum attendance (evenings)"), _("Fewer evenings: listed without a rank.")),
    },
    Competition.Counts.MATCHES: {
        "best_of": (_("Best matches that count"), _("Empty: every match counts.")),
        "min_evenings": (_("Minimum matches played"), _("Fewer matches: listed without a rank.")),
    },
}


class IsoDateInput(forms.DateInput):
    """A date field as the browser's date picker reads it: always ISO (2026-12-04), whatever the
    page's language. Dutch and French formats ("04-12-2026") would leave the picker empty; the
    browser shows the ISO value in the reader's own form."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


class DatesField(forms.CharField):
    """Dates separated by commas, spaces or lines, each as a date field reads it (2026-01-15)."""

    widget = forms.Textarea(attrs={"rows": 2})

    def to_python(self, value: Any) -> list[Any]:  # type: ignore[override]
        text = super().to_python(value) or ""
        read = forms.DateField()
        parts = [part for part in text.replace(",", " ").split() if part]
        return sorted({read.clean(part) for part in parts})


def option_field_name(slug: str, option: str) -> str:
    return f"option_{slug}_{option}"


def _option_field(home: GameHome, option: Option, initial: object) -> forms.Field:
    """A game option of the competition's tables: empty keeps the game's default (a new
    match's own form, ``matches.setup_forms``, asks the same options)."""
    label = home.option_label(option.name)
    default = _("Game default")
    if isinstance(option, ChoiceOption):
        choices = [("", default), *((c, home.option_label(f"{option.name}.{c}")) for c in option.choices)]
        return forms.ChoiceField(label=label, choices=choices, required=False, initial=initial)
    if isinstance(option, BoolOption):
        return forms.TypedChoiceField(
            label=label,
            choices=[("", default), ("true", _("yes")), ("false", _("no"))],
            coerce=lambda value: value == "true",
            empty_value=None,
            required=False,
            initial={True: "true", False: "false"}.get(initial, "") if isinstance(initial, bool) else "",
        )
    return forms.IntegerField(
        label=label,
        required=False,
        initial=initial,
        help_text=_("Empty: the game's default."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class OptionGroup:
    """One game's options on the competition form."""

    def __init__(self, home: GameHome, fields: list[forms.BoundField]) -> None:
        self.slug, self.name, self.fields = home.slug, home.name, fields

    @property
    def filled(self) -> bool:
        """Open on the page when something is set or refused."""
        return any(field.value() not in (None, "") or field.errors for field in self.fields)


class CompetitionForm(forms.ModelForm):
    games = forms.MultipleChoiceField(
        label=_("Games"),
        choices=lambda: rules.game_choices(None),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one game.")},
        help_text=_("An evening plays one of them. Raw totals need a single game."),
    )
    tie_break_1 = forms.ChoiceField(required=False)
    tie_break_2 = forms.ChoiceField(required=False)
    tie_break_3 = forms.ChoiceField(required=False)
    tie_break_4 = forms.ChoiceField(required=False)
    evening_dates = DatesField(
        label=_("Evenings of the season"),
        required=False,
        help_text=_(
            "Their dates (2026-01-15 2026-02-12…): the evenings are planned, and “best 3 of 4” "
            "knows its 4. Evenings already planned stay."
        ),
    )

    class Meta:
        model = Competition
        fields = [
            "name",
            "games",
            "starts_on",
            "ends_on",
            "counts",
            "kind",
            "placement_points",
            "best_of",
            "min_evenings",
            "booby_prize",
            "early_tables",
            "sit_out",
            "sit_out_points",
        ]
        widgets = {
            "starts_on": IsoDateInput(),
            "ends_on": IsoDateInput(),
        }
        help_texts = {
            "counts": _("Best N and the minimum attendance then count evenings or matches."),
            "early_tables": _(
                "A table stopped before its end (closing time, a player left): its places after the "
                "deals played, or nothing."
            ),
            "sit_out": _(
                "When the players present do not fill the tables, the draw seats out the fewest "
                "needed, in turn. The average: what the players of that round got from their tables."
            ),
            "sit_out_points": _("For a fixed number: what a round sat out scores."),
        }

    # The model's fields in their order, the points per table size after the one list, the
    # tie-breaks just before the booby prize, the season's evening dates after the dates; the
    # fields after the booby prize (how a table ended early counts...) follow in their order.
    field_order = [
        "name",
        "games",
        "starts_on",
        "ends_on",
        "evening_dates",
        "counts",
        "kind",
        "placement_points",
        *SIZE_FIELDS.values(),
        "best_of",
        "min_evenings",
        *TIE_BREAK_FIELDS,
        "booby_prize",
    ]

    def clean_name(self) -> str:
        return rules.clean_name(self.cleaned_data.get("name"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Left out of a post (a page older than the setting): the stored choice, or the default.
        self.fields["sit_out"].required = False
        self.fields["early_tables"].required = False
        if self.instance.club_id is not None:  # the club's house games after the built-in ones
            games = self.fields["games"]
            assert isinstance(games, forms.MultipleChoiceField)
            games.choices = rules.game_choices(self.instance.club, self.instance.games or ())
        for size, name in SIZE_FIELDS.items():
            self.fields[name] = forms.RegexField(
                regex=r"^\d+(,\d+)*$",
                required=False,
                label=_("Points by place at a table of %(seats)d") % {"seats": size},
                help_text=_("Empty: the list above."),
                validators=[validate_placement_points],
                error_messages={"invalid": _("Enter only digits separated by commas.")},
                initial=(self.instance.placement_by_size or {}).get(str(size), ""),
            )
        stored = self.instance.options or {}
        self.option_names: dict[str, dict[str, str]] = {}
        for home in all_homes():
            names = self.option_names[home.slug] = {}
            for option in get_game(home.slug).options:
                name = names[option.name] = option_field_name(home.slug, option.name)
                self.fields[name] = _option_field(home, option, stored.get(home.slug, {}).get(option.name))
        self.order_fields(self.field_order)
        choices = [("", _("(none)")), *Competition.TieBreak.choices]
        stated = list(self.instance.tie_breaks or [])
        for index, (name, label) in enumerate(zip(TIE_BREAK_FIELDS, TIE_BREAK_LABELS, strict=True)):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.label, field.choices = label, choices
            field.initial = stated[index] if index < len(stated) else ""
        counts = self.data.get(self.add_prefix("counts")) if self.is_bound else self.instance.counts
        matches = counts == Competition.Counts.MATCHES
        words = UNIT_LABELS[Competition.Counts.MATCHES if matches else Competition.Counts.EVENINGS]
        for name, (label, help_text) in words.items():
            self.fields[name].label, self.fields[name].help_text = label, help_text
            # Both wordings on the input: the page's script switches them when "what counts" changes.
            self.fields[name].widget.attrs.update(
                {f"data-label-{unit}": str(labels[name][0]) for unit, labels in UNIT_LABELS.items()}
                | {f"data-help-{unit}": str(labels[name][1]) for unit, labels in UNIT_LABELS.items()}
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # A gap is skipped: "Then" without "First" still means that order.
        chosen = [(name, cleaned[name]) for name in TIE_BREAK_FIELDS if cleaned.get(name)]
        stated = [value for _name, value in chosen]
        repeated = rules.repeated_tie_breaks(stated)
        for index, refusal in repeated.items():
            self.add_error(chosen[index][0], refusal)
        # Before the model's own checks (``_post_clean``), which see the list as stored.
        self.instance.tie_breaks = [value for index, value in enumerate(stated) if index not in repeated]
        self.instance.options = self._options(cleaned)
        outside = rules.dates_outside_season(
            cleaned.get("evening_dates") or [], cleaned.get("starts_on"), cleaned.get("ends_on")
        )
        if outside:
            self.add_error("evening_dates", outside)
        self.instance.placement_by_size = {
            str(size): cleaned[name] for size, name in SIZE_FIELDS.items() if cleaned.get(name)
        }
        return cleaned

    @property
    def scheme_fields(self) -> list[forms.BoundField]:
        """Every field but the games' options, which the page groups per game."""
        options = {name for names in self.option_names.values() for name in names.values()}
        return [field for field in self if field.name not in options and not field.is_hidden]

    @property
    def option_groups(self) -> list[OptionGroup]:
        return [
            OptionGroup(home, [self[name] for name in self.option_names[home.slug].values()])
            for home in all_homes()
            if self.option_names[home.slug]
        ]

    def _options(self, cleaned: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The options set for the games ticked, checked by each game's own option rules as a
        new match's are; a refused value is said next to its field."""
        given = {
            slug: {option: cleaned.get(name) for option, name in names.items()}
            for slug, names in self.option_names.items()
        }
        options, refusals = rules.table_options(cleaned.get("games") or [], given)
        for (slug, option), refusal in refusals.items():
            self.add_error(self.option_names[slug].get(option), refusal)
        return options

    @transaction.atomic
    def save(self, commit: bool = True) -> Competition:
        competition = super().save(commit)
        if commit:
            competition.plan_evenings(self.cleaned_data.get("evening_dates") or [])
        return competition


class EveningForm(forms.ModelForm):
    """A new evening of ``competition``: its date, when play begins (optional), whether it
    counts, and its game when the competition has several (otherwise the evening plays the one
    game).

    With ``ask_same_day`` (the standings page), a date that already has an evening of the
    competition is refused once, naming it (``same_day``); the form then carries ``again`` and
    a second press makes the second evening. The API, a program, is not asked."""

    same_day: Evening | None = None

    class Meta:
        model = Evening
        fields = ["date", "starts_at", "game", "counts"]
        widgets = {
            "date": IsoDateInput(),
            "starts_at": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def __init__(
        self, *args: Any, competition: Competition, ask_same_day: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.instance.competition = competition
        if ask_same_day:
            self.fields["again"] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        if len(competition.games) > 1:
            # The model keeps no choices (a club's house games are games too): the competition's.
            self.fields["game"] = forms.ChoiceField(
                label=Evening._meta.get_field("game").verbose_name,
                choices=list(zip(competition.games, competition.game_names(), strict=True)),
                initial=competition.games[0],
            )
        else:
            del self.fields["game"]
        if competition.counts_matches:
            # Every match counts anyway: the evening is for presence and the draw.
            del self.fields["counts"]
        if not self.instance.pk:
            self.fields["date"].initial = timezone.localdate  # a club evening is entered on the night

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        day = cleaned.get("date")
        if "again" in self.fields and day is not None and not cleaned.get("again"):
            evenings = self.instance.competition.evenings.filter(date=day).exclude(pk=self.instance.pk)
            self.same_day = evenings.first()
            if self.same_day is not None:
                self.add_error(
                    "date",
                    forms.ValidationError(
                        _(
                            "There is an evening on %(date)s already. Open it, or tap “New evening” "
                            "again for a second one."
                        ),
                        code="same_day",
                        params={"date": date_format(day, "DATE_FORMAT")},
                    ),
                )
        return cleaned


class PresenceForm(forms.Form):
    """Who is present: the club's players (members and guests alike), ticked.

    ``was`` holds who was present when the page was drawn (ids, by commas), so that saving
    changes only the ticks this page changed (``changes``): another secretary's ticks made
    meanwhile stay. A post without it (a script of old) sets the whole list."""

    from_last_evening = False  # the ticks are last evening's, not yet saved for this one

    present: forms.ModelMultipleChoiceField[Player] = forms.ModelMultipleChoiceField(
        queryset=None, required=False, widget=forms.CheckboxSelectMultiple
    )
    was = forms.RegexField(
        regex=r"^[0-9]{1,18}(,[0-9]{1,18}){0,999}$", required=False, widget=forms.HiddenInput
    )

    def __init__(self, *args: object, evening: Evening, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["present"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        # Retired players are not offered, unless ticked already (their ticks stay).
        field.queryset = rules.presence_choices(evening)

    def changes(self) -> tuple[set[int], set[int]] | None:
        """The players ticked and unticked on this page, or None without ``was`` (the whole
        list is meant)."""
        if self.data.get(self.add_prefix("was")) is None:
            return None
        was = {int(pk) for pk in self.cleaned_data["was"].split(",") if pk}
        ticked = {player.pk for player in self.cleaned_data["present"]}
        return ticked - was, was - ticked


class NewcomerForm(forms.Form):
    """A newcomer at the door: a new player of the club, ticked present at once."""

    name = forms.CharField(label=_("A newcomer"), max_length=PLAYER_NAME_MAX_LENGTH)


class TableForm(forms.Form):
    """One table seated by hand: a select per seat, offering the players present who are free
    (not at a table of the evening still playing). An empty seat is skipped, an empty table too;
    the evening (``Evening.start_tables``) checks the sizes and who is already playing."""

    def __init__(
        self, *args: Any, seats: int, choices: Sequence[tuple[object, object]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(seats):
            self.fields[f"seat_{seat + 1}"] = forms.TypedChoiceField(
                label=_("Seat %(seat)s") % {"seat": seat + 1},
                choices=choices,
                coerce=int,
                empty_value=None,
                required=False,
            )

    def players(self) -> list[int]:
        return [player for player in self.cleaned_data.values() if player]


class BaseSeatingFormSet(forms.BaseFormSet[TableForm]):
    """Tables seated by hand, one ``TableForm`` each, numbered as the evening will number them
    (``first_number`` onwards). A formset, so the number of tables is the management form's,
    checked: a count that is not a number, or more than ``MAX_TABLES``, is a form error (400),
    never a crash. ``sizes`` are the tables' expected sizes (the split ``seating.table_sizes``
    makes of the free players), which the page's script fills seat by seat."""

    def __init__(
        self,
        data: Any = None,
        *,
        seats: int,
        players: list[tuple[int, str]],
        sizes: tuple[int, ...] = (),
        first_number: int = 1,
        **kwargs: Any,
    ) -> None:
        self.seats, self.players, self.sizes, self.first_number = seats, players, sizes, first_number
        self.refused: list[str] = []  # what the evening refused of a valid seating (said on top)
        super().__init__(data, prefix="tables", **kwargs)

    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        choices: list[tuple[object, object]] = [("", _("(empty)")), *self.players]
        return {"seats": self.seats, "choices": choices}

    @property
    def tables(self) -> list[tuple[int, int, TableForm]]:
        """Each form with its table number in the evening and its expected size."""
        return [
            (self.first_number + index, self.sizes[index] if index < len(self.sizes) else self.seats, form)
            for index, form in enumerate(self.forms)
        ]

    def seatings(self) -> list[list[int]]:
        return [form.players() for form in self.forms]


SeatingFormSet = cast(
    type[BaseSeatingFormSet],
    forms.formset_factory(
        TableForm,
        formset=BaseSeatingFormSet,
        extra=0,
        max_num=MAX_TABLES,
        absolute_max=MAX_TABLES,
        validate_max=True,
    ),
)


def seating_formset(
    evening: Evening,
    data: Any = None,
    *,
    seatings: Sequence[Sequence[int]] = (),
    add_table: bool = False,
    tables: Sequence[Table] | None = None,
) -> BaseSeatingFormSet:
    """The seating form of ``evening``: bound to ``data`` (a POST), or the draw's ``seatings``
    prefilled, or empty tables for the players present and free, as many as they make. With
    ``add_table`` (the form's "Another table", without a script), ``data``'s tables again and
    one more, unbound, to go on seating. ``tables``: the evening's tables as the page read them,
    with their matches' seats, to number the next one without asking again."""
    rules = evening.home.game
    seats = min(max(rules.player_counts), MAX_SEATS)
    free = evening.free_players()
    try:
        # As many tables as the players free fill (11 for tables of four: two; the rest sit out).
        sizes = seating_sizes(most_seated(len(free), rules.player_counts), rules.player_counts)
    except NoSeating:
        sizes = ()
    initial = [
        {f"seat_{seat + 1}": player for seat, player in enumerate(players)} for players in seatings
    ] or [{} for _size in sizes or (0,)]
    if add_table and data is not None:
        kept = SeatingFormSet(data, seats=seats, players=free)
        if kept.is_valid():
            initial = [
                {name: value for name, value in form.cleaned_data.items() if value} for form in kept.forms
            ] + [{}]
            data = None
    return SeatingFormSet(
        data,
        seats=seats,
        players=free,
        sizes=tuple(len(players) for players in seatings) or sizes,
        first_number=evening.next_table_number(free, tables),
        initial=initial[:MAX_TABLES],
    )


class AttachForm(forms.Form):
    """A match of the club in the evening's game, not a table of any evening: the latest are
    offered; ``Evening.attach`` checks the one chosen."""

    match = forms.TypedChoiceField(label=_("Match"), coerce=int)

    def __init__(self, *args: Any, evening: Evening, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.evening = evening
        latest = (
            self._attachable()
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
            .order_by("-created_at")[:ATTACHABLE]
        )
        field = self.fields["match"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", _("(choose a match)")), *((match.pk, _match_label(match)) for match in latest)]

    def _attachable(self) -> models.QuerySet[Match]:
        club_id = self.evening.competition.club_id
        return Match.objects.filter(club_id=club_id, game=self.evening.game, deleted_at__isnull=True).filter(
            league_table__isnull=True
        )

    def clean_match(self) -> Match:
        match = Match.objects.filter(
            club_id=self.evening.competition.club_id, pk=self.cleaned_data["match"]
        ).first()
        if match is None:
            raise forms.ValidationError(_("Choose a match of this club."), code="unknown_match")
        return match


def _match_label(match: Match) -> str:
    names = ", ".join(seat.player.name for seat in match.seats.all())
    when = date_format(timezone.localtime(match.created_at), "SHORT_DATE_FORMAT")
    state = _("finished") if match.status == Match.Status.FINISHED else _("playing")
    return f"{when} · {names} ({state})"


class CompetitionChangeForm(CompetitionForm):
    """Editing a competition: the create form, prefilled; saving rebuilds the stored standings,
    since the scheme (points, best N, minimum attendance, tie-breaks) may have changed. It
    carries the version it was read at: a save over another secretary's is ``Stale`` and
    changes nothing (``players.versioned``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_version_field(self, self.instance.version)

    @transaction.atomic
    def save(self, commit: bool = True) -> Competition:
        if commit:
            claim_version(self.instance, read_version(self))
        competition = super().save(commit)
        if commit:
            competition.refresh_standings()
        return competition


class EveningChangeForm(EveningForm):
    """Editing an evening's date or whether it counts; saving rebuilds the stored standings.
    Versioned as ``CompetitionChangeForm`` is."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_version_field(self, self.instance.version)

    @transaction.atomic
    def save(self, commit: bool = True) -> Evening:
        if commit:
            claim_version(self.instance, read_version(self))
        evening = super().save(commit)
        if commit:
            evening.competition.refresh_standings()
        return evening
