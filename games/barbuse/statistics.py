"""Barbuse's statistics for a player: their side's average score per contract and per spelmaker
(when they chose the contract and when another did), and their best and worst contract. Scores
are the engine's; who was spelmaker is the engine's ``spelmaker``."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from games.barbuse.words import contract_name
from games.base import average
from games.protocol import PlayedMatch, Statistic
from scoring.games import barbuse


def statistics(played: Sequence[PlayedMatch]) -> list[Statistic]:
    by_contract: dict[str, list[int]] = {}
    by_spelmaker: dict[bool, list[int]] = {}
    for match in played:
        for number, (body, scores) in enumerate(zip(match.bodies, match.scores, strict=False), start=1):
            contract = body.get("contract") if isinstance(body, dict) else None
            score = scores[match.unit]
            if isinstance(contract, str):
                by_contract.setdefault(contract, []).append(score)
            by_spelmaker.setdefault(barbuse.spelmaker(match.setup, number) == match.seat, []).append(score)
    if not by_contract:
        return []
    means = {contract: sum(s) / len(s) for contract, s in by_contract.items()}
    order = [contract for contract in barbuse.CONTRACTS if contract in means]
    # Barbuse scores are penalties: the best contract is the one that cost the least.
    best = min(order, key=lambda contract: means[contract])
    worst = max(order, key=lambda contract: means[contract])
    return [
        Statistic(_("Best contract"), contract_name(best)),
        Statistic(_("Worst contract"), contract_name(worst)),
        *(Statistic(contract_name(contract), average(by_contract[contract])) for contract in order),
        Statistic(_("As spelmaker"), average(by_spelmaker.get(True, []))),
        Statistic(_("When another chose"), average(by_spelmaker.get(False, []))),
    ]
