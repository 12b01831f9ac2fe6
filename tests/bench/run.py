"""``make bench``: every figure with its budget and PASS or FAIL (docs/performance.md).

Run from the repository root: ``.venv/bin/python -m tests.bench.run [PART]...``, all parts by
default, in this order:

- ``engine``: a 200-deal replay of every game, and the cost per deal at 2 000 (``engine.py``);
- ``queries``: queries per request at 1, 20 and 200 deals, 2 and 6 players (``site.py``);
- ``load``: throughput beside the bare one-query view, and the 20-table mix (``site.py``);
- ``push``: the evening in open loop, 200 tables of five devices held by server-sent events
  (``evening.py``, ``openloop.py``);
- ``poll``: the polling fallback alone in open loop, 50 tables (``evening.py``);
- ``idle``: a table's pages idle in headless Chromium make no request besides their streams
  (``evening.py``);
- ``bytes``: the scoresheet as sent, cold and warm (``site.py``);
- ``club``: a club of 10 000 finished matches, its lists and pages (``club.py``, no budget);
- ``ratings``: the ratings recomputed beside the bare openskill loop (``ratings.py``).

All but the engine need PostgreSQL: ``BENCH_DATABASE_URL`` (default
``postgres://postgres@127.0.0.1:5432/scoreblok_bench``; the database is dropped and made again)
and Redis (``BENCH_REDIS_URL``, default ``redis://127.0.0.1:6379/15``). The load parts start
gunicorn and locust (``load``) or gunicorn, uvicorn and haproxy with the open-loop aiohttp
client (``push``, ``poll``, ``idle``) on 127.0.0.1 only, every step bounded in time; the whole run
takes about twenty minutes.

``BENCH_QUICK=1`` shortens every load step (the saturating scenarios to 5 s, the mix to 10 s,
the push evening to 20 tables for 30 s, the polling one to 10 tables for 15 s, the idle pages to
30 s) and the club to 1 000 matches: a check that the harness runs end to end in a few minutes,
whose figures are not to be compared. Single sizes can be set too: ``BENCH_SECONDS``,
``BENCH_MIX_SECONDS``, ``BENCH_BARE_SECONDS``, ``BENCH_PUSH_TABLES``, ``BENCH_PUSH_SECONDS``,
``BENCH_POLL_TABLES``, ``BENCH_POLL_SECONDS``, ``BENCH_IDLE_SECONDS``, ``BENCH_CLUB_MATCHES``;
and the servers: ``BENCH_GUNICORN_WORKERS`` (4), ``BENCH_ASGI_WORKERS`` (2), ``BENCH_ASGI_APP``.
"""

from __future__ import annotations

import sys
import time

from tests.bench import engine
from tests.bench.report import Figure, load, machine

PARTS = ("engine", "queries", "load", "push", "poll", "idle", "bytes", "club", "ratings")
SITE_PARTS = {"queries", "load", "push", "poll", "idle", "bytes", "club"}


def main(argv: list[str]) -> int:
    parts = argv or list(PARTS)
    unknown = set(parts) - set(PARTS)
    if unknown:
        print(f"unknown part(s): {', '.join(sorted(unknown))}; choose from {', '.join(PARTS)}")
        return 2
    started = time.monotonic()
    print(f"Scoreblok bench on {machine()}")
    print(f"At the start: {load()}")
    figures: list[Figure] = []
    if "engine" in parts:
        figures += engine.run()
    if SITE_PARTS & set(parts):
        from tests.bench import site  # Django from here on

        figures += site.run([part for part in parts if part != "engine"])
    if "ratings" in parts:
        from tests.bench import ratings, site  # Django from here on (site sets the environment)

        if not SITE_PARTS & set(parts):
            site.run([])  # the database, made again
        figures += ratings.run()
    failed = [figure for figure in figures if figure.passed is False]
    judged = [figure for figure in figures if figure.passed is not None]
    print(f"\nAt the end: {load()}; {(time.monotonic() - started) / 60:.1f} minutes")
    print(f"{len(judged) - len(failed)} of {len(judged)} budgets met.")
    for figure in failed:
        print(f"  FAIL  {figure.name}: {figure.value} (budget {figure.budget})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
