"""The bench's server-sent events reader (``tests/bench/sse.py``) reads a stream as a browser's
EventSource does, however the network cuts it into chunks."""

from __future__ import annotations

import json

import pytest

from tests.bench.sse import Comment, Event, SSEParser

# What the contract with the live pages says a stream sends: a heartbeat comment, a retry hint,
# "changed" events with an id and a JSON payload carrying the commit time, line ends of every
# kind, a multi-line data field, and an event with no data (which is never dispatched).
STREAM = (
    b": heartbeat\n\n"
    b"retry: 3000\n"
    b'event: changed\nid: 41\ndata: {"at": 1764883200.25, "version": "v41"}\n\n'
    b'event: changed\r\nid: 42\r\ndata: {"at": 1764883230.5}\r\n\r\n'
    b"event: changed\rid: 43\rdata:first\rdata: second\r\r"
    b"event: nothing\nid: 44\n\n"
    b":\n"
    b"data: caf\xc3\xa9 without a type\n\n"
)

EXPECTED = [
    Comment("heartbeat"),
    Event("changed", '{"at": 1764883200.25, "version": "v41"}', "41"),
    Event("changed", '{"at": 1764883230.5}', "42"),
    Event("changed", "first\nsecond", "43"),
    Comment(""),
    Event("message", "café without a type", "44"),
]


def read(chunks: list[bytes]) -> tuple[list[Event | Comment], SSEParser]:
    parser = SSEParser()
    items: list[Event | Comment] = []
    for chunk in chunks:
        items += parser.feed(chunk)
    return items, parser


def test_reads_the_stream_whole() -> None:
    items, parser = read([STREAM])
    assert items == EXPECTED
    assert parser.last_id == "44"
    assert parser.retry_ms == 3000


@pytest.mark.parametrize("size", [1, 2, 3, 7, 64])
def test_reads_the_same_whatever_the_chunks(size: int) -> None:
    """Cut every ``size`` bytes: through CRLFs, inside the two bytes of an é, mid-field."""
    chunks = [STREAM[start : start + size] for start in range(0, len(STREAM), size)]
    assert read(chunks)[0] == EXPECTED


def test_an_event_waits_for_its_blank_line() -> None:
    parser = SSEParser()
    assert parser.feed(b'event: changed\ndata: {"at": 1}\n') == []
    assert parser.feed(b"\n") == [Event("changed", '{"at": 1}', None)]


def test_a_crlf_cut_after_its_cr_makes_one_line_end() -> None:
    parser = SSEParser()
    assert parser.feed(b"data: a\r") == []
    assert parser.feed(b"\n\r\n") == [Event("message", "a", None)]


def test_the_payload_is_the_contracts_json() -> None:
    items, _parser = read([STREAM])
    first = items[1]
    assert isinstance(first, Event)
    assert json.loads(first.data)["at"] == pytest.approx(1764883200.25)
