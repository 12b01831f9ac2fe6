"""Cards as the scorekeeper counts them: rank keys, values and how many exist."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scoring.errors import Code, RuleError, rule_error
from scoring.form import Counted, join

# Rank keys of card-count maps (spec/README.md). A game may add keys of its own, such as a
# queen-of-spades key counted apart from the other queens.
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "joker"


def points_of(cards: Mapping[str, int], values: Mapping[str, int]) -> int:
    return sum(values[rank] * count for rank, count in cards.items())


def value_of(counted: Counted, values: Mapping[str, int]) -> int:
    """The points a ``Counted`` stands for (the map's value when no points were sent)."""
    if counted.points is not None:
        return counted.points
    assert counted.cards is not None
    return points_of(counted.cards, values)


def mismatch(counted: Counted, values: Mapping[str, int]) -> RuleError | None:
    """``points_mismatch`` when both points and cards were sent and disagree."""
    if counted.points is None or counted.cards is None:
        return None
    if counted.points == points_of(counted.cards, values):
        return None
    return rule_error(
        Code.POINTS_MISMATCH,
        counted.points_field,
        points=counted.points,
        cards=points_of(counted.cards, values),
    )


def too_many_cards(
    maps: Iterable[tuple[str, Mapping[str, int]]], limits: Mapping[str, int]
) -> list[RuleError]:
    """One ``too_many_cards`` per rank, at the map key where the running count, read in the
    order given, first goes over what the packs hold."""
    seen: dict[str, int] = {}
    errors: list[RuleError] = []
    reported: set[str] = set()
    for field, cards in maps:
        for rank, count in cards.items():
            seen[rank] = seen.get(rank, 0) + count
            if seen[rank] > limits.get(rank, 0) and rank not in reported:
                reported.add(rank)
                errors.append(rule_error(Code.TOO_MANY_CARDS, join(field, rank), limit=limits.get(rank, 0)))
    return errors


def dearest(count: int, values: Mapping[str, int], limits: Mapping[str, int]) -> int:
    """The most ``count`` cards can be worth, given the values and how many of each exist."""
    total = 0
    for rank in sorted(values, key=lambda r: values[r], reverse=True):
        take = min(count, limits.get(rank, 0))
        total += take * values[rank]
        count -= take
        if not count:
            break
    return total
