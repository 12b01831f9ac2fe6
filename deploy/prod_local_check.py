"""Drive a round through the load balancer and read it back from each app server directly; push
a round entered through one app server to streams held on both; then fail log-ins from one
client through the balancer and log in from another.

Run by ``deploy/prod_local.sh`` (``make prod-local``) with its environment (DATABASE_URL...).
Exits non-zero if any step fails: the site behind haproxy does not answer, the round is not
stored, an app server shows another state than the one the load balancer answered (which
would mean state kept in one process), a stream held on one app server's uvicorn misses a round
posted through the other's gunicorn (events kept in one process: they must cross through Redis),
or the app servers take the balancer's address for the
client's (``PROXY_COUNT``): ten wrong passwords for the user from one client must lock that
client out and leave another client's right password working. The two clients are two loopback
addresses (127.0.0.2 and 127.0.0.3) that the check connects from; haproxy appends each to
X-Forwarded-For, after whatever the client wrote there itself. Prints the round trip times it saw.
"""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from typing import Any, NoReturn

BALANCER = "http://127.0.0.1:8080"
APP_SERVERS = ("http://127.0.0.1:8101", "http://127.0.0.1:8102")
STREAM_SERVERS = ("http://127.0.0.1:8111", "http://127.0.0.1:8112")  # each app server's uvicorn
STREAM = re.compile(r'data-live-stream="(?P<url>[^"]+)"')
USERNAME = "prodlocal-check"
PASSWORD = "prodlocal-check-" + "pw" * 8


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    if method == "POST":
        headers["Idempotency-Key"] = uuid.uuid4().hex
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read()[:500]


def wait_until_up(base: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/rules/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    fail(f"{base} did not answer within {seconds:.0f} s")


def wait_until_listening(base: str, seconds: float = 60) -> None:
    """A stream server answers no page: it is up once it accepts a connection."""
    import socket

    host, port = base.removeprefix("http://").split(":")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, int(port)), timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    fail(f"{base} did not accept a connection within {seconds:.0f} s")


def fail(message: str) -> NoReturn:
    print(f"FAIL  {message}")
    sys.exit(1)


def make_user() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    user, _ = get_user_model().objects.get_or_create(username=USERNAME)
    user.set_password(PASSWORD)
    user.save()


def log_in_from(source: str, password: str, forwarded_for: str = "") -> int:
    """``POST /api/auth/token/`` through the balancer from the local address ``source``."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for
    host, port = BALANCER.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        body = json.dumps({"username": USERNAME, "password": password})
        connection.request("POST", "/api/auth/token/", body=body, headers=headers)
        return connection.getresponse().status
    finally:
        connection.close()


def check_clients_are_told_apart() -> None:
    """Ten wrong passwords from one client (which also claims to be the other in its own
    X-Forwarded-For) lock that client out; the other client's right password still works."""
    from axes.utils import reset

    reset(username=USERNAME)  # a lock left by an earlier run
    attacker, member = "127.0.0.2", "127.0.0.3"
    codes = [log_in_from(attacker, "wrong-password", forwarded_for=member) for _ in range(10)]
    if codes[-1] != 429:
        fail(f"ten wrong passwords through the balancer did not lock that client: {codes}")
    status = log_in_from(member, PASSWORD)
    if status != 200:
        fail(f"a right password from another client after the lock: {status} (the balancer's address?)")
    status = log_in_from(attacker, PASSWORD)
    if status != 429:
        fail(f"the locked client logged in with the right password: {status}")
    reset(username=USERNAME)
    print(f"PASS  10 wrong passwords from {attacker} lock {attacker} only; {member} logs in (PROXY_COUNT=1)")


def deals(count: int) -> tuple[str, dict[str, object], list[dict[str, Any]]]:
    """The bench's game and ``count`` valid deals for three players (``tests.long_matches`` is
    the one place outside the game homes that knows a round's shape)."""
    from tests.long_matches import LONG_OPTIONS, long_match
    from tests.matches_at_scale import GAME

    return GAME, dict(LONG_OPTIONS.get(GAME, {})), long_match(GAME, count, 3)[1]


class Listener(threading.Thread):
    """Holds one event stream and notes when its first ``changed`` event arrives."""

    def __init__(self, base: str, path: str) -> None:
        super().__init__(daemon=True)
        self.base, self.path = base, path
        self.opened = threading.Event()
        self.changed = threading.Event()
        self.arrived = 0.0
        self.after = float("inf")  # events before the round is posted do not count
        self.status = 0

    def run(self) -> None:
        from tests.bench.sse import Event, SSEParser

        host, port = self.base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            connection.request("GET", self.path, headers={"Accept": "text/event-stream"})
            response = connection.getresponse()
            self.status = response.status
            self.opened.set()
            parser = SSEParser()
            while not self.changed.is_set():
                chunk = response.read1(4096)
                if not chunk:
                    return
                for item in parser.feed(chunk):
                    now = time.perf_counter()
                    if isinstance(item, Event) and item.type == "changed" and now > self.after:
                        self.arrived = now
                        self.changed.set()
        except OSError:
            self.opened.set()
        finally:
            connection.close()


def check_push_across_servers(match_id: int, token: str, body: dict[str, Any]) -> None:
    """The match's share viewer streams from each app server's uvicorn directly and through the
    balancer; a round posted to the first app server's gunicorn reaches all three."""
    from django.contrib.auth import get_user_model

    from live.models import MatchShare
    from matches.models import Match

    user = get_user_model().objects.get(username=USERNAME)
    share = MatchShare.share(Match.objects.get(pk=match_id), by=user).token
    with urllib.request.urlopen(f"{APP_SERVERS[1]}/live/{share}/", timeout=10) as response:
        found = STREAM.search(response.read().decode())
    if found is None:
        fail("the share viewer names no event stream (data-live-stream)")
    path = html.unescape(found["url"])
    listeners = [Listener(base, path) for base in (*STREAM_SERVERS, BALANCER)]
    for listener in listeners:
        listener.start()
    for listener in listeners:
        if not listener.opened.wait(10) or listener.status != 200:
            fail(f"stream {listener.base}{path} did not open: {listener.status}")
    time.sleep(1)  # each server subscribed before the round is committed
    posted = time.perf_counter()
    for listener in listeners:
        listener.after = posted
    status, stored = call(APP_SERVERS[0], "POST", f"/api/matches/{match_id}/rounds/", body, token)
    if status != 201:
        fail(f"round through {APP_SERVERS[0]}: {status} {stored!r}")
    for listener in listeners:
        if not listener.changed.wait(10):
            fail(f"a round posted to {APP_SERVERS[0]} did not reach the stream on {listener.base} in 10 s")
    delays = ", ".join(f"{item.base} {(item.arrived - posted) * 1000:.0f} ms" for item in listeners)
    print(f"PASS  a round posted to {APP_SERVERS[0]} pushed to streams on {' and '.join(STREAM_SERVERS)} and")
    print(f"      through {BALANCER} ({path.split('/')[2]} stream); from POST sent: {delays}")


def main() -> None:
    for base in (*APP_SERVERS, BALANCER):
        wait_until_up(base)
    for base in STREAM_SERVERS:
        wait_until_listening(base)
    make_user()
    status, answer = call(BALANCER, "POST", "/api/auth/token/", {"username": USERNAME, "password": PASSWORD})
    if status != 200:
        fail(f"token through the balancer: {status} {answer!r}")
    token = answer["token"]
    game, options, bodies = deals(11)
    new_match = {"game": game, "players": ["A", "B", "C"], "options": options}
    status, match = call(BALANCER, "POST", "/api/matches/", new_match, token)
    if status != 201:
        fail(f"new match through the balancer: {status} {match!r}")
    path = f"/api/matches/{match['id']}/"
    posts: list[float] = []
    for number, body in enumerate(bodies[:10], start=1):
        started = time.perf_counter()
        status, stored = call(BALANCER, "POST", f"{path}rounds/", body, token)
        posts.append((time.perf_counter() - started) * 1000)
        if status != 201:
            fail(f"round {number} through the balancer: {status} {stored!r}")
    expected = stored["standings"]
    reads: list[float] = []
    for base in APP_SERVERS:
        for _ in range(5):
            started = time.perf_counter()
            status, seen = call(base, "GET", path, token=token)
            reads.append((time.perf_counter() - started) * 1000)
            if status != 200 or len(seen["rounds"]) != 10 or seen["standings"] != expected:
                fail(f"{base} does not show the 10 rounds stored through the balancer: {status}")
    print(f"PASS  10 rounds posted through {BALANCER}, read back alike from {' and '.join(APP_SERVERS)}")
    print(f"      round POST via balancer: median {statistics.median(posts):.0f} ms, max {max(posts):.0f} ms")
    print(f"      match GET direct:        median {statistics.median(reads):.0f} ms, max {max(reads):.0f} ms")
    check_push_across_servers(match["id"], token, bodies[10])
    check_clients_are_told_apart()


if __name__ == "__main__":
    main()
