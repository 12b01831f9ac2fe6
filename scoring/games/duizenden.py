"""Duizenden: a rummy with two packs, table minus hand, first unit to the target ends the match.

The spec (shared/spec/games/duizenden.md) decides; the module follows its checks table. Two
points shape the code:

- Entries are always one per *seat*, also in team play, so each player's table and hand stay on
  record; scores, totals and standings are per *unit* (a seat, or a team from ``Setup.units``).
- The only state a deal leaves behind is how many deals were played (for the next dealer);
  everything else follows from the totals, so progress is a tiny frozen value.

Decisions taken where the spec is silent (see the report to the lead):

- ``"joker"`` is always a known card key, also with ``jokers`` 0: the pack table says the packs
  hold ``jokers`` jokers, so one too many is ``too_many_cards`` (limit 0), not ``unknown_card``.
- A ``points_mismatch`` hides every other check of that entry, ``too_many_cards`` at its map keys
  included ("no other check of that entry is reported"); its cards still count towards the
  round's running card count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from functools import lru_cache
from types import MappingProxyType
from typing import Any, cast

from scoring.cards import JOKER, RANKS, mismatch, points_of, too_many_cards, value_of
from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Counted, Form, join
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import MAX_POINTS, MAX_TARGET, IntOption, Option
from scoring.ranking import high_total_first, standings

SLUG = "duizenden"
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)

QUEEN_OF_SPADES = "QS"
# Card-count map keys: the usual ranks ("Q" = the six other queens), the queen of spades, jokers.
CARD_KEYS: tuple[str, ...] = (*RANKS, QUEEN_OF_SPADES, JOKER)

# Points per card, the queen of spades excepted (its value is the ``queen_of_spades`` option).
CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {
        **{rank: 5 for rank in ("2", "3", "4", "5", "6", "7", "8", "9")},
        **{rank: 10 for rank in ("10", "J", "Q", "K")},
        "A": 20,
        JOKER: 25,
    }
)

# Cards of each key in two packs, jokers excepted (their number is the ``jokers`` option).
PACK_COUNTS: Mapping[str, int] = MappingProxyType({**{rank: 8 for rank in RANKS}, "Q": 6, QUEEN_OF_SPADES: 2})

DEFAULT_TARGET = 1000
DEFAULT_QUEEN_OF_SPADES = 100
DEFAULT_JOKERS = 4
MAX_JOKERS = 4

OPTIONS: tuple[Option, ...] = (
    IntOption("target", DEFAULT_TARGET, minimum=5, maximum=MAX_TARGET, multiple_of_5=True),
    IntOption("queen_of_spades", DEFAULT_QUEEN_OF_SPADES, minimum=5, maximum=MAX_POINTS, multiple_of_5=True),
    IntOption("jokers", DEFAULT_JOKERS, minimum=0, maximum=MAX_JOKERS),
)


@unique
class DuizendenCode(StrEnum):
    """The rule codes of Duizenden (spec/games/duizenden.md, Checks), beyond the generic ones."""

    WENT_OUT_COUNT = "went_out_count"
    WENT_OUT_WITH_CARDS = "went_out_with_cards"
    ZERO_WITHOUT_GOING_OUT = "zero_without_going_out"
    MORE_POINTS_THAN_CARDS = "more_points_than_cards"


CODES: frozenset[StrEnum] = frozenset(DuizendenCode)

ENTRY_KEYS: frozenset[str] = frozenset(
    {"went_out", "table_points", "table_cards", "hand_points", "hand_cards"}
)


@lru_cache(maxsize=64)
def card_values(queen_of_spades: int) -> Mapping[str, int]:
    """Points per card key, with the queen of spades at the match's value."""
    return MappingProxyType({**CARD_VALUES, QUEEN_OF_SPADES: queen_of_spades})


def card_limits(jokers: int) -> Mapping[str, int]:
    """How many cards of each key exist in one deal."""
    return MappingProxyType({**PACK_COUNTS, JOKER: jokers})


def pack_points(queen_of_spades: int, jokers: int) -> int:
    """Every card's points added up: 780 + 2 * queen of spades + 25 * jokers (1080 by default)."""
    values = card_values(queen_of_spades)
    return sum(values[key] * count for key, count in card_limits(jokers).items())


@dataclass(frozen=True)
class Progress:
    """What the deals played so far leave behind: only their number (the next dealer follows)."""

    deals: int = 0


@dataclass(frozen=True)
class SeatResult:
    """One seat's entry as read by the form checks."""

    went_out: bool
    table: Counted
    hand: Counted


def read_round(body: object, players: int) -> list[SeatResult]:
    """The round's entries, one per seat; ``Refused`` with every form error if any."""
    form = Form()
    round_body = form.body(body, ("entries",))
    entries = form.entries(round_body, players) if round_body is not None else None
    results: list[SeatResult | None] = []
    for seat, value in enumerate(entries or ()):
        results.append(read_entry(form, value, join("entries", seat)))
    form.raise_if_failed()
    return [result for result in results if result is not None]


def read_entry(form: Form, value: object, path: str) -> SeatResult | None:
    entry = form.entry(value, path, ENTRY_KEYS)
    if entry is None:
        return None
    went_out = form.boolean(entry, "went_out", path)
    table = form.counted(entry, path, "table_points", "table_cards", CARD_KEYS)
    hand = form.counted(entry, path, "hand_points", "hand_cards", CARD_KEYS)
    if went_out is None or table is None or hand is None:
        return None
    return SeatResult(went_out, table, hand)


def card_maps(results: Sequence[SeatResult]) -> list[tuple[str, Mapping[str, int]]]:
    """Every map of the round in reading order: seats in order, table before hand."""
    return [
        (counted.cards_field, counted.cards)
        for result in results
        for counted in (result.table, result.hand)
        if counted.cards is not None
    ]


def seat_errors(result: SeatResult, values: Mapping[str, int]) -> list[RuleError]:
    """The hand checks of one seat: out means an empty hand, not out means cards in hand."""
    hand = value_of(result.hand, values)
    if result.went_out and hand > 0:
        return [rule_error(DuizendenCode.WENT_OUT_WITH_CARDS, result.hand.field, points=hand)]
    if not result.went_out and hand == 0:
        return [rule_error(DuizendenCode.ZERO_WITHOUT_GOING_OUT, result.hand.field)]
    return []


def in_entry(error: RuleError, seat: int) -> bool:
    return error.field.startswith(f"entries.{seat}.")


def rule_errors(setup: Setup, results: Sequence[SeatResult]) -> list[RuleError]:
    """Every rule check of the Checks table, with the spec's hiding rules applied."""
    values = card_values(setup.int_option("queen_of_spades"))
    jokers = setup.int_option("jokers")
    mismatches = {
        seat: [error for counted in (result.table, result.hand) if (error := mismatch(counted, values))]
        for seat, result in enumerate(results)
    }
    hidden = {seat for seat, errors in mismatches.items() if errors}
    errors = [
        error
        for error in too_many_cards(card_maps(results), card_limits(jokers))
        if not any(in_entry(error, seat) for seat in hidden)
    ]
    errors += [error for seat in sorted(hidden) for error in mismatches[seat]]
    out = sum(result.went_out for result in results)
    if out != 1:
        errors.append(rule_error(DuizendenCode.WENT_OUT_COUNT, "", count=out))
    for seat, result in enumerate(results):
        if seat not in hidden:
            errors += seat_errors(result, values)
    if not hidden:
        # Only when every entry's points are known (spec decision).
        points = sum(value_of(r.table, values) + value_of(r.hand, values) for r in results)
        limit = pack_points(setup.int_option("queen_of_spades"), jokers)
        if points > limit:
            errors.append(rule_error(DuizendenCode.MORE_POINTS_THAN_CARDS, "", points=points, limit=limit))
    return errors


def seat_scores(setup: Setup, results: Sequence[SeatResult]) -> list[int]:
    """Table minus hand per seat; it may be negative. No bonus for going out."""
    values = card_values(setup.int_option("queen_of_spades"))
    return [value_of(r.table, values) - value_of(r.hand, values) for r in results]


def stored_seat_scores(body: object, values: Mapping[str, int]) -> list[int]:
    """``seat_scores`` of a round stored after its checks, read straight from its JSON: points
    where sent (they equal the cards then), else the cards' value. Every request replays every
    stored round, and building the checked reading's objects was most of that time."""
    seats: list[int] = []
    # The stored JSON as it is (Any): a cast per value was a call per value.
    entries: list[Any] = cast(Mapping[str, list[Any]], body)["entries"]
    for entry in entries:
        table = entry.get("table_points")
        if table is None:
            table = points_of(entry["table_cards"], values)
        hand = entry.get("hand_points")
        if hand is None:
            hand = points_of(entry["hand_cards"], values)
        seats.append(table - hand)
    return seats


def unit_scores(units: Teams, seats: Sequence[int]) -> Scores:
    """Partners score together: a unit's score is the sum of its seats'."""
    if len(units) == len(seats):  # every seat alone: the seats' scores as they are
        return tuple(seats)
    return tuple(sum(seats[seat] for seat in unit) for unit in units)


def valid_teams(players: int, teams: Teams) -> bool:
    """Every seat once, at least two teams, all the same size, at least two seats each."""
    seats = sorted(seat for team in teams for seat in team)
    sizes = {len(team) for team in teams}
    return seats == list(range(players)) and len(teams) >= 2 and len(sizes) == 1 and min(sizes) >= 2


@dataclass(frozen=True)
class NeededHints:
    """``next``: the points each scoring unit still needs to reach the target."""

    needed: tuple[int, ...]


@dataclass(frozen=True)
class Duizenden:
    slug: str = SLUG
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    options: tuple[Option, ...] = OPTIONS
    codes: frozenset[StrEnum] = CODES
    # One round entry per seat, also when scores are kept per team (spec: Duizenden).
    entries_per_seat: bool = True

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """No teams by default; otherwise two pairs (4), or 3 + 3 or 2 + 2 + 2 (6)."""
        if teams is None:
            return None
        if not valid_teams(players, teams):
            raise refuse(Code.INVALID, "teams")
        return teams

    def start(self, setup: Setup) -> Progress:
        return Progress()

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        if not checked:
            seats = stored_seat_scores(body, card_values(setup.int_option("queen_of_spades")))
            return unit_scores(setup.units, seats), Progress(progress.deals + 1)
        results = read_round(body, setup.players)
        if errors := rule_errors(setup, results):
            raise Refused(errors)
        return unit_scores(setup.units, seat_scores(setup, results)), Progress(progress.deals + 1)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[NeededHints]:
        """Over once a unit reaches the target at the end of a deal; the highest total wins."""
        target = setup.int_option("target")
        finished = any(total >= target for total in totals)
        rows = standings(setup.units, totals, high_total_first(totals))
        if finished:
            return Outlook(True, rows, None)
        dealer = (setup.dealer + progress.deals) % setup.players
        return Outlook(False, rows, dealer, NeededHints(tuple(target - total for total in totals)))


GAME: Game[Progress, NeededHints] = Duizenden()
