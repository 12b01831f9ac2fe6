"""Klaverjassen (Rotterdams and Amsterdams score alike; docs/rules.md, Klaverjassen): four players
in two fixed pairs, 32 cards, a match of a fixed number of deals (16 by default).

A deal's card points are 152 plus 10 for the last trick, so the two pairs' card points sum to
162. Each pair adds its roem (sums of 20, 50, 100 and 200); a pair that takes all eight tricks
("pit", "mars") adds 100. The playing pair must score more than half of all the points of the
deal (162 plus both pairs' roem and pit); if it does not, it is "nat": the other pair scores
all of them and the playing pair nothing.

Decisions taken here where the sources leave room (docs/rules.md marks each one):

- Exactly half is nat: "more than half" is the rule in every source read.
- The pit bonus counts as roem of the pair that made it, so it is part of the deal's total and,
  in a nat deal, goes to the other pair with the rest (as the Nederlandse Klaverjasbond's rules
  count it: "alle punten en roem").
- A roem is checked as a sum of the combinations only (20·a + 50·b + 100·c + 200·d: 0, 20 and
  every multiple of 10 from 40 up); whether the cards allowed it is the table's to know.
- Pit is said, not inferred from 162 card points: a pair can take a trick worth 0 points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from types import MappingProxyType
from typing import Any, cast

from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Form, is_int, join
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import IntOption, Option
from scoring.ranking import high_total_first, standings

# --- the game's data --------------------------------------------------------------------------

TRUMP_VALUES: Mapping[str, int] = MappingProxyType(
    {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
)
PLAIN_VALUES: Mapping[str, int] = MappingProxyType(
    {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
)
LAST_TRICK = 10
# Every card of the pack (one trump suit, three plain ones) plus the last trick.
CARD_POINTS = sum(TRUMP_VALUES.values()) + 3 * sum(PLAIN_VALUES.values()) + LAST_TRICK
assert CARD_POINTS == 162

# The roem combinations and their points, smallest first (a roem is a sum of these).
ROEM: Mapping[str, int] = MappingProxyType(
    {"three_in_sequence": 20, "stuk": 20, "four_in_sequence": 50, "four_of_a_rank": 100, "four_jacks": 200}
)
ROEM_STEPS: tuple[int, ...] = tuple(sorted(set(ROEM.values())))
PIT_BONUS = 100
MAX_ROEM = 2_000  # far above any deal's (eight tricks), so a typing slip is refused
PAIRS: Teams = ((0, 2), (1, 3))
MAX_DEALS = 200

ROUND_KEYS: frozenset[str] = frozenset({"playing", "entries"})
ENTRY_KEYS: frozenset[str] = frozenset({"points", "roem", "pit"})

OPTIONS: tuple[Option, ...] = (IntOption("deals", 16, minimum=1, maximum=MAX_DEALS),)


@unique
class KlaverjassenCode(StrEnum):
    """The rule codes of Klaverjassen, beyond the generic ones."""

    PLAYING_PAIR_MISSING = "playing_pair_missing"
    CARD_POINTS_SUM = "card_points_sum"
    ROEM_NOT_COMBINATION = "roem_not_combination"
    PIT_WITH_POINTS = "pit_with_points"


CODES: frozenset[StrEnum] = frozenset(KlaverjassenCode)


# --- pure rules -------------------------------------------------------------------------------


def is_roem(points: int) -> bool:
    """Whether ``points`` is 20·a + 50·b + 100·c + 200·d for whole a, b, c, d ≥ 0: 0, 20, and
    every multiple of 10 from 40 up (an odd number of tens needs a 50, so 50 at least)."""
    return points >= 0 and points % 10 == 0 and points not in (10, 30)


@dataclass(frozen=True)
class Side:
    """One pair's entry, read and typed."""

    path: str
    points: int
    roem: int
    pit: bool

    @property
    def bonus(self) -> int:
        """Roem and the pit bonus: every point of the pair's that is not a card point."""
        return self.roem + (PIT_BONUS if self.pit else 0)


@dataclass(frozen=True)
class Deal:
    playing: int
    sides: tuple[Side, Side]


@dataclass(frozen=True)
class Outcome:
    """A deal's scores and the rule that made them: ``nat`` when the playing pair went nat.
    ``own`` is what each pair made (card points, roem and pit), ``total`` their sum, of it
    ``cards`` the card points and ``roem`` both pairs' roem and pit: what the round form's
    preview says of the deal."""

    scores: Scores
    nat: bool
    total: int
    own: Scores
    cards: int
    roem: int


def outcome(playing: int, points: Sequence[int], bonuses: Sequence[int]) -> Outcome:
    """The scores of a checked deal: each pair its card points and roem, unless the playing pair
    has no more than half of the deal's total (exactly half is nat), when the other pair takes
    it all."""
    own = tuple(p + b for p, b in zip(points, bonuses, strict=True))
    total = sum(own)
    if 2 * own[playing] > total:
        return Outcome(own, False, total, own, sum(points), sum(bonuses))
    scores = [total, total]
    scores[playing] = 0
    return Outcome(tuple(scores), True, total, own, sum(points), sum(bonuses))


def stored_scores(body: object) -> Scores:
    """``outcome`` of a deal stored after its checks, read straight from its JSON."""
    round_: Any = body
    entries: list[Any] = cast(Mapping[str, list[Any]], round_)["entries"]
    points = [entry["points"] for entry in entries]
    bonuses = [entry.get("roem", 0) + (PIT_BONUS if entry.get("pit") is True else 0) for entry in entries]
    return outcome(round_["playing"], points, bonuses).scores


# --- reading the round (form checks) ----------------------------------------------------------


def read_round(body: object) -> Deal:
    """The deal, typed; ``Refused`` with every form error if any."""
    form = Form()
    sides: list[Side] = []
    playing: int | None = None
    round_ = form.body(body, ROUND_KEYS)
    if round_ is not None:
        value = round_.get("playing")
        if value is None:
            form.fail(KlaverjassenCode.PLAYING_PAIR_MISSING, "playing")
        elif not is_int(value) or value not in (0, 1):
            form.fail(Code.INVALID, "playing")
        else:
            playing = value
        for index, entry in enumerate(form.entries(round_, 2) or ()):
            path = join("entries", index)
            read = form.entry(entry, path, ENTRY_KEYS)
            if read is None:
                continue
            points = form.integer(read, "points", path, maximum=CARD_POINTS)
            roem = form.integer(read, "roem", path, maximum=MAX_ROEM, default=0)
            pit = form.boolean(read, "pit", path, default=False)
            if points is not None and roem is not None and pit is not None:
                sides.append(Side(path, points, roem, pit))
    form.raise_if_failed()
    assert playing is not None and len(sides) == 2
    return Deal(playing, (sides[0], sides[1]))


# --- rule checks ------------------------------------------------------------------------------


def deal_errors(deal: Deal) -> list[RuleError]:
    """Every rule error of a deal (docs/rules.md, Klaverjassen, What Scoreblok checks)."""
    errors: list[RuleError] = []
    first, second = deal.sides
    total = first.points + second.points
    if total != CARD_POINTS:
        errors.append(rule_error(KlaverjassenCode.CARD_POINTS_SUM, "", total=total, expected=CARD_POINTS))
    for side in deal.sides:
        if not is_roem(side.roem):
            errors.append(
                rule_error(KlaverjassenCode.ROEM_NOT_COMBINATION, join(side.path, "roem"), roem=side.roem)
            )
    for side, other in ((first, second), (second, first)):
        if side.pit and other.points:
            errors.append(
                rule_error(KlaverjassenCode.PIT_WITH_POINTS, join(side.path, "pit"), points=other.points)
            )
    return errors


def score_deal(deal: Deal) -> Outcome:
    return outcome(deal.playing, [side.points for side in deal.sides], [side.bonus for side in deal.sides])


def check(body: object) -> Outcome:
    """The checked deal's outcome; ``Refused`` with every error if it breaks a rule."""
    deal = read_round(body)
    if errors := deal_errors(deal):
        raise Refused(errors)
    return score_deal(deal)


# --- the game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    played: int


@dataclass(frozen=True)
class DealsLeft:
    """``next``: the deals still to play, the coming one included."""

    deals_left: int


class Klaverjassen:
    slug = "klaverjassen"
    player_counts: tuple[int, ...] = (4,)
    options: tuple[Option, ...] = OPTIONS
    codes: frozenset[StrEnum] = CODES
    entries_per_seat: bool = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """Two fixed pairs; partners sit across (seats 0 and 2, 1 and 3) unless told."""
        if teams is None:
            return PAIRS
        if len(teams) != 2 or any(len(team) != 2 for team in teams):
            raise refuse(Code.INVALID, "teams")
        return teams

    def start(self, setup: Setup) -> Progress:
        return Progress(0)

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        scores = check(body).scores if checked else stored_scores(body)
        return scores, Progress(progress.played + 1)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[DealsLeft]:
        """Over after the last deal; the pair with the most points wins (a tie shares it)."""
        rows = standings(setup.units, totals, high_total_first(totals))
        left = setup.int_option("deals") - progress.played
        if left <= 0:
            return Outlook(True, rows, None)
        dealer = (setup.dealer + progress.played) % setup.players
        return Outlook(False, rows, dealer, DealsLeft(left))


GAME: Game[Progress, DealsLeft] = Klaverjassen()
