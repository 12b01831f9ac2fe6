"""Part ``instructions`` of the bench (not in the default run): instructions per request of the
app's Python process, counted by callgrind.

The load test's times swing with whatever else this shared two-core machine does; a count of
instructions does not (callgrind gives the same total for the same program and input, with the
other core busy or idle). So this part is how a change to a request path is measured before the
load test is run again to see it in time.

Each request is counted as the difference of two runs of a child process under callgrind, both
starting Django and warming the request up (``WARM`` times: caches, the ORM's compiled paths,
the remembered forms), one then making ``COUNT`` more requests: (second - first) ÷ ``COUNT``.
The child uses the test client, against the load test's seeded club (``site._seed_tables``),
with the bench settings (``DEBUG=0``, PostgreSQL, Redis), so it counts the app and the client
libraries (psycopg, redis) but neither the servers nor gunicorn.

    python -m tests.bench.run instructions      # about twelve minutes; needs valgrind
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.bench.report import Figure, header

WARM = 5
COUNT = 20
COLLECTED = re.compile(r"Collected : (\d+)")


def _deal(players: int, number: int) -> dict[str, Any]:
    """The load test's deal (``locustfile.deal``, which cannot be imported here: locust patches
    the standard library with gevent on import): one seat goes out, the others pay 10 each."""
    out = number % players
    return {
        "entries": [
            {"went_out": seat == out, "table_points": 10 * (players - 1) if seat == out else 0}
            | {"hand_points": 0 if seat == out else 10}
            for seat in range(players)
        ]
    }


def _requests(seed: dict[str, Any]) -> dict[str, Callable[[Any, int], Any]]:
    """What one table's phone asks for, by the names the load test gives them."""
    from tests.bench.scenarios import form_data

    table = seed["tables"][0]
    match = table["match"]
    token = {"Authorization": f"Token {table['token']}"}
    csrf = table["csrftoken"]

    def form_post(client: Any, n: int) -> Any:
        return client.post(
            f"/matches/{match}/rounds/",
            {**form_data(_deal(table["players"], n)), "csrfmiddlewaretoken": csrf},
            headers={"HX-Request": "true", "X-CSRFToken": csrf},
        )

    def api_post(client: Any, n: int) -> Any:
        return client.post(
            f"/api/matches/{match}/rounds/",
            _deal(table["players"], n),
            content_type="application/json",
            headers={**token, "Idempotency-Key": uuid.uuid4().hex},
        )

    return {
        "bare view": lambda client, n: client.get(f"/bench/bare/?id={match}"),
        "API GET match": lambda client, n: client.get(f"/api/matches/{match}/", headers=token),
        "GET scoresheet": lambda client, n: client.get(f"/matches/{match}/"),
        "refresh scoreboard (304)": lambda client, n: client.get(
            table["board"], headers={"If-None-Match": table["board_tag"]}
        ),
        "GET standings": lambda client, n: client.get(f"/competitions/{seed['competition']}/"),
        "API GET standings": lambda client, n: client.get(
            f"/api/competitions/{seed['competition']}/standings/", headers=token
        ),
        "API POST round": api_post,
        "form POST round": form_post,
    }


REQUESTS = (
    "bare view",
    "API GET match",
    "GET scoresheet",
    "refresh scoreboard (304)",
    "GET standings",
    "API GET standings",
    "API POST round",
    "form POST round",
)


def child(name: str, count: int, tables: str) -> None:
    """Run in the process callgrind watches: Django, ``WARM`` requests, then ``count`` more."""
    import django

    django.setup()
    from django.test import Client

    seed = json.loads(Path(tables).read_text())
    client = Client(enforce_csrf_checks=True)
    client.cookies["sessionid"] = seed["tables"][0]["sessionid"]
    client.cookies["csrftoken"] = seed["tables"][0]["csrftoken"]
    request = _requests(seed)[name]
    for n in range(WARM + count):
        response = request(client, 1000 + n)
        if response.status_code not in (200, 201, 304):
            raise SystemExit(f"{name}: {response.status_code}")


def _count(name: str, count: int, tables: Path) -> int:
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        "-m",
        "tests.bench.instructions",
        name,
        str(count),
        str(tables),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=os.environ)
    found = COLLECTED.search(done.stderr)
    if done.returncode or not found:
        raise RuntimeError(f"callgrind on {name!r}: {done.stderr[-2000:]}")
    return int(found.group(1))


def _board_tag(tables: Path) -> None:
    from django.test import Client

    seed = json.loads(tables.read_text())
    table = seed["tables"][0]
    table["board_tag"] = Client().get(table["board"])["ETag"]
    tables.write_text(json.dumps(seed))


def run() -> list[Figure]:
    from tests.bench import site

    header(
        f"Instructions per request (callgrind, {COUNT} requests after {WARM}, test client, "
        "DEBUG=0, PostgreSQL and Redis; the app's process only): a Duizenden match for six "
        "from 20 deals, a ladder of 120 members and 20 open tables"
    )
    if shutil.which("valgrind") is None:
        print("        valgrind is not installed (apt-get install valgrind): part skipped")
        return []
    tables = site._seed_tables()
    figures = []
    for name in REQUESTS:
        _board_tag(tables)  # the board as the match stands after the last part's posts
        # The two runs side by side, one a core: a count does not depend on the other's load.
        with ThreadPoolExecutor(max_workers=2) as pool:
            runs = [pool.submit(_count, name, count, tables) for count in (0, COUNT)]
            before, after = (run.result() for run in runs)
        millions = (after - before) / COUNT / 1e6
        figures.append(Figure(f"instructions: {name}", f"{millions:.2f} M", "", None))
        print(figures[-1].line(), flush=True)
    return figures


if __name__ == "__main__":
    child(sys.argv[1], int(sys.argv[2]), sys.argv[3])
