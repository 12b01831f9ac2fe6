"""The secretary's forms. A competition's games are ticked from the registry and its tie-breaks
picked in order from up to four selects; the words of "best N" and the minimum attendance follow
what counts (evenings or matches). An evening offers a game only when its competition has several.
The API writes through these same forms (``league.api``), so a competition or an evening is
checked by one set of rules whichever way it comes in.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.registry import all_homes
from league.models import Competition, Evening
from players.models import Player

TIE_BREAK_FIELDS = ("tie_break_1", "tie_break_2", "tie_break_3", "tie_break_4")
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


def game_choices() -> list[tuple[str, str]]:
    return [(home.slug, str(home.name)) for home in all_homes()]


class CompetitionForm(forms.ModelForm):
    games = forms.MultipleChoiceField(
        label=_("Games"),
        choices=game_choices,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one game.")},
        help_text=_("An evening plays one of them. Raw totals need a single game."),
    )
    tie_break_1 = forms.ChoiceField(required=False)
    tie_break_2 = forms.ChoiceField(required=False)
    tie_break_3 = forms.ChoiceField(required=False)
    tie_break_4 = forms.ChoiceField(required=False)

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
        ]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }
        help_texts = {
            "counts": _("Best N and the minimum attendance then count evenings or matches."),
        }

    # The model's fields in their order, the tie-breaks just before the booby prize.
    field_order = [*Meta.fields[:-1], *TIE_BREAK_FIELDS, Meta.fields[-1]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.club_id is not None:  # the club's house games after the five
            house = self.instance.club.house_games.values_list("slug", "name")
            games = self.fields["games"]
            assert isinstance(games, forms.MultipleChoiceField)
            games.choices = [*game_choices(), *house]
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
        picked: list[str] = []
        for name in TIE_BREAK_FIELDS:
            value = cleaned.get(name)
            if not value:
                continue  # a gap is skipped: "Then" without "First" still means that order
            if value in picked:
                self.add_error(name, _("Already chosen above: pick each tie-break at most once."))
            else:
                picked.append(value)
        # Before the model's own checks (``_post_clean``), which see the list as stored.
        self.instance.tie_breaks = picked
        return cleaned


class EveningForm(forms.ModelForm):
    """A new evening of ``competition``: its date, whether it counts, and its game when the
    competition has several (otherwise the evening plays the one game)."""

    class Meta:
        model = Evening
        fields = ["date", "game", "counts"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, competition: Competition, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.instance.competition = competition
        if len(competition.games) > 1:
            field = self.fields["game"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [
                (slug, name) for slug, name in zip(competition.games, competition.game_names(), strict=True)
            ]
            field.required = True
            field.initial = competition.games[0]
        else:
            del self.fields["game"]
        if competition.counts_matches:
            # Every match counts anyway: the evening is for presence and the draw.
            del self.fields["counts"]


class PresenceForm(forms.Form):
    """Who is present: the club's players (members and guests alike), ticked."""

    present: forms.ModelMultipleChoiceField[Player] = forms.ModelMultipleChoiceField(
        queryset=None, required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: object, evening: Evening, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["present"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = evening.club.players.order_by("name")


class CompetitionChangeForm(CompetitionForm):
    """Editing a competition: the create form, prefilled; saving rebuilds the stored standings,
    since the scheme (points, best N, minimum attendance, tie-breaks) may have changed."""

    @transaction.atomic
    def save(self, commit: bool = True) -> Competition:
        competition = super().save(commit)
        if commit:
            competition.refresh_standings()
        return competition


class EveningChangeForm(EveningForm):
    """Editing an evening's date or whether it counts; saving rebuilds the stored standings."""

    @transaction.atomic
    def save(self, commit: bool = True) -> Evening:
        evening = super().save(commit)
        if commit:
            evening.competition.refresh_standings()
        return evening
