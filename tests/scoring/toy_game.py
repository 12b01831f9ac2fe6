"""A toy game for registry tests: every seat enters its points, the first to 50 wins.

It lives under tests/ on purpose: the engine must take a game it has never heard of.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import Code, Refused, refuse, rule_error
from scoring.form import Form
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import IntOption, Option
from scoring.ranking import high_total_first, standings


class ToyCode(StrEnum):
    """The toy's own rule: some seat must go out (score 0) every deal."""

    NOBODY_OUT = "nobody_out"


@dataclass(frozen=True)
class TurnHints:
    """``next``: the points each seat still needs."""

    needed: tuple[int, ...]


class Toy:
    slug = "toy"
    player_counts: tuple[int, ...] = (2, 3)
    options: tuple[Option, ...] = (IntOption("target", 50, minimum=5, maximum=100),)
    codes: frozenset[StrEnum] = frozenset(ToyCode)
    entries_per_seat = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        if teams is not None:
            raise refuse(Code.INVALID, "teams")
        return None

    def start(self, setup: Setup) -> int:
        return 0

    def play(
        self, setup: Setup, progress: int, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, int]:
        # A toy game checks even stored rounds: its checks cost nothing worth skipping.
        form = Form()
        fields = form.body(body, {"entries"})
        raw = form.entries(fields, setup.players) if fields is not None else None
        points = [
            form.integer({str(seat): value}, str(seat), "entries") for seat, value in enumerate(raw or ())
        ]
        form.raise_if_failed()
        if not any(value == 0 for value in points):
            raise Refused([rule_error(ToyCode.NOBODY_OUT, "")])
        return tuple(value or 0 for value in points), progress + 1

    def outlook(self, setup: Setup, progress: int, totals: Scores) -> Outlook[TurnHints]:
        rows = standings(setup.units, totals, high_total_first(totals))
        target = setup.int_option("target")
        if any(total >= target for total in totals):
            return Outlook(True, rows, None)
        dealer = (setup.dealer + progress) % setup.players
        return Outlook(False, rows, dealer, TurnHints(tuple(target - total for total in totals)))


GAME: Game[int, TurnHints] = Toy()
