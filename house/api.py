"""A club's house games in the JSON API: declared from rule blocks (``scoring.declared``),
listed, changed (a new version: played matches keep theirs), deleted, and shared as a small
JSON file (the definition itself: what ``GET …/file/`` gives, ``POST …/games/`` takes back,
as a JSON body or an uploaded ``file``).

Members of the club read its games; its owners and admins change them (in one's personal club,
that is oneself). Another club is 404, a member without the right 403, as everywhere.
"""

from __future__ import annotations

import json
from dataclasses import MISSING
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from games.declared import DEFINITION_WORDS, templates
from games.messages import error_list
from games.refusals import SiteCode, refuse
from house.models import HouseGame
from players.api_schema import AUTH_ERRORS, BODY_ERRORS, ERROR, NOT_FOUND
from players.models import Club
from players.permissions import club_for_member
from players.versioned import if_match, tagged
from scoring import Refused
from scoring.declared import BLOCKS, ENTRY_KIND, Definition, FieldKind, FieldSchema, schema

MAX_FILE = 20_000  # bytes: a definition is a few hundred
# The project's JSON parser (settings, imported classes at run time) and an uploaded file.
PARSERS: list[Any] = [*api_settings.DEFAULT_PARSER_CLASSES, MultiPartParser]


def _field(item: FieldSchema) -> serializers.Field:
    """The API's description of one field of a definition, from its schema."""
    options: dict[str, Any] = {"required": item.unused is MISSING, "allow_null": item.nullable}
    default = item.default()
    if default is not MISSING:
        options["default"] = getattr(default, "value", default)
    if item.spec.when is not None:
        sibling, values = item.spec.when
        options["help_text"] = f"Only when {sibling} is {' or '.join(values)}; required then."
    if item.kind == FieldKind.INT:
        return serializers.IntegerField(min_value=item.spec.low, max_value=item.highest, **options)
    if item.kind == FieldKind.BOOL:
        return serializers.BooleanField(**options)
    if item.kind == FieldKind.CHOICE:
        return serializers.ChoiceField(choices=item.choices, **options)
    if item.kind == FieldKind.TEXT:
        return serializers.CharField(min_length=1, max_length=item.spec.high, **options)
    if item.kind == FieldKind.CARDS:
        card = serializers.IntegerField(min_value=item.spec.low, max_value=item.spec.high)
        return serializers.DictField(child=card, **options)
    if item.kind == FieldKind.OBJECT:
        return _serializer(item.type, "HouseGameEnd")(**options)
    return EntryField(**options)


def _tag_field(tag: str) -> serializers.Field:
    """A block's ``kind``: that one value, so that a block matches exactly one of the entry's
    ``oneOf`` schemas (a validator reads the ``oneOf``, not the discriminator)."""
    documented = extend_schema_field({"type": "string", "enum": [tag], "default": tag})
    field_class = documented(type(f"{tag.title().replace('_', '')}Tag", (serializers.CharField,), {}))
    return field_class(help_text=f'"{tag}"', default=tag)


def _serializer(cls: type, name: str) -> type[serializers.Serializer]:
    """A serializer documenting one of the definition's dataclasses, field by field; a dotted
    key is a nested object (``players.min``)."""
    attrs: dict[str, Any] = {}
    if cls in BLOCKS.values():
        # The block's tag, a plain string: the entry's discriminator maps each value to its block.
        tag = cls.kind.value  # type: ignore[attr-defined]
        attrs[ENTRY_KIND.key] = _tag_field(tag)
    groups: dict[str, dict[str, Any]] = {}
    for item in schema(cls):
        if "." in item.key:
            group, key = item.key.split(".", 1)
            groups.setdefault(group, {})[key] = _field(item)
        else:
            attrs[item.key] = _field(item)
    for group, members in groups.items():
        attrs[group] = type(f"HouseGame{group.title()}Serializer", (serializers.Serializer,), members)()
    return type(f"{name}Serializer", (serializers.Serializer,), attrs)


def _blocks() -> dict[str, serializers.Serializer | type[serializers.Serializer]]:
    """Each block's serializer, by the ``kind`` that tells it."""
    return {
        kind.value: _serializer(block, f"HouseGame{kind.title().replace('_', '')}Block")
        for kind, block in BLOCKS.items()
    }


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="HouseGameEntry", serializers=_blocks, resource_type_field_name=ENTRY_KIND.key
    )
)
class EntryField(serializers.JSONField):
    """How a deal is entered: one block, told by its ``kind``."""


# What the API takes for a house game and gives back in ``definition``: the engine's schema
# (``scoring.declared.schema``) as the API documents it. The engine reads and checks the body.
DefinitionSerializer = _serializer(Definition, "HouseGameDefinition")


class HouseGameSerializer(serializers.Serializer):
    """What the API answers for a house game (documents the answer; ``_house_game_json`` writes it)."""

    slug = serializers.SlugField()
    name = serializers.CharField()
    club = serializers.IntegerField()
    version = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField())
    definition = DefinitionSerializer()
    updated_at = serializers.DateTimeField()


class HouseGameFileSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A house game shared as a file (its definition's JSON).")


class HouseGameTemplateSerializer(serializers.Serializer):
    template = serializers.CharField()
    definition = DefinitionSerializer()


def _house_game_json(game: HouseGame) -> dict[str, Any]:
    return {
        "slug": game.slug,
        "name": game.name,
        "club": game.club_id,
        "version": game.version,
        "players": list(game.rules.player_counts),
        "definition": game.definition,
        "updated_at": game.updated_at.isoformat(),
    }


def _refused(refused: Refused) -> Response:
    return Response(
        {"errors": error_list(refused.errors, DEFINITION_WORDS)}, status=status.HTTP_400_BAD_REQUEST
    )


def _manager_of(request: Request, club: Club) -> None:
    if not club.may_manage(request.user):
        raise PermissionDenied


def _definition_from(request: Request) -> object:
    """The definition posted: a JSON body, or an uploaded file holding one."""
    upload = request.FILES.get("file")
    if upload is None:
        return request.data
    if upload.size is None or upload.size > MAX_FILE:
        raise refuse(SiteCode.INVALID, "file")
    try:
        return json.loads(upload.read().decode())
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise refuse(SiteCode.INVALID, "file") from None


@extend_schema(
    operation_id="house_games_templates",
    summary="House games a club can start from",
    responses={200: HouseGameTemplateSerializer(many=True)},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def template_list(request: Request) -> Response:
    return Response([{"template": key, "definition": value} for key, value in templates().items()])


@extend_schema(
    methods=["GET"],
    operation_id="house_games_list",
    summary="A club's house games",
    responses={200: HouseGameSerializer(many=True), **AUTH_ERRORS, **NOT_FOUND},
)
@extend_schema(
    methods=["POST"],
    operation_id="house_games_create",
    summary="Declare a house game (owners and admins); the body is its definition",
    request={"application/json": DefinitionSerializer, "multipart/form-data": HouseGameFileSerializer},
    responses={201: HouseGameSerializer, **BODY_ERRORS, **AUTH_ERRORS, **NOT_FOUND},
)
@api_view(["GET", "POST"])
@parser_classes(PARSERS)
def house_game_list(request: Request, club_id: int) -> Response:
    club = club_for_member(request, club_id)
    if request.method == "GET":
        return Response([_house_game_json(game) for game in club.house_games.current()])
    _manager_of(request, club)
    try:
        game = HouseGame.declare(club, _definition_from(request), by=request.user)
    except Refused as refused:
        return _refused(refused)
    return Response(_house_game_json(game), status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    operation_id="house_games_retrieve",
    summary="A house game",
    responses={200: HouseGameSerializer, **AUTH_ERRORS, **NOT_FOUND},
)
@extend_schema(
    methods=["PUT"],
    operation_id="house_games_update",
    summary="Change a house game's rules (a new version; played matches keep theirs)",
    request=DefinitionSerializer,
    responses={200: HouseGameSerializer, **BODY_ERRORS, **AUTH_ERRORS, **NOT_FOUND, 412: ERROR},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="house_games_destroy",
    summary="Delete a house game",
    responses={204: None, **AUTH_ERRORS, **NOT_FOUND},
)
@api_view(["GET", "PUT", "DELETE"])
def house_game_detail(request: Request, club_id: int, slug: str) -> Response:
    club = club_for_member(request, club_id)
    game = get_object_or_404(club.house_games.current(), slug=slug)
    if request.method == "GET":
        return _tagged(game)
    _manager_of(request, club)
    if request.method == "DELETE":
        game.retire()
        return Response(status=status.HTTP_204_NO_CONTENT)
    try:
        game.change(request.data, version=if_match(request))
    except Refused as refused:
        return _refused(refused)
    return _tagged(game)


def _tagged(game: HouseGame) -> Response:
    """The game with its ``ETag``: its version first, which ``If-Match`` on a ``PUT`` names."""
    body = _house_game_json(game)
    return tagged(Response(body), game.version, body)


@extend_schema(
    operation_id="house_games_file",
    summary="A house game's definition as a file to share",
    responses={200: DefinitionSerializer, **AUTH_ERRORS, **NOT_FOUND},
)
@api_view(["GET"])
def house_game_file(request: Request, club_id: int, slug: str) -> HttpResponse:
    club = club_for_member(request, club_id)
    game = get_object_or_404(club.house_games.current(), slug=slug)
    response = HttpResponse(
        json.dumps(game.definition, ensure_ascii=False, indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{game.slug}.json"'
    return response
