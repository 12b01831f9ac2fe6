"""Which card keys a match's tap-to-count calculator offers, with their values.

The values are the engine's own tables, read for the match's options (no joker key when the
match has no jokers), so the calculator can never count differently from the scoring.
"""

from __future__ import annotations

from collections.abc import Callable

from scoring import Setup
from scoring.games import canasta, duizenden, frustration_fr, frustration_nl

Keys = list[tuple[str, int]]


def _frustration_nl(setup: Setup) -> Keys:
    limits = frustration_nl.card_limits(setup.option("packs"), setup.option("real_jokers"))
    return [(rank, value) for rank, value in frustration_nl.CARD_VALUES.items() if limits.get(rank)]


def _frustration_fr(setup: Setup) -> Keys:
    return list(frustration_fr.CARD_VALUES.items())


def _duizenden(setup: Setup) -> Keys:
    values = duizenden.card_values(setup.option("queen_of_spades"))
    limits = duizenden.card_limits(setup.option("jokers"))
    return [(rank, values[rank]) for rank in duizenden.CARD_KEYS if limits.get(rank)]


def _canasta(setup: Setup) -> Keys:
    return list(canasta.CARD_VALUES.items())


CALCULATORS: dict[str, Callable[[Setup], Keys]] = {
    "frustration-nl": _frustration_nl,
    "frustration-fr": _frustration_fr,
    "duizenden": _duizenden,
    "canasta": _canasta,
}


def calculator_keys(setup: Setup) -> Keys:
    make = CALCULATORS.get(setup.game)
    return make(setup) if make else []
