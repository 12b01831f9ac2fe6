"""Production settings pass Django's deployment checks; the deployment files (deploy/) say what
docs/deploy.md says: the balancer checks the health address on every server, answers its own 503
as the site's page or the API's error shape with Retry-After, and the task worker is restarted
whatever ends it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from django.urls import resolve

from config.health import health

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def test_check_deploy_is_clean_with_production_settings():
    # The browser tests' DJANGO_ALLOW_ASYNC_UNSAFE must not leak into a production check.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **inherited,
        "DEBUG": "0",
        "SECRET_KEY": "a-long-random-production-secret-" + "x" * 40,
        "ALLOWED_HOSTS": "scoreblok.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def haproxy_sections() -> dict[str, list[str]]:
    """deploy/haproxy.cfg as ``"backend apps": [its lines]``, comments left out."""
    sections: dict[str, list[str]] = {}
    current: list[str] = []
    for line in (DEPLOY / "haproxy.cfg").read_text().splitlines():
        text = line.split("#", 1)[0].rstrip()
        if not text.strip():
            continue
        if not text[0].isspace():
            current = sections.setdefault(" ".join(text.split()), [])
        else:
            current.append(" ".join(text.split()))
    return sections


def test_the_balancer_checks_the_health_address_of_every_page_and_stream_server():
    """Not a page: a page may wait on Redis (config/health.py)."""
    sections = haproxy_sections()
    for backend in ("backend apps", "backend streams"):
        lines = sections[backend]
        assert "option httpchk GET /health/" in lines, backend
        assert "http-check expect status 200" in lines, backend
        servers = [line for line in lines if line.startswith("server ")]
        assert len(servers) == 2 and all(line.endswith(" check") for line in servers), backend
    assert resolve("/health/").func is health


def test_the_apis_servers_are_the_page_servers_and_follow_their_checks():
    apps = [line.split()[1] for line in haproxy_sections()["backend apps"] if line.startswith("server ")]
    api = [line for line in haproxy_sections()["backend api"] if line.startswith("server ")]
    assert [line.split()[-1] for line in api] == [f"apps/{name}" for name in apps]


def balancer_503s() -> dict[str, Path]:
    """Each section's ``errorfile 503`` (read beside haproxy.cfg: ``default-path config``)."""
    sections = haproxy_sections()
    assert "default-path config" in sections["global"]
    return {
        name: DEPLOY / line.split()[2]
        for name, lines in sections.items()
        for line in lines
        if line.startswith("errorfile 503 ")
    }


def http_message(path: Path) -> tuple[str, dict[str, str], bytes]:
    head, _, body = path.read_bytes().partition(b"\r\n\r\n")
    status, *fields = head.decode().split("\r\n")
    return status, {name.lower(): value.strip() for name, value in (f.split(":", 1) for f in fields)}, body


def test_the_balancers_own_503_is_the_sites_page_with_retry_after():
    files = balancer_503s()
    status, headers, body = http_message(files["defaults"])
    assert status == "HTTP/1.1 503 Service Unavailable"
    assert int(headers["retry-after"]) > 0
    assert int(headers["content-length"]) == len(body)
    assert headers["content-type"] == "text/html; charset=utf-8"
    page = body.decode()
    assert 'class="topbar"' in page
    # It cannot translate: the three languages on one page, each marked as such.
    assert re.findall(r'<section lang="(\w+)">', page) == ["en", "nl", "fr"]
    assert "Probeer het zo meteen opnieuw" in page and "Réessayez dans un instant" in page


def test_the_balancers_own_503_under_the_api_is_the_error_shape_with_retry_after():
    status, headers, body = http_message(balancer_503s()["backend api"])
    assert status == "HTTP/1.1 503 Service Unavailable"
    assert int(headers["retry-after"]) > 0
    assert int(headers["content-length"]) == len(body)
    assert headers["content-type"] == "application/json"
    [row] = json.loads(body)["errors"]
    assert (row["field"], row["code"]) == ("", "unavailable") and row["message"]


def test_the_task_worker_is_started_again_whatever_ends_it():
    unit = dict(
        line.split("=", 1)
        for line in (DEPLOY / "scoreblok-worker.service").read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )
    assert unit["ExecStart"].endswith("manage.py task_worker")
    assert unit["Restart"] == "always"
    assert int(unit["RestartSec"]) > 0
    assert unit["StartLimitIntervalSec"] == "0"
    assert "while true; do $BIN/python manage.py task_worker;" in (DEPLOY / "prod_local.sh").read_text()


def setting(lines: list[str], name: str) -> str:
    """The value of the one line ``name value`` of a section."""
    [value] = [line.removeprefix(name + " ") for line in lines if line.startswith(name + " ")]
    return value


def test_streams_hold_a_budget_of_their_own_and_leave_the_pages_theirs():
    """Streams and pages share the balancer's connections: the stream servers' `maxconn` bounds
    the streams, a new stream past it is refused at once (never queued), and the pages keep at
    least as many connection slots as the streams can take."""
    sections = haproxy_sections()
    balancer = int(setting(sections["global"], "maxconn"))
    frontend = int(setting(sections["frontend scoreblok"], "maxconn"))
    streams = sections["backend streams"]
    servers = [line.split() for line in streams if line.startswith("server ")]
    budget = sum(int(words[words.index("maxconn") + 1]) for words in servers)
    assert frontend <= balancer
    assert 0 < budget <= frontend - budget
    assert "http-request deny deny_status 503 if { be_conn_free le 0 }" in streams


def test_streams_per_client_address_are_bounded_with_a_429():
    """Per address, an IPv6 one per /64, counted per request (so per HTTP/2 stream too)."""
    sections = haproxy_sections()
    limit = int(setting(sections["global"], "setenv STREAMS_PER_CLIENT"))
    assert 0 < limit <= 100
    streams = sections["backend streams"]
    table = setting(streams, "stick-table").split()
    assert table[:2] == ["type", "ipv6"] and table[table.index("store") + 1] == "conn_cur"
    tracking = "http-request track-sc0 src,ipmask(32,64)"
    refusal = 'http-request deny deny_status 429 if { sc0_conn_cur gt "${STREAMS_PER_CLIENT}" }'
    assert streams.index(tracking) < streams.index(refusal)
    status, headers, body = http_message(DEPLOY / setting(streams, "errorfile 429"))
    assert status == "HTTP/1.1 429 Too Many Requests"
    assert int(headers["retry-after"]) > 0
    assert int(headers["content-length"]) == len(body)
    assert headers["connection"] == "close"  # its slot is given back at once
    # The site's sentence, in its three languages (the balancer cannot translate).
    assert body.decode().splitlines() == [
        "Too many live pages are open from this address.",
        "Er staan te veel live pagina's open vanaf dit adres.",
        "Trop de pages en direct sont ouvertes depuis cette adresse.",
    ]


def test_a_silent_stream_outlives_two_heartbeats_and_no_more_than_a_minute(settings):
    """The balancer drops a stream whose server or client has been silent (a client that does
    not read) for its timeouts, which a living stream's heartbeat never reaches."""
    sections = haproxy_sections()
    client = setting(sections["defaults"], "timeout client")
    server = setting(sections["backend streams"], "timeout server")
    for timeout in (client, server):
        assert timeout.endswith("s")
        assert 2 * settings.LIVE_STREAM_HEARTBEAT < int(timeout.removesuffix("s")) <= 60


def test_the_stream_servers_may_open_more_files_than_their_budget_of_streams():
    servers = [line.split() for line in haproxy_sections()["backend streams"] if line.startswith("server ")]
    most = max(int(words[words.index("maxconn") + 1]) for words in servers)
    unit = dict(
        line.split("=", 1)
        for line in (DEPLOY / "scoreblok-streams.service").read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )
    assert unit["ExecStart"].startswith("/srv/scoreblok/.venv/bin/uvicorn config.asgi:application")
    assert int(unit["LimitNOFILE"]) > 2 * most
    script = (DEPLOY / "prod_local.sh").read_text()
    assert script.index("ulimit -n 65536") < script.index("setsid $BIN/uvicorn")
