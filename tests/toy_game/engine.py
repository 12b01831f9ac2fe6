"""A toy sixth game, defined only here: "Honderd" (hundred). Each deal every player scores the
points of the tricks they took (a multiple of 5, at most 50); the first to 100 wins.

It exists to prove that a game plugs into the site through its engine module and its home alone,
a rule code of its own included.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import Code, Refused, rule_error
from scoring.form import Form, join
from scoring.match import Outlook, Scores, Setup, Teams
from scoring.options import IntOption
from scoring.ranking import high_total_first, standings

MOST_PER_DEAL = 50


class HonderdCode(StrEnum):
    """The toy's own rule: a deal holds at most ``MOST_PER_DEAL`` points for a player."""

    OVER_THE_DEAL = "over_the_deal"


@dataclass(frozen=True)
class Progress:
    played: int


@dataclass(frozen=True)
class ToGoHints:
    to_go: tuple[int, ...]


class Honderd:
    slug = "honderd"
    player_counts = (2, 3, 4)
    options = (IntOption("target", 100, minimum=5, maximum=1000, multiple_of_5=True),)
    codes = frozenset(HonderdCode)
    entries_per_seat = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        if teams is not None:
            raise Refused([rule_error(Code.INVALID, "teams")])
        return None

    def start(self, setup: Setup) -> Progress:
        return Progress(0)

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        # Its checks are cheap: stored rounds are checked again (``checked`` is not needed).
        form = Form()
        fields = form.body(body, {"entries"})
        raw = form.entries(fields, setup.players) if fields is not None else None
        points: list[int] = []
        for seat, value in enumerate(raw or ()):
            entry = form.entry(value, join("entries", seat), {"points"})
            if entry is not None:
                points.append(form.points(entry, "points", join("entries", seat)) or 0)
        form.raise_if_failed()
        errors = [
            rule_error(HonderdCode.OVER_THE_DEAL, join("entries", seat, "points"), maximum=MOST_PER_DEAL)
            for seat, value in enumerate(points)
            if value > MOST_PER_DEAL
        ]
        if errors:
            raise Refused(errors)
        return tuple(points), Progress(progress.played + 1)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook:
        target = setup.int_option("target")
        rows = standings(setup.units, totals, high_total_first(totals))
        if any(total >= target for total in totals):
            return Outlook(True, rows, None)
        dealer = (setup.dealer + progress.played) % setup.players
        return Outlook(False, rows, dealer, ToGoHints(tuple(target - total for total in totals)))


GAME = Honderd()
