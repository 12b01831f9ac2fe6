"""Parts ``push``, ``poll`` and ``idle`` of ``make bench``: a club evening in open loop
(``tests.bench.openloop``), against the production shape of ``docs/deploy.md`` on this machine.

The server: gunicorn (``BENCH_GUNICORN_WORKERS`` sync workers, 4 by default) serves the pages,
uvicorn (``BENCH_ASGI_WORKERS`` processes, 2 by default as in ``docs/deploy.md``) the event
streams, and Debian's haproxy
in front sends ``/events/`` to uvicorn and the rest to gunicorn, with a tunnel timeout longer
than the heartbeat. A round committed in a gunicorn worker reaches uvicorn through Redis.
PostgreSQL and Redis are the local ones; the client shares the machine.

- ``push``: ``BENCH_PUSH_TABLES`` tables (200) of five connected devices, a round a table
  every 30 s, staggered, for ``BENCH_PUSH_SECONDS``. Budgets: round POST p95 < 100 ms, push
  delivery p95 < 250 ms to every device kind, no failure, no reconnect. Also the stream
  server's memory per open stream, and the client's CPU.
- ``poll``: the fallback alone: ``BENCH_POLL_TABLES`` tables (50) of five devices polling every
  5 s with their ETag, a round a table every 30 s. Budget: p95 < 100 ms for every kind.
- ``idle``: one table's three pages (the scorer's sheet, the viewer, the TV) open in headless
  Chromium with the site's own ``live.js``, left alone for ``BENCH_IDLE_SECONDS`` (longer than a
  heartbeat): the requests they make besides their streams must be none.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench import openloop, site
from tests.bench.report import Figure, header

DEALS = 10  # deals already played at each table when the evening starts
PUSH_TABLES = int(os.environ.get("BENCH_PUSH_TABLES", "20" if site.QUICK else "200"))
PUSH_SECONDS = site._seconds("BENCH_PUSH_SECONDS", 120, 30)
POLL_TABLES = int(os.environ.get("BENCH_POLL_TABLES", "10" if site.QUICK else "50"))
POLL_SECONDS = site._seconds("BENCH_POLL_SECONDS", 60, 15)
IDLE_SECONDS = site._seconds("BENCH_IDLE_SECONDS", 60, 30)
GUNICORN_WORKERS = int(os.environ.get("BENCH_GUNICORN_WORKERS", str(site.WORKERS)))
ASGI_WORKERS = int(os.environ.get("BENCH_ASGI_WORKERS", "2"))  # docs/deploy.md's command line
# What uvicorn serves: the site's ASGI application, or another to compare (importable by name).
ASGI_APP = os.environ.get("BENCH_ASGI_APP", "config.asgi:application")
ROUND_EVERY = 30.0
POLL_EVERY = 5.0
POST_BUDGET_MS = 100
DELIVERY_BUDGET_MS = 250
POLL_BUDGET_MS = 100
HAPROXY = """\
# deploy/haproxy.cfg's timeouts and routing, one server of each kind, on free ports.
global
    maxconn 8192
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout tunnel 60s
frontend site
    bind 127.0.0.1:{front}
    maxconn 8192
    acl events path_beg /events/
    use_backend streams if events
    default_backend pages
backend pages
    server pages 127.0.0.1:{pages}
backend streams
    timeout server 60s
    option http-no-delay
    server streams 127.0.0.1:{streams}
"""


@dataclass
class Servers:
    host: str
    streams_pid: int | None  # the ASGI server's first process (None: no stream server)


def _start(command: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, cwd=site.ROOT, env={**os.environ, **site.ENVIRONMENT}, start_new_session=True
    )


def _has_streams() -> bool:
    """The stream server is there once the push side is installed (uvicorn, config/asgi.py)."""
    return (Path(sys.executable).parent / "uvicorn").exists()


@contextlib.contextmanager
def serving() -> Iterator[Servers]:
    """gunicorn and uvicorn on free ports of 127.0.0.1, haproxy in front; yields its address."""
    bin_dir = Path(sys.executable).parent
    pages, streams, front = site._free_port(), site._free_port(), site._free_port()
    processes = [
        _start(
            [
                str(bin_dir / "gunicorn"),
                "config.wsgi",
                "--workers",
                str(GUNICORN_WORKERS),
                "--bind",
                f"127.0.0.1:{pages}",
                "--log-level",
                "warning",
            ]
        )
    ]
    streams_pid = None
    if _has_streams():
        uvicorn = _start(
            [
                str(bin_dir / "uvicorn"),
                ASGI_APP,
                "--host",
                "127.0.0.1",
                "--port",
                str(streams),
                "--workers",
                str(ASGI_WORKERS),
                "--log-level",
                "warning",
                "--no-access-log",
                "--timeout-graceful-shutdown",
                "5",
            ]
        )
        processes.append(uvicorn)
        streams_pid = uvicorn.pid
    config = site.STATIC_ROOT / "haproxy.cfg"
    config.write_text(HAPROXY.format(front=front, pages=pages, streams=streams))
    processes.append(_start(["haproxy", "-f", str(config), "-db"]))
    host = f"http://127.0.0.1:{front}"
    try:
        # A busy machine (other work on it) can take a minute to start four workers.
        site._wait_for(f"http://127.0.0.1:{pages}/bench/bare/", seconds=120)
        site._wait_for(f"{host}/bench/bare/", seconds=30)
        yield Servers(host, streams_pid)
    finally:
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            process.wait(timeout=30)


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and its descendants (uvicorn's workers), from /proc."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
            for task in Path(f"/proc/{current}/task").iterdir():
                todo += [int(child) for child in (task / "children").read_text().split()]
        except (OSError, StopIteration):
            continue
    return total


def _seed(label: str, count: int) -> list[dict[str, Any]]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from players.models import Club

    secretary = get_user_model().objects.create_user(f"bench-{label}-secretary")
    club = Club.found(f"Bench {label}", by=secretary)
    started = time.monotonic()
    tables = site.add_tables(club, count, label, DEALS)
    seed = site.STATIC_ROOT / f"{label}.json"
    seed.write_text(json.dumps({"tables": tables}))
    site.current_tags(seed)
    tables = json.loads(seed.read_text())["tables"]
    for table in tables:
        # The version the scorer's sheet holds is its own: the watch answers per member.
        scorer = Client()
        scorer.cookies["sessionid"] = table["sessionid"]
        table["watch_tag"] = scorer.get(table["watch"])["ETag"]
    print(f"        {count} tables seeded in {time.monotonic() - started:.0f} s")
    return list(tables)


def _print_kinds(recorder: openloop.Recorder) -> None:
    print(f"        {'kind':58} {'n':>6} {'fail':>5} {'p50':>7} {'p95':>7} {'p99':>7}  ms")
    for name, kind in sorted(recorder.kinds.items()):
        print(
            f"        {name:58} {len(kind.samples):6} {kind.failures:5} "
            f"{kind.p(0.5):7.1f} {kind.p(0.95):7.1f} {kind.p(0.99):7.1f}"
        )
        if kind.reasons:
            print(f"          failures: {kind.reasons}")
    lags = sorted(recorder.lags)
    if lags:
        p50, p99 = (openloop.percentile(lags, share) * 1000 for share in (0.5, 0.99))
        print(
            f"        client start lag (sent - scheduled): p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"max {lags[-1] * 1000:.1f} ms"
        )


def _failures(recorder: openloop.Recorder) -> int:
    return sum(kind.failures for kind in recorder.kinds.values())


def _servers_line() -> str:
    return (
        f"haproxy → gunicorn {GUNICORN_WORKERS} sync workers (pages), uvicorn {ASGI_WORKERS} "
        f"worker(s) serving {ASGI_APP} (/events/), Redis between them, PostgreSQL; client: one "
        "aiohttp event loop"
    )


def push() -> list[Figure]:
    header(
        f"Push, open loop: {PUSH_TABLES} tables x 5 connected devices, a round a table every "
        f"{ROUND_EVERY:.0f} s (staggered), {PUSH_SECONDS} s measured; {_servers_line()}"
    )
    if not _has_streams():
        print("        no stream server installed (uvicorn): part skipped")
        return [Figure("push: a stream server to measure", "none", "uvicorn installed", False)]
    seeds = _seed("push", PUSH_TABLES)
    missing = [table["match"] for table in seeds if len(table["streams"]) != 3]
    if missing:
        print(f"        pages without data-live-stream at matches {missing[:5]}")
        return [
            Figure("push: every live page names its stream", f"{len(missing)} tables without", "all", False)
        ]
    with serving() as servers:
        pid = servers.streams_pid
        assert pid is not None
        before = _tree_rss_kb(pid)

        def memory() -> float:
            time.sleep(2)  # the last streams' first bytes written
            return float(_tree_rss_kb(pid))

        plan = openloop.Plan(seconds=PUSH_SECONDS, round_every=ROUND_EVERY, pushed=True)
        outcome = asyncio.run(openloop.run(servers.host, seeds, plan, on_open=memory))
    recorder = outcome.recorder
    _print_kinds(recorder)
    streams = [device.stream for table in outcome.tables for device in table.devices if device.stream]
    reconnects = sum(stream.reconnects for stream in streams)
    heartbeats = sum(stream.heartbeats for stream in streams)
    readings = sorted(outcome.memory.items())
    (tenth, rss_tenth), (every, rss_every) = readings[0], readings[-1]
    per_stream = (rss_every - rss_tenth) / (every - tenth) if every > tenth else float("nan")
    print(
        f"        stream server RSS {before / 1024:.1f} MB with no stream, {rss_tenth / 1024:.1f} MB "
        f"with {tenth} open, {rss_every / 1024:.1f} MB with {every}; {heartbeats} heartbeats over "
        f"{len(streams)} streams"
    )
    post = recorder.kind("scorer: round POST (phone form)")
    commit = recorder.kind("push delivery: arrival - commit (data.at)")
    figures = [
        Figure(
            f"push {PUSH_TABLES} tables: round POST p95",
            f"{post.p(0.95):.0f} ms ({len(post.samples)})",
            f"< {POST_BUDGET_MS} ms",
            post.p(0.95) < POST_BUDGET_MS,
        ),
        Figure(
            f"push {PUSH_TABLES} tables: delivery p95, arrival - commit",
            f"{commit.p(0.95):.0f} ms ({len(commit.samples)})",
            f"< {DELIVERY_BUDGET_MS} ms",
            commit.p(0.95) < DELIVERY_BUDGET_MS,
        ),
    ]
    for name in ("scorer", "player's phone", "TV"):
        kind = recorder.kind(f"push delivery to {name}: arrival - round POST due")
        figures.append(
            Figure(
                f"push {PUSH_TABLES} tables: delivery p95 to {name}, from POST due",
                f"{kind.p(0.95):.0f} ms ({len(kind.samples)})",
                f"< {DELIVERY_BUDGET_MS} ms",
                kind.p(0.95) < DELIVERY_BUDGET_MS and len(kind.samples) > 0,
            )
        )
    failures = _failures(recorder)
    figures += [
        Figure(f"push {PUSH_TABLES} tables: failures (misses included)", str(failures), "0", failures == 0),
        Figure(f"push {PUSH_TABLES} tables: stream reconnects", str(reconnects), "0", reconnects == 0),
        Figure(
            f"push: stream server memory per open stream ({tenth} to {every})",
            f"{per_stream:.1f} KB",
            "-",
            None,
        ),
        Figure("push: client CPU (share of one core)", f"{outcome.client_cpu:.1%}", "-", None),
    ]
    for figure in figures:
        print(figure.line())
    return figures


def poll() -> list[Figure]:
    header(
        f"Polling fallback, open loop: {POLL_TABLES} tables x 5 devices polling every "
        f"{POLL_EVERY:.0f} s with their ETag, a round a table every {ROUND_EVERY:.0f} s, "
        f"{POLL_SECONDS} s measured; {_servers_line()}"
    )
    seeds = _seed("poll", POLL_TABLES)
    with serving() as servers:
        plan = openloop.Plan(
            seconds=POLL_SECONDS, round_every=ROUND_EVERY, pushed=False, poll_every=POLL_EVERY
        )
        outcome = asyncio.run(openloop.run(servers.host, seeds, plan))
    recorder = outcome.recorder
    _print_kinds(recorder)
    figures = []
    for name, kind in sorted(recorder.kinds.items()):
        figures.append(
            Figure(
                f"poll {POLL_TABLES} tables: {name} p95",
                f"{kind.p(0.95):.0f} ms ({len(kind.samples)})",
                f"< {POLL_BUDGET_MS} ms",
                kind.p(0.95) < POLL_BUDGET_MS,
            )
        )
    failures = _failures(recorder)
    figures += [
        Figure(f"poll {POLL_TABLES} tables: failures", str(failures), "0", failures == 0),
        Figure(
            f"poll {POLL_TABLES} tables: requests a second (client CPU)",
            f"{outcome.requests / POLL_SECONDS:.0f} ({outcome.client_cpu:.1%})",
            "-",
            None,
        ),
    ]
    for figure in figures:
        print(figure.line())
    return figures


def idle() -> list[Figure]:
    """Headless Chromium, the site's own pages and ``live.js``: what idle pages ask for."""
    from playwright.sync_api import Request, sync_playwright

    header(
        f"Idle connected pages: a table's sheet, viewer and TV in headless Chromium, left alone "
        f"for {IDLE_SECONDS} s; {_servers_line()}"
    )
    if not _has_streams():
        print("        no stream server installed (uvicorn): part skipped")
        return [Figure("idle: a stream server to measure", "none", "uvicorn installed", False)]
    table = _seed("idle", 1)[0]
    pages = {"scorer's sheet": table["sheet"], "viewer": table["viewer"], "TV": table["viewer"] + "tv/"}
    seen: list[tuple[float, str, str]] = []
    with serving() as servers, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
        context = browser.new_context()
        context.add_cookies(
            [{"name": name, "value": table[name], "url": servers.host} for name in ("sessionid", "csrftoken")]
        )

        def note(request: Request) -> None:
            try:
                origin = request.frame.page.url
            except Exception:  # a service worker's request has no frame
                origin = "service worker"
            seen.append((time.monotonic(), request.url.removeprefix(servers.host), origin))

        context.on("request", note)
        opened = [context.new_page() for _ in pages]
        for page, path in zip(opened, pages.values(), strict=True):
            page.goto(servers.host + path, wait_until="load")
        # Settled: every page's stream open (up to a minute on a busy machine), and 5 s more
        # for what a page does once its stream opens (one refresh) and the service worker.
        deadline = time.monotonic() + 60
        while sum(path.startswith("/events/") for _m, path, _o in seen) < len(pages):
            if time.monotonic() > deadline:
                break
            opened[0].wait_for_timeout(500)
        opened[0].wait_for_timeout(5000)
        started = time.monotonic()
        opened[0].wait_for_timeout(IDLE_SECONDS * 1000)
        browser.close()
    before = [path for moment, path, _page in seen if moment < started]
    during = [(path, origin) for moment, path, origin in seen if moment >= started]
    streams_opened = sum(1 for path in before if path.startswith("/events/"))
    other = [path for path, _origin in during if not path.startswith("/events/")]
    reopened = [path for path, _origin in during if path.startswith("/events/")]
    print(f"        before the idle time: {len(before)} requests, {streams_opened} of them streams")
    for moment, path, origin in seen:
        if moment >= started:
            print(
                f"        at {moment - started:5.1f} s of the idle time: {path} "
                f"(from {origin.removeprefix(servers.host)})"
            )
    figures = [
        Figure("idle pages: streams open (sheet, viewer, TV)", str(streams_opened), "3", streams_opened == 3),
        Figure(
            f"idle pages: requests in {IDLE_SECONDS} s besides the streams", str(len(other)), "0", not other
        ),
        Figure(
            f"idle pages: streams opened again in {IDLE_SECONDS} s", str(len(reopened)), "0", not reopened
        ),
    ]
    for figure in figures:
        print(figure.line())
    return figures
