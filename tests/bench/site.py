"""The site against PostgreSQL: queries per request, the load test behind gunicorn, bytes sent,
and what the other site parts share (the server, locust, the seeded tables).

``BENCH_DATABASE_URL`` names the database (dropped and made again, so give it its own name);
the run sets ``DEBUG=0``, a throw-away ``SECRET_KEY`` and a temporary ``STATIC_ROOT`` before
Django starts, and runs ``migrate`` and ``collectstatic`` itself. Every load step is a locust run
bounded in time (``--run-time``, and a timeout on the process) against 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import csv
import gzip
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.bench.report import QUICK, Figure, header

ROOT = Path(__file__).resolve().parents[2]
DATABASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/scoreblok_bench")
STATIC_ROOT = Path(tempfile.mkdtemp(prefix="scoreblok-bench-static-"))
ENVIRONMENT = {
    "DJANGO_SETTINGS_MODULE": "tests.bench.settings",
    "DATABASE_URL": DATABASE_URL,
    "DEBUG": "0",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "BENCH_STATIC_ROOT": str(STATIC_ROOT),
    "CONN_MAX_AGE": "60",
    # The open-loop evening's thousand devices all come from 127.0.0.1: the bound on streams per
    # client address (100 in production) would refuse all but the first hundred.
    "LIVE_STREAMS_PER_CLIENT": "5000",
    # The production shape (docs/deploy.md): the app servers share Redis as their cache.
    "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15"),
}
os.environ.update(ENVIRONMENT)


def _seconds(name: str, full: int, quick: int) -> int:
    return int(os.environ.get(name, str(quick if QUICK else full)))


QUERY_ROUNDS = (1, 20, 200)
QUERY_PLAYERS = (2, 6)
TABLES = 20  # concurrent users in the load test, one table (match) each
SECONDS = _seconds("BENCH_SECONDS", 20, 5)  # each saturating scenario
MIX_SECONDS = _seconds("BENCH_MIX_SECONDS", 60, 10)  # the mix: its p95 needs samples
BARE_SECONDS = _seconds("BENCH_BARE_SECONDS", 10, 3)  # each run of the ceiling
SPAWN_RATE = 5  # users a second: 20 users arriving at once would collide on their first requests
RAMP_SECONDS = -(-TABLES // SPAWN_RATE)
WORKERS = 4
P95_BUDGET_MS = 50
# Throughput as a share of the bare one-query view (issue 27): floors, not targets.
RATIO_BUDGETS: dict[str, float] = {
    "API POST round": 0.33,
    "API GET match": 0.4,
    "form POST round": 0.2,
    "GET scoresheet": 0.25,
}
COLD_BUDGET_KB = 60


def _recreate_database() -> None:
    name = DATABASE_URL.rsplit("/", 1)[1]
    admin = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
    import psycopg

    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def _setup_django() -> None:
    import django
    from django.core.management import call_command

    _recreate_database()
    django.setup()
    from django.core.cache import cache

    # The database is new: what the cache holds was keyed by the old one's rows.
    cache.clear()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)


# --- b. queries per request --------------------------------------------------------------------


def queries() -> list[Figure]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from players.models import Club
    from tests.matches_at_scale import PAGES, count_queries, start_match

    header("Queries per request (Django test client, PostgreSQL, session warmed by one request)")
    user = get_user_model().objects.create_user("bench-queries")
    club = Club.personal_for(user)
    counts: dict[str, dict[tuple[int, int], int]] = {page.name: {} for page in PAGES}
    for players in QUERY_PLAYERS:
        for rounds in QUERY_ROUNDS:
            match, next_deal = start_match(club, user, players, rounds)
            client = Client()
            client.force_login(user)
            client.get("/")
            for page in PAGES:
                counts[page.name][(rounds, players)] = count_queries(client, page, match, next_deal)
                if "POST" in page.name:
                    match.undo_last_round(by=user)
    figures = []
    columns = [(rounds, players) for players in QUERY_PLAYERS for rounds in QUERY_ROUNDS]
    print("        " + " ".join(f"{r:>4}r/{p}p" for r, p in columns))
    for name, by_size in counts.items():
        values = [by_size[column] for column in columns]
        print(f"        {' '.join(f'{v:>8}' for v in values)}  {name}")
        figures.append(
            Figure(
                f"queries: {name}",
                f"{min(values)}..{max(values)}",
                "constant over rounds and players",
                len(set(values)) == 1,
            )
        )
    for figure in figures:
        print(figure.line())
    return figures


# --- what the load parts share: the tables, the server, locust --------------------------------


WATCH = re.compile(r'data-live-watch="(?P<url>[^"]+)"')
STREAM = re.compile(r'data-live-stream="(?P<url>[^"]+)"')


def add_tables(club: Any, count: int, label: str, deals: int = 20) -> list[dict[str, Any]]:
    """``count`` new tables of ``club``, each kept by a member of its own (a scorer) at a
    Duizenden match for six of ``deals`` deals with players of its own (``devices``)."""
    from django.contrib.auth import get_user_model

    from players.models import Membership
    from tests.matches_at_scale import NAMES, start_match

    first = Membership.objects.filter(club=club).count()
    tables = []
    for number in range(first, first + count):
        # No password: the test client logs in without one, and hashing one costs a third of a second.
        user = get_user_model().objects.create_user(f"bench-{label}-{number}")
        Membership.objects.create(club=club, user=user, role=Membership.Role.SCORER)
        names = [f"{name} {label} {number}" for name in NAMES]
        match, _next = start_match(club, user, 6, deals, names)
        tables.append({"match": match.pk, "players": 6, **devices(match, user)})
    return tables


def devices(match: Any, scorer: Any) -> dict[str, Any]:
    """What a table's devices hold: the scorer's session and CSRF cookies and an API token, the
    match's share link (the board the players' phones and the TV refresh), the address the
    scorer's sheet polls, and each page's event stream (``streams``: sheet, viewer, TV; empty
    where a page names none), read from the pages as ``static/js/live.js`` reads them."""
    from html import unescape

    from django.test import Client

    from live.models import MatchShare
    from tests.factories import token_for

    client = Client()
    client.force_login(scorer)
    sheet_url = f"/matches/{match.pk}/"
    sheet = client.get(sheet_url).content.decode()
    found = WATCH.search(sheet)
    assert found is not None, "the sheet names no address to watch (data-live-watch)"
    share = MatchShare.share(match, by=scorer).token
    pages = {
        "sheet": sheet,
        "viewer": Client().get(f"/live/{share}/").content.decode(),
        "tv": Client().get(f"/live/{share}/tv/").content.decode(),
    }
    streams = {}
    for page, html in pages.items():
        stream = STREAM.search(html)
        if stream is not None:
            streams[page] = unescape(stream["url"])
    return {
        "sessionid": client.cookies["sessionid"].value,
        "csrftoken": client.cookies["csrftoken"].value,
        "token": token_for(scorer),  # knox: stored hashed, handed out once
        "board": f"/live/{share}/board/",
        "viewer": f"/live/{share}/",
        "sheet": sheet_url,
        "watch": unescape(found["url"]),
        "streams": streams,
    }


def current_tags(seed: Path) -> None:
    """Each table's board and watch ETags as the match stands now: the steps before changed the
    matches, and a device holds the version it last loaded."""
    from django.test import Client

    data = json.loads(seed.read_text())
    client = Client()
    for table in data["tables"]:
        table["board_tag"] = client.get(table["board"])["ETag"]
        table["tv_tag"] = client.get(table["board"], {"tv": "1"})["ETag"]
        table["watch_tag"] = client.get(table["watch"])["ETag"]  # 204 with the version
    seed.write_text(json.dumps(data))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"gunicorn did not answer {url}")


@contextlib.contextmanager
def serving() -> Iterator[str]:
    """gunicorn, ``WORKERS`` sync workers on a free port of 127.0.0.1; yields its address."""
    port = _free_port()
    command = [
        str(Path(sys.executable).parent / "gunicorn"),
        "config.wsgi",
        "--workers",
        str(WORKERS),
        "--bind",
        f"127.0.0.1:{port}",
        "--log-level",
        "warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **ENVIRONMENT}, start_new_session=True)
    host = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{host}/bench/bare/")
        yield host
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def locust(
    locustfile: str,
    classes: list[str],
    *,
    users: int,
    spawn_rate: float,
    seconds: int,
    host: str,
    out: Path,
    env: dict[str, str],
) -> dict[str, dict[str, Any]]:
    """One locust run, its rows by request name. The users come ``spawn_rate`` a second, then
    the statistics start afresh (``--reset-stats``) and run ``seconds`` more, so they hold the
    steady state only. The run is bounded: ``--run-time``, and a timeout on the process."""
    assert host.startswith("http://127.0.0.1:"), host
    ramp = -(-users // spawn_rate)
    command = [
        str(Path(sys.executable).parent / "locust"),
        "-f",
        str(ROOT / "tests" / "bench" / locustfile),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(spawn_rate),
        "--reset-stats",
        "--run-time",
        f"{int(ramp + seconds)}s",
        "--stop-timeout",
        "5",
        "--host",
        host,
        "--csv",
        str(out),
        "--only-summary",
        "--loglevel",
        "WARNING",
        *classes,
    ]
    done = subprocess.run(
        command,
        cwd=ROOT,
        # The locustfile imports the bench's deals (``tests.bench.deals``) from the repository.
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=ramp + seconds + 120,
    )
    try:
        with open(f"{out}_stats.csv") as stats:
            return {row["Name"]: row for row in csv.DictReader(stats)}
    except FileNotFoundError:
        raise RuntimeError(f"locust wrote no statistics ({done.returncode}): {done.stderr[-2000:]}") from None


# --- c. load test: saturating scenarios and the 20-table mix ------------------------------------


FINISHED_MATCHES = 48  # the ladder's season so far: short matches of four, spread over 24 days


def _seed_tables() -> Path:
    """One club of ``TABLES`` tables (``add_tables``) whose ladder (every Duizenden match
    counts) has a season of finished matches played by the same people, so its standings page
    has rows, a season table and the open tables."""
    from django.contrib.auth import get_user_model

    from players.models import Club

    secretary = get_user_model().objects.create_user("bench-secretary")
    club = Club.found("Bench club", by=secretary)
    tables = add_tables(club, TABLES, "table")
    competition = _seed_ladder(club, secretary)
    path = STATIC_ROOT / "tables.json"
    path.write_text(json.dumps({"competition": competition, "tables": tables}))
    return path


def _seed_ladder(club: Any, user: Any) -> int:
    """``FINISHED_MATCHES`` Duizenden matches to 100 (one deal ends each), four of the club's
    players at each in turn, finished on every third day of the last 24; then a ladder over them
    and the open tables, its standings built once."""
    from datetime import timedelta

    from django.utils import timezone

    from league.models import Competition
    from matches.models import Match
    from players.models import Player

    players = list(Player.objects.filter(club=club).order_by("pk"))
    now = timezone.now()
    for number in range(FINISHED_MATCHES):
        seated = [players[(4 * number + seat) % len(players)] for seat in range(4)]
        match = Match.start(club=club, game="duizenden", players=seated, options={"target": 100}, by=user)
        match.add_round(_finishing_deal(winner=number % 4), by=user)
        Match.objects.filter(pk=match.pk).update(finished_at=now - timedelta(days=3 * (number % 8)))
    today = timezone.localdate()
    competition = Competition.objects.create(
        club=club,
        name="Bench ladder",
        games=["duizenden"],
        counts=Competition.Counts.MATCHES,
        starts_on=today - timedelta(days=30),
        ends_on=today + timedelta(days=30),
    )
    competition.refresh_standings()
    return competition.pk


def _finishing_deal(winner: int) -> dict[str, Any]:
    """A deal that ends a Duizenden match for four to 100: ``winner`` goes out with 275 on the
    table, the others lay 40 to 70 and hold 30."""
    return {
        "entries": [
            {
                "went_out": seat == winner,
                "table_points": 275 if seat == winner else 40 + 10 * seat,
                "hand_points": 0 if seat == winner else 30,
            }
            for seat in range(4)
        ]
    }


def _fresh_tables(tables: Path) -> None:
    """The mix plays on new matches of 20 deals, as the seeding made them: the saturating posts
    before it added hundreds of deals to every table's match, which no table plays in an evening.
    The old matches are deleted (they leave the lists and the ladder's open tables); each table
    gets a new one with the same players, and its devices' links."""
    from matches.models import Match
    from tests.matches_at_scale import start_match

    seed = json.loads(tables.read_text())
    for table in seed["tables"]:
        old = Match.objects.select_related("club", "created_by").get(pk=table["match"])
        names = [seat.player.name for seat in old.seats.select_related("player").order_by("position")]
        old.soft_delete(by=old.created_by)
        match, _next = start_match(old.club, old.created_by, 6, 20, names)
        table |= {"match": match.pk, **devices(match, old.created_by)}
    tables.write_text(json.dumps(seed))


# Reads before writes: every round posted makes the matches (20 deals at the start) longer. The
# mix last, and longer: its p95 has a budget. The bare view runs before every other scenario and
# once at the end (``BARE_SECONDS`` each): a scenario's ceiling is the mean of the bare runs just
# before and just after it, so a ratio does not carry the machine's drift between two moments
# minutes apart.
SCENARIOS = (
    ("API GET match", "ApiReader", SECONDS),
    ("GET scoresheet", "SheetReader", SECONDS),
    ("API POST round", "ApiPoster", SECONDS),
    ("form POST round", "FormPoster", SECONDS),
    (f"mix, {TABLES} tables", "Table", MIX_SECONDS),
)


def _run_scenario(
    host: str, user_class: str, seconds: int, tables: Path, out: Path
) -> dict[str, dict[str, Any]]:
    current_tags(tables)
    return locust(
        "locustfile.py",
        [user_class],
        users=TABLES,
        spawn_rate=SPAWN_RATE,
        seconds=seconds,
        host=host,
        out=out,
        env={"BENCH_TABLES": str(tables)},
    )


def load() -> list[Figure]:
    """Each scenario is a locust run of its own against one gunicorn. The saturating ones send
    requests back to back for ``BENCH_SECONDS``; the mix (``BENCH_MIX_SECONDS``, 60 by default)
    runs longer so that its p95 rests on a few thousand requests. Neither counts the ramp."""
    header(
        f"Load: locust, {TABLES} users ({SPAWN_RATE}/s, the {RAMP_SECONDS} s ramp not counted), "
        f"{SECONDS} s per saturating scenario and {MIX_SECONDS} s for the mix, gunicorn {WORKERS} "
        "sync workers, DEBUG=0, PostgreSQL; client, server and database share the machine"
    )
    tables = _seed_tables()
    results: dict[str, dict[str, dict[str, Any]]] = {}
    bare_runs: list[dict[str, dict[str, Any]]] = []
    with serving() as host:
        for index, (title, user_class, seconds) in enumerate(SCENARIOS):
            bare_runs.append(
                _run_scenario(host, "BareView", BARE_SECONDS, tables, STATIC_ROOT / f"bare{index}")
            )
            if user_class == "Table":
                _fresh_tables(tables)
            results[title] = _run_scenario(host, user_class, seconds, tables, STATIC_ROOT / user_class)
        bare_runs.append(_run_scenario(host, "BareView", BARE_SECONDS, tables, STATIC_ROOT / "bare-last"))
    print_rows(results)
    bare_rates = [float(run["Aggregated"]["Requests/s"]) for run in bare_runs]
    rates = ", ".join(f"{rate:.0f}" for rate in bare_rates)
    print(f"        bare view, before each scenario and at the end: {rates} req/s")
    ceiling = {
        title: (bare_rates[index] + bare_rates[index + 1]) / 2
        for index, (title, _class, _seconds) in enumerate(SCENARIOS)
    }
    figures = []
    for title, budget in RATIO_BUDGETS.items():
        rate = float(results[title]["Aggregated"]["Requests/s"])
        bare = ceiling[title]
        ratio = rate / bare if bare else 0.0
        figures.append(
            Figure(
                f"throughput {title} ÷ bare view",
                f"{ratio:.2f} ({rate:.0f}/{bare:.0f})",
                f"≥ {budget}",
                ratio >= budget,
            )
        )
    for title, rows in results.items():
        failures = int(rows["Aggregated"]["Failure Count"])
        figures.append(Figure(f"failures: {title}", str(failures), "0", failures == 0))
    failures = sum(int(run["Aggregated"]["Failure Count"]) for run in bare_runs)
    figures.append(Figure(f"failures: bare view ({len(bare_runs)} runs)", str(failures), "0", failures == 0))
    figures += p95_figures(results[f"mix, {TABLES} tables"], f"{TABLES} tables (mix)", P95_BUDGET_MS)
    for figure in figures:
        print(figure.line())
    return figures


def print_rows(results: dict[str, dict[str, dict[str, Any]]]) -> None:
    print(f"        {'scenario / request':44} {'req/s':>8} {'fail':>5} {'p50':>6} {'p95':>6} {'p99':>6}  ms")
    for title, rows in results.items():
        for name, row in rows.items():
            label = title if name == "Aggregated" else f"  {name}"
            if name == "Aggregated" and len(rows) == 2:
                continue
            print(
                f"        {label:44} {float(row['Requests/s']):8.1f} {row['Failure Count']:>5} "
                f"{row['50%']:>6} {row['95%']:>6} {row['99%']:>6}"
            )


def p95_figures(rows: dict[str, dict[str, Any]], where: str, budget_ms: int) -> list[Figure]:
    """A budget per request kind of a mix (the bare view, there for comparison, has none)."""
    figures = []
    for name, row in rows.items():
        if name not in ("Aggregated", "bare view"):
            p95 = float(row["95%"])
            figures.append(
                Figure(f"p95 at {where}: {name}", f"{p95:.0f} ms", f"< {budget_ms} ms", p95 < budget_ms)
            )
    return figures


# --- d. bytes ------------------------------------------------------------------------------------


ASSET = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="(?P<url>/static/[^"]+)"')


def bytes_sent() -> list[Figure]:
    """The scoresheet's HTML gzipped (as a proxy compressing text would send it) and its static
    files as whitenoise serves them with ``Accept-Encoding: gzip``. Bodies only, no headers.
    Warm: the static files are cached (their names carry a hash and a year-long max-age)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from players.models import Club
    from tests.matches_at_scale import start_match

    header("Bytes transferred for the scoresheet (6 players, 20 rounds)")
    user = get_user_model().objects.create_user("bench-bytes")
    match, _next = start_match(Club.personal_for(user), user, 6, 20)
    client = Client()
    client.force_login(user)
    page = client.get(f"/matches/{match.pk}/")
    html = page.content
    html_gz = len(gzip.compress(html, compresslevel=6))
    assets = sorted(set(ASSET.findall(html.decode())))
    asset_bytes = 0
    for url in assets:
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        body = b"".join(response.streaming_content) if response.streaming else response.content  # type: ignore[attr-defined]
        size = len(body)
        asset_bytes += size
        print(f"        {size:>8} B  {url} ({response.get('Content-Encoding', 'identity')})")
    print(f"        {html_gz:>8} B  the page's HTML, gzip -6 ({len(html)} B uncompressed)")
    cold = (html_gz + asset_bytes) / 1024
    warm = html_gz / 1024
    figures = [
        Figure(
            "scoresheet transferred, cold (HTML + static, gzip)",
            f"{cold:.1f} KB",
            f"< {COLD_BUDGET_KB} KB",
            cold < COLD_BUDGET_KB,
        ),
        Figure("scoresheet transferred, warm (static cached)", f"{warm:.1f} KB", "", None),
    ]
    for figure in figures:
        print(figure.line())
    return figures


def run(parts: list[str]) -> list[Figure]:
    figures: list[Figure] = []
    try:
        _setup_django()
        if "queries" in parts:
            figures += queries()
        if "load" in parts:
            figures += load()
        if {"push", "poll", "idle"} & set(parts):
            from tests.bench import evening

            for part in ("push", "poll", "idle"):
                if part in parts:
                    figures += getattr(evening, part)()
        if "bytes" in parts:
            figures += bytes_sent()
        if "club" in parts:
            from tests.bench import club

            figures += club.run()
    finally:
        shutil.rmtree(STATIC_ROOT, ignore_errors=True)
    return figures
