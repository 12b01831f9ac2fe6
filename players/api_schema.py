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

from drf_spectacular.utils import OpenApiResponse
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


class JSONStringField(serializers.CharField):
    """A JSON string and nothing else, as the schema says: DRF's own field also takes ``0`` or
    ``true`` and stores their text, which a JSON client did not mean to send."""

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


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
