"""The new-match form: players in seating order, first dealer, teams and the game's options.

Seats are added one at a time: the form shows as many seats as the game needs at least, plus
the ones already filled, plus one more per "Add a seat" (a submit button without JavaScript,
revealed in place with it), up to the game's maximum. The first dealer is chosen by name.

Option fields are built from the engine's option specs, so a new option appears on the phone
without touching this form; the engine still has the last word on every value.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games.messages import message_for
from games.protocol import GameHome
from games.refusals import SiteRefused
from games.registry import engine_of
from players.models import Club
from scoring import Refused
from scoring.options import BoolOption, ChoiceOption

MAX_PLAYERS = 6

# Seatings players describe in words; the seats follow from how many sit at the table.
TEAM_SHAPES: dict[str, tuple[object, dict[int, list[list[int]]]]] = {
    "opposite": (
        _("Partners opposite each other"),
        {4: [[0, 2], [1, 3]], 6: [[0, 2, 4], [1, 3, 5]]},
    ),
    "neighbours": (
        _("Partners side by side"),
        {4: [[0, 1], [2, 3]], 6: [[0, 1], [2, 3], [4, 5]]},
    ),
    "pairs_across": (
        _("Three pairs, partners opposite (6 players)"),
        {6: [[0, 3], [1, 4], [2, 5]]},
    ),
}


class NewMatchForm(forms.Form):
    dealer = forms.TypedChoiceField(
        label=_("Who deals first"),
        coerce=int,
        choices=[(i, str(i + 1)) for i in range(MAX_PLAYERS)],
        initial=0,
    )
    teams = forms.ChoiceField(label=_("Teams"), required=False)

    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.none(), empty_label=None, required=False
    )

    def __init__(self, home: GameHome, clubs: Any, *args: Any, add_seat: bool = False, **kwargs: Any) -> None:
        """``clubs``: the clubs the user may start a match in (their own table first);
        ``add_seat``: show one seat more than the names typed so far."""
        super().__init__(*args, **kwargs)
        self.home = home
        self.rules = rules = engine_of(home)
        self.clubs = clubs
        cast(forms.ModelChoiceField, self.fields["club"]).queryset = clubs
        self.fields["club"].initial = clubs.first()
        if clubs.count() == 1:
            self.fields["club"].widget = forms.HiddenInput()
        smallest, largest = min(rules.player_counts), min(max(rules.player_counts), MAX_PLAYERS)
        # Six seats in the form, so that a name posted beyond the game's maximum is shown back
        # with the engine's refusal; the page offers seats up to the game's maximum only.
        for seat in range(MAX_PLAYERS):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Seat %(seat)s") % {"seat": seat + 1},
                max_length=60,
                required=seat < smallest,
                widget=forms.TextInput(
                    attrs={"list": "known-players", "autocomplete": "off", "data-seat": seat}
                ),
            )
        names = [self._typed(f"player_{seat}") for seat in range(MAX_PLAYERS)]
        filled = max((seat + 1 for seat, name in enumerate(names) if name), default=0)
        self.seats_shown = max(smallest, min(largest, filled + (1 if add_seat else 0)), filled)
        self.can_add_seat = self.seats_shown < largest
        self.player_fields = [self[f"player_{seat}"] for seat in range(max(largest, self.seats_shown))]
        # Only seats the game can have deal first (a four-player game offers no "Seat 5").
        cast(forms.TypedChoiceField, self.fields["dealer"]).choices = [
            (seat, names[seat] or _("Seat %(seat)s") % {"seat": seat + 1})
            for seat in range(max(largest, filled))
        ]
        presets: list[tuple[str, object]] = [("", _("Game default"))]
        presets += [(name, TEAM_SHAPES[name][0]) for name in home.team_shapes]
        cast(forms.ChoiceField, self.fields["teams"]).choices = presets
        self.fields["teams"].help_text = _("Seats are numbered clockwise from the first player.")
        if len(presets) == 1:
            self.fields["teams"].widget = forms.HiddenInput()
        for option in rules.options:
            self.fields[f"option_{option.name}"] = self._option_field(option)
        self.option_fields = [self[f"option_{option.name}"] for option in rules.options]

    def _typed(self, name: str) -> str:
        """What a seat holds so far: the posted name, or the initial one (a rematch)."""
        value = self.data.get(name) if self.is_bound else self.initial.get(name)
        return str(value or "").strip()

    def _option_field(self, option: Any) -> forms.Field:
        label = self.home.option_label(option.name)
        if isinstance(option, ChoiceOption):
            return forms.ChoiceField(
                label=label,
                choices=[(c, self.home.option_label(f"{option.name}.{c}")) for c in option.choices],
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
            help_text=self._default_text(option),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def _default_text(self, option: Any) -> str:
        """ "Empty: 2 (3 for 6 players)": the defaults as the engine gives them per table size."""
        by_count = {count: option.default_for(count) for count in self.rules.player_counts}
        usual = max(set(by_count.values()), key=list(by_count.values()).count)
        others = ", ".join(
            _("%(value)s for %(count)s players") % {"value": value, "count": count}
            for count, value in by_count.items()
            if value != usual
        )
        if others:
            return _("Empty: %(value)s (%(others)s).") % {"value": usual, "others": others}
        return _("Empty: %(value)s.") % {"value": usual}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
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
            # Not chosen (one club only, or an old form): the user's own table.
            "club": data.get("club") or self.clubs.first(),
            "game": self.rules.slug,
            "players": data["players"],
            "teams": self._teams(data.get("teams", ""), len(data["players"])),
            "options": options,
            "dealer": data.get("dealer", 0),
        }

    @staticmethod
    def _teams(shape: str, players: int) -> object:
        if not shape:
            return None
        # A shape that does not exist for this many players is passed on as [] so that the
        # engine refuses it with its own "invalid teams" message.
        return TEAM_SHAPES[shape][1].get(players, [])

    def add_refusal(self, refused: Refused | SiteRefused) -> None:
        for error in refused.errors:
            name = error.field
            if name.startswith("options."):
                name = f"option_{name.removeprefix('options.')}"
            elif name.startswith("players."):
                name = f"player_{name.removeprefix('players.')}"
            self.add_error(name if name in self.fields else None, message_for(error, self.home))
