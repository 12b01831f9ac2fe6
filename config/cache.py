"""The shared cache (``REDIS_URL``): Django's Redis backend, keeping one client per connection pool.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` for every cache call, and
that constructor fills a table of some 170 reply callbacks: with a request's cache calls (a
match's kept replay read and written again, the session), a measurable share of its CPU. A
``redis.Redis`` holds no connection of its own (each command borrows one from the pool and gives
it back) and may be shared between threads, so one per pool does. A subclass of a few lines
rather than django-redis: the rest of the backend (keys, serialisation, timeouts) stays Django's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from redis import ConnectionPool, Redis


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


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = OneClientPerPool
