"""Belote (docs/rules.md, Belote and Contrée): four players in two fixed pairs, 32 cards, a game
to 1000 points (or 501, by option). Contrée (``scoring.games.belote_contree``) scores the same deals
with a contract; what the two games share lives here.

A deal's card points are 152 plus 10 for the last trick ("dix de der"), so the two pairs' card
points sum to 162. The pair holding king and queen of trumps scores 20 for "belote-rebelote". A
pair that takes every trick ("capot") scores 250 for its tricks instead of 162 (252 by option).
The taker's pair must score more than the defence (card points and belote); if it does not, it
is "dedans": the defence scores 162 (or the capot) and its belote, the taker's pair nothing but,
by option, its belote.

Decisions taken here where the sources leave room (docs/rules.md marks each one):

- **Equal scores are dedans.** The old "litige" (the defence scores its 81 and the taker's 81
  wait for the next deal's winner) has been dropped in competitions and by most players
  (contree.org, "La marque"): the taker must score *more* than the defence.
- **The taker keeps its belote when dedans** by default (belotejeu.fr, "Calcul des points": "l'équipe
  perdante conserve sa belote-rebelote"); the option ``dedans_belote`` gives it up.
- **Capot is said, not inferred from 162 card points**: a trick can be worth 0 points.
- **Card points as played**, not rounded to tens.
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
from scoring.options import BoolOption, IntOption, Option
from scoring.ranking import high_total_first, standings

# --- the game's data --------------------------------------------------------------------------

TRUMP_VALUES: Mapping[str, int] = MappingProxyType(
    {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
)
PLAIN_VALUES: Mapping[str, int] = MappingProxyType(
    {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
)
LAST_TRICK = 10  # "dix de der"
CARD_POINTS = sum(TRUMP_VALUES.values()) + 3 * sum(PLAIN_VALUES.values()) + LAST_TRICK
assert CARD_POINTS == 162
BELOTE = 20  # king and queen of trumps in one hand ("belote", then "rebelote")
CAPOTS: tuple[int, ...] = (250, 252)
PAIRS: Teams = ((0, 2), (1, 3))

ROUND_KEYS: frozenset[str] = frozenset({"taker", "entries"})
ENTRY_KEYS: frozenset[str] = frozenset({"points", "belote", "capot"})

CAPOT_OPTION = IntOption("capot", 250, choices=CAPOTS, minimum=min(CAPOTS), maximum=max(CAPOTS))
OPTIONS: tuple[Option, ...] = (
    IntOption("target", 1000, choices=(501, 1000), minimum=501, maximum=1000),
    CAPOT_OPTION,
    BoolOption("dedans_belote", True),
)


@unique
class BeloteCode(StrEnum):
    """The rule codes of Belote and Contrée, beyond the generic ones."""

    TAKER_MISSING = "taker_missing"
    CARD_POINTS_SUM = "card_points_sum"
    BELOTE_TWICE = "belote_twice"
    CAPOT_WITH_POINTS = "capot_with_points"


CODES: frozenset[StrEnum] = frozenset(BeloteCode)


# --- reading a deal (shared with Contrée) -----------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One pair's entry, read and typed."""

    path: str
    points: int
    belote: bool
    capot: bool

    def tricks(self, capot_value: int) -> int:
        """What the pair's tricks score: its card points, or the capot's value."""
        return capot_value if self.capot else self.points

    @property
    def bonus(self) -> int:
        return BELOTE if self.belote else 0


def read_taker(form: Form, round_: Mapping[str, object]) -> int | None:
    value = round_.get("taker")
    if value is None:
        form.fail(BeloteCode.TAKER_MISSING, "taker")
    elif is_int(value) and value in (0, 1):
        return value
    else:
        form.fail(Code.INVALID, "taker")
    return None


def read_sides(form: Form, round_: Mapping[str, object]) -> list[Side]:
    sides: list[Side] = []
    for index, entry in enumerate(form.entries(round_, 2) or ()):
        path = join("entries", index)
        read = form.entry(entry, path, ENTRY_KEYS)
        if read is None:
            continue
        points = form.integer(read, "points", path, maximum=CARD_POINTS)
        belote = form.boolean(read, "belote", path, default=False)
        capot = form.boolean(read, "capot", path, default=False)
        if points is not None and belote is not None and capot is not None:
            sides.append(Side(path, points, belote, capot))
    return sides


def sides_errors(sides: tuple[Side, Side]) -> list[RuleError]:
    """The card points sum to 162 (0 and 162 with capot); belote to one pair only."""
    errors: list[RuleError] = []
    first, second = sides
    total = first.points + second.points
    if total != CARD_POINTS:
        errors.append(rule_error(BeloteCode.CARD_POINTS_SUM, "", total=total, expected=CARD_POINTS))
    if first.belote and second.belote:
        errors.append(rule_error(BeloteCode.BELOTE_TWICE, join(second.path, "belote")))
    for side, other in ((first, second), (second, first)):
        if side.capot and other.points:
            errors.append(
                rule_error(BeloteCode.CAPOT_WITH_POINTS, join(side.path, "capot"), points=other.points)
            )
    return errors


# --- Belote's deal ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    taker: int
    sides: tuple[Side, Side]


@dataclass(frozen=True)
class Outcome:
    """A deal's scores and the rule that made them. ``own`` is what each pair made (tricks and
    belote); ``dedans`` when the taker's pair did not make more than the defence, which then
    scores ``tricks`` (162, or the capot) and its belote."""

    scores: Scores
    dedans: bool
    own: Scores
    tricks: int
    defence_belote: int
    taker_belote: int


def outcome(taker: int, sides: Sequence[Side], capot_value: int, dedans_belote: bool) -> Outcome:
    """Each pair its tricks and belote, unless the taker's pair has no more than the defence
    (equal is dedans): then the defence scores all the tricks and its belote, the taker's pair
    its belote (by option) and nothing else."""
    own = tuple(side.tricks(capot_value) + side.bonus for side in sides)
    defence = 1 - taker
    taker_belote = sides[taker].bonus
    defence_belote = sides[defence].bonus
    tricks = sum(side.tricks(capot_value) for side in sides)
    if own[taker] > own[defence]:
        return Outcome(own, False, own, tricks, defence_belote, taker_belote)
    scores = [0, 0]
    scores[defence] = tricks + defence_belote
    scores[taker] = taker_belote if dedans_belote else 0
    return Outcome(tuple(scores), True, own, tricks, defence_belote, taker_belote)


def read_round(body: object) -> Deal:
    """The deal, typed; ``Refused`` with every form error if any."""
    form = Form()
    round_ = form.body(body, ROUND_KEYS)
    taker = sides = None
    if round_ is not None:
        taker = read_taker(form, round_)
        sides = read_sides(form, round_)
    form.raise_if_failed()
    assert taker is not None and sides is not None and len(sides) == 2
    return Deal(taker, (sides[0], sides[1]))


def score_deal(deal: Deal, options: Mapping[str, object]) -> Outcome:
    return outcome(deal.taker, deal.sides, cast(int, options["capot"]), options["dedans_belote"] is True)


def check(body: object, options: Mapping[str, object]) -> Outcome:
    """The checked deal's outcome; ``Refused`` with every error if it breaks a rule."""
    deal = read_round(body)
    if errors := sides_errors(deal.sides):
        raise Refused(errors)
    return score_deal(deal, options)


def stored_sides(entries: list[Any]) -> tuple[Side, Side]:
    """The two sides of a deal stored after its checks, read straight from its JSON."""
    first, second = (
        Side("", entry["points"], entry.get("belote") is True, entry.get("capot") is True)
        for entry in entries
    )
    return first, second


# --- the games --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    played: int


@dataclass(frozen=True)
class ToGo:
    """``next``: the points each pair still needs to reach the target (0 once reached)."""

    target: int
    to_go: tuple[int, ...]


def race_outlook(setup: Setup, progress: Progress, totals: Scores) -> Outlook[ToGo]:
    """Over after the deal in which a pair reaches the target; the higher total wins. Two pairs
    past the target with equal totals play on (a decision: no source shares the game)."""
    target = setup.int_option("target")
    rows = standings(setup.units, totals, high_total_first(totals))
    if max(totals) >= target and len(set(totals)) == len(totals):
        return Outlook(True, rows, None)
    dealer = (setup.dealer + progress.played) % setup.players
    return Outlook(False, rows, dealer, ToGo(target, tuple(max(0, target - total) for total in totals)))


def fixed_pairs(players: int, teams: Teams | None) -> Teams | None:
    """Two fixed pairs; partners sit across (seats 0 and 2, 1 and 3) unless told."""
    if teams is None:
        return PAIRS
    if len(teams) != 2 or any(len(team) != 2 for team in teams):
        raise refuse(Code.INVALID, "teams")
    return teams


class Belote:
    slug = "belote"
    player_counts: tuple[int, ...] = (4,)
    options: tuple[Option, ...] = OPTIONS
    codes: frozenset[StrEnum] = CODES
    entries_per_seat: bool = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        return fixed_pairs(players, teams)

    def start(self, setup: Setup) -> Progress:
        return Progress(0)

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        if checked:
            scores = check(body, setup.options).scores
        else:
            round_: Any = body
            deal = Deal(round_["taker"], stored_sides(round_["entries"]))
            scores = score_deal(deal, setup.options).scores
        return scores, Progress(progress.played + 1)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[ToGo]:
        return race_outlook(setup, progress, totals)


GAME: Game[Progress, ToGo] = Belote()
