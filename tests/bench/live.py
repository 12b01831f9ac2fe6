"""Idle viewers (``make bench`` part ``live``): what a phone or TV that watches a match and sees
nothing change costs, per minute at one refresh a second, and how many of them one app server
(gunicorn, ``site.WORKERS`` sync workers) carries. No budget: issue 27 judges the refreshes
inside the evening's mix (part ``tables``); these figures show what one of them costs alone,
each beside what it should stay under.

Run after ``tests.bench.site`` set Django up (``site.run`` calls ``run`` for the part ``live``).
"""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit

from tests.bench import site
from tests.bench.report import Figure, header

REFRESHES_PER_MINUTE = 60
QUERIES_A_MINUTE = 60  # one query a refresh
BYTES_A_MINUTE = 60 * 1024  # under 1 KB a refresh, headers included


def _seed() -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from players.models import Club
    from tests.matches_at_scale import start_match

    user = get_user_model().objects.create_user("bench-live")
    match, _next = start_match(Club.personal_for(user), user, 6, 20)
    links = site.devices(match, user)
    client = Client()
    return {
        "bare": f"/bench/bare/?id={match.pk}",
        "board": links["board"],
        "board_tag": client.get(links["board"])["ETag"],
        "watch": links["watch"],
        "watch_tag": client.get(links["watch"])["ETag"],
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
    figures: list[Figure] = []
    with site.serving() as host:
        port = urlsplit(host).port
        assert port is not None
        for what, (url, tag) in watched.items():
            wire = _wire_bytes(port, url, tag)
            per_minute_queries = _queries(url, tag) * REFRESHES_PER_MINUTE
            per_minute_bytes = wire * REFRESHES_PER_MINUTE
            figures += [
                Figure(
                    f"idle {what}: queries per minute",
                    str(per_minute_queries),
                    f"- (one a refresh: {QUERIES_A_MINUTE})",
                    None,
                ),
                Figure(
                    f"idle {what}: bytes per minute (both ways)",
                    f"{per_minute_bytes / 1024:.1f} KB ({wire} B each)",
                    f"- (under 1 KB a refresh: {BYTES_A_MINUTE // 1024} KB)",
                    None,
                ),
            ]
        rates = {}
        for title, user_class in (
            ("bare view", "Bare"),
            ("viewer board", "IdleViewer"),
            ("scorer's sheet watch", "IdleSheet"),
        ):
            rows = site.locust(
                "live_locustfile.py",
                [user_class],
                users=site.TABLES,
                spawn_rate=site.TABLES,
                seconds=site.SECONDS,
                host=host,
                out=site.STATIC_ROOT / user_class,
                env={"BENCH_BOARDS": str(path)},
            )
            row = rows["Aggregated"]
            rates[title] = rate = float(row["Requests/s"])
            failures = int(row["Failure Count"])
            size = float(row["Average Content Size"])
            p95 = row["95%"]
            print(f"      {title:24} {rate:7.1f} req/s  p95 {p95:>4} ms  body {size:.0f} B  fail {failures}")
            if title == "bare view":
                continue
            ratio = rate / rates["bare view"] if rates["bare view"] else 0.0
            figures += [
                Figure(f"idle {title}: viewers one app server carries (1/s)", f"{rate:.0f}", "-", None),
                Figure(
                    f"idle {title}: throughput ÷ bare view", f"{ratio:.2f} ({failures} failed)", "-", None
                ),
            ]
    for figure in figures:
        print(figure.line())
    return figures
