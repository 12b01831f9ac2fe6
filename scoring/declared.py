"""House games: a game a club declares from rule blocks, checked like the five built-in ones.

A ``Definition`` is a frozen, validated value: who plays (a range of players, alone or in
teams), how a deal is entered (one block: ``PointsBlock``, ``WentOutBlock`` or ``BidsBlock``)
and when the match ends (``End``). ``read_definition`` reads one from its JSON (the API's body,
a shared file, the copy a match keeps) and refuses a contradiction with a ``DefinitionCode``
at the field it concerns; ``definition_json`` writes it back, so the two round-trip.
``declared_game(definition, slug)`` turns it into a ``Game`` like any module of
``scoring.games``: ``replay``, ``snapshot``, ``resume`` and every page work on it unchanged.

The definition's schema is declared once, here: every field of its frozen dataclasses carries
its limits and conditions (a ``Spec``) in ``dataclasses.field`` metadata, its type says how it
reads, and its dataclass default is the default wherever a definition is read. The reader and
the writer walk ``schema()``, and so do the site's declaration form and the API's schema. The
dataclasses, not a set of DRF serializers, are the source because the engine itself reads the
copy every match keeps, and ``scoring`` knows nothing of Django: a serializer would put the
schema outside the engine that enforces it.

A declared game is not in the registry: the registry holds games known when the code is
written, a declared game is data the site keeps (per club, and a copy with every match, so a
match keeps the rules it started with). The site hands the definition to ``declared_game``.

The blocks, their checks and their scores:

- *points*: one entry per unit (a player, or a team), ``{"points": n}``; optional checks: a
  multiple of N, bounds per entry, a fixed total per deal (with "shoot the moon": one unit
  taking the whole total scores 0 and every other unit the total), at most one zero.
- *went out*: one entry per seat, ``{"went_out": bool, "hand_points": n}`` or ``hand_cards``
  (a card-count map over the game's own card values); exactly one seat goes out and scores
  ``out_score``; every other seat scores its hand points, added or taken off (``hand``).
- *bids*: one entry per seat, ``{"bid": n, "tricks": n}``; the cards dealt follow a schedule
  (1 up to a peak and back, or a fixed number for a number of deals), tricks add up to the
  cards dealt, and with ``dealer_rule`` the bids may not (the dealer bids last). A hit scores
  ``hit_base + hit_per_trick * tricks``; a miss ``-miss_per_trick * difference``, or
  ``-miss_fixed`` when set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Any, cast, get_args, get_origin, get_type_hints

from scoring.cards import JOKER, RANKS, mismatch, points_of, value_of
from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Counted, Form, is_int, join
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import MAX_POINTS, MAX_TARGET, Option
from scoring.ranking import high_total_first, low_total_first, standings

MIN_PLAYERS = 2
MAX_PLAYERS = 10
TEAM_SIZES: tuple[int, ...] = (1, 2, 3)
MAX_NAME = 40
MAX_DEALS = 200
MAX_DECK = 110  # two packs and their jokers
DEFAULT_DECK = 52
CARD_KEYS: tuple[str, ...] = (*RANKS, JOKER)


class EntryKind(StrEnum):
    POINTS = "points"
    WENT_OUT = "went_out"
    BIDS = "bids"


class EndKind(StrEnum):
    TARGET = "target"  # the first to reach the value ends it; the highest total wins
    THRESHOLD = "threshold"  # anyone reaching the value ends it; the lowest total wins
    DEALS = "deals"  # after the value's number of deals
    SCHEDULE = "schedule"  # when the bids block's schedule of deals is done


class Winner(StrEnum):
    HIGHEST = "highest"
    LOWEST = "lowest"


class HandCounts(StrEnum):
    PLUS = "plus"  # the hand points are added (lowest wins: they are penalties)
    MINUS = "minus"  # the hand points are taken off


class ScheduleKind(StrEnum):
    UP_DOWN = "up_down"  # 1, 2 ... peak ... 2, 1 cards
    FIXED = "fixed"  # the same cards every deal, for a number of deals


@unique
class DeclaredCode(StrEnum):
    """The rule codes of declared games (a deal refused), beyond the generic ones."""

    NOT_A_MULTIPLE = "not_a_multiple"
    BELOW_MINIMUM = "below_minimum"
    ABOVE_MAXIMUM = "above_maximum"
    WRONG_TOTAL = "wrong_total"
    TOO_MANY_ZEROS = "too_many_zeros"
    WENT_OUT_COUNT = "went_out_count"
    WENT_OUT_WITH_POINTS = "went_out_with_points"
    TRICKS_TOTAL = "tricks_total"
    DEALER_BID = "dealer_bid"


@unique
class DefinitionCode(StrEnum):
    """Why a definition cannot be a game: contradictions between its blocks."""

    PLAYERS_RANGE = "players_range"
    TEAMS_DO_NOT_FIT = "teams_do_not_fit"
    TEAMS_WITH_BIDS = "teams_with_bids"
    BOUNDS_REVERSED = "bounds_reversed"
    TOTAL_OUT_OF_REACH = "total_out_of_reach"
    MOON_WITHOUT_TOTAL = "moon_without_total"
    TARGET_NOT_POSITIVE = "target_not_positive"
    WINNER_CONTRADICTS_END = "winner_contradicts_end"
    SCHEDULE_WITHOUT_BIDS = "schedule_without_bids"
    BIDS_END_WITH_SCHEDULE = "bids_end_with_schedule"
    SCHEDULE_EXCEEDS_DECK = "schedule_exceeds_deck"
    MISS_NOT_SET = "miss_not_set"


CODES: frozenset[StrEnum] = frozenset(DeclaredCode)


# --- the definition: its fields, limits, defaults and choices, declared once ----------------------
#
# Each field of the definition's dataclasses carries a ``Spec`` in its ``dataclasses.field``
# metadata; its type says how it reads (an int, ``int | None`` where JSON null means "no bound",
# a bool, a ``StrEnum``'s choices, a text, a card map) and its dataclass default is the default
# wherever a definition is read. ``read_definition`` and ``definition_json`` walk these fields,
# and the site derives the declaration form and the API's schema from ``schema()``: nothing
# else lists a key, a limit or a default.


@dataclass(frozen=True)
class Spec:
    """The limits and conditions of one field of a definition.

    ``low`` / ``high``: an integer's bounds (a text's longest length in ``high``). ``required``:
    it must be given where it applies, and its dataclass default is only its value where it does
    not. ``when``: the field applies only while a sibling (by field name) holds one of these
    values; elsewhere it is neither read nor written. ``by``: a sibling whose value changes the
    default (``defaults``) or the upper bound (``highs``). ``key``: the JSON key when it is not
    the field's name (a dotted one nests it: ``players.min``)."""

    low: int | None = None
    high: int | None = None
    required: bool = False
    when: tuple[str, tuple[str, ...]] | None = None
    by: str = ""
    defaults: tuple[tuple[str, object], ...] = ()
    highs: tuple[tuple[str, int], ...] = ()
    key: str = ""


SPEC = "scoring.declared.spec"


def spec(**limits: Any) -> Mapping[str, Spec]:
    """A field's metadata: its ``Spec``."""
    return {SPEC: Spec(**limits)}


@dataclass(frozen=True)
class PointsBlock:
    """Points per unit; ``minimum`` / ``maximum`` None: no bound that side."""

    multiple_of: int = field(default=1, metadata=spec(low=1, high=MAX_POINTS))
    minimum: int | None = field(default=0, metadata=spec(low=-MAX_POINTS, high=MAX_POINTS))
    maximum: int | None = field(default=None, metadata=spec(low=-MAX_POINTS, high=MAX_POINTS))
    total: int | None = field(default=None, metadata=spec(low=-MAX_TARGET, high=MAX_TARGET))
    shoot_the_moon: bool = field(default=False, metadata=spec())
    one_zero_at_most: bool = field(default=False, metadata=spec())
    kind: EntryKind = EntryKind.POINTS


@dataclass(frozen=True)
class WentOutBlock:
    """Who went out and the others' hand points (or cards, over ``card_values``)."""

    out_score: int = field(default=0, metadata=spec(low=-MAX_POINTS, high=MAX_POINTS))
    hand: HandCounts = field(default=HandCounts.PLUS, metadata=spec())
    card_values: Mapping[str, int] | None = field(default=None, metadata=spec(low=0, high=MAX_POINTS))
    multiple_of: int = field(default=1, metadata=spec(low=1, high=MAX_POINTS))
    maximum: int | None = field(default=None, metadata=spec(low=0, high=MAX_POINTS))
    kind: EntryKind = EntryKind.WENT_OUT


@dataclass(frozen=True)
class BidsBlock:
    """Bids and tricks over a schedule of cards dealt."""

    schedule: ScheduleKind = field(default=ScheduleKind.UP_DOWN, metadata=spec())
    # The peak (up_down) or the cards of every deal (fixed).
    cards: int = field(default=7, metadata=spec(low=1, high=MAX_DECK // 2))
    # How many deals, for a fixed schedule only (0 where it does not apply).
    deals: int = field(
        default=0,
        metadata=spec(low=1, high=MAX_DEALS, required=True, when=("schedule", (ScheduleKind.FIXED,))),
    )
    deck: int = field(default=DEFAULT_DECK, metadata=spec(low=2, high=MAX_DECK))
    dealer_rule: bool = field(default=True, metadata=spec())
    hit_base: int = field(default=10, metadata=spec(low=-MAX_POINTS, high=MAX_POINTS))
    hit_per_trick: int = field(default=2, metadata=spec(low=0, high=MAX_POINTS))
    miss_per_trick: int = field(default=2, metadata=spec(low=0, high=MAX_POINTS))
    miss_fixed: int | None = field(default=None, metadata=spec(low=0, high=MAX_POINTS))
    kind: EntryKind = EntryKind.BIDS

    @property
    def cards_per_deal(self) -> tuple[int, ...]:
        if self.schedule == ScheduleKind.UP_DOWN:
            return (*range(1, self.cards + 1), *range(self.cards - 1, 0, -1))
        return (self.cards,) * self.deals


Block = PointsBlock | WentOutBlock | BidsBlock
# The blocks by their kind; an entry that names no kind is the first.
BLOCKS: Mapping[EntryKind, type[Block]] = MappingProxyType(
    {EntryKind.POINTS: PointsBlock, EntryKind.WENT_OUT: WentOutBlock, EntryKind.BIDS: BidsBlock}
)


@dataclass(frozen=True)
class End:
    kind: EndKind = field(default=EndKind.TARGET, metadata=spec())
    # The target, the threshold or the number of deals; 0 for ``schedule``. Below 1 is the
    # definition's contradiction (target_not_positive), not a form error: no lower bound here.
    value: int = field(
        default=0,
        metadata=spec(
            high=MAX_TARGET,
            required=True,
            when=("kind", (EndKind.TARGET, EndKind.THRESHOLD, EndKind.DEALS)),
            by="kind",
            highs=((EndKind.DEALS, MAX_DEALS),),
        ),
    )
    # Implied by a target (highest) or a threshold (lowest); chosen for the others.
    winner: Winner = field(
        default=Winner.HIGHEST,
        metadata=spec(
            by="kind", defaults=((EndKind.TARGET, Winner.HIGHEST), (EndKind.THRESHOLD, Winner.LOWEST))
        ),
    )


@dataclass(frozen=True, kw_only=True)
class Definition:
    name: str = field(metadata=spec(high=MAX_NAME))
    min_players: int = field(metadata=spec(low=MIN_PLAYERS, high=MAX_PLAYERS, key="players.min"))
    max_players: int = field(metadata=spec(low=MIN_PLAYERS, high=MAX_PLAYERS, key="players.max"))
    team_size: int = field(default=1, metadata=spec(low=min(TEAM_SIZES), high=max(TEAM_SIZES)))
    entry: Block = field(metadata=spec())
    end: End = field(metadata=spec())

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(
            count
            for count in range(self.min_players, self.max_players + 1)
            if count % self.team_size == 0 and count // self.team_size >= 2
        )

    @property
    def lowest_wins(self) -> bool:
        return self.end.winner == Winner.LOWEST


class FieldKind(StrEnum):
    INT = "int"
    BOOL = "bool"
    CHOICE = "choice"
    TEXT = "text"
    CARDS = "cards"  # a card-value map over ``CARD_KEYS``
    BLOCK = "block"  # one of ``BLOCKS``, by its ``kind``
    OBJECT = "object"  # a nested dataclass (``End``)


@dataclass(frozen=True)
class FieldSchema:
    """One field of a definition as the JSON holds it: what the reader, the writer, the form and
    the API schema are built from."""

    name: str
    key: str
    kind: FieldKind
    unused: object  # the dataclass default: the value where a ``required`` or ``when`` field is not given
    nullable: bool
    choices: tuple[str, ...]
    spec: Spec
    type: Any
    required: bool  # no default where it applies

    def applies(self, siblings: Mapping[str, object]) -> bool:
        when = self.spec.when
        return when is None or siblings.get(when[0]) in when[1]

    def default(self, siblings: Mapping[str, object] | None = None) -> object:
        """The value read when the key is absent (MISSING: it is required)."""
        if self.required:
            return MISSING
        if not self.spec.defaults:
            return self.unused
        return dict(self.spec.defaults).get(str((siblings or {}).get(self.spec.by, "")), self.unused)

    def high(self, siblings: Mapping[str, object] | None = None) -> int | None:
        if not self.spec.highs:
            return self.spec.high
        return dict(self.spec.highs).get(str((siblings or {}).get(self.spec.by, "")), self.spec.high)

    @property
    def highest(self) -> int | None:
        """The upper bound over every sibling value."""
        bounds = [bound for bound in (self.spec.high, *dict(self.spec.highs).values()) if bound is not None]
        return max(bounds, default=None)


def schema(cls: type) -> tuple[FieldSchema, ...]:
    """The fields of a definition's dataclass (``Definition``, a block, ``End``), in order; a
    block's ``kind`` is its tag, not a field."""
    if cls not in _SCHEMAS:
        _SCHEMAS[cls] = _schema_of(cls)
    return _SCHEMAS[cls]


_SCHEMAS: dict[type, tuple[FieldSchema, ...]] = {}


def _schema_of(cls: type) -> tuple[FieldSchema, ...]:
    hints = get_type_hints(cls)
    found: list[FieldSchema] = []
    for item in fields(cls):
        if SPEC not in item.metadata:
            continue
        hint = hints[item.name]
        args = get_args(hint)
        nullable = type(None) in args and len(args) == 2
        base = next(arg for arg in args if arg is not type(None)) if nullable else hint
        choices: tuple[str, ...] = ()
        if base is bool:
            kind = FieldKind.BOOL
        elif base is int:
            kind = FieldKind.INT
        elif base is str:
            kind = FieldKind.TEXT
        elif isinstance(base, type) and issubclass(base, StrEnum):
            kind, choices = FieldKind.CHOICE, tuple(member.value for member in base)
        elif get_origin(base) is Mapping:
            kind = FieldKind.CARDS
        elif base is End:
            kind = FieldKind.OBJECT
        else:
            kind = FieldKind.BLOCK
        default = item.default
        spec_ = item.metadata[SPEC]
        found.append(
            FieldSchema(
                item.name,
                spec_.key or item.name,
                kind,
                default,
                nullable,
                choices,
                spec_,
                base,
                default is MISSING or spec_.required,
            )
        )
    return tuple(found)


# The entry's tag: which block it is (an entry that names none is the first block).
ENTRY_KIND = FieldSchema(
    "kind", "kind", FieldKind.CHOICE, next(iter(BLOCKS)), False, tuple(EntryKind), Spec(), EntryKind, False
)


# --- reading and writing a definition --------------------------------------------------------


def read_definition(raw: object) -> Definition:
    """The definition in ``raw`` (its JSON), or ``Refused`` with every form error, or with
    every contradiction between blocks (``DefinitionCode``) once the form is right."""
    form = Form()
    body = form.body(raw, _keys(Definition))
    if body is None:
        form.raise_if_failed()
    assert body is not None
    values = _read_fields(form, body, Definition, "")
    form.raise_if_failed()
    definition = Definition(**values)
    if errors := definition_errors(definition):
        raise Refused(errors)
    return definition


def _keys(cls: type) -> tuple[str, ...]:
    """The keys a JSON object of ``cls`` may hold (a nested group by its first part)."""
    if cls not in _KEYS:
        keys = [item.key.split(".")[0] for item in schema(cls)]
        if cls in BLOCKS.values():
            keys.insert(0, ENTRY_KIND.key)
        _KEYS[cls] = tuple(dict.fromkeys(keys))
    return _KEYS[cls]


_KEYS: dict[type, tuple[str, ...]] = {}


def _read_fields(form: Form, obj: Mapping[str, object], cls: type, path: str) -> dict[str, Any]:
    """Each field of ``cls`` from ``obj`` (its errors in ``form``; a failed field reads None)."""
    values: dict[str, Any] = {}
    groups: dict[str, Mapping[str, object] | None] = {}
    for item in schema(cls):
        if item.spec.when is not None and not item.applies(values):
            values[item.name] = item.unused
            continue
        container, where, key = obj, path, item.key
        if "." in key:
            group, key = key.split(".", 1)
            if group not in groups:
                members = tuple(
                    other.key.split(".", 1)[1] for other in schema(cls) if other.key.startswith(f"{group}.")
                )
                groups[group] = form.entry(obj.get(group), join(path, group), members)
            found = groups[group]
            if found is None:
                values[item.name] = None
                continue
            container, where = found, join(path, group)
        values[item.name] = _read_field(form, container, item, key, where, values)
    return values


def _read_field(
    form: Form,
    obj: Mapping[str, object],
    item: FieldSchema,
    key: str,
    path: str,
    siblings: Mapping[str, object],
) -> Any:
    default = item.default(siblings)
    spec_ = item.spec
    if item.kind == FieldKind.INT:
        if item.nullable and key in obj and obj[key] is None:
            return None
        return form.integer(
            obj,
            key,
            path,
            minimum=spec_.low,
            maximum=item.high(siblings),
            default=None if default is MISSING else cast(int | None, default),
            required=default is MISSING,
        )
    if item.kind == FieldKind.BOOL:
        return form.boolean(obj, key, path, default=None if default is MISSING else bool(default))
    if item.kind == FieldKind.CHOICE:
        return _choice(form, obj, key, path, item.type, default)
    if item.kind == FieldKind.TEXT:
        return _text(form, obj, key, path, spec_.high)
    if item.kind == FieldKind.CARDS:
        return _card_values(form, obj.get(key), join(path, key), spec_)
    if item.kind == FieldKind.OBJECT:
        inner = form.entry(obj.get(key), join(path, key), _keys(item.type))
        return None if inner is None else item.type(**_read_fields(form, inner, item.type, join(path, key)))
    return _read_block(form, obj.get(key), join(path, key))


def _text(form: Form, obj: Mapping[str, object], key: str, path: str, longest: int | None) -> str | None:
    field_ = join(path, key)
    value = obj.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        form.fail(Code.REQUIRED, field_)
        return None
    if (
        not isinstance(value, str)
        or not value.isprintable()
        or (longest is not None and len(value.strip()) > longest)
    ):
        form.fail(Code.INVALID, field_, maximum=longest)
        return None
    return value.strip()


def _choice(
    form: Form, obj: Mapping[str, object], key: str, path: str, kind: type[StrEnum], default: object
) -> Any:
    value = obj.get(key, default)
    for member in kind:
        if value == member.value:
            return member
    form.fail(
        Code.INVALID if key in obj else Code.REQUIRED, join(path, key), choices=tuple(m.value for m in kind)
    )
    return None


def _read_block(form: Form, raw: object, path: str) -> Block | None:
    if raw is None:
        form.fail(Code.REQUIRED, path)
        return None
    if not isinstance(raw, Mapping):
        form.fail(Code.INVALID, path)
        return None
    kind = _choice(form, raw, ENTRY_KIND.key, path, EntryKind, ENTRY_KIND.default())
    if kind is None:
        return None
    cls = BLOCKS[kind]
    form.only_keys(raw, _keys(cls), path)
    return cls(**_read_fields(form, raw, cls, path))


def _card_values(form: Form, raw: object, field_: str, limits: Spec) -> Mapping[str, int] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not raw:
        form.fail(Code.INVALID, field_)
        return None
    low, high = limits.low, limits.high
    assert low is not None and high is not None
    values: dict[str, int] = {}
    for rank, value in raw.items():
        if rank not in CARD_KEYS:
            form.fail(Code.UNKNOWN_CARD, f"{field_}.{rank}")
        elif not is_int(value) or not low <= value <= high:
            form.fail(Code.INVALID, f"{field_}.{rank}", minimum=low, maximum=high)
        else:
            values[rank] = value
    return MappingProxyType(values)


def definition_errors(definition: Definition) -> list[RuleError]:
    """The contradictions of a definition whose every field has the right form."""
    errors: list[RuleError] = []
    d = definition
    if d.min_players > d.max_players:
        errors.append(
            rule_error(DefinitionCode.PLAYERS_RANGE, "players.max", min=d.min_players, max=d.max_players)
        )
    elif not d.player_counts:
        errors.append(rule_error(DefinitionCode.TEAMS_DO_NOT_FIT, "team_size", size=d.team_size))
    entry, end = d.entry, d.end
    if isinstance(entry, PointsBlock):
        errors += _points_errors(entry, d)
    if isinstance(entry, BidsBlock):
        if d.team_size > 1:
            errors.append(rule_error(DefinitionCode.TEAMS_WITH_BIDS, "team_size"))
        if end.kind != EndKind.SCHEDULE:
            errors.append(rule_error(DefinitionCode.BIDS_END_WITH_SCHEDULE, "end.kind"))
        peak = max(entry.cards_per_deal)
        if peak * d.max_players > entry.deck:
            errors.append(
                rule_error(
                    DefinitionCode.SCHEDULE_EXCEEDS_DECK,
                    "entry.cards",
                    cards=peak,
                    players=d.max_players,
                    deck=entry.deck,
                )
            )
        if entry.miss_fixed is None and entry.miss_per_trick == 0:
            errors.append(rule_error(DefinitionCode.MISS_NOT_SET, "entry.miss_per_trick"))
    elif end.kind == EndKind.SCHEDULE:
        errors.append(rule_error(DefinitionCode.SCHEDULE_WITHOUT_BIDS, "end.kind"))
    if end.kind != EndKind.SCHEDULE and end.value <= 0:
        errors.append(rule_error(DefinitionCode.TARGET_NOT_POSITIVE, "end.value", value=end.value))
    implied = {EndKind.TARGET: Winner.HIGHEST, EndKind.THRESHOLD: Winner.LOWEST}.get(end.kind)
    if implied is not None and end.winner != implied:
        errors.append(rule_error(DefinitionCode.WINNER_CONTRADICTS_END, "end.winner"))
    return errors


def _points_errors(entry: PointsBlock, d: Definition) -> list[RuleError]:
    errors: list[RuleError] = []
    if entry.minimum is not None and entry.maximum is not None and entry.minimum > entry.maximum:
        errors.append(
            rule_error(
                DefinitionCode.BOUNDS_REVERSED, "entry.maximum", minimum=entry.minimum, maximum=entry.maximum
            )
        )
        return errors
    if entry.shoot_the_moon and entry.total is None:
        errors.append(rule_error(DefinitionCode.MOON_WITHOUT_TOTAL, "entry.shoot_the_moon"))
    if entry.total is not None:
        reachable = [
            count // d.team_size for count in d.player_counts if _total_reachable(entry, count // d.team_size)
        ]
        if d.player_counts and len(reachable) != len(d.player_counts):
            units = next(c // d.team_size for c in d.player_counts if c // d.team_size not in reachable)
            errors.append(
                rule_error(
                    DefinitionCode.TOTAL_OUT_OF_REACH,
                    "entry.total",
                    total=entry.total,
                    units=units,
                    multiple=entry.multiple_of,
                )
            )
    return errors


def _total_reachable(entry: PointsBlock, units: int) -> bool:
    """Whether ``units`` entries within the bounds, each a multiple, can add up to the total."""
    assert entry.total is not None
    if entry.total % entry.multiple_of:
        return False
    low = None if entry.minimum is None else units * _round_up(entry.minimum, entry.multiple_of)
    high = None if entry.maximum is None else units * _round_down(entry.maximum, entry.multiple_of)
    if (low is not None and entry.total < low) or (high is not None and entry.total > high):
        return False
    return low is None or high is None or low <= high


def _round_up(value: int, step: int) -> int:
    return -(-value // step) * step


def _round_down(value: int, step: int) -> int:
    return (value // step) * step


def definition_json(definition: Definition) -> dict[str, object]:
    """The definition as ``read_definition`` reads it (a shared file, the copy a match keeps)."""
    return _write(definition)


def _write(value: Any) -> dict[str, object]:
    """The JSON of a definition's dataclass: each field that applies, at its key."""
    out: dict[str, object] = {"kind": value.kind.value} if isinstance(value, Block) else {}
    cls: type = type(value)
    siblings = {item.name: getattr(value, item.name) for item in schema(cls)}
    for item in schema(cls):
        if not item.applies(siblings):
            continue
        held = siblings[item.name]
        if item.kind in (FieldKind.BLOCK, FieldKind.OBJECT):
            held = _write(held)
        elif isinstance(held, StrEnum):
            held = held.value
        elif isinstance(held, Mapping):
            held = dict(held)
        node = out
        *groups, key = item.key.split(".")
        for group in groups:
            node = cast(dict[str, object], node.setdefault(group, {}))
        node[key] = held
    return out


# --- the game -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """The deals played: the next dealer and, for bids, the next deal's cards follow from it."""

    deals: int = 0


@dataclass(frozen=True)
class DeclaredHints:
    """For the next deal: the cards dealt (0: no schedule), the deals left after this one's
    predecessor (-1: no fixed number), and per unit what it still needs (target), what it may
    still take (threshold) or nothing (an empty tuple)."""

    cards: int
    deals_left: int
    to_go: tuple[int, ...]


@dataclass(frozen=True)
class DeclaredGame:
    """A ``Game`` whose rules are a ``Definition``; ``slug`` is the site's name for it."""

    definition: Definition
    slug: str = "declared"
    options: tuple[Option, ...] = ()
    codes: frozenset[StrEnum] = CODES

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.definition.player_counts

    @property
    def entries_per_seat(self) -> bool:
        """Points are entered per unit; hands and tricks per seat."""
        return not isinstance(self.definition.entry, PointsBlock)

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """Alone: no teams. In teams of ``team_size``: the given ones, or seats dealt round
        the table (pairs at four: 0 and 2 against 1 and 3)."""
        size = self.definition.team_size
        if size == 1:
            if teams is not None:
                raise refuse(Code.INVALID, "teams")
            return None
        count = players // size
        if teams is None:
            return tuple(tuple(range(first, players, count)) for first in range(count))
        if len(teams) != count or any(len(team) != size for team in teams):
            raise refuse(Code.INVALID, "teams")
        return teams

    def start(self, setup: Setup) -> Progress:
        return Progress()

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        entry = self.definition.entry
        after = Progress(progress.deals + 1)
        if not checked:
            return _stored_scores(entry, setup, body), after
        if isinstance(entry, PointsBlock):
            return _play_points(entry, setup, body), after
        if isinstance(entry, WentOutBlock):
            return _play_went_out(entry, setup, body), after
        return _play_bids(entry, setup, progress, body), after

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[DeclaredHints]:
        d = self.definition
        end = d.end
        key = low_total_first(totals) if d.lowest_wins else high_total_first(totals)
        rows = standings(setup.units, totals, key)
        schedule = d.entry.cards_per_deal if isinstance(d.entry, BidsBlock) else ()
        if end.kind in (EndKind.TARGET, EndKind.THRESHOLD):
            finished = any(total >= end.value for total in totals)
            deals_left = -1
        else:
            last = len(schedule) if end.kind == EndKind.SCHEDULE else end.value
            finished = progress.deals >= last
            deals_left = last - progress.deals
        if finished:
            return Outlook(True, rows, None)
        to_go = (
            tuple(end.value - total for total in totals) if end.kind != EndKind.DEALS and not schedule else ()
        )
        cards = schedule[progress.deals] if schedule else 0
        dealer = (setup.dealer + progress.deals) % setup.players
        return Outlook(False, rows, dealer, DeclaredHints(cards, deals_left, to_go))


def declared_game(definition: Definition, slug: str = "declared") -> Game[Progress, DeclaredHints]:
    return DeclaredGame(definition, slug)


def cards_dealt(definition: Definition, number: int) -> int:
    """The cards every player gets at deal ``number`` (0 where the game has no schedule)."""
    entry = definition.entry
    if not isinstance(entry, BidsBlock):
        return 0
    schedule = entry.cards_per_deal
    return schedule[number - 1] if 1 <= number <= len(schedule) else 0


def forbidden_dealer_bid(cards: int, other_bids: Sequence[int]) -> int | None:
    """The one bid the dealer may not make (it would let the bids add up to the cards), or
    None when every bid is allowed (the others already bid more than the cards)."""
    rest = cards - sum(other_bids)
    return rest if rest >= 0 else None


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in the order they bid (and lead): the player after the dealer first, the
    dealer last, whose bid the dealer rule limits."""
    return tuple((dealer + step) % players for step in range(1, players + 1))


def _read_entries(form: Form, body: object, count: int) -> list[object]:
    """The round's entries, or none when the round itself has the wrong form."""
    round_body = form.body(body, ("entries",))
    entries = form.entries(round_body, count) if round_body is not None else None
    return entries or []


def _bounds(
    form: Form, value: int, field: str, minimum: int | None, maximum: int | None, multiple: int
) -> None:
    if minimum is not None and value < minimum:
        form.fail(DeclaredCode.BELOW_MINIMUM, field, minimum=minimum)
    elif maximum is not None and value > maximum:
        form.fail(DeclaredCode.ABOVE_MAXIMUM, field, maximum=maximum)
    elif value % multiple:
        form.fail(DeclaredCode.NOT_A_MULTIPLE, field, multiple=multiple)


def _play_points(entry: PointsBlock, setup: Setup, body: object) -> Scores:
    form = Form()
    units = len(setup.units)
    raw = _read_entries(form, body, units)
    points: list[int] = []
    for unit, value in enumerate(raw):
        path = join("entries", unit)
        read = form.entry(value, path, ("points",))
        if read is None:
            continue
        number = form.integer(read, "points", path, minimum=None)
        if number is None:
            continue
        _bounds(form, number, join(path, "points"), entry.minimum, entry.maximum, entry.multiple_of)
        points.append(number)
    form.raise_if_failed()
    errors: list[RuleError] = []
    if entry.total is not None and sum(points) != entry.total:
        errors.append(rule_error(DeclaredCode.WRONG_TOTAL, "", total=entry.total, got=sum(points)))
    zeros = points.count(0)
    moon = _shot_the_moon(entry, points)
    if entry.one_zero_at_most and zeros > 1 and not moon:
        errors.append(rule_error(DeclaredCode.TOO_MANY_ZEROS, "", count=zeros))
    if errors:
        raise Refused(errors)
    return _points_scores(entry, points)


def _shot_the_moon(entry: PointsBlock, points: Sequence[int]) -> bool:
    return entry.shoot_the_moon and entry.total is not None and entry.total != 0 and entry.total in points


def _points_scores(entry: PointsBlock, points: Sequence[int]) -> Scores:
    if _shot_the_moon(entry, points):
        assert entry.total is not None
        # The one who took everything scores nothing and every other unit the whole total.
        return tuple(0 if value == entry.total else entry.total for value in points)
    return tuple(points)


def _play_went_out(entry: WentOutBlock, setup: Setup, body: object) -> Scores:
    form = Form()
    raw = _read_entries(form, body, setup.players)
    keys = tuple(entry.card_values) if entry.card_values is not None else ()
    values = entry.card_values or MappingProxyType({})
    outs: list[bool] = []
    hands: list[Counted] = []
    for seat, value in enumerate(raw):
        path = join("entries", seat)
        read = form.entry(value, path, ("went_out", "hand_points", "hand_cards"))
        if read is None:
            continue
        went_out = form.boolean(read, "went_out", path)
        if went_out is None:
            continue
        before = len(form.errors)
        # Who went out holds no cards: their hand may be left out.
        points = form.integer(
            read, "hand_points", path, default=0 if went_out else None, required="hand_cards" not in read
        )
        cards = form.card_map(read, "hand_cards", path, keys) if keys else None
        if len(form.errors) != before:
            continue
        counted = Counted(points, cards, path, "hand_points", "hand_cards")
        if points is not None:
            _bounds(form, points, counted.points_field, 0, entry.maximum, entry.multiple_of)
        outs.append(went_out)
        hands.append(counted)
    form.raise_if_failed()
    errors = [error for counted in hands if (error := mismatch(counted, values))]
    out = sum(outs)
    if out != 1:
        errors.append(rule_error(DeclaredCode.WENT_OUT_COUNT, "", count=out))
    for went_out, counted in zip(outs, hands, strict=True):
        hand = value_of(counted, values)
        if went_out and hand:
            errors.append(rule_error(DeclaredCode.WENT_OUT_WITH_POINTS, counted.field, points=hand))
        elif not went_out and counted.points is None and entry.maximum is not None and hand > entry.maximum:
            errors.append(rule_error(DeclaredCode.ABOVE_MAXIMUM, counted.field, maximum=entry.maximum))
    if errors:
        raise Refused(errors)
    seats = [
        entry.out_score if went_out else _hand_score(entry, value_of(c, values))
        for went_out, c in zip(outs, hands, strict=True)
    ]
    return _unit_scores(setup.units, seats)


def _hand_score(entry: WentOutBlock, hand: int) -> int:
    return hand if entry.hand == HandCounts.PLUS else -hand


def _unit_scores(units: Teams, seats: Sequence[int]) -> Scores:
    if len(units) == len(seats):
        return tuple(seats)
    return tuple(sum(seats[seat] for seat in unit) for unit in units)


def _play_bids(entry: BidsBlock, setup: Setup, progress: Progress, body: object) -> Scores:
    cards = entry.cards_per_deal[progress.deals]
    form = Form()
    raw = _read_entries(form, body, setup.players)
    bids: list[int] = []
    tricks: list[int] = []
    for seat, value in enumerate(raw):
        path = join("entries", seat)
        read = form.entry(value, path, ("bid", "tricks"))
        if read is None:
            continue
        bid = form.integer(read, "bid", path, minimum=0, maximum=cards)
        taken = form.integer(read, "tricks", path, minimum=0, maximum=cards)
        if bid is not None and taken is not None:
            bids.append(bid)
            tricks.append(taken)
    form.raise_if_failed()
    errors: list[RuleError] = []
    if sum(tricks) != cards:
        errors.append(rule_error(DeclaredCode.TRICKS_TOTAL, "", cards=cards, got=sum(tricks)))
    dealer = (setup.dealer + progress.deals) % setup.players
    if entry.dealer_rule and sum(bids) == cards:
        errors.append(
            rule_error(DeclaredCode.DEALER_BID, join("entries", dealer, "bid"), cards=cards, bid=bids[dealer])
        )
    if errors:
        raise Refused(errors)
    return tuple(_bid_score(entry, bid, taken) for bid, taken in zip(bids, tricks, strict=True))


def _bid_score(entry: BidsBlock, bid: int, tricks: int) -> int:
    if bid == tricks:
        return entry.hit_base + entry.hit_per_trick * tricks
    if entry.miss_fixed is not None:
        return -entry.miss_fixed
    return -entry.miss_per_trick * abs(bid - tricks)


def _stored_scores(entry: Block, setup: Setup, body: object) -> Scores:
    """The scores of a deal stored after its checks, read straight from its JSON."""
    entries: list[Any] = cast(Mapping[str, list[Any]], body)["entries"]
    if isinstance(entry, PointsBlock):
        return _points_scores(entry, [item["points"] for item in entries])
    if isinstance(entry, WentOutBlock):
        values = entry.card_values or {}
        seats = []
        for item in entries:
            if item["went_out"]:
                seats.append(entry.out_score)
                continue
            hand = item.get("hand_points")
            seats.append(
                _hand_score(entry, hand if hand is not None else points_of(item["hand_cards"], values))
            )
        return _unit_scores(setup.units, seats)
    return tuple(_bid_score(entry, item["bid"], item["tricks"]) for item in entries)


# --- templates a club copies and adjusts ---------------------------------------------------------

TEMPLATES: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        "boerenbridge": {
            "name": "Boerenbridge",
            "players": {"min": 3, "max": 7},
            "team_size": 1,
            "entry": {
                "kind": "bids",
                "schedule": "up_down",
                "cards": 7,
                "deck": 52,
                "dealer_rule": True,
                "hit_base": 10,
                "hit_per_trick": 2,
                "miss_per_trick": 2,
                "miss_fixed": None,
            },
            "end": {"kind": "schedule", "winner": "highest"},
        },
        "hartenjagen": {
            "name": "Hartenjagen",
            "players": {"min": 3, "max": 6},
            "team_size": 1,
            "entry": {"kind": "points", "minimum": 0, "maximum": 26, "total": 26, "shoot_the_moon": True},
            "end": {"kind": "threshold", "value": 100, "winner": "lowest"},
        },
        # Rikken's contracts pay between the players: every deal adds up to nothing.
        "rikken": {
            "name": "Rikken",
            "players": {"min": 4, "max": 4},
            "team_size": 1,
            "entry": {"kind": "points", "minimum": None, "maximum": None, "total": 0},
            "end": {"kind": "deals", "value": 16, "winner": "highest"},
        },
        "free": {
            "name": "Free game",
            "players": {"min": 2, "max": 10},
            "team_size": 1,
            "entry": {"kind": "points", "minimum": None, "maximum": None},
            "end": {"kind": "target", "value": 500, "winner": "highest"},
        },
    }
)
