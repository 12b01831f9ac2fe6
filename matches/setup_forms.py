"""The new-match form: players in seating order, first dealer, teams and the game's options.

Option fields are built from the engine's option specs, so a new option appears on the phone
without touching this form; the engine still has the last word on every value.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from matches.messages import message_for
from matches.terms import option_label
from players.models import Club
from scoring import Refused
from scoring.match import Game
from scoring.options import BoolOption, ChoiceOption

MAX_PLAYERS = 6

TEAM_PRESETS: dict[int, list[list[list[int]]]] = {
    4: [[[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]]],
    6: [[[0, 2, 4], [1, 3, 5]], [[0, 3], [1, 4], [2, 5]], [[0, 1], [2, 3], [4, 5]]],
}


def _team_label(teams: list[list[int]]) -> str:
    return " vs ".join("+".join(str(seat + 1) for seat in team) for team in teams)


class NewMatchForm(forms.Form):
    dealer = forms.TypedChoiceField(
        label=_("Who deals first"),
        coerce=int,
        choices=[(i, str(i + 1)) for i in range(MAX_PLAYERS)],
        initial=0,
    )
    teams = forms.ChoiceField(label=_("Teams"), required=False)

    def __init__(self, rules: Game, club: Club, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        self.club = club
        smallest = min(rules.player_counts)
        for seat in range(max(rules.player_counts)):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Seat %(seat)s") % {"seat": seat + 1},
                max_length=60,
                required=seat < smallest,
                widget=forms.TextInput(attrs={"list": "known-players", "autocomplete": "off"}),
            )
        self.player_fields = [self[f"player_{seat}"] for seat in range(max(rules.player_counts))]
        presets = [("", _("Game default"))]
        for count in sorted(TEAM_PRESETS):
            if count in rules.player_counts and rules.slug in {"canasta", "duizenden"}:
                presets += [(json.dumps(t), _team_label(t)) for t in TEAM_PRESETS[count]]
        self.fields["teams"].choices = presets
        self.fields["teams"].help_text = _("Seat numbers, partners joined by +.")
        if len(presets) == 1:
            self.fields["teams"].widget = forms.HiddenInput()
        for option in rules.options:
            self.fields[f"option_{option.name}"] = self._option_field(option)
        self.option_fields = [self[f"option_{option.name}"] for option in rules.options]

    def _option_field(self, option: Any) -> forms.Field:
        label = option_label(self.rules.slug, option.name)
        if isinstance(option, ChoiceOption):
            return forms.ChoiceField(
                label=label,
                choices=[(c, option_label(self.rules.slug, f"{option.name}.{c}")) for c in option.choices],
                initial=option.default,
            )
        if isinstance(option, BoolOption):
            return forms.TypedChoiceField(
                label=label,
                choices=[("true", _("yes")), ("false", _("no"))],
                coerce=lambda value: value == "true",
                initial="true" if option.default else "false",
            )
        return forms.IntegerField(
            label=label,
            required=False,
            help_text=_("Empty: the game's default for this table."),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [data.get(f"player_{seat}", "").strip() for seat in range(len(self.player_fields))]
        while names and not names[-1]:
            names.pop()
        if "" in names:
            raise forms.ValidationError(_("Fill the seats in order, without gaps."))
        data["players"] = names
        return data

    def match_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        options = {}
        for option in self.rules.options:
            value = data.get(f"option_{option.name}")
            if value is not None and value != "":
                options[option.name] = value
        return {
            "game": self.rules.slug,
            "players": data["players"],
            "teams": json.loads(data["teams"]) if data.get("teams") else None,
            "options": options,
            "dealer": data.get("dealer", 0),
        }

    def add_refusal(self, refused: Refused) -> None:
        for error in refused.errors:
            name = error.field
            if name.startswith("options."):
                name = f"option_{name.removeprefix('options.')}"
            elif name.startswith("players."):
                name = f"player_{name.removeprefix('players.')}"
            self.add_error(name if name in self.fields else None, message_for(error))
