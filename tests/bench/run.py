"""``make bench``: the engine, queries per request, a load test, bytes transferred and ratings.

Run from the repository root: ``.venv/bin/python -m tests.bench.run [PART]...`` with parts
engine, queries, load, bytes, club, ratings, live (all by default; ``ratings`` is
``tests/bench/ratings.py``), and ``instructions`` (callgrind's count per request, only when named:
``tests/bench/instructions.py``). All but the engine need PostgreSQL (``BENCH_DATABASE_URL``, default
``postgres://postgres@127.0.0.1:5432/scoreblok_bench``; the database is dropped and made again).
"""

from __future__ import annotations

import sys

from tests.bench import engine
from tests.bench.report import Figure, load, machine

PARTS = ("engine", "queries", "load", "bytes", "club", "ratings", "live")
NAMED_ONLY = ("instructions",)  # minutes under valgrind, and figures without a budget


def main(argv: list[str]) -> int:
    parts = argv or list(PARTS)
    unknown = set(parts) - set(PARTS) - set(NAMED_ONLY)
    if unknown:
        print(f"unknown part(s): {', '.join(sorted(unknown))}; choose from {', '.join(PARTS + NAMED_ONLY)}")
        return 2
    print(f"Scoreblok bench on {machine()}")
    print(f"At the start: {load()}")
    figures: list[Figure] = []
    if "engine" in parts:
        figures += engine.run()
    if {"queries", "load", "bytes", "club", "live", "instructions"} & set(parts):
        from tests.bench import site  # Django from here on

        figures += site.run([part for part in parts if part != "engine"])
    if "ratings" in parts:
        from tests.bench import ratings, site  # Django from here on (site sets the environment)

        if not {"queries", "load", "bytes"} & set(parts):
            site.run([])  # the database, made again
        figures += ratings.run()
    failed = [figure for figure in figures if figure.passed is False]
    judged = [figure for figure in figures if figure.passed is not None]
    print(f"\nAt the end: {load()}")
    print(f"{len(judged) - len(failed)} of {len(judged)} budgets met.")
    for figure in failed:
        print(f"  FAIL  {figure.name}: {figure.value} (budget {figure.budget})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
