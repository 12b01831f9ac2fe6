"""The league's forms. The API writes through these same forms (``league.api``), so a
competition or an evening is checked by one set of rules whichever way it comes in."""

from __future__ import annotations

from django import forms
from django.db import transaction

from league.models import Competition, Evening
from players.models import Player


class CompetitionForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = [
            "name",
            "game",
            "starts_on",
            "ends_on",
            "kind",
            "placement_points",
            "best_of",
            "min_evenings",
            "tie_breaks",
            "booby_prize",
        ]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
        }


class EveningForm(forms.ModelForm):
    class Meta:
        model = Evening
        fields = ["date", "counts"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}


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
