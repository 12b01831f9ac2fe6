"""A server-sent events reader for the open-loop bench (``tests.bench.openloop``): bytes in, as
they arrive, events and comments out, parsed as a browser's ``EventSource`` parses them (the
HTML standard's "event stream interpretation").

Written here rather than taken from a client library because the bench needs what those hide:
the moment each event arrived, every comment (the server's heartbeats, counted), and the last
event id kept across reconnections by the caller. Pure Python, no I/O, so it is tested on a fake
stream cut at every byte (``tests/test_bench_sse.py``).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    type: str  # "message" when the stream named none
    data: str
    id: str | None  # the stream's last event id as it stands after this event


@dataclass(frozen=True)
class Comment:
    text: str  # a line that starts with ":", heartbeats among them


class SSEParser:
    """Feed it the stream's bytes in chunks of any size; each ``feed`` returns what those bytes
    completed. Lines end in CRLF, LF or CR (a CR at the end of a chunk waits to see whether an
    LF follows); an event is dispatched on a blank line, and only if it had data."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._buffer = ""
        self._pending_cr = False
        self._type = ""
        self._data: list[str] = []
        self.last_id: str | None = None
        self.retry_ms: int | None = None

    def feed(self, chunk: bytes) -> list[Event | Comment]:
        text = self._decoder.decode(chunk)
        if self._pending_cr and text.startswith("\n"):
            text = text[1:]  # the LF of a CRLF cut between two chunks
        self._pending_cr = False
        self._buffer += text
        out: list[Event | Comment] = []
        while True:
            cut = _line_end(self._buffer)
            if cut is None:
                break
            end, width = cut
            line = self._buffer[:end]
            if self._buffer[end] == "\r" and end + 1 == len(self._buffer):
                self._pending_cr = True  # a CR last in the buffer: its LF may come next
            self._buffer = self._buffer[end + width :]
            item = self._line(line)
            if item is not None:
                out.append(item)
        return out

    def _line(self, line: str) -> Event | Comment | None:
        if line == "":
            return self._dispatch()
        if line.startswith(":"):
            return Comment(line[1:].removeprefix(" "))
        field, colon, value = line.partition(":")
        if colon:
            value = value.removeprefix(" ")
        if field == "event":
            self._type = value
        elif field == "data":
            self._data.append(value)
        elif field == "id" and "\0" not in value:
            self.last_id = value
        elif field == "retry" and value.isdigit():
            self.retry_ms = int(value)
        return None

    def _dispatch(self) -> Event | None:
        data, kind = self._data, self._type
        self._data, self._type = [], ""
        if not data:
            return None
        return Event(type=kind or "message", data="\n".join(data), id=self.last_id)


def _line_end(buffer: str) -> tuple[int, int] | None:
    """Where the first line of ``buffer`` ends and how long its end is, or None if no line is
    complete yet."""
    for index, char in enumerate(buffer):
        if char == "\n":
            return index, 1
        if char == "\r":
            return index, 2 if buffer[index + 1 : index + 2] == "\n" else 1
    return None
