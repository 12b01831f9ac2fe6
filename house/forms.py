"""The phone form that declares a house game from rule blocks.

Its fields, limits, defaults and choices come from the definition's schema
(``scoring.declared.schema``); this module only words them. The form holds the fields of one
block, the one chosen under "How a deal is entered" (``kind``): choosing another swaps that
block's fieldset in over htmx, or, without JavaScript, a button shows its fields with
everything typed so far kept. Only the chosen block is read and checked. The form gathers
what was typed into the definition's JSON; ``scoring.declared.read_definition`` decides, and
each of its errors lands next to the field it names (``entry.total`` is ``points.total`` when
the block is points).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from games.declared import DEFINITION_WORDS
from games.messages import Worded, message_for
from games.words import rank_label
from scoring import Refused
from scoring.declared import (
    BLOCKS,
    CARD_KEYS,
    ENTRY_KIND,
    Definition,
    EndKind,
    EntryKind,
    FieldKind,
    FieldSchema,
    HandCounts,
    ScheduleKind,
    Winner,
    definition_json,
    read_definition,
    schema,
)

NUMBER = {"inputmode": "numeric"}
KIND = "entry.kind"
CARDS = "card_values"

# Each field's words, by its name on the form: the definition's key, with the block's kind for
# the block's fields (the same key means different things in two blocks).
LABELS: Mapping[str, Any] = {
    "name": _("Name of the game"),
    "players.min": _("Fewest players"),
    "players.max": _("Most players"),
    "team_size": _("Seats"),
    KIND: _("How a deal is entered"),
    "points.multiple_of": _("Every entry a multiple of"),
    "points.minimum": _("Lowest entry (empty: no limit)"),
    "points.maximum": _("Highest entry (empty: no limit)"),
    "points.total": _("Every deal adds up to (empty: any total)"),
    "points.shoot_the_moon": _("Shooting the moon: who takes the whole total scores 0, the others the total"),
    "points.one_zero_at_most": _("At most one 0 per deal"),
    "went_out.out_score": _("Going out scores"),
    "went_out.hand": _("The others' hand points"),
    "went_out.card_values": _("Card values (empty: hands are typed as points)"),
    "went_out.multiple_of": _("Hand points a multiple of"),
    "went_out.maximum": _("Most points in one hand (empty: no limit)"),
    "bids.schedule": _("Cards dealt"),
    "bids.cards": _("Peak, or cards every deal"),
    "bids.deals": _("Deals (same number every deal)"),
    "bids.deck": _("Cards in the deck"),
    "bids.dealer_rule": _("The dealer may not make the bids add up to the cards dealt"),
    "bids.hit_base": _("A bid made scores"),
    "bids.hit_per_trick": _("plus per trick"),
    "bids.miss_per_trick": _("A bid missed costs per trick off"),
    "bids.miss_fixed": _("or a fixed penalty (empty: per trick)"),
    "end.kind": _("The match ends"),
    "end.value": _("Target, limit or number of deals"),
    "end.winner": _("After a number of deals, or the schedule"),
}

# The words of each choice, by the field's name on the form and the choice's value.
CHOICES: Mapping[str, Mapping[object, Any]] = {
    "team_size": {1: _("Everyone alone"), 2: _("In pairs"), 3: _("In teams of three")},
    KIND: {
        EntryKind.POINTS: _("Points per player or team"),
        EntryKind.WENT_OUT: _("Who went out, and the others' hand points"),
        EntryKind.BIDS: _("Bids and tricks"),
    },
    "went_out.hand": {
        HandCounts.PLUS: _("count for them (lowest wins)"),
        HandCounts.MINUS: _("are taken off their score"),
    },
    "bids.schedule": {
        ScheduleKind.UP_DOWN: _("1 up to a peak and back to 1"),
        ScheduleKind.FIXED: _("The same number every deal"),
    },
    "end.kind": {
        EndKind.TARGET: _("when someone reaches a target: the highest total wins"),
        EndKind.THRESHOLD: _("when someone reaches a limit: the lowest total wins"),
        EndKind.DEALS: _("after a number of deals"),
        EndKind.SCHEDULE: _("when the cards dealt have gone up and down"),
    },
    "end.winner": {Winner.HIGHEST: _("the highest total wins"), Winner.LOWEST: _("the lowest total wins")},
}


def form_fields() -> list[tuple[str, FieldSchema, str]]:
    """Every field any declaration form can hold: its name on the form, its schema and the
    block it belongs to ("" for the definition's own fields; a block's card values are one
    entry, ``went_out.card_values``)."""
    found: list[tuple[str, FieldSchema, str]] = []
    for item in schema(Definition):
        if item.kind == FieldKind.BLOCK:
            found.append((KIND, ENTRY_KIND, ""))
            for kind, block in BLOCKS.items():
                found += [(f"{kind}.{inner.key}", inner, kind) for inner in schema(block)]
        elif item.kind == FieldKind.OBJECT:
            found += [(f"{item.key}.{inner.key}", inner, "") for inner in schema(item.type)]
        else:
            found.append((item.key, item, ""))
    return found


def _django_field(name: str, item: FieldSchema) -> forms.Field:
    default = item.default()
    initial = None if default is MISSING else getattr(default, "value", default)
    # A field required only where it applies (the deals of a fixed schedule, the end's value)
    # is left to the engine, which says "required" beside it when it does apply.
    required = item.unused is MISSING
    label = LABELS[name]
    if name in CHOICES and item.kind == FieldKind.INT:
        assert item.spec.low is not None and item.spec.high is not None
        return forms.TypedChoiceField(
            label=label,
            coerce=int,
            initial=initial,
            choices=[(value, CHOICES[name][value]) for value in range(item.spec.low, item.spec.high + 1)],
        )
    if item.kind == FieldKind.INT:
        return forms.IntegerField(
            label=label,
            required=required,
            min_value=item.spec.low,
            max_value=item.highest,
            initial=initial,
            widget=forms.NumberInput(attrs=NUMBER),
        )
    if item.kind == FieldKind.BOOL:
        return forms.BooleanField(label=label, required=False, initial=initial)
    if item.kind == FieldKind.CHOICE:
        return forms.ChoiceField(
            label=label,
            required=required,
            initial=initial,
            choices=[(value, CHOICES[name][value]) for value in item.choices],
            widget=forms.RadioSelect if name == KIND else forms.Select,
        )
    return forms.CharField(label=label, max_length=item.spec.high)


def _card_field(rank: str, item: FieldSchema) -> forms.IntegerField:
    return forms.IntegerField(
        label=rank_label(rank),
        required=False,
        min_value=item.spec.low,
        max_value=item.spec.high,
        widget=forms.NumberInput(attrs=NUMBER),
    )


def chosen_kind(data: Mapping[str, Any] | None, initial: Mapping[str, Any] | None = None) -> EntryKind:
    """The block chosen in ``data`` (posted or asked for), else the one ``initial`` holds, else
    the first."""
    for source in (data or {}, initial or {}):
        value = source.get(KIND)
        if value in set(EntryKind):
            return EntryKind(value)
    return next(iter(BLOCKS))


class HouseGameForm(forms.Form):
    """Field names are the definition's paths, with the block's kind for ``entry`` (an error at
    ``entry.total`` belongs to ``points.total`` when the block is points)."""

    def __init__(self, *args: Any, kind: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        posted = self.data if self.is_bound else None
        self.kind = EntryKind(kind) if kind else chosen_kind(posted, self.initial)
        for name, item, block in form_fields():
            if block and block != self.kind:
                continue
            if item.kind == FieldKind.CARDS:
                for rank in CARD_KEYS:
                    self.fields[f"{name}.{rank}"] = _card_field(rank, item)
            else:
                self.fields[name] = _django_field(name, item)
        self.initial = {**self.initial, KIND: self.kind.value}

    # The page's groups of fields, in order (the names hold dots, which templates cannot say).
    def _group(self, prefix: str) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(prefix) and f".{CARDS}." not in name]

    @property
    def player_count_fields(self) -> list[forms.BoundField]:
        return [self["players.min"], self["players.max"]]

    @property
    def team_field(self) -> forms.BoundField:
        return self["team_size"]

    @property
    def kind_field(self) -> forms.BoundField:
        return self[KIND]

    @property
    def block_fields(self) -> list[forms.BoundField]:
        return self._group(f"{self.kind}.")

    @property
    def block_legend(self) -> Any:
        return CHOICES[KIND][self.kind]

    @property
    def card_value_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if f".{CARDS}." in name]

    @property
    def card_value_errors(self) -> bool:
        return any(field.errors for field in self.card_value_fields)

    @property
    def card_values_label(self) -> Any:
        return LABELS[f"{EntryKind.WENT_OUT}.{CARDS}"]

    @property
    def end_fields(self) -> list[forms.BoundField]:
        return self._group("end.")

    def definition(self) -> dict[str, Any]:
        """The definition's JSON from what was typed (the chosen block only). An empty field is
        "no bound" where the definition takes null, and left out elsewhere, so that the engine
        fills in its default or says it is required."""
        data = self.cleaned_data
        raw: dict[str, Any] = {}
        for name, item, block in form_fields():
            if block and block != self.kind:
                continue
            if name == KIND:
                value: Any = self.kind.value
            elif item.kind == FieldKind.CARDS:
                cards = {
                    rank: data[f"{name}.{rank}"]
                    for rank in CARD_KEYS
                    if data.get(f"{name}.{rank}") is not None
                }
                value = cards or None
            else:
                value = data.get(name)
                if value == "" or value is None:
                    if not item.nullable:
                        continue
                    value = None
            node = raw
            *groups, key = name.split(".")
            if block:
                groups[0] = "entry"  # the form names a block's fields by its kind
            for group in groups:
                node = node.setdefault(group, {})
            if not item.applies(node):
                continue
            # A winner the end implies (a target, a threshold) is the engine's to fill in.
            if item.spec.by and any(node.get(item.spec.by) == value_ for value_, _w in item.spec.defaults):
                continue
            node[key] = value
        return raw

    def read(self) -> dict[str, Any] | None:
        """The definition, checked by the engine; None (its errors on the form) if refused."""
        raw = self.definition()
        try:
            read_definition(raw)
        except Refused as refused:
            self.add_refusal(refused)
            return None
        return raw

    def add_refusal(self, refused: Refused, words: Worded | None = None) -> None:
        for error in refused.errors:
            name = (
                error.field.replace("entry.", f"{self.kind}.", 1)
                if error.field.startswith("entry.")
                else error.field
            )
            self.add_error(
                name if name in self.fields else None, message_for(error, words or DEFINITION_WORDS)
            )


def initial_from(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The form's initial values from a definition (a template, or the club's game to change),
    read by the engine, so that every field the JSON leaves out shows the engine's default."""
    written: Mapping[str, Any]
    try:
        written = definition_json(read_definition(raw))
    except Refused:
        written = dict(raw)
    initial: dict[str, Any] = {}
    entry = cast(Mapping[str, Any], written.get("entry") or {})
    kind = str(entry.get("kind", next(iter(BLOCKS))))
    for name, item, block in form_fields():
        if block and block != kind:
            continue
        path = name.split(".")
        if block:
            path[0] = "entry"
        node: Any = written
        for part in path:
            node = node.get(part) if isinstance(node, Mapping) else None
        if item.kind == FieldKind.CARDS:
            for rank, points in (node or {}).items():
                initial[f"{name}.{rank}"] = points
        elif node is not None or item.nullable:
            initial[name] = node
    return initial
