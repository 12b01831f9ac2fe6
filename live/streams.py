"""The live pages' server-sent events streams, under ``/events/`` (served by the ASGI server).

A stream is authorised exactly like the page it serves, then told the events of its channels
(``live/events.py``) as they are sent:

- ``/events/live/<token>/``: a share link's viewer and TV, while the link and its match exist;
- ``/events/watch/<signed>/``: the pages that watch through a watch token (the scorer's sheet,
  a club's or an evening's TV, a club's TV link), while the member is in the club or the TV
  link exists (``live.versions.watched_version``, the same check as the polling watch).

Refused like the page (404), or 429 past ``LIVE_STREAMS_PER_CLIENT`` streams open at once from
one client address on this process (``_OpenStreams``).

django-eventstream does the rest: it sends the events of a stream's channels, from every
process through Redis pub/sub with ``REDIS_URL``. They are not stored: every event says "fetch
again", and a page fetches once whenever its stream opens (the library's ``stream-open``), the
first time and after each reconnect (``static/js/live.js``), so what was sent while a stream
was down is never needed again. Its stream generator is wrapped here (hence the pinned minor
version) for what this site adds around it:

- a heartbeat comment every ``LIVE_STREAM_HEARTBEAT`` seconds of silence (the library's own
  keep-alive event, every 20 s, is dropped: one heartbeat, at the interval the proxies need);
- an end after ``gone`` (the link was revoked, the membership ended): a stream never outlives
  what authorised it;
- an end after ``LIVE_STREAM_MAX_AGE`` seconds: the browser reconnects by itself and is
  authorised anew;
- a Redis subscription that comes back: the library subscribes once per process and gives up
  when Redis drops the connection (a restart), which would leave every stream of the process
  silent; ``_keep_subscribed`` subscribes again.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import threading
from collections.abc import AsyncIterator
from contextlib import suppress

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_safe
from django_eventstream.eventrequest import EventRequest
from django_eventstream.views import Listener, ListenerManager, RedisListener, get_listener_manager, stream

from live.events import share_channels, watch_channels
from players.addresses import client_address

# The library's keep-alive, replaced by our heartbeat comment (see above).
LIBRARY_KEEP_ALIVE = "event: keep-alive\ndata:\n\n"
HEARTBEAT = ": heartbeat\n\n"
# How long the browser waits before reconnecting a dropped stream (EventSource's ``retry``).
RETRY_MS = 1000
GONE = re.compile(r"(^|\n)event: gone\n")
RESUBSCRIBE_AFTER = 1.0  # seconds
logger = logging.getLogger(__name__)
# The task that keeps this process subscribed (a reference, so that it is not collected).
_subscriptions: set[asyncio.Task[None]] = set()


@sensitive_variables("token")
@require_safe
def share_stream(request: HttpRequest, token: str) -> HttpResponseBase:
    channels = share_channels(token)
    if channels is None:
        raise Http404
    return _stream(request, channels)


@sensitive_variables("signed")
@require_safe
def watch_stream(request: HttpRequest, signed: str) -> HttpResponseBase:
    channels = watch_channels(signed)
    if channels is None:
        raise Http404
    return _stream(request, channels)


def _stream(request: HttpRequest, channels: list[str]) -> HttpResponseBase:
    if not isinstance(request, ASGIRequest):
        # A WSGI server would hold a worker for the stream's whole life: /events/ goes to the
        # ASGI server (docs/deploy.md). The page then falls back to polling.
        return HttpResponse(_("Live updates are served by the ASGI server."), status=503)
    try:
        event_request = EventRequest(request, view_kwargs={"channels": channels})
    except EventRequest.Error as error:
        return HttpResponseBadRequest(str(error))
    slot = _client_key(request)
    if not open_streams.take(slot):
        refused = HttpResponse(_("Too many live pages are open from this address."), status=429)
        refused["Retry-After"] = "60"
        return refused
    _let_go_of_the_database()
    listener = Listener()
    listener.channels = event_request.channels
    response = EventStreamResponse(_bounded(stream(event_request, listener)), slot)
    response["Cache-Control"] = "no-cache"
    # nginx and some other proxies buffer answers unless told not to.
    response["X-Accel-Buffering"] = "no"
    return response


def _let_go_of_the_database() -> None:
    """Close this thread's database connections once the stream is authorised. Django's ASGI
    handler gives each request a thread of its own for its synchronous parts, kept for the
    request's whole life: a stream would otherwise hold a database connection for hours, one
    per open page (a thousand pages, a thousand connections). The stream reads nothing
    from the database after that."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:  # a test's own transaction
            connection.close()


class EventStreamResponse(StreamingHttpResponse):
    """The stream's answer, which gives the client's place back when the server closes it,
    however the stream ended (the client left, ``gone``, its time was up, or it never began)."""

    def __init__(self, events: AsyncIterator[str], client: str) -> None:
        super().__init__(events, content_type="text/event-stream")
        # (Not ``client``: Django's test client sets that on every answer.)
        self.opened_by: str | None = client

    def close(self) -> None:
        if self.opened_by is not None:
            open_streams.give_back(self.opened_by)
            self.opened_by = None
        super().close()


async def _bounded(events: AsyncIterator[str]) -> AsyncIterator[str]:
    """The library's stream, with our heartbeat and ends (module docstring)."""
    loop = asyncio.get_running_loop()
    _subscribe(get_listener_manager())
    ends = loop.time() + settings.LIVE_STREAM_MAX_AGE * random.uniform(0.9, 1.0)
    last_sent = loop.time()
    waiting: asyncio.Future[str] | None = None
    try:
        yield f"retry: {RETRY_MS}\n\n"
        while (left := ends - loop.time()) > 0:
            if waiting is None:
                waiting = asyncio.ensure_future(anext(events))
            quiet = settings.LIVE_STREAM_HEARTBEAT - (loop.time() - last_sent)
            done, _pending = await asyncio.wait({waiting}, timeout=max(0.0, min(quiet, left)))
            if not done:
                if loop.time() - last_sent >= settings.LIVE_STREAM_HEARTBEAT:
                    last_sent = loop.time()
                    yield HEARTBEAT
                continue
            try:
                chunk = waiting.result()
            except StopAsyncIteration:
                return
            waiting = None
            chunk = chunk.replace(LIBRARY_KEEP_ALIVE, "")
            if GONE.search(chunk):
                yield chunk
                return
            if chunk:
                # The library's next step is taken before the client reads this chunk. After
                # the first (``stream-open``) it throws away the events queued meanwhile, to read
                # them back from a storage this site does not keep: taken now, it can throw away
                # only events from before the client's fetch on ``stream-open``, never one after.
                waiting = asyncio.ensure_future(anext(events))
                await asyncio.sleep(0)
                last_sent = loop.time()
                yield chunk
    finally:
        if waiting is not None:
            waiting.cancel()
            with suppress(asyncio.CancelledError, StopAsyncIteration):
                await waiting
        await events.aclose()  # type: ignore[attr-defined]


def _client_key(request: HttpRequest) -> str:
    return client_address(request)


class _OpenStreams:
    """How many streams each client holds open on this process. Counted here, not in the
    shared cache: a count kept there leaks whenever a decrement is lost (a Redis timeout under
    load, a server killed), and a leaked count would lock a whole club room out. The bound is
    thus per ASGI process, which is what it protects (its memory and its event loop)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: dict[str, int] = {}

    def take(self, client: str) -> bool:
        with self.lock:
            count = self.counts.get(client, 0)
            if count >= settings.LIVE_STREAMS_PER_CLIENT:
                return False
            self.counts[client] = count + 1
            return True

    def give_back(self, client: str) -> None:
        with self.lock:
            count = self.counts.pop(client, 0) - 1
            if count > 0:
                self.counts[client] = count


open_streams = _OpenStreams()


def _subscribe(manager: ListenerManager) -> None:
    """Start ``_keep_subscribed`` once in this process, in the library's stead (it starts its
    subscription with the first stream unless it is marked started)."""
    with manager.lock:
        if manager.redis_listener is None or manager.redis_listener_started:
            return
        manager.redis_listener_started = True
    task = asyncio.get_running_loop().create_task(_keep_subscribed(manager))
    _subscriptions.add(task)
    task.add_done_callback(_subscriptions.discard)


async def _keep_subscribed(manager: ListenerManager) -> None:
    """The library's Redis subscription, started again whenever it ends (Redis restarted or
    unreachable for a while). Events sent while it was down are not pushed; a page learns of
    them with the next event, or when its stream opens again."""
    while True:
        try:
            await manager.redis_listener.start()
        except Exception:
            logger.warning("live events: the Redis subscription ended; subscribing again", exc_info=True)
        await asyncio.sleep(RESUBSCRIBE_AFTER)
        manager.redis_listener = RedisListener()
