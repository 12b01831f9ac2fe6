"""The open-loop client of ``make bench``'s evening (``tests.bench.evening``): one process, one
asyncio event loop, aiohttp.

Open loop: every request and every round is sent at a time fixed before the run starts, whatever
the answers to the earlier ones, and its latency counts from that scheduled time. A slow server
therefore shows as long waits, not as fewer requests (a closed loop, which waits for each answer
before sending the next request, lowers its own rate instead: coordinated omission). If the
client itself falls behind its schedule, that lateness is in the figures too, and the report
prints how late requests left (``start lag``) so the two can be told apart.

A table has five devices: the scorer's phone on the sheet, three players' phones on the share
viewer and a TV. A device is either

- **pushed**: it holds the page's server-sent events stream (``data-live-stream``), and on each
  ``changed`` event fetches its board once, as ``static/js/live.js`` does; or
- **polling**: it asks for its board every ``poll_every`` seconds with the ETag it holds (the
  fallback of a page whose stream cannot open).

The scorer enters a round through the phone's form every ``round_every`` seconds, the tables
staggered evenly over that period. Each event's delay is taken twice: arrival minus the commit
time the event carries (``data.at``, the server's clock, which is this machine's) and arrival
minus the round POST's scheduled time (what the player sees, POST included).

No Django here: the tables come in as the dictionaries ``tests.bench.site`` seeds.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import aiohttp

from tests.bench.deals import deal, round_form
from tests.bench.sse import Comment, SSEParser

REQUEST_TIMEOUT = 10.0  # seconds: an answer later than this is a failure
VERSION = re.compile(r'data-live-version="(?P<version>[^"]*)"')
RECONNECT_AFTER = 1.0  # seconds before a dropped stream is opened again (EventSource's default is ~3)


def percentile(values: list[float], share: float) -> float:
    """Nearest rank: the smallest value with at least ``share`` of the values at or below it."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


@dataclass
class Kind:
    """One kind of request or delay: its samples (seconds) and its failures."""

    samples: list[float] = field(default_factory=list)
    failures: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def fail(self, reason: str) -> None:
        self.failures += 1
        self.reasons[reason] = self.reasons.get(reason, 0) + 1

    def p(self, share: float) -> float:
        return percentile(self.samples, share) * 1000  # ms


@dataclass
class Recorder:
    """What a run saw. Samples are kept only for what was scheduled inside the measured window,
    so the streams' opening and the last answers after it are not counted twice or half."""

    kinds: dict[str, Kind] = field(default_factory=dict)
    lags: list[float] = field(default_factory=list)  # how late the client sent, seconds
    window: tuple[float, float] = (0.0, float("inf"))

    def kind(self, name: str) -> Kind:
        return self.kinds.setdefault(name, Kind())

    def counts(self, scheduled: float) -> bool:
        return self.window[0] <= scheduled < self.window[1]


@dataclass
class Stream:
    """One device's stream: its events' arrival times and what it was sent."""

    url: str
    arrivals: list[tuple[float, float, float | None]] = field(default_factory=list)  # (loop, wall, at)
    heartbeats: int = 0
    reconnects: int = 0
    opened: asyncio.Event = field(default_factory=asyncio.Event)
    failed: str = ""


@dataclass
class Device:
    name: str  # "scorer", "player's phone", "TV"
    board: str  # what it fetches (pushed) or polls: a board, or the sheet's watch address
    tag: str  # the version it holds (ETag)
    stream: Stream | None = None
    headers: dict[str, str] = field(default_factory=dict)
    fetch: str = ""  # the scorer's sheet, fetched when its watch answers 204


@dataclass
class Table:
    seed: dict[str, Any]
    offset: float  # seconds after the window opens that its first round is due
    devices: list[Device] = field(default_factory=list)
    rounds: list[tuple[float, bool]] = field(default_factory=list)  # (scheduled, stored)
    deals: int = 0
    posting: bool = False  # the scorer's save is on its way

    @property
    def cookie(self) -> dict[str, str]:
        return {"Cookie": f"sessionid={self.seed['sessionid']}; csrftoken={self.seed['csrftoken']}"}


def make_tables(seeds: list[dict[str, Any]], *, pushed: bool, round_every: float) -> list[Table]:
    """Each seeded table's five devices; with ``pushed`` each holds its page's stream."""
    tables = []
    for number, seed in enumerate(seeds):
        table = Table(seed, offset=round_every * number / len(seeds))
        scorer = Device("scorer", seed["watch"], seed["watch_tag"], headers=table.cookie, fetch=seed["sheet"])
        phones = [Device("player's phone", seed["board"], seed["board_tag"]) for _ in range(3)]
        tv = Device("TV", seed["board"] + "?tv=1", seed["tv_tag"])
        if pushed:
            scorer.stream = Stream(seed["streams"]["sheet"])
            for phone in phones:
                phone.stream = Stream(seed["streams"]["viewer"])
            tv.stream = Stream(seed["streams"]["tv"])
        table.devices = [scorer, *phones, tv]
        tables.append(table)
    return tables


class Client:
    """The one aiohttp session of a run and the scheduling helpers. ``host`` is the site's
    origin (haproxy in front of the page server and the stream server, as in production)."""

    def __init__(self, host: str, recorder: Recorder) -> None:
        self.host = host
        self.recorder = recorder
        self.loop = asyncio.get_running_loop()
        # No pooling limit: an open loop must not queue its own requests. No cookie jar: every
        # device sends its own cookies, and one jar would mix the tables' sessions.
        self.session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0, limit_per_host=0),
            cookie_jar=aiohttp.DummyCookieJar(),
            timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT),
        )
        self.stopping = False
        self.requests_sent = 0

    async def close(self) -> None:
        await self.session.close()

    async def at(self, scheduled: float) -> None:
        """Sleep until ``scheduled`` (loop time); note how late the loop woke."""
        delay = scheduled - self.loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        if self.recorder.counts(scheduled):
            self.recorder.lags.append(self.loop.time() - scheduled)

    async def request(
        self,
        kind: str,
        scheduled: float,
        method: str,
        path: str,
        *,
        expect: tuple[int, ...],
        headers: dict[str, str] | None = None,
        data: str | None = None,
    ) -> aiohttp.ClientResponse | None:
        """One request sent at ``scheduled``, timed from then. Returns the answer (read) if its
        status was expected, else records a failure and returns None."""
        await self.at(scheduled)
        counted = self.recorder.counts(scheduled)
        record = self.recorder.kind(kind)
        self.requests_sent += 1
        try:
            async with self.session.request(
                method, self.host + path, headers=headers, data=data, allow_redirects=False
            ) as response:
                await response.read()
        except (aiohttp.ClientError, TimeoutError) as error:
            if counted:
                record.fail(type(error).__name__)
            return None
        if counted:
            record.samples.append(self.loop.time() - scheduled)
            if response.status not in expect:
                record.fail(str(response.status))
        return response if response.status in expect else None

    async def post_round(self, table: Table, scheduled: float) -> None:
        table.deals += 1
        csrf = table.seed["csrftoken"]
        await self.at(scheduled)
        table.posting = True
        body = round_form(deal(table.seed["players"], table.deals), csrf)
        response = await self.request(
            "scorer: round POST (phone form)",
            scheduled,
            "POST",
            f"/matches/{table.seed['match']}/rounds/",
            expect=(200,),
            headers={
                **table.cookie,
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "X-CSRFToken": csrf,
            },
            data=urlencode(body),
        )
        table.posting = False
        table.rounds.append((scheduled, response is not None))
        if response is not None:
            # The answer is the new sheet: the scorer's page holds its version from now on.
            found = VERSION.search(await response.text())
            if found:
                table.devices[0].tag = html.unescape(found["version"])

    async def poll(self, device: Device, scheduled: float) -> None:
        """One ETag poll: 304 unchanged; 200 (a board) or 204 (the sheet's watch) changed.

        The poll's task is made when the run is planned: it waits for its time before it reads
        the version the device holds (an argument read at once would be the version at the
        start, and every poll after the first change would hear "changed")."""
        await asyncio.sleep(max(0.0, scheduled - self.loop.time()))  # ``request`` counts the lag
        response = await self.request(
            f"{device.name}: poll",
            scheduled,
            "GET",
            device.board,
            expect=(200, 204, 304),
            headers={**device.headers, "If-None-Match": device.tag},
        )
        if response is None or response.status == 304:
            return
        device.tag = response.headers.get("ETag", device.tag)
        if response.status == 204 and device.fetch:
            await self.fetch_sheet(device, "sheet after poll")

    async def fetch_on_push(self, device: Device, arrived: float, table: Table) -> None:
        """What the page does on ``changed`` (``static/js/live.js``), timed from the event: the
        viewer and the TV ask for their board with the ETag they hold (200, the new board); the
        scorer's sheet asks its watch address (304 when its own save already brought the new
        version, 204 otherwise) and on 204 fetches the sheet as htmx does."""
        if device.fetch:
            # live.js puts the sheet's refresh off while its own save is on its way (the save's
            # answer is the newer sheet), and asks again a second later.
            while table.posting:
                await asyncio.sleep(1.0)
                arrived = self.loop.time()  # the page asks from then: timed from then
        response = await self.request(
            f"{device.name}: {'watch' if device.fetch else 'board'} on push",
            arrived,
            "GET",
            device.board,
            expect=(200, 204, 304),
            headers={**device.headers, "If-None-Match": device.tag},
        )
        if response is None or response.status == 304:
            return
        device.tag = response.headers.get("ETag", device.tag)
        if device.fetch:
            await self.fetch_sheet(device, "sheet on push")

    async def fetch_sheet(self, device: Device, kind: str) -> None:
        """The sheet as htmx fetches it after a "changed"; the page then watches with the version
        the new sheet carries (``data-live-version``, what ``live.js`` reads). The watch's 204
        has no ETag: a scorer that kept its old version would hear "changed" at every poll."""
        response = await self.request(
            f"{device.name}: {kind}",
            self.loop.time(),
            "GET",
            device.fetch,
            expect=(200,),
            headers={**device.headers, "HX-Request": "true", "HX-Target": "sheet"},
        )
        if response is not None:
            found = VERSION.search(await response.text())
            if found:
                device.tag = html.unescape(found["version"])

    async def hold(self, device: Device, table: Table, opened_by: float) -> None:
        """Open the device's stream at ``opened_by`` and keep it open until the run stops;
        a stream that ends or fails is opened again (a reconnect), with ``Last-Event-ID`` as a
        browser sends it when the stream gave ids (the site's streams give none)."""
        stream = device.stream
        assert stream is not None
        await self.at(opened_by)
        parser = SSEParser()
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=REQUEST_TIMEOUT, sock_read=None)
        first = True
        while not self.stopping:
            if not first:
                stream.reconnects += 1
                await asyncio.sleep(RECONNECT_AFTER)
            first = False
            headers = {**device.headers, "Accept": "text/event-stream", "Cache-Control": "no-cache"}
            if parser.last_id is not None:
                headers["Last-Event-ID"] = parser.last_id
            started = self.loop.time()
            try:
                async with self.session.get(
                    self.host + stream.url, headers=headers, timeout=timeout
                ) as response:
                    kind = self.recorder.kind(f"{device.name}: stream open")
                    kind.samples.append(self.loop.time() - started)
                    if response.status != 200 or not response.content_type.startswith("text/event-stream"):
                        kind.fail(str(response.status))
                        stream.failed = f"{response.status} {response.content_type}"
                        stream.opened.set()
                        return
                    stream.opened.set()
                    async for chunk in response.content.iter_any():
                        arrived, wall = self.loop.time(), time.time()
                        for item in parser.feed(chunk):
                            if isinstance(item, Comment):
                                stream.heartbeats += 1
                            elif item.type == "changed":
                                at = _commit_time(item.data)
                                stream.arrivals.append((arrived, wall, at))
                                if not self.stopping:
                                    self.loop.create_task(self.fetch_on_push(device, arrived, table))
            except (aiohttp.ClientError, TimeoutError) as error:
                stream.failed = type(error).__name__
                stream.opened.set()


def _commit_time(data: str) -> float | None:
    try:
        at = json.loads(data).get("at")
    except (ValueError, AttributeError):
        return None
    return float(at) if isinstance(at, int | float) else None


@dataclass
class Plan:
    """What a run does: ``seconds`` measured after the streams are open; a round per table every
    ``round_every`` s; pushed devices, or polling ones every ``poll_every`` s. ``grace``: how long
    after the window the run waits for the last answers and events."""

    seconds: float
    round_every: float = 30.0
    pushed: bool = True
    poll_every: float = 5.0
    open_within: float = 10.0  # the streams are opened evenly over this, before the window
    settle: float = 3.0
    grace: float = 5.0


@dataclass
class Outcome:
    recorder: Recorder
    tables: list[Table]
    client_cpu: float  # share of one core the client used during the window
    requests: int
    memory: dict[int, float] = field(default_factory=dict)  # streams open: what on_open read


async def run(host: str, seeds: list[dict[str, Any]], plan: Plan, on_open: Any = None) -> Outcome:
    """One run. ``on_open`` (optional, a plain function of no argument) is called once a tenth
    of the streams is open and once all are, before the window: the evening reads the stream
    server's memory there."""
    recorder = Recorder()
    client = Client(host, recorder)
    tables = make_tables(seeds, pushed=plan.pushed, round_every=plan.round_every)
    loop = client.loop
    tasks: list[asyncio.Task[None]] = []
    memory: dict[int, float] = {}
    try:
        streams = [(device, table) for table in tables for device in table.devices if device.stream]
        # A tenth first, then the rest: the memory they add is read after each, so the stream
        # server's first-use costs (imports, connection pools) fall in the first tenth.
        first = max(1, len(streams) // 10) if streams else 0
        for begin, opened in ((0, first), (first, len(streams))):
            batch = streams[begin:opened]
            if not batch:
                continue
            now = loop.time()
            within = plan.open_within * len(batch) / len(streams)
            for index, (device, table) in enumerate(batch):
                tasks.append(loop.create_task(client.hold(device, table, now + within * index / len(batch))))
            await asyncio.wait_for(
                asyncio.gather(*(device.stream.opened.wait() for device, _table in batch if device.stream)),
                timeout=within + 60,
            )
            if on_open is not None:
                memory[opened] = await asyncio.to_thread(on_open)
        start = loop.time() + plan.settle
        end = start + plan.seconds
        recorder.window = (start, end)
        for table in tables:
            scheduled = start + table.offset
            while scheduled < end:
                tasks.append(loop.create_task(client.post_round(table, scheduled)))
                scheduled += plan.round_every
            if not plan.pushed:
                for device in table.devices:
                    scheduled = start + random.random() * plan.poll_every
                    while scheduled < end:
                        tasks.append(loop.create_task(client.poll(device, scheduled)))
                        scheduled += plan.poll_every
        await client.at(start)
        cpu_start, sent_start = time.process_time(), client.requests_sent
        await asyncio.sleep(max(0.0, end - loop.time()))
        cpu = (time.process_time() - cpu_start) / plan.seconds
        requests = client.requests_sent - sent_start
        await asyncio.sleep(plan.grace)
    finally:
        client.stopping = True
        for task in tasks:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*tasks, return_exceptions=True)
        await client.close()
    if plan.pushed:
        _deliveries(recorder, tables)
    return Outcome(recorder, tables, cpu, requests, memory)


def _deliveries(recorder: Recorder, tables: list[Table]) -> None:
    """Match each stored round to the first ``changed`` each device of its table received after
    the round was due and before the next one was: its two delays, or a miss (a failure of
    that device kind's delivery)."""
    commit = recorder.kind("push delivery: arrival - commit (data.at)")
    for table in tables:
        rounds = sorted(table.rounds)
        dues = [scheduled for scheduled, _stored in rounds] + [float("inf")]
        for index, (scheduled, stored) in enumerate(rounds):
            if not stored or not recorder.counts(scheduled):
                continue
            for device in table.devices:
                if device.stream is None:
                    continue
                posted = recorder.kind(f"push delivery to {device.name}: arrival - round POST due")
                first = next((a for a in device.stream.arrivals if scheduled <= a[0] < dues[index + 1]), None)
                if first is None:
                    posted.fail("no event")
                    continue
                arrived, wall, at = first
                posted.samples.append(arrived - scheduled)
                if at is None:
                    commit.fail("no data.at")
                else:
                    commit.samples.append(wall - at)
