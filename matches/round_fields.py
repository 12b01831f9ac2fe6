"""The round form's fields: each game's entry template and the card calculator, rendered from a
context of their own, and remembered while the form is blank.

A blank form (nothing typed, nothing refused) is the same for every deal of a match whose lines
and game extras did not change: in most games the form for the next deal differs from the last
one only in its hidden deal number and key, which are outside these fields. Rendering them was
about a fifth of the work of the phone's answer to a saved deal and of the sheet
(``docs/performance.md``), so a blank form's render is kept, keyed by a fingerprint of its
whole context.

The key cannot miss an input: the templates are rendered with ``fields`` and nothing else (no
sheet, request or user), plus the active language, which is in the key. What a game's entry
needs beyond its lines comes from its home's ``entry_context``, as plain values. A context the
fingerprint cannot read (an object that is not a dataclass, mapping, sequence or scalar) is
rendered every time rather than guessed at.

The memo is per process and bounded: a pure function's results, the same on every app server,
not state (a restart or a new deploy starts it empty and costs one render per form).
"""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, cast

import orjson
from django.template.loader import get_template
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from games.protocol import GameHome, Json
from matches.sheets import EntryRow, Sheet

CALCULATOR = "includes/card_calculator.html"
KEPT = 512  # forms; a few kilobytes each


def fields_context(
    sheet: Sheet, rows: list[EntryRow], body: Json, errors: Mapping[str, list[str]], number: int | None
) -> dict[str, Any]:
    """Everything the entry and calculator templates see: the lines with what was typed and
    their errors, the deal being corrected (None for the next one), the calculator's keys,
    whether sides are teams, and what the game adds."""
    home: GameHome = sheet.home
    return {
        "entry_template": home.entry_template,
        "rows": rows,
        "body": body or {},
        "errors": errors,
        "number": number,
        "calculator": [(key.rank, key.value) for key in home.calculator_keys(sheet.state.setup)],
        "teams": sheet.state.setup.teams is not None,
        **home.entry_context(sheet, body, number),
    }


def render_fields(fields: Mapping[str, Any]) -> SafeString:
    """The entry fields and the calculator, from the memo where the form is blank."""
    if fields["body"] or fields["errors"]:
        return _render(fields)
    try:
        key = _key(fields)
    except _Unreadable:
        return _render(fields)
    with _lock:
        html = _kept.get(key)
        if html is not None:
            _kept.move_to_end(key)
            return html
    html = _render(fields)
    with _lock:
        _kept[key] = html
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return html


def forget() -> None:
    """Empty the memo (tests that change templates or translations)."""
    with _lock:
        _kept.clear()


_kept: OrderedDict[str, SafeString] = OrderedDict()
_lock = threading.Lock()


def _render(fields: Mapping[str, Any]) -> SafeString:
    context = dict(fields)
    entry = get_template(fields["entry_template"]).render(context)
    calculator = get_template(CALCULATOR).render(context)
    return mark_safe(entry + calculator)  # both rendered with autoescape on


class _Unreadable(Exception):
    pass


def _key(fields: Mapping[str, Any]) -> str:
    # orjson: the text of the same data, sorted the same way, a fifth of json's time.
    try:
        text = orjson.dumps([get_language(), _plain(fields)], option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError as error:  # an integer beyond 64 bits, say
        raise _Unreadable(str(error)) from None
    return hashlib.blake2b(text, digest_size=16).hexdigest()


_SCALARS = (type(None), bool, int, float, str)


def _plain(value: object) -> object:
    """``value`` as JSON-able data that differs wherever a template could see a difference.

    Exact types first, then the ABCs (whose checks cost more): a form's context is mostly
    scalars, lists and dataclasses, and this runs for every blank form drawn."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list or kind is tuple:
        return [_plain(item) for item in cast(Sequence[object], value)]
    if isinstance(value, bool | int | float | str):  # a subclass (a SafeString, an IntEnum)
        return value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, Mapping):
        # The type too: a mapping that answers missing keys (sheets.Blank) renders like a dict,
        # but a key is never trusted across two behaviours. Keys by ``repr``: 1 and "1" differ.
        return {"@": kind.__qualname__, **{repr(k): _plain(v) for k, v in value.items()}}
    if isinstance(value, Sequence):
        return [_plain(item) for item in value]
    names = _dataclass_fields(kind)
    if names is not None and not isinstance(value, type):
        return {"@": kind.__qualname__, **{name: _plain(getattr(value, name)) for name in names}}
    raise _Unreadable(kind.__qualname__)


def _dataclass_fields(kind: type) -> tuple[str, ...] | None:
    """A dataclass's field names (asked of the class once), or None for any other type."""
    try:
        return _FIELDS[kind]
    except KeyError:
        names = (
            tuple(field.name for field in dataclasses.fields(kind))
            if dataclasses.is_dataclass(kind)
            else None
        )
        _FIELDS[kind] = names
        return names


_FIELDS: dict[type, tuple[str, ...] | None] = {}
