"""What the two Frustration games share: contracts, reading a deal, the card checks, standings.

Both games are contract rummies scored the same way: one seat goes out, the others count the
cards they still hold, and every seat works through its own list of contracts (NL) or levels
(FR). They differ in data (the list, the card values, how many cards a seat may keep) and in
what happens at the end (FR seats sit out, skip the deal and may earn a bonus). The shared part
lives here as plain functions taking that data as arguments, so each game module stays a short
list of its own facts and decisions (style: share code through functions, not inheritance).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any, Literal, cast

from scoring.cards import mismatch, points_of, too_many_cards, value_of
from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Counted, Form, join
from scoring.match import Scores, Standing, Teams
from scoring.ranking import standings

# A seat that has not laid down always ends its turn with this many cards (both games).
HAND_SIZE = 11


@unique
class FrustrationCode(StrEnum):
    """The rule codes of the Frustration games (spec/games/frustration-*.md, Checks), beyond the
    generic ones; ``finished_player_entry`` is raised by Frustration FR alone."""

    WENT_OUT_COUNT = "went_out_count"
    WENT_OUT_WITHOUT_CONTRACT = "went_out_without_contract"
    WENT_OUT_WITH_CARDS = "went_out_with_cards"
    ZERO_WITHOUT_GOING_OUT = "zero_without_going_out"
    WRONG_CARD_COUNT = "wrong_card_count"
    POINTS_TOO_LOW = "points_too_low"
    POINTS_TOO_HIGH = "points_too_high"
    FINISHED_PLAYER_ENTRY = "finished_player_entry"


# The codes both games raise; Frustration FR adds ``FINISHED_PLAYER_ENTRY``.
RULE_CODES: frozenset[StrEnum] = frozenset(FrustrationCode) - {FrustrationCode.FINISHED_PLAYER_ENTRY}

ENTRY_KEYS: frozenset[str] = frozenset({"laid_down", "went_out", "points", "hand"})


# --- contracts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meld:
    """``count`` melds of one ``kind`` and ``size``: "two sets of 3" is ``Meld("set", 3, 2)``.

    The engine never builds sentences; the web layer words a meld in the reader's language.
    """

    kind: Literal["set", "run"]
    size: int
    count: int = 1

    @property
    def cards(self) -> int:
        return self.size * self.count


@dataclass(frozen=True)
class Contract:
    """One contract (NL) or level (FR): its number and its melds, in the order they are read
    ("run of 4 + set of 3" is not "set of 3 + run of 4")."""

    number: int
    melds: tuple[Meld, ...]

    @property
    def minimum_cards(self) -> int:
        """The least a seat puts down to make it; sets how many cards it may keep after."""
        return sum(meld.cards for meld in self.melds)


def kept_after_laying_down(contract: Contract, kept_from: int) -> int:
    """Most cards a player may still hold after laying down ``contract``: he put down at least
    its minimum from ``kept_from`` cards (NL: 11, he discards after drawing; FR: 12, he stops)."""
    return kept_from - contract.minimum_cards


def contracts(*shapes: tuple[Meld, ...]) -> tuple[Contract, ...]:
    """Number a list of meld tuples from 1, so the tables read like the spec."""
    return tuple(Contract(number, melds) for number, melds in enumerate(shapes, start=1))


def run(size: int, count: int = 1) -> Meld:
    return Meld("run", size, count)


def set_of(size: int, count: int = 1) -> Meld:
    return Meld("set", size, count)


@dataclass(frozen=True)
class PhaseHint:
    """One row of ``next.phases``: the contract a seat plays next."""

    seat: int
    phase: int
    contract: Contract


@dataclass(frozen=True)
class PhaseHints:
    """``next`` in both games: the contract or level each seat still playing makes next."""

    phases: tuple[PhaseHint, ...]


def phase_hints(
    phases: Sequence[int], contract_list: Sequence[Contract], seats: Collection[int]
) -> PhaseHints:
    """The hints for ``seats`` (in seat order), each seat on its own contract."""
    return PhaseHints(
        tuple(
            PhaseHint(seat, phases[seat], contract_list[phases[seat] - 1])
            for seat in range(len(phases))
            if seat in seats
        )
    )


# --- set-up -----------------------------------------------------------------------------------


def packs_by_players(players: int) -> int:
    """Two packs are enough for up to five players; six need a third (both games)."""
    return 3 if players >= 6 else 2


def no_teams(players: int, teams: Teams | None) -> None:
    """Frustration is played alone: any ``teams`` is refused."""
    if teams is not None:
        raise refuse(Code.INVALID, "teams")


def suits_of_each_rank(packs: int, ranks: Collection[str]) -> dict[str, int]:
    """Four of each rank per pack."""
    return {rank: 4 * packs for rank in ranks}


# --- reading a deal ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatEntry:
    """One active seat's entry, read and typed."""

    seat: int
    laid_down: bool
    went_out: bool
    held: Counted

    @property
    def path(self) -> str:
        return join("entries", self.seat)


def read_deal(
    body: object,
    players: int,
    ranks: Collection[str],
    sitting_out: Collection[int] = (),
) -> tuple[SeatEntry | None, ...]:
    """Every form check of a deal (spec/README.md, order of checking, step 2).

    ``sitting_out`` seats (FR: level 10 done) must send ``null``; their slot comes back as
    None. Any form error refuses the whole deal with every form error found. (A deal stored
    after these checks is read by ``stored_deal`` instead.)
    """
    form = Form()
    read: list[SeatEntry | None] = [None] * players
    fields = form.body(body, {"entries"})
    raw = form.entries(fields, players) if fields is not None else None
    for seat, value in enumerate(raw or ()):
        path = join("entries", seat)
        if seat in sitting_out:
            if value is not None:
                form.fail(FrustrationCode.FINISHED_PLAYER_ENTRY, path)
            continue
        read[seat] = _read_entry(form, value, path, seat, ranks)
    form.raise_if_failed()
    return tuple(read)


def _read_entry(form: Form, value: object, path: str, seat: int, ranks: Collection[str]) -> SeatEntry | None:
    entry = form.entry(value, path, ENTRY_KEYS)
    if entry is None:
        return None
    laid_down = form.boolean(entry, "laid_down", path)
    went_out = form.boolean(entry, "went_out", path)
    held = form.counted(entry, path, "points", "hand", ranks)
    if laid_down is None or went_out is None or held is None:
        return None
    return SeatEntry(seat, laid_down, went_out, held)


# --- rule checks ------------------------------------------------------------------------------


def check_deal(
    entries: Sequence[SeatEntry | None],
    values: Mapping[str, int],
    limits: Mapping[str, int],
    kept_at_most: Mapping[int, int],
    most_of_full_hand: int,
) -> list[RuleError]:
    """Every rule check of a deal, all reported together (spec: Checks tables).

    ``kept_at_most[seat]`` is how many cards that seat may still hold after laying down its
    own contract (NL 11 - min, FR 12 - min); ``most_of_full_hand`` is the dearest 11 cards.

    A ``points_mismatch`` hides every other check of that entry (spec/README.md, "Points or
    cards"), ``too_many_cards`` at its hand keys included; its cards still count towards the
    round's running count, and ``went_out_count`` (the round as a whole) is still reported.
    """
    active = [entry for entry in entries if entry is not None]
    mismatched = {entry.path for entry in active if mismatch(entry.held, values) is not None}
    errors = [
        error
        for error in too_many_cards(
            ((entry.held.cards_field, entry.held.cards) for entry in active if entry.held.cards is not None),
            limits,
        )
        if not any(error.field.startswith(f"{path}.") for path in mismatched)
    ]
    out = sum(entry.went_out for entry in active)
    if out != 1:
        errors.append(rule_error(FrustrationCode.WENT_OUT_COUNT, "", count=out))
    for entry in active:
        errors += _check_seat(entry, values, kept_at_most[entry.seat], most_of_full_hand)
    return errors


def _check_seat(entry: SeatEntry, values: Mapping[str, int], kept: int, most: int) -> list[RuleError]:
    """One seat's checks. ``points_mismatch`` hides the rest, since the value is unknown;
    ``zero_without_going_out`` hides the card-count and range checks (spec decision)."""
    held = entry.held
    wrong_sum = mismatch(held, values)
    if wrong_sum is not None:
        return [wrong_sum]
    errors: list[RuleError] = []
    points = value_of(held, values)
    if entry.went_out:
        if not entry.laid_down:
            errors.append(rule_error(FrustrationCode.WENT_OUT_WITHOUT_CONTRACT, join(entry.path, "went_out")))
        if points:
            errors.append(rule_error(FrustrationCode.WENT_OUT_WITH_CARDS, held.field, points=points))
        # The 11-card and kept-card limits describe a seat still holding cards: they do not
        # apply to the seat that went out (spec, example 4.2: only went_out_without_contract).
        return errors
    if not points:
        return [rule_error(FrustrationCode.ZERO_WITHOUT_GOING_OUT, held.field)]
    if entry.laid_down:
        return _limits(held, 1, kept, None, max(values.values()) * kept, laid_down=True)
    least = HAND_SIZE * min(values.values())
    return _limits(held, HAND_SIZE, HAND_SIZE, least, most, laid_down=False)


def _limits(
    held: Counted, fewest: int, most_cards: int, least: int | None, most: int, *, laid_down: bool
) -> list[RuleError]:
    """The card count (when a hand was sent) and the points range (when points were sent);
    ``laid_down`` goes with the errors, since a seat that laid down and one that did not break
    different rules (the kept cards of its contract, or the full hand)."""
    errors: list[RuleError] = []
    count = held.card_count()
    if count is not None and not fewest <= count <= most_cards:
        errors.append(
            rule_error(
                FrustrationCode.WRONG_CARD_COUNT,
                held.cards_field,
                minimum=fewest,
                maximum=most_cards,
                count=count,
                laid_down=laid_down,
            )
        )
    if held.points is not None:
        if least is not None and held.points < least:
            errors.append(
                rule_error(
                    FrustrationCode.POINTS_TOO_LOW,
                    held.points_field,
                    minimum=least,
                    points=held.points,
                    laid_down=laid_down,
                )
            )
        if held.points > most:
            errors.append(
                rule_error(
                    FrustrationCode.POINTS_TOO_HIGH,
                    held.points_field,
                    maximum=most,
                    points=held.points,
                    laid_down=laid_down,
                )
            )
    return errors


def refuse_if(errors: Sequence[RuleError]) -> None:
    if errors:
        raise Refused(errors)


# --- scores and standings ---------------------------------------------------------------------


def deal_scores(entries: Sequence[SeatEntry | None], values: Mapping[str, int]) -> Scores:
    """What each seat holds; 0 for the seat that went out and for a seat sitting out."""
    return tuple(0 if entry is None else value_of(entry.held, values) for entry in entries)


def laid_down(entries: Sequence[SeatEntry | None]) -> tuple[bool, ...]:
    """Per seat, whether it laid its contract down (a seat sitting out did not)."""
    return tuple(entry is not None and entry.laid_down for entry in entries)


def next_phases(phases: Sequence[int], laid: Sequence[bool]) -> tuple[int, ...]:
    """A seat that laid down moves on to its next contract; the others repeat theirs."""
    return tuple([phase + 1 if down else phase for phase, down in zip(phases, laid, strict=True)])


def stored_deal(body: object, values: Mapping[str, int]) -> tuple[Scores, tuple[bool, ...]]:
    """``deal_scores`` and ``laid_down`` of a deal stored after its checks, read straight from
    its JSON (points where sent, else the hand's value). Every request replays every stored
    deal, and building the checked reading's objects was most of that time."""
    scores: list[int] = []
    laid: list[bool] = []
    # The stored JSON as it is (Any): a cast per value was a call per value.
    entries: list[Any] = cast(Mapping[str, list[Any]], body)["entries"]
    for raw in entries:
        if raw is None:  # sitting out
            scores.append(0)
            laid.append(False)
            continue
        points = raw.get("points")
        scores.append(points_of(raw["hand"], values) if points is None else points)
        laid.append(raw["laid_down"] is True)
    return tuple(scores), tuple(laid)


def progress_standings(
    totals: Sequence[int], phases: Sequence[int], extras: Sequence[Mapping[str, object]]
) -> tuple[Standing, ...]:
    """Progress before points: phase descending, then total ascending (spec decision)."""
    units = tuple((seat,) for seat in range(len(totals)))
    return standings(units, totals, lambda seat: (-phases[seat], totals[seat]), extras)
