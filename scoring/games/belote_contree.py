"""Contrée (docs/rules.md, Belote and Contrée): Belote's deal (``scoring.games.belote``: 162
card points, belote-rebelote 20, capot) played for a contract bid at auction: 80 to 160 in tens,
or capot. The defence may double it ("contré", times 2) and the taker's pair redouble ("surcontré",
times 4). The contract is made when the taker's pair's points reach it (its belote counted by option;
a capot contract only by taking every trick).

How a made contract scores is the club's convention, both offered (option ``counting``):

- ``made`` ("aux points faits"): the taker's pair scores the contract plus the points it made
  (its card points, or the capot), the defence its own card points;
- ``contract`` ("aux points annoncés"): the taker's pair scores the contract only, the defence
  nothing.

A failed contract gives the defence 160 plus the contract, the taker's pair nothing. Doubled or
redoubled, the pair that wins the deal scores alone: ``(160 + contract) times multiplier`` with
``made``, or ``contract times multiplier`` with ``contract``; a failure is ``(160 + contract) times
multiplier`` in both. Belote is scored by the pair that held it, whatever happens, never
multiplied ("la belote est insaisissable").

Decisions (docs/rules.md): a capot contract is worth 250 whatever the capot option (that option
says what the tricks of a capot count); card points are counted as played, not rounded to tens;
160, the number the sources use for "all the points" of a failure, is kept as they write it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any, cast

from scoring.errors import Code, Refused, RuleError, rule_error
from scoring.form import Form, is_int
from scoring.games.belote import (
    CAPOT_OPTION,
    BeloteCode,
    Progress,
    Side,
    ToGo,
    fixed_pairs,
    race_outlook,
    read_sides,
    read_taker,
    sides_errors,
    stored_sides,
)
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import BoolOption, ChoiceOption, IntOption, Option

LOWEST = 80
HIGHEST = 160
STEP = 10
CAPOT_CONTRACT = 250  # the bid "capot"; entered as its value
CONTRACTS: tuple[int, ...] = (*range(LOWEST, HIGHEST + 1, STEP), CAPOT_CONTRACT)
FAILURE_BASE = 160
CONTRE = 2
SURCONTRE = 4

ROUND_KEYS: frozenset[str] = frozenset({"taker", "contract", "contre", "surcontre", "entries"})

OPTIONS: tuple[Option, ...] = (
    IntOption("target", 2000, minimum=500, maximum=10_000, multiple_of_5=True),
    CAPOT_OPTION,
    ChoiceOption("counting", "made", ("made", "contract")),
    BoolOption("belote_counts", True),
)


@unique
class ContreeCode(StrEnum):
    """Contrée's own rule codes (Belote's are raised too)."""

    CONTRACT_MISSING = "contract_missing"
    CONTRACT_NOT_ALLOWED = "contract_not_allowed"
    SURCONTRE_WITHOUT_CONTRE = "surcontre_without_contre"


CODES: frozenset[StrEnum] = frozenset({*ContreeCode, *BeloteCode})


@dataclass(frozen=True)
class Deal:
    taker: int
    contract: int
    multiplier: int
    sides: tuple[Side, Side]


@dataclass(frozen=True)
class Outcome:
    """A deal's scores and the rule that made them: ``made`` or not, the points the taker's pair
    made towards the contract (``reached``), the multiplier, and each pair's belote (scored
    whatever happens)."""

    scores: Scores
    made: bool
    reached: int
    contract: int
    multiplier: int
    belotes: Scores


def multiplier(contre: bool, surcontre: bool) -> int:
    return SURCONTRE if surcontre else CONTRE if contre else 1


def outcome(deal: Deal, options: Mapping[str, object]) -> Outcome:
    capot_value = cast(int, options["capot"])
    counting = options["counting"]
    taker, defence = deal.taker, 1 - deal.taker
    mine, theirs = deal.sides[taker], deal.sides[defence]
    reached = mine.tricks(capot_value) + (mine.bonus if options["belote_counts"] is True else 0)
    made = mine.capot if deal.contract == CAPOT_CONTRACT else reached >= deal.contract
    won = [0, 0]
    if not made:
        won[defence] = (FAILURE_BASE + deal.contract) * deal.multiplier
    elif counting == "contract":
        won[taker] = deal.contract * deal.multiplier
    elif deal.multiplier > 1:
        won[taker] = (FAILURE_BASE + deal.contract) * deal.multiplier
    else:
        won[taker] = deal.contract + mine.tricks(capot_value)
        won[defence] = theirs.tricks(capot_value)
    belotes = tuple(side.bonus for side in deal.sides)
    scores = tuple(points + belote for points, belote in zip(won, belotes, strict=True))
    return Outcome(scores, made, reached, deal.contract, deal.multiplier, belotes)


def read_round(body: object) -> Deal:
    """The deal, typed; ``Refused`` with every form error if any."""
    form = Form()
    round_ = form.body(body, ROUND_KEYS)
    taker = contract = contre = surcontre = None
    sides: list[Side] = []
    if round_ is not None:
        taker = read_taker(form, round_)
        value = round_.get("contract")
        if value is None:
            form.fail(ContreeCode.CONTRACT_MISSING, "contract")
        elif not is_int(value):
            form.fail(Code.INVALID, "contract")
        else:
            contract = cast(int, value)
        contre = form.boolean(round_, "contre", "", default=False)
        surcontre = form.boolean(round_, "surcontre", "", default=False)
        sides = read_sides(form, round_)
    form.raise_if_failed()
    assert taker is not None and contract is not None and contre is not None and surcontre is not None
    if surcontre and not contre:
        # Checked here, before the deal is built: a multiplier needs the bids in order.
        raise Refused([rule_error(ContreeCode.SURCONTRE_WITHOUT_CONTRE, "surcontre")])
    return Deal(taker, contract, multiplier(contre, surcontre), (sides[0], sides[1]))


def deal_errors(deal: Deal) -> list[RuleError]:
    errors: list[RuleError] = []
    if deal.contract not in CONTRACTS:
        errors.append(
            rule_error(
                ContreeCode.CONTRACT_NOT_ALLOWED,
                "contract",
                contract=deal.contract,
                lowest=LOWEST,
                highest=HIGHEST,
            )
        )
    return errors + sides_errors(deal.sides)


def check(body: object, options: Mapping[str, object]) -> Outcome:
    """The checked deal's outcome; ``Refused`` with every error if it breaks a rule."""
    deal = read_round(body)
    if errors := deal_errors(deal):
        raise Refused(errors)
    return outcome(deal, options)


class Contree:
    slug = "belote-contree"
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
            deal = Deal(
                round_["taker"],
                round_["contract"],
                multiplier(round_.get("contre") is True, round_.get("surcontre") is True),
                stored_sides(round_["entries"]),
            )
            scores = outcome(deal, setup.options).scores
        return scores, Progress(progress.played + 1)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[ToGo]:
        return race_outlook(setup, progress, totals)


GAME: Game[Progress, ToGo] = Contree()
