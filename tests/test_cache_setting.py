"""Several app servers share Redis (``REDIS_URL``) as their cache, through django-redis, and then
read sessions from it (written through to the database); without it, sessions are read from the
database, since a per-process cache would keep a session that another server logged out, and the
per-process cache is bounded."""

from __future__ import annotations

from games.registry import home_for
from players.models import Club
from tests.factories import demo_match
from tests.settings_runs import production_setting

SHOW = (
    "import django; django.setup(); from django.conf import settings as s; "
    "c = s.CACHES['default']; print(c['BACKEND'], s.SESSION_ENGINE, c.get('OPTIONS', {}).get('MAX_ENTRIES'))"
)


def _settings(**extra: str) -> str:
    return production_setting(SHOW, **extra)


def test_with_a_shared_cache_sessions_are_read_from_it():
    assert _settings(REDIS_URL="redis://127.0.0.1:6379/15") == (
        "django_redis.cache.RedisCache django.contrib.sessions.backends.cached_db None"
    )


def test_without_one_sessions_stay_in_the_database_and_the_local_cache_is_bounded():
    assert _settings() == (
        "django.core.cache.backends.locmem.LocMemCache django.contrib.sessions.backends.db 2000"
    )


def test_a_redis_that_cannot_be_reached_is_a_miss_not_an_error(client, alice, settings, unreachable_cache):
    """Alice is signed in when Redis goes away: her pages and sheet are drawn from the database
    (sessions are written through to it), never a 500."""
    match = demo_match(home_for("duizenden"), Club.personal_for(alice), by=alice)
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    client.force_login(alice)
    assert client.get("/").status_code == 200
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    assert client.get(f"/api/matches/{match.pk}/").status_code == 200
