"""The balancer's health check, ``GET /health/`` (config/health.py): it answers while the
database answers, whatever Redis does, and says 503 when the database does not; it reaches no
cache on the way, so a Redis outage can never take an app server out of the balancer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest.mock import patch

import pytest
from django.core.cache import cache
from django.test import Client
from redis.connection import ConnectionPool

from tests.test_outages import database_down

pytestmark = pytest.mark.django_db

HEALTH = "/health/"


@pytest.fixture
def production_cache(settings, unreachable_cache) -> None:
    """Production's cache and sessions (django-redis, sessions read through it), with Redis at an
    address where nothing listens."""
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"


@pytest.fixture
def redis_connections() -> Iterator[list[ConnectionPool]]:
    """A note of each command django-redis sends (a connection taken from a pool), whatever the
    answer."""
    asked: list[ConnectionPool] = []
    taken = ConnectionPool.get_connection

    def spy(pool: ConnectionPool, *args: Any, **kwargs: Any) -> Any:
        asked.append(pool)
        return taken(pool, *args, **kwargs)

    with patch.object(ConnectionPool, "get_connection", spy):
        yield asked


def test_answers_200_with_redis_unreachable_and_asks_no_cache(production_cache, redis_connections):
    """What haproxy sends (a GET with no cookie) is answered from the database alone."""
    answer = Client().get(HEALTH)
    assert answer.status_code == 200
    assert answer.content == b"ok\n"
    assert redis_connections == []
    # The spy sees every use of the cache.
    assert cache.get("anything", "missed") == "missed"
    assert redis_connections != []


def test_answers_503_with_retry_after_while_the_database_is_down(production_cache):
    """The balancer then takes the server out; the text says no more than that."""
    with database_down():
        answer = Client(raise_request_exception=False).get(HEALTH)
    assert answer.status_code == 503
    assert int(answer["Retry-After"]) > 0
    assert answer.content == b"database unavailable\n"


def test_is_not_redirected_to_https_like_the_pages(settings):
    """The balancer checks over plain HTTP: a redirect would pass its check without asking the
    database, so this one address is exempt."""
    settings.SECURE_SSL_REDIRECT = True
    assert Client().get("/rules/").status_code == 301
    answer = Client().get(HEALTH)
    assert answer.status_code == 200
    assert answer.content == b"ok\n"


def test_is_never_stored_by_a_cache_and_takes_no_writes():
    answer = Client().get(HEALTH)
    assert "no-cache" in answer["Cache-Control"] and "max-age=0" in answer["Cache-Control"]
    assert Client().head(HEALTH).status_code == 200
    assert Client().post(HEALTH).status_code == 405
