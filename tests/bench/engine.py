"""The rules engine alone: replaying matches of 20, 200 and 2 000 rounds of every game.

Two replays are timed. ``replay_stored`` is what every request does with the rounds it reads
back (they were checked when stored, so it only scores them): the budgets apply to it. The
checked ``replay`` (every form and rule check, as a correction replays later rounds) is
printed beside it for comparison.

Rounds come from ``tests.bench.rounds`` (valid, and for Canasta and Duizenden with the highest target
so they never finish). Barbuse stops at its 20 deals and Frustration at the longest match its
rules allow; for them the 200-round figure is the per-round cost at their longest match times
200, marked "projected". Time is CPU time of this process (``time.process_time``), the best of
several runs, so other work on the machine counts less; it still counts.
"""

from __future__ import annotations

import time

from scoring import all_games, replay, replay_stored
from tests.bench.report import Figure, header
from tests.bench.rounds import PLAYERS, long_match

LENGTHS = (20, 200, 2000)
BUDGET_200_MS = 5.0
# Linear: the cost per round at 2 000 rounds at most this times the cost at 200.
LINEAR_FACTOR = 1.5


def _best_seconds(function: object, repeat: int) -> float:
    assert callable(function)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        function()
        best = min(best, time.process_time() - start)
    return best


def run() -> list[Figure]:
    header("Engine: replaying a match (CPU time, best of several runs)")
    figures: list[Figure] = []
    for game in all_games():
        per_round: dict[int, float] = {}
        played: dict[int, int] = {}
        for length in LENGTHS:
            setup, bodies = long_match(game.slug, length)
            if len(bodies) in played.values():
                continue  # the game ended sooner: the same match again
            repeat = 7 if length <= 200 else 3
            seconds = _best_seconds(lambda: replay_stored(game, setup, bodies), repeat)  # noqa: B023
            checked = _best_seconds(lambda: replay(game, setup, bodies), repeat)  # noqa: B023
            per_round[length] = seconds / len(bodies) * 1e6
            played[length] = len(bodies)
            figures.append(
                Figure(
                    f"{game.slug} ({PLAYERS[game.slug]} players): {len(bodies)} rounds",
                    f"{per_round[length]:.1f} µs/round (checked {checked / len(bodies) * 1e6:.1f})",
                    "",
                    None,
                )
            )
        longest = max(played, key=lambda length: played[length])
        if played.get(200) == 200:
            ms = per_round[200] * 200 / 1000
            name = f"{game.slug}: 200-round replay"
        else:
            ms = per_round[longest] * 200 / 1000
            name = f"{game.slug}: 200 rounds (projected; {played[longest]} is the most)"
        figures.append(Figure(name, f"{ms:.2f} ms", f"< {BUDGET_200_MS:g} ms", ms < BUDGET_200_MS))
        if played.get(2000) == 2000:
            ratio = per_round[2000] / per_round[200]
            figures.append(
                Figure(
                    f"{game.slug}: µs/round at 2 000 ÷ at 200 (linear)",
                    f"{ratio:.2f}",
                    f"≤ {LINEAR_FACTOR}",
                    ratio <= LINEAR_FACTOR,
                )
            )
    for figure in figures:
        print(figure.line())
    return figures
