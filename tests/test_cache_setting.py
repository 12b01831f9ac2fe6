"""Several app servers share Redis (``REDIS_URL``) as their cache, and then read sessions from it
(written through to the database); without it, sessions are read from the database, since a
per-process cache would keep a session that another server logged out."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from config.cache import RedisCache

ROOT = Path(__file__).resolve().parent.parent
SHOW = (
    "import django; django.setup(); from django.conf import settings as s; "
    "print(s.CACHES['default']['BACKEND'], s.SESSION_ENGINE)"
)


def _settings(**extra: str) -> str:
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DEBUG", "REDIS_URL"}},
        "DEBUG": "0",
        "SECRET_KEY": "a-long-random-production-secret-" + "x" * 40,
        "ALLOWED_HOSTS": "scoreblok.example",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        **extra,
    }
    result = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_with_a_shared_cache_sessions_are_read_from_it():
    assert _settings(REDIS_URL="redis://127.0.0.1:6379/15") == (
        "config.cache.RedisCache django.contrib.sessions.backends.cached_db"
    )


def test_without_one_sessions_stay_in_the_database_alone():
    assert _settings() == (
        "django.core.cache.backends.locmem.LocMemCache django.contrib.sessions.backends.db"
    )


def test_the_shared_cache_builds_one_redis_client_for_all_its_calls():
    """Django's backend builds a client per call (a table of reply callbacks each time); every
    call goes through ``get_client``, and ours hands out the same one (no server needed:
    a client connects only when it sends a command)."""
    backend = RedisCache("redis://127.0.0.1:6379/14", {})
    reads = [backend._cache.get_client("a-key"), backend._cache.get_client("another-key")]
    writes = [backend._cache.get_client("a-key", write=True), backend._cache.get_client(write=True)]
    assert all(client is reads[0] for client in reads + writes)  # one server: one pool
    assert reads[0].connection_pool is backend._cache._get_connection_pool(write=False)
