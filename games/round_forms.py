"""Turning a phone form's POST into the round JSON the engine checks, and back.

Every input of a round form is named after the place its value takes in the round JSON, with a
type after a colon: ``entries.1.points:int``, ``entries.0.laid_down:bool``,
``entries.2.hand.K:int``, ``contract:str``. So the engine's error fields (``entries.1.points``)
point straight at inputs, and one parser serves every game. Two extra forms:

- ``@went_out`` = ``2``: one radio group for "who went out"; sets ``went_out`` true on entry 2
  and false on every other entry.
- ``entries.2:null``: the entry is ``null`` (a player who finished and sits out).
- ``[contract=x]entries.0.bid:int``: the input counts only when the form's ``contract:str`` is
  ``x``, so one page can hold the fields of every contract a deal may be played as.

Names a form never has (``entries.abc.points:int``, ``entries.20000000.x:int``, a field inside
a value: ``entries.0:int`` with ``entries.0.points:int``) are dropped: an entry index must be
below the number of lines the form has, so a crafted POST can neither fail nor make the server
build a huge list.

Values the engine would refuse (``"abc"`` for a number) are passed on as strings, so the
refusal comes from the one place that knows the rules.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import QueryDict

Body = dict[str, Any]
CONDITION = re.compile(r"^\[(?P<key>\w+)=(?P<value>[\w-]+)\](?P<name>.+)$")


def _convert(kind: str, raw: str) -> tuple[bool, Any]:
    """(keep, value). Empty numbers are left out so the engine can say "required"."""
    raw = raw.strip()
    if kind == "bool":
        return True, raw.lower() in {"1", "true", "on", "yes"}
    if kind == "int":
        if raw == "":
            return False, None
        try:
            return True, int(raw)
        except ValueError:
            return True, raw
    return (raw != ""), raw


def _place(body: Body, path: list[str], value: Any, lines: int) -> None:
    node: Any = body
    for index, part in enumerate(path):
        if not isinstance(node, dict | list):
            # A value (5, "abc") or a sitting-out entry's null holds no fields: a crafted
            # ``x:str`` beside ``x.y:int`` keeps the first and drops the second.
            return
        last = index == len(path) - 1
        if isinstance(node, list):
            if not (part.isascii() and part.isdigit()) or int(part) >= lines:
                return
            position = int(part)
            while len(node) <= position:
                node.append({})
            if last:
                node[position] = value
                return
            node = node[position]
            continue
        if last:
            node[part] = value
            return
        # Only `entries` is a list; card maps have number-like keys ("2", "10") too.
        node = node.setdefault(part, [] if part == "entries" else {})


def _is_card_count(name: str) -> bool:
    parts = name.split(".")
    return len(parts) >= 4 and (parts[-2] == "hand" or parts[-2].endswith("_cards"))


def parse_round(data: QueryDict, lines: int) -> Body:
    """The round JSON of a form with ``lines`` entry lines."""
    body: Body = {}
    nulls = [key.split(":")[0] for key in data if key.endswith(":null") and data.get(key)]
    for path in nulls:
        _place(body, path.split("."), None, lines)
    chosen = {key.split(":")[0]: data.get(key, "").strip() for key in data if key.endswith(":str")}
    for key in data:
        if ":" not in key or key.endswith(":null"):
            continue
        name, kind = key.rsplit(":", 1)
        condition = CONDITION.match(name)
        if condition:
            if chosen.get(condition["key"]) != condition["value"]:
                continue
            name = condition["name"]
        keep, value = _convert(kind, data.getlist(key)[-1])
        if not keep:
            continue
        # A card calculator leaves every rank in the form; a count of 0 is no card at all.
        if value == 0 and _is_card_count(name):
            continue
        _place(body, name.split("."), value, lines)
    entries = body.get("entries")
    for key in data:
        if key.startswith("@") and isinstance(entries, list):
            field = key[1:]
            picked = data.get(key, "")
            for index, entry in enumerate(entries):
                if isinstance(entry, dict):
                    entry[field] = str(index) == picked
    return body


def errors_by_field(errors: list[dict[str, str]]) -> dict[str, list[str]]:
    """Error messages keyed by the field they concern; ``""`` holds the round-level ones."""
    grouped: dict[str, list[str]] = {}
    for error in errors:
        grouped.setdefault(error["field"], []).append(error["message"])
    return grouped
