"""Canasta (spec/games/canasta.md): sides score canasta bonuses, red threes, going out and their
melded cards, minus the cards left in hand; the first side to reach the target ends the match.

The game's numbers are public module constants (card values, bonuses, the red-three table, the
minimum-meld table, the canasta minimums), so the rules page and the phone form render from the
same data the engine scores with.

Decisions taken here where the spec leaves room:

- ``points_mismatch`` hides every other check of that side, ``too_many_cards`` at its map keys
  included (spec/README.md: "no other check of that entry is reported"; this game's spec has
  no rule about which checks come "later"); its cards still count towards the round's running
  card count, and the round-wide checks (field ``""``) are still reported.
- ``canastas_exceed_meld`` hides ``below_minimum_meld`` for the same side (spec decision).
- The progress carries the totals before the next deal, because the minimum first meld is judged
  from them and ``play`` is not given the totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Any, cast

from scoring.cards import JOKER, RANKS, mismatch, points_of, too_many_cards, value_of
from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Counted, Form, join
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import MAX_POINTS, MAX_TARGET, BoolOption, IntOption, Option
from scoring.ranking import high_total_first, standings

# --- the game's data --------------------------------------------------------------------------

CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {
        JOKER: 50,
        "2": 20,
        "A": 20,
        **dict.fromkeys(("K", "Q", "J", "10", "9", "8"), 10),
        **dict.fromkeys(("7", "6", "5", "4", "3"), 5),  # "3" is a black three
    }
)
CARD_KEYS: tuple[str, ...] = (*RANKS, JOKER)

# Per pack: four of each rank but the threes, two black threes, two red threes, two jokers.
CARDS_PER_PACK: Mapping[str, int] = MappingProxyType({**dict.fromkeys(RANKS, 4), "3": 2, JOKER: 2})
RED_THREES_PER_PACK = 2

NATURAL = "natural_canastas"
MIXED = "mixed_canastas"
NATURAL_ACE = "natural_ace_canastas"
MIXED_ACE = "mixed_ace_canastas"
WILD = "wild_canastas"
ORDINARY_CANASTAS: tuple[str, ...] = (NATURAL, MIXED)
SPECIAL_CANASTAS: tuple[str, ...] = (NATURAL_ACE, MIXED_ACE, WILD)

CANASTA_BONUSES: Mapping[str, int] = MappingProxyType(
    {NATURAL: 500, MIXED: 300, NATURAL_ACE: 800, MIXED_ACE: 500, WILD: 1000}
)
# The cheapest meld each canasta needs: seven 5s (35); six 5s and a two (50); seven aces, or
# seven wild cards of at least 20 each (140).
CANASTA_MINIMUMS: Mapping[str, int] = MappingProxyType(
    {NATURAL: 35, MIXED: 50, NATURAL_ACE: 140, MIXED_ACE: 140, WILD: 140}
)

GOING_OUT_BONUS = 100
RED_THREE_VALUE = 100
# Red threes worth more than 100 each, by packs: {packs: {count: value}}.
RED_THREE_SETS: Mapping[int, Mapping[int, int]] = MappingProxyType(
    {2: MappingProxyType({4: 800}), 3: MappingProxyType({5: 1000, 6: 1200})}
)

# Minimum first meld: (lowest total of the band, or None for "below 0", minimum), ascending.
MINIMUM_MELD_TABLE: tuple[tuple[int | None, int], ...] = ((None, 15), (0, 50), (1500, 90), (3000, 120))

DEFAULT_TEAMS: Mapping[int, Teams] = MappingProxyType({4: ((0, 2), (1, 3)), 6: ((0, 2, 4), (1, 3, 5))})
# Team sizes allowed per player count (every team the same size).
TEAM_SIZES: Mapping[int, tuple[int, ...]] = MappingProxyType({4: (2,), 6: (3, 2)})

ROUND_KEYS: frozenset[str] = frozenset({"entries"})
ENTRY_KEYS: frozenset[str] = frozenset(
    {"went_out", "concealed", *ORDINARY_CANASTAS, "red_threes"}
    | {"meld_points", "meld_cards", "hand_points", "hand_cards"}
)


def default_packs(players: int) -> int:
    """Two packs, a third for six players (seed)."""
    return 3 if players == 6 else 2


OPTIONS: tuple[Option, ...] = (
    IntOption("target", 5000, minimum=5, maximum=MAX_TARGET, multiple_of_5=True),
    BoolOption("special_canastas", True),
    IntOption("concealed_bonus", 200, maximum=MAX_POINTS, multiple_of_5=True),
    IntOption("canastas_to_go_out", 1, minimum=1, maximum=2, choices=(1, 2)),
    IntOption("packs", default_packs, minimum=2, maximum=3, choices=(2, 3)),
)


@unique
class CanastaCode(StrEnum):
    """The rule codes of Canasta (spec/games/canasta.md, Checks), beyond the generic ones."""

    WENT_OUT_COUNT = "went_out_count"
    TOO_MANY_RED_THREES = "too_many_red_threes"
    CONCEALED_WITHOUT_GOING_OUT = "concealed_without_going_out"
    WENT_OUT_WITHOUT_CANASTA = "went_out_without_canasta"
    WENT_OUT_WITH_CARDS = "went_out_with_cards"
    CANASTAS_EXCEED_MELD = "canastas_exceed_meld"
    BELOW_MINIMUM_MELD = "below_minimum_meld"


CODES: frozenset[StrEnum] = frozenset(CanastaCode)


# --- pure rules -------------------------------------------------------------------------------


def minimum_meld(total: int) -> int:
    """The minimum first meld of a side whose total before the deal is ``total``."""
    minimum = MINIMUM_MELD_TABLE[0][1]
    for lowest, value in MINIMUM_MELD_TABLE:
        if lowest is None or total >= lowest:
            minimum = value
    return minimum


def card_limits(packs: int) -> Mapping[str, int]:
    """How many cards of each map key exist in ``packs`` packs."""
    return MappingProxyType({key: count * packs for key, count in CARDS_PER_PACK.items()})


def red_three_value(count: int, packs: int) -> int:
    """The red-three bonus of a side (before the sign for a side that melded nothing)."""
    return RED_THREE_SETS.get(packs, {}).get(count, RED_THREE_VALUE * count)


def canasta_meld_minimum(canastas: Mapping[str, int]) -> int:
    """The least meld value that can hold these canastas."""
    return sum(CANASTA_MINIMUMS[kind] * count for kind, count in canastas.items())


def canasta_bonus(canastas: Mapping[str, int]) -> int:
    return sum(CANASTA_BONUSES[kind] * count for kind, count in canastas.items())


# --- one side's entry -------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One side's entry, read and typed."""

    path: str
    went_out: bool
    concealed: bool
    canastas: Mapping[str, int]
    red_threes: int
    meld: Counted
    hand: Counted

    @property
    def canasta_count(self) -> int:
        return sum(self.canastas.values())

    @property
    def meld_points(self) -> int:
        return value_of(self.meld, CARD_VALUES)

    @property
    def hand_points(self) -> int:
        return value_of(self.hand, CARD_VALUES)


def score(side: Side, setup: Setup) -> int:
    """What the deal adds to the side's total (spec, Scoring)."""
    return deal_score(
        setup.int_option("packs"),
        setup.int_option("concealed_bonus"),
        side.went_out,
        side.concealed,
        canasta_bonus(side.canastas),
        side.red_threes,
        side.meld_points,
        side.hand_points,
    )


def deal_score(
    packs: int,
    concealed_bonus: int,
    went_out: bool,
    concealed: bool,
    bonus: int,
    red_threes: int,
    meld: int,
    hand: int,
) -> int:
    """The scoring formula itself, shared by ``score`` and ``stored_scores`` (the options are
    read once per deal by the caller)."""
    red = red_three_value(red_threes, packs)
    going_out = 0
    if went_out:
        going_out = concealed_bonus if concealed else GOING_OUT_BONUS
    if not meld:  # a side that melded nothing pays for its red threes
        red = -red
    return bonus + red + going_out + meld - hand


def stored_scores(setup: Setup, body: object) -> Scores:
    """``score`` of every side of a deal stored after its checks, read straight from its JSON
    (points where sent, else the cards' value; special canastas 0 when not sent). Every request
    replays every stored deal, and building the checked reading's objects was most of that time."""
    packs, concealed_bonus = setup.int_option("packs"), setup.int_option("concealed_bonus")
    scores: list[int] = []
    # The stored JSON as it is (Any): a cast per value was a call per value.
    entries: list[Any] = cast(Mapping[str, list[Any]], body)["entries"]
    for entry in entries:
        bonus = 0
        for kind, value in _BONUS_ITEMS:
            if count := entry.get(kind):
                bonus += value * count
        meld = entry.get("meld_points")
        if meld is None:
            meld = points_of(entry["meld_cards"], CARD_VALUES)
        hand = entry.get("hand_points")
        if hand is None:
            hand = points_of(entry["hand_cards"], CARD_VALUES)
        scores.append(
            deal_score(
                packs,
                concealed_bonus,
                entry["went_out"] is True,
                entry.get("concealed") is True,
                bonus,
                entry["red_threes"],
                meld,
                hand,
            )
        )
    return tuple(scores)


_BONUS_ITEMS = tuple(CANASTA_BONUSES.items())


# --- reading the round (form checks) ----------------------------------------------------------


def read_round(setup: Setup, body: object) -> list[Side]:
    """Every side's entry; ``Refused`` with all form errors if any."""
    form = Form()
    sides: list[Side] = []
    round_ = form.body(body, ROUND_KEYS)
    entries = form.entries(round_, len(setup.units)) if round_ is not None else None
    for index, value in enumerate(entries or ()):
        side = read_side(form, value, join("entries", index), setup.bool_option("special_canastas"))
        if side is not None:
            sides.append(side)
    form.raise_if_failed()
    return sides


def read_side(form: Form, value: object, path: str, special: bool) -> Side | None:
    kinds = (*ORDINARY_CANASTAS, *SPECIAL_CANASTAS) if special else ORDINARY_CANASTAS
    # With special canastas off their keys are unknown, hence ``invalid`` (spec decision).
    entry = form.entry(value, path, ENTRY_KEYS | set(kinds))
    if entry is None:
        return None
    went_out = form.boolean(entry, "went_out", path)
    concealed = form.boolean(entry, "concealed", path, default=False)
    counts = {
        kind: form.integer(entry, kind, path, default=None if kind in ORDINARY_CANASTAS else 0)
        for kind in kinds
    }
    red_threes = form.integer(entry, "red_threes", path)
    meld = form.counted(entry, path, "meld_points", "meld_cards", CARD_KEYS)
    hand = form.counted(entry, path, "hand_points", "hand_cards", CARD_KEYS)
    if went_out is None or concealed is None or red_threes is None or meld is None or hand is None:
        return None
    canastas = {kind: count for kind, count in counts.items() if count is not None}
    if len(canastas) != len(counts):
        return None
    return Side(path, went_out, concealed, MappingProxyType(canastas), red_threes, meld, hand)


# --- rule checks ------------------------------------------------------------------------------


def round_errors(setup: Setup, totals: Sequence[int], sides: Sequence[Side]) -> list[RuleError]:
    """Every rule error of the round (spec, Checks), with the spec's hide rules applied."""
    packs = setup.int_option("packs")
    maps = [
        (counted.cards_field, counted.cards)
        for side in sides
        for counted in (side.meld, side.hand)  # meld_cards before hand_cards (spec)
        if counted.cards is not None
    ]
    mismatched = {side.path for side in sides if side_mismatches(side)}
    errors = [
        error
        for error in too_many_cards(maps, card_limits(packs))
        if not any(error.field.startswith(f"{path}.") for path in mismatched)
    ]
    went_out = sum(side.went_out for side in sides)
    if went_out > 1:
        errors.append(rule_error(CanastaCode.WENT_OUT_COUNT, "", count=went_out))
    red_threes = sum(side.red_threes for side in sides)
    if red_threes > RED_THREES_PER_PACK * packs:
        errors.append(
            rule_error(
                CanastaCode.TOO_MANY_RED_THREES, "", count=red_threes, limit=RED_THREES_PER_PACK * packs
            )
        )
    for side, total, unit in zip(sides, totals, setup.units, strict=True):
        errors += side_errors(setup, side, total, alone=len(unit) == 1)
    return errors


def side_mismatches(side: Side) -> list[RuleError]:
    """``points_mismatch`` for the meld and/or the hand of one side."""
    return [error for error in (mismatch(side.meld, CARD_VALUES), mismatch(side.hand, CARD_VALUES)) if error]


def side_errors(setup: Setup, side: Side, total: int, *, alone: bool) -> list[RuleError]:
    """The checks of one side; a points mismatch hides the rest, since its values are unsure."""
    mismatches = side_mismatches(side)
    if mismatches:
        return mismatches
    errors: list[RuleError] = []
    if side.concealed and not side.went_out:
        errors.append(rule_error(CanastaCode.CONCEALED_WITHOUT_GOING_OUT, join(side.path, "concealed")))
    required = setup.int_option("canastas_to_go_out")
    if side.went_out and side.canasta_count < required:
        errors.append(
            rule_error(
                CanastaCode.WENT_OUT_WITHOUT_CANASTA,
                join(side.path, "went_out"),
                required=required,
                canastas=side.canasta_count,
            )
        )
    if alone and side.went_out and side.hand_points:
        errors.append(rule_error(CanastaCode.WENT_OUT_WITH_CARDS, side.hand.field, hand=side.hand_points))
    meld = side.meld_points
    least = canasta_meld_minimum(side.canastas)
    if meld < least:
        errors.append(rule_error(CanastaCode.CANASTAS_EXCEED_MELD, side.meld.field, minimum=least, meld=meld))
    elif 0 < meld < minimum_meld(total):
        errors.append(
            rule_error(
                CanastaCode.BELOW_MINIMUM_MELD,
                side.meld.field,
                minimum=minimum_meld(total),
                meld=meld,
                total=total,
            )
        )
    return errors


# --- the game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    """Deals played and each side's total so far (the minimum meld is judged from it)."""

    played: int
    totals: Scores

    def after(self, scores: Scores) -> Progress:
        return Progress(self.played + 1, tuple([t + s for t, s in zip(self.totals, scores, strict=True)]))


@dataclass(frozen=True)
class MinimumMeldHints:
    """``next``: each side's minimum first meld in the coming deal."""

    minimum_meld: tuple[int, ...]


class Canasta:
    slug = "canasta"
    player_counts: tuple[int, ...] = (2, 3, 4, 6)
    options: tuple[Option, ...] = OPTIONS
    codes: frozenset[StrEnum] = CODES
    entries_per_seat: bool = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """Two or three play alone; four in two pairs; six in two threes or three pairs."""
        if teams is None:
            return DEFAULT_TEAMS.get(players)
        sizes = {len(team) for team in teams}
        if len(sizes) != 1 or sizes.pop() not in TEAM_SIZES.get(players, ()):
            raise refuse(Code.INVALID, "teams")
        return teams

    def start(self, setup: Setup) -> Progress:
        return Progress(0, (0,) * len(setup.units))

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        if not checked:
            scores = stored_scores(setup, body)
            return scores, progress.after(scores)
        sides = read_round(setup, body)
        if errors := round_errors(setup, progress.totals, sides):
            raise Refused(errors)
        scores = tuple(score(side, setup) for side in sides)
        return scores, progress.after(scores)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[MinimumMeldHints]:
        """Over once a side reaches the target; the highest total wins (ties share)."""
        rows = standings(setup.units, totals, high_total_first(totals))
        if any(total >= setup.int_option("target") for total in totals):
            return Outlook(True, rows, None)
        dealer = (setup.dealer + progress.played) % setup.players
        return Outlook(False, rows, dealer, MinimumMeldHints(tuple(minimum_meld(total) for total in totals)))


GAME: Game[Progress, MinimumMeldHints] = Canasta()
