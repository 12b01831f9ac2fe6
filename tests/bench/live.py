"""Idle viewers (``make bench`` part ``live``): what a phone or TV that watches a match and sees
nothing change costs, per minute at one refresh a second, and how many of them one app server
(gunicorn, ``site.WORKERS`` sync workers) carries.

Run after ``tests.bench.site`` set Django up (``site.run`` calls ``run`` for the part ``live``).
"""

from __future__ import annotations

import csv
import http.client
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.bench import site
from tests.bench.report import Figure, header

REFRESHES_PER_MINUTE = 60
QUERY_BUDGET = 60  # one query a refresh
BYTES_BUDGET = 60 * 1024  # under 1 KB a refresh, headers included
# An unchanged refresh is one indexed query, like the bare view: it should cost about as much.
# (A ratio, not a count: the machine is shared, so absolute rates swing with its load.)
RATIO_BUDGET = 0.7


def _seed() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from live.models import MatchShare
    from live.versions import watch_token
    from players.models import Club
    from tests.bench.scenarios import start_match

    user = get_user_model().objects.create_user("bench-live", password="bench-live-pw")
    match, _next = start_match(Club.personal_for(user), user, 6, 20)
    share = MatchShare.share(match, by=user)
    board = f"/live/{share.token}/board/"
    watch = f"/watch/{watch_token('m', match.pk)}/"
    client = Client()
    return {
        "bare": f"/bench/bare/?id={match.pk}",
        "board": board,
        "board_tag": client.get(board)["ETag"],
        "watch": watch,
        "watch_tag": client.get(watch)["ETag"],
    }


def _queries(url: str, tag: str) -> int:
    """Queries of one unchanged refresh (the test client, against the same database)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url, headers={"If-None-Match": tag})
    assert response.status_code == 304, response.status_code
    return len(queries)


def _wire_bytes(port: int, url: str, tag: str) -> int:
    """Request and answer as they cross the network (HTTP/1.1, the browser's usual headers)."""
    request_headers = {
        "Host": f"127.0.0.1:{port}",
        "If-None-Match": tag,
        "Accept": "*/*",
        "Accept-Encoding": "gzip, deflate, br",
        "Accept-Language": "en-GB,en;q=0.9",
        "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36",
    }
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", url, headers=request_headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    sent = len(f"GET {url} HTTP/1.1\r\n") + sum(len(f"{k}: {v}\r\n") for k, v in request_headers.items()) + 2
    received = (
        len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + len(str(response.msg)) + 2 + len(body)
    )
    assert response.status == 304, response.status
    return sent + received


def _locust(host: str, user_class: str, boards: Path, out: Path) -> dict[str, Any]:
    command = [
        str(Path(sys.executable).parent / "locust"),
        "-f",
        str(site.ROOT / "tests" / "bench" / "live_locustfile.py"),
        "--headless",
        "--users",
        str(site.TABLES),
        "--spawn-rate",
        str(site.TABLES),
        "--run-time",
        f"{site.SECONDS}s",
        "--host",
        host,
        "--csv",
        str(out),
        "--only-summary",
        "--loglevel",
        "WARNING",
        user_class,
    ]
    subprocess.run(command, cwd=site.ROOT, env={**os.environ, "BENCH_BOARDS": str(boards)}, check=False)
    with open(f"{out}_stats.csv") as stats:
        return {row["Name"]: row for row in csv.DictReader(stats)}["Aggregated"]


def run() -> list[Figure]:
    header(
        f"Idle viewers: one refresh a second, nothing changes (304); capacity with locust, "
        f"{site.TABLES} users back to back, gunicorn {site.WORKERS} sync workers, PostgreSQL"
    )
    boards = _seed()
    path = site.STATIC_ROOT / "boards.json"
    path.write_text(json.dumps(boards))
    watched = {
        "viewer board": (boards["board"], boards["board_tag"]),
        "scorer's sheet watch": (boards["watch"], boards["watch_tag"]),
    }
    port = site._free_port()
    server = site._gunicorn(port)
    host = f"http://127.0.0.1:{port}"
    figures: list[Figure] = []
    try:
        site._wait_for(f"{host}/bench/bare/")
        for what, (url, tag) in watched.items():
            wire = _wire_bytes(port, url, tag)
            per_minute_queries = _queries(url, tag) * REFRESHES_PER_MINUTE
            per_minute_bytes = wire * REFRESHES_PER_MINUTE
            figures += [
                Figure(
                    f"idle {what}: queries per minute",
                    str(per_minute_queries),
                    f"≤ {QUERY_BUDGET}",
                    per_minute_queries <= QUERY_BUDGET,
                ),
                Figure(
                    f"idle {what}: bytes per minute (both ways)",
                    f"{per_minute_bytes / 1024:.1f} KB ({wire} B each)",
                    f"< {BYTES_BUDGET // 1024} KB",
                    per_minute_bytes < BYTES_BUDGET,
                ),
            ]
        rates = {}
        for title, user_class in (
            ("bare view", "Bare"),
            ("viewer board", "IdleViewer"),
            ("scorer's sheet watch", "IdleSheet"),
        ):
            row = _locust(host, user_class, path, site.STATIC_ROOT / user_class)
            rates[title] = rate = float(row["Requests/s"])
            failures = int(row["Failure Count"])
            size = float(row["Average Content Size"])
            p95 = row["95%"]
            print(f"      {title:24} {rate:7.1f} req/s  p95 {p95:>4} ms  body {size:.0f} B  fail {failures}")
            if title == "bare view":
                continue
            ratio = rate / rates["bare view"] if rates["bare view"] else 0.0
            figures += [
                Figure(f"idle {title}: viewers one app server carries (1/s)", f"{rate:.0f}", "", None),
                Figure(
                    f"idle {title}: throughput ÷ bare view",
                    f"{ratio:.2f}",
                    f"≥ {RATIO_BUDGET}",
                    ratio >= RATIO_BUDGET and failures == 0,
                ),
            ]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    for figure in figures:
        print(figure.line())
    return figures
