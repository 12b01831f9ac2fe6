"""Klaverjassen's statistics for a player: how often their pair played, how often it went nat
when it did, its roem per deal and its pits. Each deal is read and scored by the engine, so a
nat is counted the way the rules count it."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.base import average
from games.protocol import PlayedMatch, Statistic
from scoring import Refused
from scoring.games import klaverjassen


def statistics(played: Sequence[PlayedMatch]) -> list[Statistic]:
    deals = plays = nat = pits = 0
    roem: list[int] = []
    for match in played:
        for body in match.bodies:
            try:
                deal = klaverjassen.read_round(body)
            except Refused:
                continue
            side = deal.sides[match.unit]
            deals += 1
            roem.append(side.roem)
            pits += side.pit
            if deal.playing == match.unit:
                plays += 1
                nat += klaverjassen.score_deal(deal).nat
    if not deals:
        return []
    return [
        Statistic(_("Played the deal"), f"{100 * plays / deals:.0f}%"),
        Statistic(_("Nat when playing"), f"{100 * nat / plays:.0f}%" if plays else "-"),
        Statistic(_("Roem per deal"), average(roem)),
        Statistic(_("Pits"), str(pits)),
    ]
