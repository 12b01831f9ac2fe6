"""The live pages' server-sent events streams, under ``/events/`` (served by the ASGI server).

A stream is authorised exactly like the page it serves, then told the events of its channels
(``live/events.py``) as they are sent:

- ``/events/live/<token>/``: a share link's viewer and TV, while the link and its match exist;
- ``/events/watch/<signed>/``: the pages that watch through a watch token (the scorer's sheet,
  a club's or an evening's TV, a club's TV link), while the member is in the club or the TV
  link exists (``live.versions.watched_version``, the same check as the polling watch).

Refused like the page (404), or 429 past ``LIVE_STREAMS_PER_CLIENT`` streams open at once from
one client address (counted in the shared cache, so across every app server).

django-eventstream does the rest: the events of each channel are numbered and stored (in the
database, or in Redis with ``REDIS_URL``), sent between processes through Redis pub/sub, and a
stream that comes back with ``Last-Event-ID`` is first sent what it missed. Its stream generator
is wrapped here (hence the pinned minor version) for what this site adds around it:

- a heartbeat comment every ``LIVE_STREAM_HEARTBEAT`` seconds of silence (the library's own
  keep-alive event, every 20 s, is dropped: one heartbeat, at the interval the proxies need);
- an end after ``gone`` (the link was revoked, the membership ended): a stream never outlives
  what authorised it;
- an end after ``LIVE_STREAM_MAX_AGE`` seconds: the browser reconnects by itself with
  ``Last-Event-ID`` and is authorised anew;
- a Redis subscription that comes back: the library subscribes once per process and gives up
  when Redis drops the connection (a restart), which would leave every stream of the process
  silent; ``_keep_subscribed`` subscribes again.
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import AsyncIterator
from contextlib import suppress

from django.conf import settings
from django.core.cache import cache
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_safe
from django_eventstream import get_current_event_id
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
    # Where a new stream starts, as an event id: the library sends none before the first event,
    # and a stream dropped before then would come back without Last-Event-ID, past what it missed.
    start = "" if event_request.channel_last_ids else get_current_event_id(channels)
    slot = _client_key(request)
    if not _take(slot):
        refused = HttpResponse(_("Too many live pages are open from this address."), status=429)
        refused["Retry-After"] = "60"
        return refused
    listener = Listener()
    listener.channels = event_request.channels
    events = _bounded(stream(event_request, listener), slot, start)
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    # nginx and some other proxies buffer answers unless told not to.
    response["X-Accel-Buffering"] = "no"
    return response


async def _bounded(events: AsyncIterator[str], slot: str, start: str) -> AsyncIterator[str]:
    """The library's stream, with our heartbeat and ends (module docstring); gives the client's
    slot back however it ends (the client left, gone, its time is up)."""
    loop = asyncio.get_running_loop()
    _subscribe(get_listener_manager())
    ends = loop.time() + settings.LIVE_STREAM_MAX_AGE * random.uniform(0.9, 1.0)
    last_sent = loop.time()
    waiting: asyncio.Future[str] | None = None
    try:
        # An event that only carries the id (Chromium keeps an id only from an event it dispatched).
        yield f"retry: {RETRY_MS}\n" + (f"id: {start}\nevent: stream-start\ndata:\n" if start else "") + "\n"
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
            if chunk:
                last_sent = loop.time()
                yield chunk
            if GONE.search(chunk):
                return
    finally:
        if waiting is not None:
            waiting.cancel()
            with suppress(asyncio.CancelledError, StopAsyncIteration):
                await waiting
        await events.aclose()  # type: ignore[attr-defined]
        await _give_back(slot)


def _client_key(request: HttpRequest) -> str:
    # Keyed hash: the cache's keys name no address.
    key = salted_hmac("live.streams", client_address(request), algorithm="sha256")
    return "live-streams:" + key.hexdigest()[:32]


def _take(slot: str) -> bool:
    """One more stream for the client, unless it holds ``LIVE_STREAMS_PER_CLIENT`` already. The
    count expires a little after the longest stream, so one lost by a crashed server heals."""
    cache.add(slot, 0, timeout=settings.LIVE_STREAM_MAX_AGE + 60)
    try:
        count = cache.incr(slot)
    except ValueError:  # expired in between
        cache.set(slot, 1, timeout=settings.LIVE_STREAM_MAX_AGE + 60)
        count = 1
    if count > settings.LIVE_STREAMS_PER_CLIENT:
        _give_back_now(slot)
        return False
    return True


def _give_back_now(slot: str) -> None:
    with suppress(ValueError):
        cache.decr(slot)


async def _give_back(slot: str) -> None:
    with suppress(ValueError):
        await cache.adecr(slot)


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
    them with the next event, or on reconnecting (Last-Event-ID)."""
    while True:
        try:
            await manager.redis_listener.start()
        except Exception:
            logger.warning("live events: the Redis subscription ended; subscribing again", exc_info=True)
        await asyncio.sleep(RESUBSCRIBE_AFTER)
        manager.redis_listener = RedisListener()
