"""Standings order and sports ranking (1, 1, 3), shared by every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from scoring.match import Standing

# What units are ordered by, smaller first: a tuple of numbers, compared item by item.
SortKey = tuple[int, ...]


def competition_ranks(count: int, sort_key: Callable[[int], SortKey]) -> tuple[list[int], list[int]]:
    """Order units ``0..count-1`` best first by ``sort_key(unit)`` and rank them; units with
    equal keys share a rank and the next rank skips (totals 10, 10, 30 rank 1, 1, 3).

    Returns ``(order, ranks)``: ``order`` lists units best first (ties in unit order, the sort
    being stable); ``ranks[unit]`` is that unit's rank.
    """
    order = sorted(range(count), key=sort_key)
    ranks = [0] * count
    for position, unit in enumerate(order):
        if position and sort_key(order[position - 1]) == sort_key(unit):
            ranks[unit] = ranks[order[position - 1]]
        else:
            ranks[unit] = position + 1
    return order, ranks


def standings(
    units: Sequence[tuple[int, ...]],
    totals: Sequence[int],
    sort_key: Callable[[int], SortKey],
    extras: Sequence[Mapping[str, object]] | None = None,
) -> tuple[Standing, ...]:
    """Standing rows best first, ranked by ``sort_key(unit)`` (smaller is better)."""
    order, ranks = competition_ranks(len(units), sort_key)
    return tuple(
        Standing(
            unit,
            units[unit],
            totals[unit],
            ranks[unit],
            MappingProxyType(dict(extras[unit])) if extras else MappingProxyType({}),
        )
        for unit in order
    )


def high_total_first(totals: Sequence[int]) -> Callable[[int], SortKey]:
    return lambda unit: (-totals[unit],)


def low_total_first(totals: Sequence[int]) -> Callable[[int], SortKey]:
    return lambda unit: (totals[unit],)
