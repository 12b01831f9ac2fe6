"""Tarot's statistics for a player: how often they took, how many of those contracts they
made, and the average score a deal brought them (the engine's ``seat_scores``)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.base import average
from games.protocol import PlayedMatch, Statistic
from scoring import Refused
from scoring.games import tarot


def statistics(played: Sequence[PlayedMatch]) -> list[Statistic]:
    scores: list[int] = []
    taken = made = 0
    for match in played:
        players = match.setup.players
        for body in match.bodies:
            try:
                deal = tarot.read_deal(body, players)
            except Refused:
                continue
            scores.append(tarot.seat_scores(players, deal)[match.seat])
            if deal.taker == match.seat:
                taken += 1
                made += tarot.breakdown(players, deal).made
    if not scores:
        return []
    return [
        Statistic(_("Average deal score"), average(scores)),
        Statistic(_("Deals taken"), _("%(taken)s of %(deals)s") % {"taken": taken, "deals": len(scores)}),
        Statistic(_("Contracts made"), _("%(made)s of %(taken)s") % {"made": made, "taken": taken}),
    ]
