from __future__ import annotations

from django import forms

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
