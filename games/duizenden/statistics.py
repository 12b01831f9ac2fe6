"""Duizenden's statistics for a player: the average deal score of their seat and how often the
queen of spades was caught in their hand (counted where the hand was entered card by card). The
seat's deal score is the engine's ``seat_scores``."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.base import average
from games.protocol import PlayedMatch, Statistic
from scoring import Refused
from scoring.games import duizenden


def statistics(played: Sequence[PlayedMatch]) -> list[Statistic]:
    scores: list[int] = []
    caught = 0
    hands_by_card = 0
    for match in played:
        for body in match.bodies:
            try:
                results = duizenden.read_round(body, match.setup.players)
            except Refused:
                continue
            scores.append(duizenden.seat_scores(match.setup, results)[match.seat])
            hand = results[match.seat].hand.cards
            if hand is not None:
                hands_by_card += 1
                caught += hand.get(duizenden.QUEEN_OF_SPADES, 0)
    if not scores:
        return []
    return [
        Statistic(_("Average deal score"), average(scores)),
        Statistic(
            _("Queens of spades caught"),
            _("%(caught)s in %(hands)s hands counted by card") % {"caught": caught, "hands": hands_by_card},
        ),
    ]
