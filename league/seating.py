"""The seating draw of a club evening: pure arithmetic, no Django.

Three questions, answered apart:

``table_sizes`` splits the players present into tables of sizes the game allows (the engine's
``player_counts``): as many tables of the preferred size as possible (four where the game
plays with four, else its largest), the rest as close to it as the game allows (tables of 3 or
5 where the numbers need it; on a tie, more tables of four, then smaller tables). No split at
all (seven players for a game of exactly four) is ``NoSeating``.

A game's home may name the table sizes a club evening prefers (``preferred``: tables of 4 and 5,
a table of 3 only when the count forces it); the other sizes it allows are then used only when
the preferred ones cannot seat everybody.

``sitting_out`` comes first when the players present fit no split: the fewest who must sit the
round out (``most_seated``), taken in turn over the season (fewest rounds sat out first).

``draw`` seats them: random, but varied over the season. Every pair of players carries how
often they have already met at a table; a seating costs the sum of the squares of those counts
(so meeting someone a third time costs more than two people meeting for a second time). The
draw takes the cheapest of a few random seatings, each improved by swapping players between
tables while a swap lowers the cost. It is a heuristic (finding the cheapest seating is a
social-golfer problem, hard in general); ``tests/league/test_seating.py`` measures it against a
naive random draw over a simulated season.

In a partnership game (two pairs a table, partners across) the draw also varies
the *partners*: given ``teams`` (the game's seat positions of each team, by table size) and how
often each pair of players has partnered, a table costs its meetings plus ``PARTNER_WEIGHT``
times the squares of its partnerships, in the cheapest way of splitting it into teams, and the
table is returned in that seating order. The weight makes a new partner worth more than a new
opponent: a club plays "met wisselende partners" to change partners first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations

type Pair = frozenset[int]
type Seating = tuple[tuple[int, ...], ...]
# Seat positions of each team at a table (the engine's default teams for that many players).
type Teams = tuple[tuple[int, ...], ...]

# A partnership repeated once costs as much as 30 "meetings squared" (see the module's
# docstring): at 10, a small club's later evenings, where every pair has met several times,
# let the meetings outweigh a repeated partner (8 players over 7 evenings repeated up to 6
# partnerships); from 30 on the draw finds a season where each pair partners once.
PARTNER_WEIGHT = 30


class NoSeating(ValueError):
    """The players present cannot be split into tables the game allows."""

    def __init__(self, players: int, allowed: Sequence[int]) -> None:
        super().__init__(f"{players} players cannot sit at tables of {tuple(allowed)}")
        self.players = players
        self.allowed = tuple(allowed)


def preferred_size(allowed: Sequence[int]) -> int:
    return 4 if 4 in allowed else max(allowed)


def table_sizes(
    players: int, allowed: Sequence[int], preferred: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Table sizes for ``players``, largest first; ``NoSeating`` when none add up. With
    ``preferred``, only those sizes when they can seat everybody, else every size allowed."""
    if preferred:
        try:
            return table_sizes(players, [size for size in allowed if size in preferred])
        except NoSeating:
            pass
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


def sitting_out(
    players: Sequence[int],
    allowed: Sequence[int],
    sat_out: Mapping[int, int],
    rng: random.Random,
    preferred: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Who sits this round out: nobody when ``players`` fit tables the game allows, otherwise
    the fewest that leave a seating (11 at tables of 4: three), taken among those who sat out
    least this season (``sat_out``: player -> rounds sat out), so nobody sits out twice before
    everybody present has sat out once; ``rng`` decides among equals. ``NoSeating`` when even
    the smallest table cannot be filled."""
    count = len(players) - most_seated(len(players), allowed, preferred)
    if count == 0:
        return ()  # the rng is left untouched: a draw where everybody sits stays as it was
    shuffled = list(players)
    rng.shuffle(shuffled)
    return tuple(sorted(shuffled, key=lambda player: sat_out.get(player, 0))[:count])


def most_seated(players: int, allowed: Sequence[int], preferred: Sequence[int] | None = None) -> int:
    """How many of ``players`` tables the game allows can seat (all, when the sizes fit);
    ``NoSeating`` when not even one table can be filled."""
    for seated in range(players, 0, -1):
        try:
            table_sizes(seated, allowed, preferred)
        except NoSeating:
            continue
        return seated
    raise NoSeating(players, allowed)


def meetings(seatings: Iterable[Seating]) -> Counter[Pair]:
    """How often each pair of players sat at one table."""
    met: Counter[Pair] = Counter()
    for seating in seatings:
        for table in seating:
            met.update(frozenset(pair) for pair in combinations(table, 2))
    return met


def cost(seating: Seating, met: Mapping[Pair, int]) -> int:
    return sum(met.get(frozenset(pair), 0) ** 2 for table in seating for pair in combinations(table, 2))


def partner_cost(table: Sequence[int], teams: Teams, partnered: Mapping[Pair, int]) -> int:
    """The squares of how often the players sitting in one team (by seat) have partnered."""
    return sum(
        partnered.get(frozenset((table[a], table[b])), 0) ** 2
        for team in teams
        for a, b in combinations(team, 2)
    )


def _splits(players: tuple[int, ...], teams: Teams) -> Iterator[dict[int, int]]:
    """Every way of putting ``players`` into the teams' seats (seat -> player), each team's
    players in the order given: the order within a team changes no partnership, so a table of
    four has 6 ways rather than 24 orders, a table of six in two threes 20 rather than 720."""
    if not teams:
        yield {}
        return
    first, rest = teams[0], teams[1:]
    for chosen in combinations(players, len(first)):
        left = tuple(player for player in players if player not in chosen)
        for seated in _splits(left, rest):
            yield {**dict(zip(first, chosen, strict=True)), **seated}


def pair_up(table: Sequence[int], teams: Teams, partnered: Mapping[Pair, int]) -> tuple[int, ...]:
    """The table's players in the seating order whose teams have partnered least (the first such
    order of the players by id: the same players are always seated the same way)."""
    orders = (
        tuple(seated[seat] for seat in range(len(table))) for seated in _splits(tuple(sorted(table)), teams)
    )
    return min(orders, key=lambda order: partner_cost(order, teams, partnered))


class _Costs:
    """A table's cost: its meetings, plus its cheapest partnerships where the game plays in teams."""

    def __init__(
        self,
        met: Mapping[Pair, int],
        teams: Mapping[int, Teams] | None = None,
        partnered: Mapping[Pair, int] | None = None,
    ) -> None:
        self.met, self.partnered = met, partnered or {}
        # Only teams that seat the whole table (every seat in one team) pair players up.
        self.teams = {
            size: found
            for size, found in (teams or {}).items()
            if sorted(seat for team in found for seat in team) == list(range(size))
        }
        # A table's cost depends on who sits at it, not in which order: the swaps of ``_improve``
        # ask for the same tables again and again (a draw of 16 took a second without this).
        self.known: dict[frozenset[int], int] = {}

    def table(self, table: Sequence[int]) -> int:
        players = frozenset(table)
        if (known := self.known.get(players)) is not None:
            return known
        found = sum(self.met.get(frozenset(pair), 0) ** 2 for pair in combinations(table, 2))
        teams = self.teams.get(len(table))
        if teams is not None:
            paired = pair_up(table, teams, self.partnered)
            found += PARTNER_WEIGHT * partner_cost(paired, teams, self.partnered)
        self.known[players] = found
        return found

    def seat(self, table: Sequence[int]) -> tuple[int, ...]:
        teams = self.teams.get(len(table))
        return tuple(table) if teams is None else pair_up(table, teams, self.partnered)


def _improve(tables: list[list[int]], costs: _Costs) -> None:
    """Swap players between tables while a swap makes the seating cheaper."""
    improved = True
    while improved:
        improved = False
        for a, b in combinations(range(len(tables)), 2):
            for i in range(len(tables[a])):
                for j in range(len(tables[b])):
                    before = costs.table(tables[a]) + costs.table(tables[b])
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    if costs.table(tables[a]) + costs.table(tables[b]) < before:
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
    *,
    teams: Mapping[int, Teams] | None = None,
    partnered: Mapping[Pair, int] | None = None,
) -> Seating:
    """Seat ``players`` at tables of ``sizes`` so that they meet as few old opponents as the
    draw finds; ``rng`` decides among equally good seatings (seed it for a repeatable draw).
    With ``teams`` (seat positions of each team, by table size) and ``partnered`` (how often
    each pair has partnered), as few old partners too, each table in its seating order."""
    if sum(sizes) != len(players):
        raise NoSeating(len(players), sizes)
    costs = _Costs(met, teams, partnered)
    best: Seating | None = None
    best_cost = 0
    for _ in range(tries):
        tables = [list(table) for table in naive_draw(players, sizes, rng)]
        _improve(tables, costs)
        seating = tuple(costs.seat(table) for table in tables)
        seating_cost = sum(costs.table(table) for table in seating)
        if best is None or seating_cost < best_cost:
            best, best_cost = seating, seating_cost
        if best_cost == 0:
            break
    assert best is not None  # tries >= 1
    return best
