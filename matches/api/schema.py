"""Serializers of the API's documents: ``NewMatchSerializer`` reads a new match's body (its
errors map onto the one error shape); the others describe answers for the OpenAPI schema. A body
that refuses unknown keys is closed in the schema (``closed_body``). What every app's API shares
(the error shape, closed bodies) is ``players/api_schema.py``.

A round's body is not read here: every game has its own shape, and the rules engine checks it
(with the spec's codes and field paths), so ``ROUND_BODY`` only documents it: one of the games'
shapes (``RoundBodySerializer``, a line per scoring unit, or a game's own deal from its home).
"""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.registry import all_homes
from players.api_schema import ErrorsSerializer, closed_body


class ConflictSerializer(ErrorsSerializer):
    round = serializers.DictField(
        required=False, help_text="The round already stored as the deal the client meant (stale phone)."
    )
    entered_by = serializers.CharField(required=False, allow_null=True)


class OptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["integer", "string", "boolean"])
    defaults = serializers.DictField(help_text="Default per player count.")
    choices = serializers.ListField(required=False)
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    multiple_of = serializers.IntegerField(required=False)


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())
    options = OptionSerializer(many=True)


# The JSON values of a new match are read as they come, so the engine refuses a wrong one with
# its own code and field path; the schema states the type the engine holds each one to.
SEAT = {"type": "integer", "minimum": 0}


@extend_schema_field({"type": "array", "items": {"type": "array", "minItems": 1, "items": SEAT}})
class TeamsField(serializers.JSONField):
    pass


@extend_schema_field({"type": "object", "additionalProperties": True})
class OptionsField(serializers.JSONField):
    pass


@extend_schema_field(SEAT)
class SeatField(serializers.JSONField):
    pass


# A player as a new match names one: a name, or the id of one of the club's players.
@extend_schema_field({"oneOf": [{"type": "string", "minLength": 1}, {"type": "integer", "minimum": 0}]})
class PlayerRefField(serializers.JSONField):
    pass


@closed_body
class NewMatchSerializer(serializers.Serializer):
    """The body of ``POST /api/matches/``. Only the shape is read here; whether the game can be
    set up so (player count, teams, options, dealer) is the engine's to say."""

    game = serializers.CharField(min_length=1, max_length=32)
    players = serializers.ListField(
        child=PlayerRefField(),
        min_length=1,
        help_text="Names or player ids, in seating order (clockwise).",
    )
    teams = TeamsField(
        required=False, help_text="Partnerships as lists of seat indexes, where the game has them."
    )
    options = OptionsField(required=False, help_text="Variant options; omitted ones take defaults.")
    dealer = SeatField(required=False, help_text="Seat of the first dealer (default 0).")
    club = serializers.IntegerField(required=False, help_text="One of your clubs; default your own.")

    def validate(self, attrs: dict[str, object]) -> dict[str, object]:
        # A misspelt key must not silently become a default (spec: unknown keys are invalid).
        unknown = [key for key in self.initial_data if key not in self.fields]
        if unknown:
            raise serializers.ValidationError(
                {key: serializers.ErrorDetail("", code="invalid") for key in unknown}
            )
        return attrs


class SeatPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField()
    team = serializers.IntegerField(allow_null=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    entries = serializers.ListField(help_text="Exactly as posted.")
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="Per seat or team.")


class RoundBodySerializer(serializers.Serializer):
    """A round of the games entered a line per scoring unit (every game whose home names no
    ``round_body`` of its own)."""

    number = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The deal this round is for; if the match has moved on, 409 and nothing is stored.",
    )
    entries = serializers.ListField(
        min_length=1, help_text="One item per scoring unit, in the game's shape (see the spec)."
    )
    contract = serializers.CharField(
        required=False, help_text="Games whose deals are played as a chosen contract name it here."
    )


# What ``POST .../rounds/`` and ``PUT .../rounds/{number}/`` accept: one of the games' shapes, the
# lines' or a game's own (its home's ``round_body``, closed: the engine refuses any other key). No
# key tells them apart; the match's game does, and a game's own deal has no ``entries``.
GAME_ROUND_BODIES = [closed_body(home.round_body) for home in all_homes() if home.round_body is not None]
ROUND_BODY = PolymorphicProxySerializer(
    component_name="GameRoundBody",
    serializers=[RoundBodySerializer, *GAME_ROUND_BODIES],
    resource_type_field_name=None,
)


class EndedEarlySerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    reason = serializers.CharField()


class EndEarlySerializer(serializers.Serializer):
    """The body of ``POST /api/matches/{id}/end/``."""

    reason = serializers.CharField(
        min_length=1, max_length=200, help_text="Why it ends early (closing time...)."
    )


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    options = serializers.DictField()
    status = serializers.ChoiceField(choices=["in_progress", "finished"])
    players = SeatPlayerSerializer(many=True)
    teams = serializers.ListField(allow_null=True)
    rounds = RoundSerializer(many=True)
    standings = serializers.ListField(child=serializers.DictField())
    next = serializers.DictField(allow_null=True)
    winners = serializers.ListField(child=serializers.IntegerField())
    ended_early = EndedEarlySerializer(
        allow_null=True, help_text="When and why it ended before its planned end; null if it did not."
    )


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())


class MatchBesideRoundSerializer(serializers.Serializer):
    """The match as GET shows it, but for its rounds (the answer to a round)."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    options = serializers.DictField()
    status = serializers.ChoiceField(choices=["in_progress", "finished"])
    players = SeatPlayerSerializer(many=True)
    teams = serializers.ListField(allow_null=True)
    standings = serializers.ListField(child=serializers.DictField())
    next = serializers.DictField(allow_null=True)
    winners = serializers.ListField(child=serializers.IntegerField())
    ended_early = EndedEarlySerializer(allow_null=True)


class RoundAnswerSerializer(RoundSerializer):
    status = serializers.CharField()
    standings = serializers.ListField(child=serializers.DictField())
    next = serializers.DictField(allow_null=True)
    winners = serializers.ListField(child=serializers.IntegerField())
    match = MatchBesideRoundSerializer()
