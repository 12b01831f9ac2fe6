"""The API's one request parser: JSON, refused cleanly when it cannot be used.

DRF's own JSON parser lets a few bodies through to a 500: nesting deeper than Python's
recursion limit (``RecursionError``), ``1e999`` (an infinite float no database column takes),
and text that PostgreSQL cannot store (NUL characters, lone surrogates such as ``"\\ud800"``).
Here the first two are a parse error (400) and unstorable text is ``invalid`` at the field that
holds it (400). A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` never gets here: DRF reads it through
``request.body``, which refuses it (413, in config/errors.py).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import IO, Any

from rest_framework import exceptions, parsers
from rest_framework.exceptions import ErrorDetail
from rest_framework.utils.json import strict_constant

# The module, not its names: config.errors imports DRF's views, whose settings import this parser.
from config import errors


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"number out of range: {text}")
    return number


def storable(text: str) -> bool:
    """Whether a database can keep this text as it is: no NUL, no unpaired surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def unstorable_fields(data: Any) -> list[str]:
    """The dotted paths (api.md's ``field``) of strings, or keys, that ``storable`` refuses.

    Walked without recursion: json.loads has already allowed as deep a document as Python can take.
    """
    found: list[str] = []
    pending: list[tuple[str, Any]] = [("", data)]
    while pending:
        path, value = pending.pop()
        if isinstance(value, str):
            if not storable(value):
                found.append(path)
        elif isinstance(value, dict):
            for key, item in value.items():
                child = f"{path}.{key}" if path else str(key)
                if not storable(key):
                    found.append(path)
                else:
                    pending.append((child, item))
        elif isinstance(value, list):
            pending.extend(
                (f"{path}.{index}" if path else str(index), item) for index, item in enumerate(value)
            )
    return sorted(found)


class JSONParser(parsers.JSONParser):
    def parse(
        self, stream: IO[Any], media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        body = stream.read()
        encoding = parsers.get_encoding(parser_context or {})  # type: ignore[attr-defined]  # untyped in the stubs
        try:
            data = json.loads(
                body.decode(encoding),
                parse_constant=strict_constant if self.strict else None,
                parse_float=_finite,
            )
        except (ValueError, RecursionError) as error:
            raise exceptions.ParseError(f"JSON parse error - {type(error).__name__}") from None
        if fields := unstorable_fields(data):
            message = str(errors.MESSAGES["invalid"])
            raise exceptions.ValidationError({field: [ErrorDetail(message, "invalid")] for field in fields})
        return data
