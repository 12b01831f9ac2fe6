"""The API's orjson renderer writes what DRF's own JSON renderer writes, byte for byte."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal

import pytest
from django.utils import timezone
from django.utils.translation import gettext_lazy
from rest_framework import renderers

from config.renderers import JSONRenderer

AMSTERDAM = dt.timezone(dt.timedelta(hours=1))

DOCUMENTS = [
    {"id": 1, "rounds": [{"number": 1, "scores": [10, -5], "body": {"entries": [{"hand": ["KH", "10S"]}]}}]},
    {"at": dt.datetime(2026, 12, 1, 21, 5, 7, 123456, tzinfo=dt.UTC), "day": dt.date(2026, 12, 1)},
    {"at": dt.datetime(2026, 12, 1, 21, 5, 7, tzinfo=AMSTERDAM), "naive": dt.datetime(2026, 1, 2, 3, 4, 5)},
    {
        "time": dt.time(20, 15),
        "took": dt.timedelta(minutes=3),
        "fee": Decimal("2.50"),
        "key": uuid.UUID(int=7),
    },
    {"message": gettext_lazy("Only the club's owners and admins may run the league."), "name": "Zoë 🂡 Noël"},
    {"odd": "line\u2028separator\u2029paragraph", "nested": [[], {}, [None, True, False, 0.5, -0.0]]},
    {1: "integer key", "big": 2**63 - 1},
    [{"a": 1}, ("tuple", "too")],
    "a bare string",
]


@pytest.mark.parametrize("document", DOCUMENTS)
def test_the_orjson_renderer_writes_what_drf_writes(document):
    with timezone.override("Europe/Amsterdam"):
        assert JSONRenderer().render(document) == renderers.JSONRenderer().render(document)


def test_an_integer_orjson_cannot_hold_is_written_by_drf_as_before():
    document = {"huge": 2**70}
    assert (
        JSONRenderer().render(document)
        == renderers.JSONRenderer().render(document)
        == b'{"huge":1180591620717411303424}'
    )


def test_nothing_renders_as_an_empty_body_and_indent_as_drf_does():
    assert JSONRenderer().render(None) == b""
    indented = JSONRenderer().render({"a": [1]}, "application/json; indent=2")
    assert indented == renderers.JSONRenderer().render({"a": [1]}, "application/json; indent=2")
    assert b"\n" in indented
