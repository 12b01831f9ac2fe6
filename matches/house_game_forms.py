"""The phone form that declares a house game from rule blocks.

Every block's fields are on the page at once (a page without JavaScript cannot hide them); the
block chosen under "How a deal is entered" is the one read. The form only gathers what was typed
into the definition's JSON; ``scoring.declared.read_definition`` decides, and each of its
errors lands next to the field it names (``entry.total`` is the chosen block's ``total``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.words import rank_label
from matches.messages import Worded, message_for
from scoring import Refused
from scoring.declared import CARD_KEYS, MAX_DECK, MAX_PLAYERS, MIN_PLAYERS, read_definition
from scoring.options import MAX_POINTS, MAX_TARGET

NUMBER = {"inputmode": "numeric"}


def _int(
    label: Any, *, required: bool = False, low: int = -MAX_TARGET, high: int = MAX_TARGET, **kw: Any
) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=low,
        max_value=high,
        widget=forms.NumberInput(attrs=NUMBER),
        **kw,
    )


class HouseGameForm(forms.Form):
    """Field names are the definition's paths, with the block's kind for ``entry`` (an error at
    ``entry.total`` belongs to ``points.total`` when the block is points)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        f = self.fields
        f["name"] = forms.CharField(label=_("Name of the game"), max_length=40)
        f["players.min"] = _int(
            _("Fewest players"), required=True, low=MIN_PLAYERS, high=MAX_PLAYERS, initial=2
        )
        f["players.max"] = _int(
            _("Most players"), required=True, low=MIN_PLAYERS, high=MAX_PLAYERS, initial=6
        )
        f["team_size"] = forms.TypedChoiceField(
            label=_("Seats"),
            coerce=int,
            initial=1,
            choices=[(1, _("Everyone alone")), (2, _("In pairs")), (3, _("In teams of three"))],
        )
        f["entry.kind"] = forms.ChoiceField(
            label=_("How a deal is entered"),
            widget=forms.RadioSelect,
            initial="points",
            choices=[
                ("points", _("Points per player or team")),
                ("went_out", _("Who went out, and the others' hand points")),
                ("bids", _("Bids and tricks")),
            ],
        )
        # Points per player or team.
        f["points.multiple_of"] = _int(_("Every entry a multiple of"), low=1, high=MAX_POINTS, initial=1)
        f["points.minimum"] = _int(
            _("Lowest entry (empty: no limit)"), low=-MAX_POINTS, high=MAX_POINTS, initial=0
        )
        f["points.maximum"] = _int(_("Highest entry (empty: no limit)"), low=-MAX_POINTS, high=MAX_POINTS)
        f["points.total"] = _int(_("Every deal adds up to (empty: any total)"))
        f["points.shoot_the_moon"] = forms.BooleanField(
            label=_("Shooting the moon: who takes the whole total scores 0, the others the total"),
            required=False,
        )
        f["points.one_zero_at_most"] = forms.BooleanField(label=_("At most one 0 per deal"), required=False)
        # Went out and hand points.
        f["went_out.out_score"] = _int(_("Going out scores"), low=-MAX_POINTS, high=MAX_POINTS, initial=0)
        f["went_out.hand"] = forms.ChoiceField(
            label=_("The others' hand points"),
            required=False,
            initial="plus",
            choices=[("plus", _("count for them (lowest wins)")), ("minus", _("are taken off their score"))],
        )
        f["went_out.maximum"] = _int(_("Most points in one hand (empty: no limit)"), low=0, high=MAX_POINTS)
        f["went_out.multiple_of"] = _int(_("Hand points a multiple of"), low=1, high=MAX_POINTS, initial=1)
        for rank in CARD_KEYS:
            f[f"went_out.card_values.{rank}"] = _int(rank_label(rank), low=0, high=MAX_POINTS)
        # Bids and tricks.
        f["bids.schedule"] = forms.ChoiceField(
            label=_("Cards dealt"),
            required=False,
            initial="up_down",
            choices=[
                ("up_down", _("1 up to a peak and back to 1")),
                ("fixed", _("The same number every deal")),
            ],
        )
        f["bids.cards"] = _int(_("Peak, or cards every deal"), low=1, high=MAX_DECK // 2, initial=7)
        f["bids.deals"] = _int(_("Deals (same number every deal)"), low=1, high=200)
        f["bids.deck"] = _int(_("Cards in the deck"), low=2, high=MAX_DECK, initial=52)
        f["bids.dealer_rule"] = forms.BooleanField(
            label=_("The dealer may not make the bids add up to the cards dealt"),
            required=False,
            initial=True,
        )
        f["bids.hit_base"] = _int(_("A bid made scores"), low=-MAX_POINTS, high=MAX_POINTS, initial=10)
        f["bids.hit_per_trick"] = _int(_("plus per trick"), low=0, high=MAX_POINTS, initial=2)
        f["bids.miss_per_trick"] = _int(
            _("A bid missed costs per trick off"), low=0, high=MAX_POINTS, initial=2
        )
        f["bids.miss_fixed"] = _int(_("or a fixed penalty (empty: per trick)"), low=0, high=MAX_POINTS)
        # When the match ends.
        f["end.kind"] = forms.ChoiceField(
            label=_("The match ends"),
            initial="target",
            choices=[
                ("target", _("when someone reaches a target: the highest total wins")),
                ("threshold", _("when someone reaches a limit: the lowest total wins")),
                ("deals", _("after a number of deals")),
                ("schedule", _("when the cards dealt have gone up and down")),
            ],
        )
        f["end.value"] = _int(_("Target, limit or number of deals"), initial=100)
        f["end.winner"] = forms.ChoiceField(
            label=_("After a number of deals, or the schedule"),
            required=False,
            initial="highest",
            choices=[("highest", _("the highest total wins")), ("lowest", _("the lowest total wins"))],
        )

    # The page's groups of fields, in order (the names hold dots, which templates cannot say).
    def _group(self, prefix: str) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(prefix) and ".card_values." not in name]

    @property
    def player_fields(self) -> list[forms.BoundField]:
        return [self["players.min"], self["players.max"], self["team_size"]]

    @property
    def kind_field(self) -> forms.BoundField:
        return self["entry.kind"]

    @property
    def points_fields(self) -> list[forms.BoundField]:
        return self._group("points.")

    @property
    def went_out_fields(self) -> list[forms.BoundField]:
        return self._group("went_out.")

    @property
    def card_value_fields(self) -> list[forms.BoundField]:
        return [self[f"went_out.card_values.{rank}"] for rank in CARD_KEYS]

    @property
    def card_value_errors(self) -> bool:
        return any(field.errors for field in self.card_value_fields)

    @property
    def bids_fields(self) -> list[forms.BoundField]:
        return self._group("bids.")

    @property
    def end_fields(self) -> list[forms.BoundField]:
        return self._group("end.")

    def definition(self) -> dict[str, Any]:
        """The definition's JSON from what was typed (the chosen block only)."""
        data = self.cleaned_data
        kind = data["entry.kind"]
        entry: dict[str, Any] = {"kind": kind}
        cards: dict[str, int] = {}
        for name, value in data.items():
            if not name.startswith(f"{kind}."):
                continue
            key = name.removeprefix(f"{kind}.")
            value = None if value == "" else value
            if key.startswith("card_values."):
                if value is not None:
                    cards[key.removeprefix("card_values.")] = value
            else:
                entry[key] = value
        if kind == "went_out":
            entry["card_values"] = cards or None
        if kind == "bids" and data["bids.schedule"] != "fixed":
            entry.pop("deals", None)
        # Empty means "no bound" for these; any other empty field is left out, so that the engine
        # fills in its default or says what is required.
        for key in [key for key, value in entry.items() if value is None]:
            if key not in ("minimum", "maximum", "total", "miss_fixed", "card_values"):
                entry.pop(key)
        end: dict[str, Any] = {"kind": data["end.kind"]}
        if end["kind"] in ("deals", "schedule") and data["end.winner"]:
            end["winner"] = data["end.winner"]
        if end["kind"] != "schedule":
            end["value"] = data["end.value"]
        return {
            "name": data["name"],
            "players": {"min": data["players.min"], "max": data["players.max"]},
            "team_size": data["team_size"],
            "entry": entry,
            "end": end,
        }

    def read(self) -> dict[str, Any] | None:
        """The definition, checked by the engine; None (its errors on the form) if refused."""
        raw = self.definition()
        try:
            read_definition(raw)
        except Refused as refused:
            self.add_refusal(refused, raw["entry"]["kind"])
            return None
        return raw

    def add_refusal(self, refused: Refused, kind: str, words: Worded | None = None) -> None:
        from games.declared import DEFINITION_WORDS

        for error in refused.errors:
            name = (
                error.field.replace("entry.", f"{kind}.", 1)
                if error.field.startswith("entry.")
                else error.field
            )
            self.add_error(
                name if name in self.fields else None, message_for(error, words or DEFINITION_WORDS)
            )


def initial_from(definition: Mapping[str, Any]) -> dict[str, Any]:
    """The form's initial values from a definition (a template, or the club's game to change)."""
    entry = dict(definition.get("entry") or {})
    kind = entry.get("kind", "points")
    initial: dict[str, Any] = {
        "name": definition.get("name", ""),
        "players.min": (definition.get("players") or {}).get("min"),
        "players.max": (definition.get("players") or {}).get("max"),
        "team_size": definition.get("team_size", 1),
        "entry.kind": kind,
    }
    for key, value in entry.items():
        if key == "card_values":
            for rank, points in (value or {}).items():
                initial[f"went_out.card_values.{rank}"] = points
        elif key != "kind":
            initial[f"{kind}.{key}"] = value
    if kind == "points" and "minimum" not in entry:
        initial["points.minimum"] = 0  # the engine's default: no negative points
    end = definition.get("end") or {}
    initial["end.kind"] = end.get("kind", "target")
    initial["end.value"] = end.get("value")
    initial["end.winner"] = end.get("winner", "highest")
    return initial
