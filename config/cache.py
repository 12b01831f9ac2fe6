"""The shared cache (``REDIS_URL``): Django's Redis backend, keeping one client per connection pool.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every cache call, and
that constructor fills a table of some 170 reply callbacks: with a request's cache calls (a
match's kept replay read and written again, the session), a measurable share of its CPU. A
``redis.Redis`` holds no connection of its own (each command borrows one from the pool and gives
it back) and may be shared between threads, so one per pool does. A subclass of a few lines
rather than django-redis: the rest of the backend (keys, serialisation, timeouts) stays Django's.

Redis is a cache here, never the only copy of anything: when it cannot be reached the site
answers as if it held nothing (``MissWhenDown``), in this one place rather than around each use.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis import ConnectionPool, Redis, RedisError

log = logging.getLogger(__name__)


class OneClientPerPool(RedisCacheClient):
    # Django's own, which its type stubs leave out.
    _client: Callable[..., Redis]
    _get_connection_pool: Callable[[bool], ConnectionPool]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Redis] = {}  # by the id of the pool, which ``_pools`` keeps alive

    def get_client(self, key: Any = None, *, write: bool = False) -> Redis:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            # Two threads may both build one here; either serves, the other is dropped.
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class MissWhenDown(OneClientPerPool):
    """A Redis that cannot be reached is a cache that holds nothing: a read finds nothing and a
    write keeps nothing (logged), so every page and answer is computed as if never cached; what
    the cache keeps is keyed by versions a write moves, so nothing stale returns with Redis.
    (The guests' hourly counter, ``incr``, still fails: it cannot count without a store.)"""

    def get(self, key: Any, default: Any) -> Any:
        try:
            return super().get(key, default)
        except RedisError:
            log.warning("cache unreachable: a miss", exc_info=True)
            return default

    def get_many(self, keys: Any) -> dict[Any, Any]:
        try:
            return super().get_many(keys)
        except RedisError:
            log.warning("cache unreachable: a miss", exc_info=True)
            return {}

    def has_key(self, key: Any) -> bool:
        try:
            return super().has_key(key)
        except RedisError:
            log.warning("cache unreachable: a miss", exc_info=True)
            return False

    def add(self, key: Any, value: Any, timeout: Any) -> bool:
        try:
            return super().add(key, value, timeout)
        except RedisError:
            log.warning("cache unreachable: nothing kept", exc_info=True)
            return False

    def set(self, key: Any, value: Any, timeout: Any) -> None:
        try:
            super().set(key, value, timeout)
        except RedisError:
            log.warning("cache unreachable: nothing kept", exc_info=True)

    def set_many(self, data: Any, timeout: Any) -> None:
        try:
            super().set_many(data, timeout)
        except RedisError:
            log.warning("cache unreachable: nothing kept", exc_info=True)

    def touch(self, key: Any, timeout: Any) -> bool:
        try:
            return super().touch(key, timeout)
        except RedisError:
            log.warning("cache unreachable: nothing kept", exc_info=True)
            return False

    def delete(self, key: Any) -> bool:
        try:
            return super().delete(key)
        except RedisError:
            log.warning("cache unreachable: nothing deleted", exc_info=True)
            return False

    def delete_many(self, keys: Any) -> None:
        try:
            super().delete_many(keys)
        except RedisError:
            log.warning("cache unreachable: nothing deleted", exc_info=True)


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = MissWhenDown
