"""Part ``tables`` of ``make bench``: a club evening. Every table has four phones and a TV that
refresh once a second, and enters a round every 30 s (``locustfile.py``: ``EveningTable``, one
locust user per table), against gunicorn (``site.WORKERS`` sync workers) and PostgreSQL.

First ``EVENING_TABLES`` tables for ``BENCH_TABLES_SECONDS``: the budget is p95 < 100 ms for
every request kind, and no failure. Then how many tables one server carries: the table count
goes up (or, if the first step missed, down) through ``UP`` or ``DOWN``, each step for
``BENCH_STEP_SECONDS``, until a step misses p95 < 100 ms or fails a request, or the next step
would pass ``BENCH_CAPACITY_SECONDS`` (seeding included); the largest count that met it is
reported, without a budget. Locust, gunicorn and PostgreSQL share the machine, and at several
hundred requests a second locust's own process takes a good share of it: the figure is what the
machine carries with its client on it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.bench import site
from tests.bench.report import Figure, header

EVENING_TABLES = 50
# Deals already played when the evening's figures start: a table half-way through its evening,
# and half the seeding time of a full 20.
DEALS = 10
UP = (75, 100, 150, 200, 300)
DOWN = (35, 25, 15)
DEVICES = 5  # per table: the scorer's phone, three players' phones, a TV
RAMP_SECONDS = 5  # every table's devices arrive within this (not counted)
P95_BUDGET_MS = 100
SECONDS = site._seconds("BENCH_TABLES_SECONDS", 60, 10)
STEP_SECONDS = site._seconds("BENCH_STEP_SECONDS", 40, 8)
CAPACITY_SECONDS = site._seconds("BENCH_CAPACITY_SECONDS", 240, 60)
STEP_OVERHEAD_SECONDS = 10  # locust's start and stop, the ETags read again


def _step(
    host: str, seed: Path, tables: list[dict[str, Any]], count: int, seconds: int
) -> dict[str, dict[str, Any]]:
    """``count`` tables (the first of ``tables``) for ``seconds``, their devices holding the
    versions current at the start."""
    seed.write_text(json.dumps({"tables": tables[:count]}))
    site.current_tags(seed)
    return site.locust(
        "locustfile.py",
        ["EveningTable"],
        users=count,
        spawn_rate=count / RAMP_SECONDS,
        seconds=seconds,
        host=host,
        out=site.STATIC_ROOT / f"tables-{count}",
        env={"BENCH_TABLES": str(seed)},
    )


def _kinds(rows: dict[str, dict[str, Any]]) -> dict[str, float]:
    return {name: float(row["95%"]) for name, row in rows.items() if name != "Aggregated"}


def _failures(rows: dict[str, dict[str, Any]]) -> int:
    return int(rows["Aggregated"]["Failure Count"])


def _met(rows: dict[str, dict[str, Any]]) -> bool:
    return _failures(rows) == 0 and all(p95 < P95_BUDGET_MS for p95 in _kinds(rows).values())


def _line(count: int, rows: dict[str, dict[str, Any]]) -> str:
    kinds = _kinds(rows)
    worst = max(kinds, key=lambda name: kinds[name])
    rate = float(rows["Aggregated"]["Requests/s"])
    verdict = "met" if _met(rows) else "missed"
    return (
        f"        {count:>4} tables: {rate:7.1f} req/s, {_failures(rows)} failed, "
        f"highest p95 {kinds[worst]:.0f} ms ({worst}): {verdict}"
    )


def run() -> list[Figure]:
    from django.contrib.auth import get_user_model

    from players.models import Club

    header(
        f"A club evening: {DEVICES} devices a table refreshing every second, a round a table every "
        f"30 s; {EVENING_TABLES} tables for {SECONDS} s, then steps of {STEP_SECONDS} s within "
        f"{CAPACITY_SECONDS} s; locust ({RAMP_SECONDS} s ramp not counted), gunicorn {site.WORKERS} "
        "sync workers, PostgreSQL"
    )
    secretary = get_user_model().objects.create_user("bench-evening-secretary")
    club = Club.found("Bench evening", by=secretary)
    seed = site.STATIC_ROOT / "evening.json"
    started = time.monotonic()
    tables = site.add_tables(club, EVENING_TABLES, "evening", DEALS)
    seed_per_table = (time.monotonic() - started) / EVENING_TABLES
    print(f"        {EVENING_TABLES} tables seeded in {time.monotonic() - started:.0f} s")
    figures: list[Figure] = []
    with site.serving() as host:
        rows = _step(host, seed, tables, EVENING_TABLES, SECONDS)
        site.print_rows({f"{EVENING_TABLES} tables, the evening": rows})
        figures += site.p95_figures(rows, f"{EVENING_TABLES} tables (evening)", P95_BUDGET_MS)
        figures.append(
            Figure(
                f"failures: {EVENING_TABLES} tables (evening)",
                str(_failures(rows)),
                "0",
                _failures(rows) == 0,
            )
        )
        print(_line(EVENING_TABLES, rows))
        carried = EVENING_TABLES if _met(rows) else None
        steps = UP if carried else DOWN
        deadline = time.monotonic() + CAPACITY_SECONDS
        stopped = "every step was run"
        for count in steps:
            new_tables = max(0, count - len(tables))
            estimate = new_tables * seed_per_table + RAMP_SECONDS + STEP_SECONDS + STEP_OVERHEAD_SECONDS
            if time.monotonic() + estimate > deadline:
                stopped = f"the next step ({count} tables) would pass {CAPACITY_SECONDS} s"
                break
            if new_tables:
                tables += site.add_tables(club, new_tables, "evening", DEALS)
            rows = _step(host, seed, tables, count, STEP_SECONDS)
            print(_line(count, rows))
            if _met(rows) and steps is DOWN:
                carried = count
                break
            if not _met(rows) and steps is UP:
                stopped = f"{count} tables missed"
                break
            if steps is UP:
                carried = count
    print(f"        stepping stopped: {stopped}")
    tried = ", ".join(str(count) for count in (EVENING_TABLES, *steps))
    figures.append(
        Figure(
            f"tables one server carries at p95 < {P95_BUDGET_MS} ms (steps {tried})",
            str(carried) if carried else f"< {min(DOWN)}",
            "-",
            None,
        )
    )
    for figure in figures:
        print(figure.line())
    return figures
