"""Barbuse: four players, five contracts, twenty deals, every score a penalty.

Each seat in turn is the *spelmaker* for five deals in a row and chooses each of the five
contracts once (spec/games/barbuse.md). The progress is therefore nothing more than the contracts
chosen so far, in deal order: the spelmaker of a deal and the contracts he has left both follow
from it, so a replay after a correction cannot disagree with itself.

The contract decides the shape of every entry, so it is read first and, when it is missing,
unknown or already used by this spelmaker, it is the only error answered (spec decision).

Design notes:

- The game's data (contracts in their fixed order, entry fields, penalty tables) are public
  constants, so the rules page and the phone form render from the same numbers the engine scores
  with.
- A value outside an entry field's range, negative values included, is ``invalid``: the game's
  Checks table names ``invalid`` for the ranges and does not list ``negative`` among its codes.
  ``Form.integer`` would answer ``negative`` for a minimum of 0, so ``_bounded`` reads the integer
  without bounds and applies the range itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Literal, cast

from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Form, join
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import MAX_POINTS, IntOption, Option
from scoring.ranking import low_total_first, standings

SLUG = "barbuse"
PLAYERS = 4
DEALS_PER_SPELMAKER = 5
DEALS = PLAYERS * DEALS_PER_SPELMAKER  # every spelmaker plays every contract once: 20 deals

KNOBBELEN = "knobbelen"
NO_QUEENS = "no_queens"
NO_HEARTS = "no_hearts"
AANLEGGEN = "aanleggen"
NO_KING_OF_HEARTS = "no_king_of_hearts"

# The fixed order of the contracts: the rules page, the phone form and ``contracts_left`` use it.
CONTRACTS: tuple[str, ...] = (KNOBBELEN, NO_QUEENS, NO_HEARTS, AANLEGGEN, NO_KING_OF_HEARTS)

# What the 36-card pack (6 to ace) holds, and so what every deal must add up to.
TRICKS = 9
QUEENS = 4
HEARTS = 9
KINGS_OF_HEARTS = 1

# Knobbelen: when the bids add up to the number of tricks, nobody could fail, so every target
# becomes this instead of the player's own bid.
KNOBBELEN_EVEN_TARGET = 2
# Knobbelen: the penalty *each* failer scores, by the number of failers.
KNOBBELEN_PENALTY: Mapping[int, int] = MappingProxyType({1: 80, 2: 40, 3: 20, 4: 10})
QUEEN_PENALTY = 20
HEART_PENALTY = 10
# Aanleggen: the penalty by finishing place.
AANLEGGEN_PENALTY: Mapping[int, int] = MappingProxyType({1: 0, 2: 10, 3: 30, 4: 50})

OPTIONS: tuple[IntOption, ...] = (
    IntOption("all_hearts_bonus", 90, minimum=0, maximum=MAX_POINTS, multiple_of_5=True),
    IntOption("king_of_hearts_penalty", 80, minimum=0, maximum=MAX_POINTS, multiple_of_5=True),
)


@unique
class BarbuseCode(StrEnum):
    """The rule codes of Barbuse (spec/games/barbuse.md, Checks), beyond the generic ones."""

    UNKNOWN_CONTRACT = "unknown_contract"
    CONTRACT_ALREADY_PLAYED = "contract_already_played"
    TRICKS_TOTAL = "tricks_total"
    QUEENS_TOTAL = "queens_total"
    HEARTS_TOTAL = "hearts_total"
    PLACES = "places"
    KING_COUNT = "king_count"


CODES: frozenset[StrEnum] = frozenset(BarbuseCode)


@dataclass(frozen=True)
class EntryField:
    """One key of an entry: an integer within [minimum, maximum], or a boolean."""

    key: str
    kind: Literal["integer", "boolean"]
    minimum: int | None = None
    maximum: int | None = None


# The exact keys of an entry, per contract (an entry holds these and no other).
CONTRACT_FIELDS: Mapping[str, tuple[EntryField, ...]] = MappingProxyType(
    {
        KNOBBELEN: (
            EntryField("bid", "integer", 0, TRICKS),
            EntryField("tricks", "integer", 0, TRICKS),
        ),
        NO_QUEENS: (EntryField("queens", "integer", 0, QUEENS),),
        NO_HEARTS: (EntryField("hearts", "integer", 0, HEARTS),),
        AANLEGGEN: (EntryField("place", "integer", 1, PLAYERS),),
        NO_KING_OF_HEARTS: (EntryField("king", "boolean"),),
    }
)

Entry = Mapping[str, int | bool]


@dataclass(frozen=True)
class Progress:
    """The contracts chosen so far, one per deal in deal order."""

    contracts: tuple[str, ...] = ()

    def left_for(self, number: int) -> list[str]:
        """The contracts the spelmaker of deal ``number`` has not chosen yet, in fixed order."""
        used = self.contracts[block_start(number) : number - 1]
        return [contract for contract in CONTRACTS if contract not in used]


def block_start(number: int) -> int:
    """The index (in deal order, from 0) of the first deal of deal ``number``'s spelmaker."""
    return (number - 1) // DEALS_PER_SPELMAKER * DEALS_PER_SPELMAKER


def spelmaker(setup: Setup, number: int) -> int:
    """The seat that chooses, deals and leads deal ``number``: five deals each, clockwise."""
    return (setup.dealer + (number - 1) // DEALS_PER_SPELMAKER) % setup.players


# --- reading a round ------------------------------------------------------------------------


def read_contract(body: Mapping[str, object], progress: Progress, number: int, seat: int) -> str:
    """The round's contract; raises with that error alone, since without a valid contract the
    entries cannot be judged (spec decision)."""
    value = body.get("contract")
    if value is None:
        raise refuse(Code.REQUIRED, "contract")
    if not isinstance(value, str):
        raise refuse(Code.INVALID, "contract")
    if value not in CONTRACTS:
        raise refuse(BarbuseCode.UNKNOWN_CONTRACT, "contract", contract=value, choices=CONTRACTS)
    if value not in progress.left_for(number):
        raise refuse(BarbuseCode.CONTRACT_ALREADY_PLAYED, "contract", contract=value, spelmaker=seat)
    return value


def read_entries(form: Form, body: Mapping[str, object], contract: str) -> list[Entry]:
    """The four entries in the shape of ``contract``; errors are collected in ``form``."""
    fields = CONTRACT_FIELDS[contract]
    raw = form.entries(body, PLAYERS)
    if raw is None:
        return []
    entries: list[Entry] = []
    for index, value in enumerate(raw):
        path = join("entries", index)
        obj = form.entry(value, path, [spec.key for spec in fields])
        if obj is None:
            continue
        entry: dict[str, int | bool] = {}
        for spec in fields:
            read = (
                form.boolean(obj, spec.key, path)
                if spec.kind == "boolean"
                else _bounded(form, obj, spec, path)
            )
            if read is not None:
                entry[spec.key] = read
        entries.append(MappingProxyType(entry))
    return entries


def stored_round(body: object) -> tuple[str, Sequence[Entry]]:
    """The contract and entries of a round stored after its checks, as they are: a checked
    round holds exactly its contract's fields per entry, which is what ``read_entries`` makes.
    Every request replays every stored deal; reading them field by field was most of that."""
    stored = cast(Mapping[str, object], body)
    return cast(str, stored["contract"]), cast(Sequence[Entry], stored["entries"])


def _bounded(form: Form, obj: Mapping[str, object], spec: EntryField, path: str) -> int | None:
    """An integer within the field's range; anything outside it (negatives too) is ``invalid``."""
    value = form.integer(obj, spec.key, path, minimum=None, maximum=None)
    if value is None:
        return None
    below = spec.minimum is not None and value < spec.minimum
    above = spec.maximum is not None and value > spec.maximum
    if below or above:
        form.fail(Code.INVALID, join(path, spec.key), minimum=spec.minimum, maximum=spec.maximum)
        return None
    return value


# --- rule checks: one per contract; None when the round adds up -----------------------------


def _total(entries: Sequence[Entry], key: str) -> int:
    return sum(int(entry[key]) for entry in entries)


def check_knobbelen(entries: Sequence[Entry]) -> RuleError | None:
    got = _total(entries, "tricks")
    return None if got == TRICKS else rule_error(BarbuseCode.TRICKS_TOTAL, "", expected=TRICKS, got=got)


def check_no_queens(entries: Sequence[Entry]) -> RuleError | None:
    got = _total(entries, "queens")
    return None if got == QUEENS else rule_error(BarbuseCode.QUEENS_TOTAL, "", expected=QUEENS, got=got)


def check_no_hearts(entries: Sequence[Entry]) -> RuleError | None:
    got = _total(entries, "hearts")
    return None if got == HEARTS else rule_error(BarbuseCode.HEARTS_TOTAL, "", expected=HEARTS, got=got)


def check_aanleggen(entries: Sequence[Entry]) -> RuleError | None:
    places = [int(entry["place"]) for entry in entries]
    if sorted(places) == list(range(1, PLAYERS + 1)):
        return None
    return rule_error(BarbuseCode.PLACES, "", places=tuple(places), players=PLAYERS)


def check_no_king_of_hearts(entries: Sequence[Entry]) -> RuleError | None:
    got = sum(1 for entry in entries if entry["king"])
    if got == KINGS_OF_HEARTS:
        return None
    return rule_error(BarbuseCode.KING_COUNT, "", expected=KINGS_OF_HEARTS, got=got)


# --- scoring: penalties per seat --------------------------------------------------------------


def score_knobbelen(entries: Sequence[Entry], setup: Setup) -> Scores:
    """Targets are the bids, or 2 each when the bids add up to 9; every failer scores the
    penalty for the number of failers."""
    even = _total(entries, "bid") == TRICKS
    failed = [entry["tricks"] != (KNOBBELEN_EVEN_TARGET if even else entry["bid"]) for entry in entries]
    penalty = KNOBBELEN_PENALTY.get(sum(failed), 0)
    return tuple(penalty if failer else 0 for failer in failed)


def score_no_queens(entries: Sequence[Entry], setup: Setup) -> Scores:
    return tuple(QUEEN_PENALTY * int(entry["queens"]) for entry in entries)


def score_no_hearts(entries: Sequence[Entry], setup: Setup) -> Scores:
    """10 per heart, unless one player took them all: then he scores minus the bonus."""
    hearts = [int(entry["hearts"]) for entry in entries]
    if HEARTS in hearts:
        bonus = setup.int_option("all_hearts_bonus")
        return tuple(-bonus if count == HEARTS else 0 for count in hearts)
    return tuple(HEART_PENALTY * count for count in hearts)


def score_aanleggen(entries: Sequence[Entry], setup: Setup) -> Scores:
    return tuple(AANLEGGEN_PENALTY[int(entry["place"])] for entry in entries)


def score_no_king_of_hearts(entries: Sequence[Entry], setup: Setup) -> Scores:
    penalty = setup.int_option("king_of_hearts_penalty")
    return tuple(penalty if entry["king"] else 0 for entry in entries)


_RULES: Mapping[
    str,
    tuple[Callable[[Sequence[Entry]], RuleError | None], Callable[[Sequence[Entry], Setup], Scores]],
] = MappingProxyType(
    {
        KNOBBELEN: (check_knobbelen, score_knobbelen),
        NO_QUEENS: (check_no_queens, score_no_queens),
        NO_HEARTS: (check_no_hearts, score_no_hearts),
        AANLEGGEN: (check_aanleggen, score_aanleggen),
        NO_KING_OF_HEARTS: (check_no_king_of_hearts, score_no_king_of_hearts),
    }
)


# --- the game ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContractsLeftHints:
    """``next``: the contracts the coming deal's spelmaker may still choose, in the fixed order."""

    contracts_left: tuple[str, ...]


class Barbuse:
    """The ``Game`` for Barbuse (see ``scoring.match.Game``)."""

    slug: str = SLUG
    player_counts: tuple[int, ...] = (PLAYERS,)
    options: tuple[Option, ...] = OPTIONS
    codes: frozenset[StrEnum] = CODES
    entries_per_seat: bool = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """Everyone plays alone: any ``teams`` at all is refused."""
        if teams is not None:
            raise refuse(Code.INVALID, "teams")
        return None

    def start(self, setup: Setup) -> Progress:
        return Progress()

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        if number > DEALS:
            raise refuse(Code.MATCH_FINISHED)
        if not checked:
            contract, entries = stored_round(body)
            return _RULES[contract][1](entries, setup), Progress((*progress.contracts, contract))
        if not isinstance(body, Mapping):
            raise refuse(Code.INVALID, "")
        contract = read_contract(body, progress, number, spelmaker(setup, number))
        form = Form()
        form.body(body, ("contract", "entries"))
        entries = read_entries(form, body, contract)
        form.raise_if_failed()
        check, score = _RULES[contract]
        if (error := check(entries)) is not None:
            raise Refused([error])
        return score(entries, setup), Progress((*progress.contracts, contract))

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[ContractsLeftHints]:
        rows = standings(setup.units, totals, low_total_first(totals))
        played = len(progress.contracts)
        if played >= DEALS:
            return Outlook(True, rows, None)
        number = played + 1
        hints = ContractsLeftHints(tuple(progress.left_for(number)))
        return Outlook(False, rows, spelmaker(setup, number), hints)


GAME: Game[Progress, ContractsLeftHints] = Barbuse()
