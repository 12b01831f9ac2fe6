"""The rules engine alone: replaying matches of 20, 200 and 2 000 rounds of every game.

Two replays are timed, both the engine's public functions on plain lists of round bodies.
``replay_stored`` is what a request does with the rounds it reads back (they were checked when
stored, so it only scores them): the budgets (a 200-deal replay < 5 ms, linear) apply to it. The
checked ``replay`` (every form and rule check, as a correction replays later rounds) is
printed beside it for comparison.

Rounds come from ``tests.long_matches`` (valid, and for Canasta and Duizenden with the highest target
so they never finish). Barbuse stops at its 20 deals and Frustration at the longest match its
rules allow; for them the 200-round figure is the per-round cost at their longest match times
200, marked "projected". Time is CPU time of this process (``time.process_time``), the best of
samples taken in turn across the lengths (``_best_interleaved``), so other work on the machine
counts less; it still counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from scoring import all_games, replay, replay_stored
from scoring.match import Setup
from tests.bench.report import Figure, header
from tests.long_matches import PLAYERS, long_match

LENGTHS = (20, 200, 2000)
BUDGET_200_MS = 5.0
# Linear: the cost per round at 2 000 rounds at most this times the cost at 200.
LINEAR_FACTOR = 1.5


# Each sample times enough replays to last about this long, and the lengths take turns
# sample by sample: this machine's speed drifts over seconds (other machines share its CPUs),
# and a best of a few millisecond runs, taken one length after the other, caught the drift as
# a slower game or as a length that looked quadratic.
SAMPLE_SECONDS = 0.01
SAMPLES = 15


def _per_replay(function: Callable[[], object]) -> tuple[int, float]:
    """How many calls make one sample, and the best time of one call so far."""
    calls, seconds = 1, 0.0
    while True:
        start = time.process_time()
        for _ in range(calls):
            function()
        seconds = time.process_time() - start
        if seconds >= SAMPLE_SECONDS:
            return calls, seconds / calls
        calls *= 2


def _best_interleaved(functions: dict[int, Callable[[], object]], samples: int) -> dict[int, float]:
    """The best seconds per call of each function, sampled in turn."""
    sized = {key: _per_replay(function) for key, function in functions.items()}
    best = {key: seconds for key, (_, seconds) in sized.items()}
    for _ in range(samples):
        for key, function in functions.items():
            calls = sized[key][0]
            start = time.process_time()
            for _ in range(calls):
                function()
            best[key] = min(best[key], (time.process_time() - start) / calls)
    return best


def run() -> list[Figure]:
    header("Engine: replaying a match (CPU time, best of several runs)")
    figures: list[Figure] = []
    for game in all_games():
        matches: dict[int, tuple[Setup, list[dict[str, Any]]]] = {}
        for length in LENGTHS:
            setup, bodies = long_match(game.slug, length)
            if all(len(kept) != len(bodies) for _, kept in matches.values()):
                matches[length] = (setup, bodies)  # else the game ended sooner: the same match
        played = {length: len(bodies) for length, (_, bodies) in matches.items()}
        stored = _best_interleaved(
            {length: partial(replay_stored, game, *match) for length, match in matches.items()}, SAMPLES
        )
        checked = _best_interleaved(
            {length: partial(replay, game, *match) for length, match in matches.items()}, 2
        )
        per_round = {length: stored[length] / played[length] * 1e6 for length in matches}
        for length in matches:
            slow = checked[length] / played[length] * 1e6
            figures.append(
                Figure(
                    f"{game.slug} ({PLAYERS[game.slug]} players): {played[length]} rounds",
                    f"{per_round[length]:.1f} µs/round (checked {slow:.1f})",
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
