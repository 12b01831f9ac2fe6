"""Several app servers share Redis (``REDIS_URL``) as their cache, Django's own backend, and then
read sessions from it (written through to the database); without it, sessions are read from the
database, since a per-process cache would keep a session that another server logged out, and the
per-process cache is bounded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOW = (
    "import django; django.setup(); from django.conf import settings as s; "
    "c = s.CACHES['default']; print(c['BACKEND'], s.SESSION_ENGINE, c.get('OPTIONS', {}).get('MAX_ENTRIES'))"
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
        "django.core.cache.backends.redis.RedisCache django.contrib.sessions.backends.cached_db None"
    )


def test_without_one_sessions_stay_in_the_database_and_the_local_cache_is_bounded():
    assert _settings() == (
        "django.core.cache.backends.locmem.LocMemCache django.contrib.sessions.backends.db 2000"
    )
