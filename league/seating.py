"""The seating draw of a club evening: pure arithmetic, no Django.

Two questions, answered apart:

``table_sizes`` splits the players present into tables of sizes the game allows (the engine's
``player_counts``): as many tables of the preferred size as possible (four where the game
plays with four, else its largest), the rest as close to it as the game allows (tables of 3 or
5 where the numbers need it; on a tie, more tables of four, then smaller tables). No split at
all (seven players for a game of exactly four) is ``NoSeating``.

``draw`` seats them: random, but varied over the season. Every pair of players carries how
often they have already met at a table; a seating costs the sum of the squares of those counts
(so meeting someone a third time costs more than two people meeting for a second time). The
draw takes the cheapest of a few random seatings, each improved by swapping players between
tables while a swap lowers the cost. It is a heuristic (finding the cheapest seating is a
social-golfer problem, hard in general); ``tests/league/test_seating.py`` measures it against a
naive random draw over a simulated season.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations

type Pair = frozenset[int]
type Seating = tuple[tuple[int, ...], ...]


class NoSeating(ValueError):
    """The players present cannot be split into tables the game allows."""

    def __init__(self, players: int, allowed: Sequence[int]) -> None:
        super().__init__(f"{players} players cannot sit at tables of {tuple(allowed)}")
        self.players = players
        self.allowed = tuple(allowed)


def preferred_size(allowed: Sequence[int]) -> int:
    return 4 if 4 in allowed else max(allowed)


def table_sizes(players: int, allowed: Sequence[int]) -> tuple[int, ...]:
    """Table sizes for ``players``, largest first; ``NoSeating`` when none add up."""
    if not allowed or players <= 0:
        raise NoSeating(players, allowed)
    best = preferred_size(allowed)
    sizes = tuple(sorted(set(allowed), reverse=True))

    @cache
    def split(left: int) -> tuple[int, int, tuple[int, ...]] | None:
        # (cost, -tables of the preferred size, sizes): cost is the squared distance of each
        # table from the preferred size, so 4-3-3 beats 4-4-2 (one odd table far off is worse).
        if left == 0:
            return 0, 0, ()
        options = []
        for size in sizes:
            if size <= left and (rest := split(left - size)) is not None:
                options.append(
                    (rest[0] + (size - best) ** 2, rest[1] - (size == best), tuple(sorted((size, *rest[2]))))
                )
        return min(options, default=None)

    found = split(players)
    if found is None:
        raise NoSeating(players, allowed)
    return tuple(sorted(found[2], reverse=True))


def meetings(seatings: Iterable[Seating]) -> Counter[Pair]:
    """How often each pair of players sat at one table."""
    met: Counter[Pair] = Counter()
    for seating in seatings:
        for table in seating:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def cost(seating: Seating, met: Mapping[Pair, int]) -> int:
    return sum(met.get(frozenset(pair), 0) ** 2 for table in seating for pair in combinations(table, 2))


def _table_cost(table: Sequence[int], met: Mapping[Pair, int]) -> int:
    return sum(met.get(frozenset(pair), 0) ** 2 for pair in combinations(table, 2))


def _improve(tables: list[list[int]], met: Mapping[Pair, int]) -> None:
    """Swap players between tables while a swap makes the seating cheaper."""
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    before = _table_cost(tables[a], met) + _table_cost(tables[b], met)
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    if _table_cost(tables[a], met) + _table_cost(tables[b], met) < before:
                        improved = True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]


def naive_draw(players: Sequence[int], sizes: Sequence[int], rng: random.Random) -> Seating:
    """Shuffle and cut: what a hat does (the baseline the varied draw is measured against)."""
    shuffled = list(players)
    rng.shuffle(shuffled)
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(shuffled[start : start + size]))
        start += size
    return tuple(tables)


def draw(
    players: Sequence[int],
    sizes: Sequence[int],
    met: Mapping[Pair, int],
    rng: random.Random,
    tries: int = 12,
) -> Seating:
    """Seat ``players`` at tables of ``sizes`` so that they meet as few old opponents as the
    draw finds; ``rng`` decides among equally good seatings (seed it for a repeatable draw)."""
    if sum(sizes) != len(players):
        raise NoSeating(len(players), sizes)
    best: Seating | None = None
    best_cost = 0
    for _ in range(tries):
        tables = [list(table) for table in naive_draw(players, sizes, rng)]
        _improve(tables, met)
        seating = tuple(tuple(table) for table in tables)
        seating_cost = cost(seating, met)
        if best is None or seating_cost < best_cost:
            best, best_cost = seating, seating_cost
        if best_cost == 0:
            break
    assert best is not None  # tries >= 1
    return best
