"""Canasta's statistics for a player: canastas and red threes per deal, and how often their side
went out. Each side's entry is read by the engine (``read_round``), so a canasta is counted the
way the rules count it."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.base import average
from games.protocol import PlayedMatch, Statistic
from scoring import Refused
from scoring.games import canasta


def statistics(played: Sequence[PlayedMatch]) -> list[Statistic]:
    canastas: list[int] = []
    red_threes: list[int] = []
    went_out: list[int] = []
    for match in played:
        for body in match.bodies:
            try:
                side = canasta.read_round(match.setup, body)[match.unit]
            except (Refused, IndexError):
                continue
            canastas.append(side.canasta_count)
            red_threes.append(side.red_threes)
            went_out.append(1 if side.went_out else 0)
    if not went_out:
        return []
    return [
        Statistic(_("Canastas per deal"), average(canastas, 2)),
        Statistic(_("Red threes per deal"), average(red_threes, 2)),
        Statistic(_("Went out"), f"{100 * sum(went_out) / len(went_out):.0f}%"),
    ]
