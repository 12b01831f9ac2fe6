"""What every app's API shares in the OpenAPI schema: the one error shape
(``{"errors": [{"field", "code", "message"}]}``, ``ErrorsSerializer``) and the answers in it that
every endpoint can give (``AUTH_ERRORS``, ``NOT_FOUND``, ``BODY_ERRORS``), closed bodies
(``closed_body``, ``close_bodies``) and a JSON string field.

Here, in the lowest app with an API, so that every app's API reaches them without importing an
app above it (the clubs' house games, ``house.api``, sit below the matches). The clubs' own
documents sit beside their views in ``players/clubs_api.py``; the matches' are
``matches/api/schema.py`` and ``matches/api/docs.py``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

# Bodies whose serializer refuses keys it does not know (a misspelt key must not silently become
# a default): the schema writes them with ``additionalProperties: false``, so a client generated
# from it, or schemathesis, does not send one. ``closed_body`` registers a serializer;
# ``close_bodies`` (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``) closes its components, the
# ``Patched…`` one of a PATCH included.
CLOSED: set[str] = set()


def closed_body[T: type](serializer: T) -> T:
    name = serializer.__name__.removesuffix("Serializer")
    CLOSED.update({name, f"Patched{name}"})
    return serializer


def close_bodies(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name in CLOSED and component.get("type") == "object":
            component["additionalProperties"] = False
    return result


def require_text(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """A text the API requires (``minLength`` 1) must hold more than spaces: DRF trims a text
    before it checks it, so "  " is as empty as "" and refused. The schema says so with a
    pattern (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``), so that a request it allows is
    one the API takes."""
    stack: list[object] = [result.get("components", {}).get("schemas", {})]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            plain = node.get("type") == "string" and not {"pattern", "format", "enum"} & set(node)
            if plain and node.get("minLength", 0) >= 1:
                node["pattern"] = r"\S"
            stack.extend(node.values())
    return result


class JSONStringField(serializers.CharField):
    """A JSON string and nothing else, as the schema says: DRF's own field also takes ``0`` or
    ``true`` and stores their text, which a JSON client did not mean to send."""

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


# A time of day as the API writes and reads it ("19:30" or "19:30:00", in the club's time zone):
# a plain pattern, not OpenAPI's ``format: time``, which is RFC 3339's full-time and wants an
# offset ("19:30:00+01:00") that such a time has not. The pattern is what the field reads.
CLOCK_TIME = {
    "type": "string",
    "pattern": "^([01]?[0-9]|2[0-3]):[0-5]?[0-9](:([0-5]?[0-9]|6[01]))?$",
    "example": "19:30",
}


@extend_schema_field(CLOCK_TIME)
class ClockTimeField(serializers.TimeField):
    """A time of day as ``CLOCK_TIME`` says: read from "HH:MM" or "HH:MM:SS" only, written
    "HH:MM:SS". DRF's own field also reads "19", "T1930" or an offset, which no schema says."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("input_formats", ["%H:%M", "%H:%M:%S"])
        kwargs.setdefault("format", "%H:%M:%S")
        super().__init__(**kwargs)


class ErrorSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text="Dotted path into the posted JSON; empty for the round as a whole."
    )
    code = serializers.CharField(help_text="Stable, machine-readable code.")
    message = serializers.CharField(help_text="In the request's language (Accept-Language: nl, fr, en).")


class ErrorsSerializer(serializers.Serializer):
    # The contract's key is "errors", which shadows Serializer.errors; this class only
    # documents the answer and is never validated, so the shadowing is harmless.
    errors = ErrorSerializer(many=True)  # type: ignore[assignment]


ERROR = OpenApiResponse(ErrorsSerializer, description='`{"errors": [{"field", "code", "message"}]}`')

# The answers every authenticated endpoint can give besides its own.
AUTH_ERRORS = {401: ERROR, 403: ERROR}
# ... every endpoint that reads one object (an unknown id, or another club's).
NOT_FOUND = {404: ERROR}
# ... every endpoint that takes a JSON body.
BODY_ERRORS = {400: ERROR, 413: ERROR, 415: ERROR}
