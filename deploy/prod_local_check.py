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

Then streams held as an attacker holds them: from each of 30 loopback addresses (127.0.0.2 …
127.0.0.31), more share-link streams than the balancer lets one address hold, kept open without
reading. Past ``STREAMS_PER_CLIENT`` (deploy/haproxy.cfg) each address must be answered 429, and
pages through the balancer must answer within ``PAGE_BUDGET_MS`` while the streams are held;
then, with the streams' budget made full (the stream servers' ``maxconn`` lowered to what they
hold, through the runtime API, and put back after), a new stream must be 503 at once and pages
must still answer. Prints what each stream server holds and its memory and open files per stream.

Then the outages an operator meets. Redis made unreachable (its process stopped, so connections
hang until django-redis's half-second timeouts, as behind a lost network) for ``OUTAGE`` seconds
while two signed-in players keep reading their sheet (a session and drawn parts read through
the cache) and the API's match, and a visitor the rules: every page and stream server
must stay UP in haproxy's own view (its runtime API, ``show stat``: no check may take one down),
and every read must answer. (No round is posted meanwhile: the live events' publish has no
timeout of its own and waits for an unreachable Redis; docs/deploy.md, "When a piece is down".)
Then every page server drained (haproxy's runtime API): the
balancer's own 503 must be the site's page with ``Retry-After``, and the API's error shape under
``/api/``. Last, the task worker's process killed: the loop of ``prod_local.sh`` must start it
again and a task enqueued meanwhile must run.
"""

from __future__ import annotations

import html
import http.client
import http.cookiejar
import json
import os
import re
import signal
import socket
import statistics
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, NoReturn

BALANCER = "http://127.0.0.1:8080"
APP_SERVERS = ("http://127.0.0.1:8101", "http://127.0.0.1:8102")
STREAM_SERVERS = ("http://127.0.0.1:8111", "http://127.0.0.1:8112")  # each app server's uvicorn
STREAM = re.compile(r'data-live-stream="(?P<url>[^"]+)"')
RUN = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".run")  # prod_local.sh's pids
HAPROXY_SOCKET = os.path.join(RUN, "haproxy.sock")
CHECKED = {"apps": ("app1", "app2"), "streams": ("streams1", "streams2")}  # backend: servers
OUTAGE = 15.0  # seconds of unreachable Redis: many more than three failed checks take
STREAM_CLIENTS = 30  # addresses holding streams (127.0.0.2 …): loopback takes any 127/8 source
STREAMS_PAST_LIMIT = 3  # streams each asks for beyond the balancer's STREAMS_PER_CLIENT
PAGE_BUDGET_MS = 1000  # a page through the balancer while streams are held
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


def read_pid(name: str) -> int:
    with open(os.path.join(RUN, f"{name}.pid")) as pidfile:
        return int(pidfile.read())


def haproxy(command: str) -> str:
    """One command to haproxy's runtime API (the ``stats socket`` of deploy/haproxy.cfg)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(5)
        connection.connect(HAPROXY_SOCKET)
        connection.sendall(command.encode() + b"\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer.decode()


def server_states() -> dict[str, tuple[str, int]]:
    """``backend/server``: (status, times taken down by its checks), for the checked servers."""
    lines = haproxy("show stat").splitlines()
    header = lines[0].removeprefix("# ").split(",")
    states = {}
    for line in lines[1:]:
        row = dict(zip(header, line.split(","), strict=False))
        if row.get("svname") in CHECKED.get(row.get("pxname", ""), ()):
            states[f"{row['pxname']}/{row['svname']}"] = (row["status"], int(row["chkdown"] or 0))
    return states


def wait_until_all_up(seconds: float = 60) -> dict[str, tuple[str, int]]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        states = server_states()
        if len(states) == 4 and all(status == "UP" for status, _ in states.values()):
            return states
        time.sleep(0.5)
    fail(f"haproxy does not see every server UP: {server_states()}")


def page_status(base: str, path: str, timeout: float = 30) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(base + path, timeout=timeout) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return status, (time.perf_counter() - started) * 1000


class PlainHttp(http.cookiejar.DefaultCookiePolicy):
    """Sends the session's and CSRF's cookies, which are Secure, over this machine's plain HTTP
    (production's balancer ends TLS; here there is none)."""

    def return_ok_secure(self, cookie: http.cookiejar.Cookie, request: urllib.request.Request) -> bool:
        return True


def signed_in() -> urllib.request.OpenerDirector:
    """A browser of the check's user, signed in through the balancer's log-in page: its pages
    read the session through the cache (cached_db) and draw the sheet's parts from it."""
    cookies = urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar(PlainHttp()))
    browser = urllib.request.build_opener(cookies)
    with browser.open(f"{BALANCER}/accounts/login/", timeout=30) as response:
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.read().decode())
    if found is None:
        fail("the log-in page has no CSRF token")
    form = {"csrfmiddlewaretoken": found[1], "username": USERNAME, "password": PASSWORD}
    body = urllib.parse.urlencode(form).encode()
    with browser.open(f"{BALANCER}/accounts/login/", body, timeout=30) as response:
        if response.url.endswith("/accounts/login/"):
            fail("the check's user could not sign in through the log-in page")
    return browser


def stat_rows(backend: str) -> dict[str, dict[str, str]]:
    """haproxy's ``show stat`` rows of one backend, by server name."""
    lines = haproxy("show stat").splitlines()
    header = lines[0].removeprefix("# ").split(",")
    rows = (dict(zip(header, line.split(","), strict=False)) for line in lines[1:])
    return {row["svname"]: row for row in rows if row.get("pxname") == backend}


def streams_per_client() -> int:
    """The balancer's bound on streams per client address (``setenv STREAMS_PER_CLIENT``)."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "haproxy.cfg")) as config:
        found = re.search(r"^\s*setenv STREAMS_PER_CLIENT (\d+)", config.read(), re.MULTILINE)
    return int(found[1]) if found else fail("deploy/haproxy.cfg sets no STREAMS_PER_CLIENT")


def share_stream(match_id: int) -> str:
    """The event stream address of a new share link to the match (what a guest can make)."""
    from django.contrib.auth import get_user_model

    from live.models import MatchShare
    from matches.models import Match

    user = get_user_model().objects.get(username=USERNAME)
    share = MatchShare.share(Match.objects.get(pk=match_id), by=user).token
    with urllib.request.urlopen(f"{APP_SERVERS[1]}/live/{share}/", timeout=10) as response:
        found = STREAM.search(response.read().decode())
    return html.unescape(found["url"]) if found else fail("the share viewer names no event stream")


def hold_stream(source: str, path: str) -> tuple[int, socket.socket | None]:
    """Ask the balancer for the stream from the local address ``source`` as a client that never
    reads past the status line (a 4 kB receive buffer, nothing read after). The status, and for
    a 200 the connection, left open."""
    host, port = BALANCER.removeprefix("http://").split(":")
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    client.settimeout(10)
    try:
        client.bind((source, 0))
        client.connect((host, int(port)))
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
        head = b""
        while b"\r\n" not in head and (chunk := client.recv(64)):
            head += chunk
    except OSError:
        client.close()
        return 0, None
    status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else 0
    if status != 200:
        client.close()
        return status, None
    return status, client


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def pages_answer(budget_ms: float) -> str:
    """Ten reads of /rules/ through the balancer, each 200 within ``budget_ms``."""
    pages = [page_status(BALANCER, "/rules/", timeout=10) for _ in range(10)]
    if any(status != 200 or took > budget_ms for status, took in pages):
        fail(f"pages through the balancer while streams are held: {[(s, round(t)) for s, t in pages]}")
    return f"10 of 10 pages 200, max {max(took for _, took in pages):.0f} ms"


def check_streams_cannot_take_the_pages(match_id: int) -> None:
    """From each of ``STREAM_CLIENTS`` addresses, more streams than the balancer lets one address
    hold, held without reading: each address past its limit is told 429 while pages answer; then
    with the streams' budget full (the stream servers' ``maxconn`` lowered to what they hold,
    through the runtime API) a new stream is 503 at once and pages still answer."""
    limit, path = streams_per_client(), share_stream(match_id)
    ports = [base.rsplit(":", 1)[1] for base in STREAM_SERVERS]
    servers = {name: read_pid(f"streams{port}") for name, port in zip(CHECKED["streams"], ports, strict=True)}
    before = {name: rss_kb(pid) for name, pid in {**servers, "haproxy": read_pid("haproxy")}.items()}
    held: list[socket.socket] = []
    seen: dict[str, list[int]] = {}

    def client(source: str) -> None:
        seen[source] = []
        for _ in range(limit + STREAMS_PAST_LIMIT):
            status, connection = hold_stream(source, path)
            seen[source].append(status)
            if connection is not None:
                held.append(connection)

    sources = [f"127.0.0.{number}" for number in range(2, 2 + STREAM_CLIENTS)]
    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(source,), daemon=True) for source in sources]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    opened = time.perf_counter() - started
    try:
        expected = [200] * limit + [429] * STREAMS_PAST_LIMIT
        wrong = {source: statuses for source, statuses in seen.items() if statuses != expected}
        if wrong or len(seen) != STREAM_CLIENTS:
            source, statuses = next(iter(wrong.items()), ("", []))
            fail(f"{len(wrong)} of {len(seen)} addresses not held to {limit} streams: {source} {statuses}")
        pages = pages_answer(PAGE_BUDGET_MS)
        time.sleep(1)  # the streams' first writes done
        rows = stat_rows("streams")
        holding = {name: int(rows[name]["scur"]) for name in servers}
        after = {name: rss_kb(pid) for name, pid in {**servers, "haproxy": read_pid("haproxy")}.items()}
        files = {name: len(os.listdir(f"/proc/{pid}/fd")) for name, pid in servers.items()}
        asked = limit + STREAMS_PAST_LIMIT
        print(f"PASS  {STREAM_CLIENTS} addresses asked {asked} streams each through {BALANCER}, held unread:")
        refused = STREAMS_PAST_LIMIT
        print(f"      each got {limit} x 200, then {refused} x 429: {len(held)} held in {opened:.0f} s;")
        print(f"      meanwhile /rules/ through the balancer: {pages} (budget {PAGE_BUDGET_MS} ms)")
        for name in servers:
            grown = after[name] - before[name]
            each = grown / holding[name]
            held_by = f"{name} holds {holding[name]} ({files[name]} open files)"
            print(f"      {held_by}: RSS +{grown / 1024:.1f} MB, {each:.1f} kB a stream")
        grown = after["haproxy"] - before["haproxy"]
        print(f"      haproxy: RSS +{grown / 1024:.1f} MB, {grown / sum(holding.values()):.1f} kB a stream")

        budget = {name: rows[name]["slim"] for name in servers}
        for name, count in holding.items():
            haproxy(f"set maxconn server streams/{name} {count}")
        try:
            late = [hold_stream(f"127.0.0.{number}", path) for number in range(100, 103) for _ in range(5)]
            if any(status != 503 for status, _ in late):
                fail(f"streams asked for with the streams' budget full: {[status for status, _ in late]}")
            pages = pages_answer(PAGE_BUDGET_MS)
        finally:
            for name, limit_of_server in budget.items():
                haproxy(f"set maxconn server streams/{name} {limit_of_server}")
        print(f"PASS  the streams' budget full ({sum(holding.values())} held, maxconn lowered to that):")
        print(f"      15 more streams from 3 new addresses 503 at once (the page polls); /rules/: {pages}")
    finally:
        for connection in held:
            connection.close()


def check_redis_outage_keeps_servers_in(match_id: int, token: str) -> None:
    """Redis unreachable for ``OUTAGE`` seconds while two players read their match and a visitor
    the rules: no server leaves the balancer, every read answers."""
    if not os.path.exists(os.path.join(RUN, "redis.pid")):
        print("SKIP  Redis outage: REDIS_URL names a Redis of its own, which this check does not stop")
        return
    redis_pid = read_pid("redis")
    before = wait_until_all_up()
    failures: list[str] = []
    stored: list[float] = []
    pages: list[float] = []
    seen: set[str] = set()
    stop = threading.Event()

    browsers = [signed_in(), signed_in()]

    def player(browser: urllib.request.OpenerDirector) -> None:
        """Reads the sheet (a session, drawn parts: the cache at every step) and the API's match."""
        while not stop.is_set():
            for path in (f"/matches/{match_id}/", f"/api/matches/{match_id}/"):
                started = time.perf_counter()
                try:
                    if path.startswith("/api/"):
                        status, answer = call(BALANCER, "GET", path, token=token)
                    else:
                        with browser.open(BALANCER + path, timeout=30) as response:
                            status, answer = response.status, ""
                except (OSError, urllib.error.HTTPError) as error:
                    status, answer = getattr(error, "code", 0), error
                stored.append((time.perf_counter() - started) * 1000)
                if status != 200:
                    failures.append(f"GET {path}: {status} {answer!r}"[:200])

    os.kill(redis_pid, signal.SIGSTOP)
    try:
        players = [threading.Thread(target=player, args=(browser,), daemon=True) for browser in browsers]
        for thread in players:
            thread.start()
        ends = time.monotonic() + OUTAGE
        while time.monotonic() < ends:
            seen |= {f"{name} {status}" for name, (status, _) in server_states().items() if status != "UP"}
            status, took = page_status(BALANCER, "/rules/")
            pages.append(took)
            if status != 200:
                failures.append(f"GET /rules/ through the balancer: {status}")
            time.sleep(0.5)
        after = server_states()
    finally:
        stop.set()
        os.kill(redis_pid, signal.SIGCONT)
    for thread in players:
        thread.join(60)
    taken_down = {name for name, (_, downs) in after.items() if downs > before[name][1]}
    if taken_down or any(status != "UP" for status, _ in after.values()):
        fail(f"Redis unreachable took servers out of the balancer: {sorted(taken_down)} {after}")
    if failures or not stored:
        fail(f"while Redis was unreachable: {failures[:5]} ({len(stored)} reads)")
    reads = f"median {statistics.median(stored):.0f} ms, max {max(stored):.0f} ms"
    print(f"PASS  Redis unreachable for {OUTAGE:.0f} s: every server stayed UP in haproxy (checks: /health/)")
    print(f"      {len(stored)} reads of the sheet and the API's match by two players: 200 ({reads}),")
    print(f"      {len(pages)} pages answered 200 (median {statistics.median(pages):.0f} ms);")
    print(f"      checks that failed, never three in a row: {sorted(seen) or 'none'}")


def check_balancers_own_503() -> None:
    """Every page server drained: the balancer answers itself, with the site's page or the API's
    error shape, and Retry-After."""
    wait_until_all_up()
    servers = CHECKED["apps"]
    for server in servers:
        haproxy(f"set server apps/{server} state maint")
    try:
        page = urllib.request.Request(BALANCER + "/rules/")
        try:
            urllib.request.urlopen(page, timeout=10)
            fail("a page answered with every page server drained")
        except urllib.error.HTTPError as error:
            status, retry, body = error.code, error.headers.get("Retry-After"), error.read().decode()
        if status != 503 or not retry or 'class="topbar"' not in body or 'lang="nl"' not in body:
            fail(f"the balancer's 503 page: {status}, Retry-After {retry!r}, {body[:200]!r}")
        try:
            urllib.request.urlopen(BALANCER + "/api/matches/", timeout=10)
            fail("the API answered with every page server drained")
        except urllib.error.HTTPError as error:
            status, api_retry, answer = error.code, error.headers.get("Retry-After"), json.loads(error.read())
        [row] = answer["errors"]
        if status != 503 or not api_retry or (row["code"], row["field"]) != ("unavailable", ""):
            fail(f"the balancer's 503 under /api/: {status}, Retry-After {api_retry!r}, {answer!r}")
    finally:
        for server in servers:
            haproxy(f"set server apps/{server} state ready")
    wait_until_all_up()
    print(f"PASS  every page server drained: the balancer's 503 is the site's page (Retry-After: {retry}),")
    print(f"      and under /api/ the error shape, code {row['code']!r} (Retry-After: {api_retry})")


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                found.append(int(entry))
    return found


def check_worker_comes_back(match_id: int) -> None:
    """The worker's process killed: prod_local.sh's loop starts another, which runs a task
    enqueued meanwhile."""
    from django.tasks import TaskResultStatus

    from stats.tasks import recompute_ratings

    loop = read_pid("worker")
    [killed] = children(loop) or fail("no task worker runs under prod_local.sh's loop")
    os.kill(killed, signal.SIGKILL)
    result = recompute_ratings.enqueue(match_id)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        result.refresh()
        if result.status == TaskResultStatus.SUCCESSFUL:
            break
        time.sleep(0.5)
    else:
        fail(f"a task enqueued after the worker was killed did not run in 120 s: {result.status}")
    print(f"PASS  the task worker killed (pid {killed}) came back as {children(loop)} and ran the next task")


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
    check_streams_cannot_take_the_pages(match["id"])
    check_redis_outage_keeps_servers_in(match["id"], token)
    check_balancers_own_503()
    check_worker_comes_back(match["id"])


if __name__ == "__main__":
    main()
