"""The live pages' event streams under /events/: authorised like their pages, told of changes
as they commit, kept open by heartbeats, bounded per client. Sam keeps a match at De Klaverclub
and shares it; Vera follows the share link; Bob, a member, watches the club's TV; Charlie is not
in the club."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from dataclasses import dataclass

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client
from django.urls import reverse
from django_eventstream.views import ListenerManager

from live import streams
from live.events import GONE, announce, channel
from live.models import ClubScreen, MatchShare
from live.versions import watch_token
from matches.models import Match
from players.models import Membership
from tests.factories import EveningFactory, MatchFactory, MatchShareFactory
from tests.test_permissions import DEAL_1, DEAL_2

pytestmark = pytest.mark.django_db


@dataclass
class Read:
    status: int
    text: str = ""

    def events(self, kind: str) -> list[str]:
        """The data of the events of this kind, in the order sent."""
        return re.findall(rf"^event: {kind}\ndata: ?(.*)\n", self.text, re.MULTILINE)


def read(path: str, *, seconds: float = 0.5, user=None, **headers: str) -> Read:
    """Open the stream at ``path`` through Django's ASGI handler and read it for ``seconds``
    (or until it ends)."""

    async def go() -> Read:
        client = AsyncClient()
        if user is not None:
            await client.aforce_login(user)
        response = await client.get(path, headers=headers)
        if not response.streaming:
            return Read(response.status_code, response.content.decode())
        text = ""
        chunks = aiter(response.streaming_content)  # type: ignore[attr-defined]  # a streaming answer

        async def collect() -> None:
            nonlocal text
            async for chunk in chunks:
                text += chunk.decode() if isinstance(chunk, bytes) else chunk

        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(collect(), seconds)
        response.close()  # as Django's ASGI handler does once the client left
        return Read(response.status_code, text)

    return async_to_sync(go)()


@pytest.fixture
def match(klaverclub, sam) -> Match:
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    match.add_round(DEAL_1, by=sam)
    return match


@pytest.fixture
def share(match) -> MatchShare:
    return MatchShareFactory.create(match=match)


def share_stream(share: MatchShare) -> str:
    return reverse("live_share_stream", args=[share.token])


def watch_stream(kind: str, *ids: int) -> str:
    return reverse("live_watch_stream", args=[watch_token(kind, *ids)])


def test_a_share_link_opens_its_stream(share):
    opened = read(share_stream(share))
    assert opened.status == 200
    assert "event: stream-open" in opened.text


def test_a_revoked_link_or_a_deleted_match_opens_no_stream(share, match, sam):
    address = share_stream(share)
    match.soft_delete(by=sam)
    assert Client().get(address).status_code == 404
    match.restore()
    MatchShare.revoke(match)
    assert Client().get(address).status_code == 404
    assert Client().get(reverse("live_share_stream", args=["guessed"])).status_code == 404


def test_a_member_watches_and_a_non_member_or_former_member_does_not(match, klaverclub, bob, charlie):
    assert read(watch_stream("m", match.pk, bob.pk)).status == 200
    assert read(watch_stream("c", klaverclub.pk, bob.pk)).status == 200
    assert Client().get(watch_stream("m", match.pk, charlie.pk)).status_code == 404
    assert Client().get(watch_stream("c", klaverclub.pk, charlie.pk)).status_code == 404
    Membership.objects.filter(club=klaverclub, user=bob).delete()
    assert Client().get(watch_stream("c", klaverclub.pk, bob.pk)).status_code == 404
    assert Client().get(reverse("live_watch_stream", args=["forged"])).status_code == 404


def test_a_tv_link_streams_until_it_is_revoked(klaverclub):
    screen = ClubScreen.share(klaverclub)
    address = watch_stream("s", screen.pk)
    assert read(address).status == 200
    ClubScreen.revoke(klaverclub)
    assert Client().get(address).status_code == 404


def test_a_stream_that_comes_back_opens_afresh_and_numbers_nothing(share):
    """Events are not stored, so none carries an id: a page fetches once whenever its stream
    opens (static/js/live.js) instead of being sent what it missed. A browser that still holds
    an id from a stored event (before this) is answered like any other."""
    first = read(share_stream(share))
    assert first.events("stream-open") == [""]
    assert not re.search(r"^id:", first.text, re.MULTILINE)
    again = read(share_stream(share), **{"Last-Event-ID": "live-5f3c:12"})
    assert again.status == 200
    assert again.events("stream-open") == [""]


def test_a_round_reaches_an_open_stream_with_the_time_it_was_sent(
    share, match, sam, django_capture_on_commit_callbacks
):
    def enter_a_round() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            match.add_round(DEAL_2, by=sam)

    async def story() -> tuple[str, float, float]:
        response = await AsyncClient().get(share_stream(share))
        text, before, after = "", 0.0, 0.0

        async def collect() -> None:
            nonlocal text, before, after
            async for chunk in response.streaming_content:  # type: ignore[attr-defined]  # a streaming answer
                text += chunk.decode()
                if "event: stream-open" in text and not before:
                    before = time.time()
                    await sync_to_async(enter_a_round)()
                    after = time.time()
                if "event: changed" in text:
                    return

        await asyncio.wait_for(collect(), 5)
        response.close()
        return text, before, after

    text, before, after = async_to_sync(story)()
    [data] = re.findall(r'^event: changed\ndata: (\{"at": [0-9.]+\})\n\n', text, re.MULTILINE)
    assert before <= json.loads(data)["at"] <= after


def test_the_heartbeat_keeps_an_idle_stream_open(share, settings):
    settings.LIVE_STREAM_HEARTBEAT = 0.2
    idle = read(share_stream(share), seconds=0.7)
    assert idle.text.count(": heartbeat\n\n") >= 2


def test_a_stream_ends_after_its_longest_life(share, settings):
    settings.LIVE_STREAM_MAX_AGE = 0.3
    ended = read(share_stream(share), seconds=5)
    assert ended.status == 200
    assert ended.text.startswith("retry: ")


def test_one_client_opens_so_many_streams_at_once(share, settings, monkeypatch):
    settings.LIVE_STREAMS_PER_CLIENT = 1
    monkeypatch.setattr(streams, "open_streams", streams._OpenStreams())

    async def hold() -> None:
        response = await AsyncClient().get(share_stream(share))
        try:
            async for _chunk in response.streaming_content:  # type: ignore[attr-defined]  # a streaming answer
                pass
        finally:
            response.close()  # as Django's ASGI handler does once the client left

    async def story() -> tuple[int, int]:
        first = asyncio.create_task(hold())
        await asyncio.sleep(0.3)
        second = await AsyncClient().get(share_stream(share))
        # The first gives its place back once its client leaves and the server closes it.
        first.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await first
        third = asyncio.create_task(hold())
        await asyncio.sleep(0.3)
        status = 200 if not third.done() else 0
        third.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await third
        return second.status_code, status

    assert async_to_sync(story)() == (429, 200)


def test_a_lost_redis_subscription_is_made_again(monkeypatch):
    """Redis restarted: the process subscribes again, or its streams would stay silent."""
    started: list[object] = []

    class Subscription:
        async def start(self) -> None:
            started.append(self)
            if len(started) == 1:
                raise ConnectionError("Redis restarted")
            await asyncio.sleep(3600)

    manager = ListenerManager()
    manager.redis_listener = Subscription()
    monkeypatch.setattr(streams, "RedisListener", Subscription)
    monkeypatch.setattr(streams, "RESUBSCRIBE_AFTER", 0)

    async def story() -> None:
        streams._subscribe(manager)
        streams._subscribe(manager)  # once per process
        for _ in range(100):
            if len(started) >= 2:
                break
            await asyncio.sleep(0.01)
        for task in list(streams._subscriptions):
            task.cancel()

    async_to_sync(story)()
    assert len(started) == 2
    assert started[0] is not started[1]


def test_every_live_page_names_its_stream(share, match, klaverclub, sam):
    stream = f'data-live-stream="{share_stream(share)}"'
    assert stream in Client().get(reverse("live_viewer", args=[share.token])).content.decode()
    assert stream in Client().get(reverse("live_tv", args=[share.token])).content.decode()
    member = Client()
    member.force_login(sam)
    for page in (reverse("match_detail", args=[match.pk]), reverse("club_tv", args=[klaverclub.pk])):
        assert 'data-live-stream="/events/watch/' in member.get(page).content.decode(), page
    screen = ClubScreen.share(klaverclub)
    shared = Client().get(reverse("club_tv_shared", args=[screen.token])).content.decode()
    assert 'data-live-stream="/events/watch/' in shared


def test_an_evening_tv_streams_for_the_clubs_members_only(klaverclub, bob, charlie):
    evening = EveningFactory.create(competition__club=klaverclub)
    assert read(watch_stream("e", evening.pk, bob.pk)).status == 200
    assert Client().get(watch_stream("e", evening.pk, charlie.pk)).status_code == 404


def test_a_stream_is_never_compressed(share):
    """A compressor per open stream would cost more than the few bytes of its events."""

    async def headers() -> str:
        response = await AsyncClient().get(share_stream(share), headers={"Accept-Encoding": "gzip"})
        response.close()
        return response.get("Content-Encoding", "")

    assert async_to_sync(headers)() == ""
    assert (
        Client().get(reverse("live_viewer", args=[share.token]), headers={"Accept-Encoding": "gzip"})[
            "Content-Encoding"
        ]
        == "gzip"
    )


def test_a_stream_ends_once_its_link_is_revoked(share):
    """``gone`` (sent on commit of the revocation, tests/live/test_push_events.py) is the
    stream's last word: it never outlives what authorised it."""

    async def story() -> tuple[str, float]:
        started = time.monotonic()
        response = await AsyncClient().get(share_stream(share))
        text = ""

        async def collect() -> None:
            nonlocal text
            async for chunk in response.streaming_content:  # type: ignore[attr-defined]  # a streaming answer
                text += chunk.decode()
                if "event: stream-open" in text and "gone" not in text:
                    await sync_to_async(announce)([channel("share", share.pk)], GONE)

        await asyncio.wait_for(collect(), 5)  # ends by itself
        response.close()
        return text, time.monotonic() - started

    text, took = async_to_sync(story)()
    last = text.strip().split("\n\n")[-1]
    assert last.startswith("event: gone\n")
    assert took < 5
