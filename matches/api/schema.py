"""Serializers that describe the API's documents for the OpenAPI schema only.

Validation of rounds is the rules engine's job (every game has its own shape), so these are not
used to parse requests; they keep ``/api/schema/`` and ``/api/docs/`` truthful.
"""

from __future__ import annotations

from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text="Dotted path into the posted JSON; empty for the round as a whole."
    )
    code = serializers.CharField(help_text="Stable, machine-readable code.")
    message = serializers.CharField(help_text="In the request's language (Accept-Language: nl, fr, en).")


class ErrorsSerializer(serializers.Serializer):
    errors = ErrorSerializer(many=True)


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


class NewMatchSerializer(serializers.Serializer):
    game = serializers.CharField()
    players = serializers.ListField(help_text="Names or player ids, in seating order (clockwise).")
    teams = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()), required=False
    )
    options = serializers.DictField(required=False)
    dealer = serializers.IntegerField(required=False, default=0)
    club = serializers.IntegerField(required=False, help_text="One of your clubs; default your own.")


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
    entries = serializers.ListField(
        help_text="One item per scoring unit, in the game's shape (see the spec)."
    )
    contract = serializers.CharField(required=False, help_text="Barbuse only.")


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


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())


class RoundAnswerSerializer(RoundSerializer):
    status = serializers.CharField()
    standings = serializers.ListField(child=serializers.DictField())
    next = serializers.DictField(allow_null=True)
    winners = serializers.ListField(child=serializers.IntegerField())
    match = MatchSerializer()
