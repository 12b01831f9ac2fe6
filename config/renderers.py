"""The API's JSON renderer: DRF's answer, written by orjson.

A match's answer at 200 deals is a few thousand values; the standard library's encoder spent
longer writing it than the view spent on everything else but reading the rounds
(docs/performance.md). orjson (the most used of the fast JSON libraries, kept up to date with
CPython) writes the same document several times faster.

Why not the packaged ``drf-orjson-renderer``: it lets orjson write dates and times in its own
form (microseconds, ``+00:00``) where DRF writes them its own way (milliseconds, ``Z``), so the
API's answers would change shape. Here orjson hands every value it does not know as plain JSON
(dates, times, decimals, lazy translations, querysets) to DRF's own encoder, so the answer is
the one DRF's renderer gives, character for character but for the whitespace DRF leaves out too.
The browsable API (indented) keeps DRF's renderer.
"""

from __future__ import annotations

from typing import Any

import orjson
from rest_framework import renderers
from rest_framework.utils.encoders import JSONEncoder

_ENCODER = JSONEncoder()
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
# DRF escapes these two (valid JSON, but not valid inside a JavaScript string before ES2019).
_SEPARATORS = ((b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


class JSONRenderer(renderers.JSONRenderer):
    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        if data is None:
            return b""
        if self.get_indent(accepted_media_type or "", renderer_context or {}):
            return super().render(data, accepted_media_type, renderer_context)
        try:
            text = orjson.dumps(data, default=_ENCODER.default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            # What orjson refuses and the standard library takes (an integer over 64 bits):
            # DRF's own renderer decides, as it did before.
            return super().render(data, accepted_media_type, renderer_context)
        for raw, escaped in _SEPARATORS:
            if raw in text:
                text = text.replace(raw, escaped)
        return text
