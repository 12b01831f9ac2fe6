"""Belote's and Contrée's statistics for a player: how often their pair took, how often it went
dedans (Belote) or down (Contrée) when it did, its belotes and capots, and in Contrée its average
contract. Each deal is read and scored by the engine, so a dedans is counted as the rules count it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.base import average
from games.protocol import PlayedMatch, Statistic
from scoring import Refused
from scoring.games import belote, belote_contree


def statistics(played: Sequence[PlayedMatch], *, contree: bool) -> list[Statistic]:
    deals = takes = lost = belotes = capots = 0
    contracts: list[int] = []
    for match in played:
        options = match.setup.options
        for body in match.bodies:
            try:
                if contree:
                    bid = belote_contree.read_round(body)
                    taker, sides = bid.taker, bid.sides
                else:
                    deal = belote.read_round(body)
                    taker, sides = deal.taker, deal.sides
            except Refused:
                continue
            side = sides[match.unit]
            deals += 1
            belotes += side.belote
            capots += side.capot
            if taker != match.unit:
                continue
            takes += 1
            if contree:
                contracts.append(bid.contract)
                lost += not belote_contree.outcome(bid, options).made
            else:
                lost += belote.score_deal(deal, options).dedans
    if not deals:
        return []
    lost_label = _("Down when taking") if contree else _("Dedans when taking")
    rows = [
        Statistic(_("Took the deal"), f"{100 * takes / deals:.0f}%"),
        Statistic(lost_label, f"{100 * lost / takes:.0f}%" if takes else "-"),
        Statistic(_("Belotes"), str(belotes)),
        Statistic(_("Capots"), str(capots)),
    ]
    if contree:
        rows.append(Statistic(_("Contract when taking"), average(contracts) if contracts else "-"))
    return rows
