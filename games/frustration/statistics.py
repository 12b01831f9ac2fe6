"""Frustration's statistics for a player: how many deals each contract (or level) took them, and
which was the hardest. The seat's contract before each deal is the engine's own progress (the
match is replayed through the rules), so nothing here restates when a contract counts as done."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.base import average
from games.protocol import PlayedMatch, Statistic, Text
from scoring import Refused, get_game


def deals_needed(played: Sequence[PlayedMatch]) -> dict[int, list[int]]:
    """Per contract number, the deals each completion of it took the player."""
    needed: dict[int, list[int]] = {}
    for match in played:
        game = get_game(match.setup.game)
        progress = game.start(match.setup)
        spent = 0
        try:
            for number, body in enumerate(match.bodies, start=1):
                before = _phase(progress, match.seat)
                _scores, progress = game.play(match.setup, progress, number, body)
                spent += 1
                if _phase(progress, match.seat) != before:
                    needed.setdefault(before, []).append(spent)
                    spent = 0
        except Refused:
            continue  # a match the rules no longer accept (rules changed since): leave it out
    return needed


def _phase(progress: object, seat: int) -> int:
    """The seat's next contract or level in either Frustration's progress (``phases``)."""
    phases = getattr(progress, "phases", ())
    return int(phases[seat])


def statistics(played: Sequence[PlayedMatch], item_title: Text) -> list[Statistic]:
    needed = deals_needed(played)
    rows = [
        Statistic(str(item_title) % {"number": item}, _("%(deals)s deals") % {"deals": average(deals)})
        for item, deals in sorted(needed.items())
    ]
    if needed:
        hardest = max(sorted(needed), key=lambda item: sum(needed[item]) / len(needed[item]))
        rows.insert(0, Statistic(_("Hardest"), str(item_title) % {"number": hardest}))
    return rows
