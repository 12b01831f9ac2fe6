"""What a visitor gets while a piece of the production shape is down (docs/deploy.md, "When a
piece is down"): the cache (Redis) down costs time, never an answer; the database down is a 503
with ``Retry-After``, in the one error shape under /api/ and as the site's page otherwise; the
task worker down leaves its work queued, and the page that waits for it says so."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn
from unittest.mock import patch

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import OperationalError, connections
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from backup.models import ClubExport
from league.tasks import rebuild_standings
from matches.models import Round
from players.models import Guest
from tests.factories import PASSWORD, MatchFactory, PlayerFactory, token_for
from tests.league.test_every_match_counts import ladder, play, rows

pytestmark = pytest.mark.django_db


class RedisServer:
    """A Redis of the test's own, on a free port, saving nothing: the test stops it when it likes."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def redis(settings) -> Iterator[RedisServer]:
    """The site set up as in production (``REDIS_URL``: django-redis, sessions read through it),
    on a Redis that the test may stop."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    server = RedisServer()
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": server.url,
            "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 0.5, "SOCKET_TIMEOUT": 0.5},
        }
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    try:
        yield server
    finally:
        server.stop()


def test_a_signed_in_member_keeps_scoring_when_the_cache_stops(client, alice, club, redis):
    """Alice signs in and opens her sheet while Redis runs; Redis stops; she is still signed in
    (her session is read from the database), her pages answer and her next round is stored."""
    match = MatchFactory.create(club=club, players=["Anna", "Bram", "Cor"], by=alice)
    assert client.post(reverse("login"), {"username": "alice", "password": PASSWORD}).status_code == 302
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 200
    redis.stop()
    assert cache.get("anything", "missed") == "missed"
    home = client.get(reverse("home"))
    assert home.status_code == 200
    assert home.wsgi_request.user == alice
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 200
    deal = {"@went_out": "0", "idempotency_key": "k1"}
    for index, (laid_down, points) in enumerate([(True, 0), (True, 30), (False, 95)]):
        deal[f"entries.{index}.laid_down:bool"] = "1" if laid_down else "0"
        deal[f"entries.{index}.points:int"] = str(points)
    assert client.post(reverse("round_add", args=[match.pk]), deal).status_code == 302
    assert Round.objects.get(match=match).scores == [0, 30, 95]


def test_logging_in_works_while_the_cache_is_down(client, alice, redis):
    redis.stop()
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).wsgi_request.user == alice


def test_keep_score_now_starts_a_guest_while_the_cache_is_down(redis):
    """The guest limit counts in the cache; with no cache to count in, a visitor is let in
    (a miss) rather than shown an error page."""
    client = Client()
    assert client.post(reverse("guest_start")).status_code == 302
    redis.stop()
    visitor = Client()
    response = visitor.post(reverse("guest_start"))
    assert response.status_code == 302
    assert response["Location"] == reverse("new_match")
    assert Guest.objects.count() == 2
    assert visitor.get(reverse("new_match")).status_code == 200


@contextmanager
def database_down() -> Iterator[None]:
    """Every query fails as it does when PostgreSQL is stopped or restarting."""

    def refused(*args: object, **kwargs: object) -> NoReturn:
        raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")

    with patch.object(connections["default"], "cursor", refused):
        yield


def test_a_page_answers_503_with_retry_after_while_the_database_is_down(alice):
    """The site's own page, in the visitor's language, saying to try again; not a 500."""
    client = Client(raise_request_exception=False, headers={"Accept-Language": "nl"})
    client.force_login(alice)
    with database_down():
        page = client.get(reverse("home"))
    assert page.status_code == 503
    assert int(page["Retry-After"]) > 0
    html = page.content.decode()
    assert 'class="topbar"' in html
    assert "Probeer het zo meteen opnieuw" in html
    assert "OperationalError" not in html and "5432" not in html


def test_an_api_call_answers_503_in_the_error_shape_while_the_database_is_down(alice):
    client = Client(raise_request_exception=False, headers={"Accept-Language": "fr"})
    token = token_for(alice)
    with database_down():
        answer = client.get("/api/matches/", headers={"Authorization": f"Token {token}"})
    assert answer.status_code == 503
    assert int(answer["Retry-After"]) > 0
    [error] = answer.json()["errors"]
    assert (error["code"], error["field"]) == ("unavailable", "")
    assert "Réessayez" in error["message"]
    assert b"OperationalError" not in answer.content


def test_a_round_sent_while_the_database_is_down_answers_503_and_stores_nothing(alice, club):
    """The phone is told to try again; once the database is back, the same round is stored once."""
    match = MatchFactory.create(club=club, players=["Anna", "Bram", "Cor"], by=alice)
    client = Client(raise_request_exception=False)
    token = {"Authorization": f"Token {token_for(alice)}", "Idempotency-Key": "round-1"}
    body = {
        "entries": [
            {"laid_down": True, "went_out": True, "points": 0},
            {"laid_down": True, "went_out": False, "points": 30},
            {"laid_down": False, "went_out": False, "points": 95},
        ]
    }
    url = f"/api/matches/{match.pk}/rounds/"
    with database_down():
        answer = client.post(url, body, content_type="application/json", headers=token)
    assert answer.status_code == 503
    assert not Round.objects.filter(match=match).exists()
    assert client.post(url, body, content_type="application/json", headers=token).status_code == 201
    assert Round.objects.filter(match=match).count() == 1


def test_a_crash_that_is_no_outage_is_still_a_500(alice, monkeypatch):
    client = Client(raise_request_exception=False)
    client.force_login(alice)

    def crash(*args: object, **kwargs: object) -> NoReturn:
        raise RuntimeError("a bug")

    monkeypatch.setattr("players.middleware.UserLanguageMiddleware.__call__", crash)
    page = client.get(reverse("home"))
    assert page.status_code == 500
    assert "Retry-After" not in page


@pytest.fixture
def no_worker(settings) -> None:
    """Production's task queue, a table (django-tasks-db), with no worker running: what is
    enqueued stays there until ``db_worker`` runs."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def run_worker() -> None:
    """The worker comes back: it runs what waits in the queue, then (``--batch``) stops."""
    call_command("db_worker", batch=True, no_startup_delay=True, verbosity=0)


# The worker commits and closes its connection, as a separate process would.
@pytest.mark.django_db(transaction=True)
def test_an_export_asked_for_while_the_worker_is_down_waits_and_says_so(client, alice, club, no_worker):
    client.force_login(alice)
    response = client.post(reverse("club_export_start", args=[club.pk]), follow=True)
    assert response.status_code == 200
    assert "Waiting for its turn" in response.content.decode()
    export = ClubExport.objects.get(club=club)
    assert export.status == ClubExport.Status.QUEUED
    assert DBTaskResult.objects.ready().count() == 1

    run_worker()
    export.refresh_from_db()
    assert export.status == ClubExport.Status.DONE
    page = client.get(reverse("club_export_detail", args=[club.pk, export.pk])).content.decode()
    assert reverse("club_export_download", args=[club.pk, export.pk]) in page


# The worker commits and closes its connection, as a separate process would.
@pytest.mark.django_db(transaction=True)
def test_a_standings_rebuild_waits_in_the_queue_while_the_worker_is_down(no_worker):
    """A match that counts finishes: the rebuild is queued, the stored standings stay as they
    were (nothing lost, nothing half-written), and the worker rebuilds them when it is back."""
    competition = ladder()
    players = [PlayerFactory.create(club=competition.club, name=name) for name in "ABCD"]
    play(competition.club, players)
    waiting = DBTaskResult.objects.ready().filter(task_path=rebuild_standings.module_path)
    assert [task.args_kwargs["args"] for task in waiting] == [[competition.pk]]
    assert rows(competition) == []

    run_worker()
    assert not DBTaskResult.objects.ready().exists()
    assert rows(competition) == [("A", 1, 10, 1), ("D", 2, 8, 1), ("C", 3, 6, 1), ("B", 4, 5, 1)]
