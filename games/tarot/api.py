"""How the API schema documents a deal of Tarot (``TarotHome.round_body``): the deal's own fields,
not a line per player. The engine reads and checks the deal; this only describes it."""

from __future__ import annotations

from enum import StrEnum

from rest_framework import serializers

from scoring.games import tarot


def values(kind: type[StrEnum]) -> list[str]:
    return [member.value for member in kind]


class TarotRoundBodySerializer(serializers.Serializer):
    """A deal of Tarot: the taker's contract and count (the engine refuses any other key)."""

    number = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The deal this round is for; if the match has moved on, 409 and nothing is stored.",
    )
    taker = serializers.IntegerField(min_value=0, help_text="The taker's seat.")
    contract = serializers.ChoiceField(choices=values(tarot.Contract))
    points = serializers.IntegerField(
        min_value=0, max_value=tarot.TOTAL_POINTS, help_text="The taker's card points, the half left out."
    )
    half = serializers.BooleanField(required=False, help_text="The taker's count ends on a half.")
    oudlers = serializers.IntegerField(min_value=0, max_value=tarot.OUDLERS)
    partner = serializers.IntegerField(
        required=False, min_value=0, help_text="At 5 players: the seat of the called king's holder."
    )
    alone = serializers.BooleanField(required=False, help_text="At 5 players: the taker called his own king.")
    petit_au_bout = serializers.ChoiceField(
        choices=values(tarot.Side), required=False, help_text="The side that took the petit au bout."
    )
    poignee = serializers.IntegerField(
        required=False, min_value=0, max_value=tarot.TRUMPS, help_text="Trumps shown in a poignée; 0: none."
    )
    chelem = serializers.ChoiceField(choices=values(tarot.Chelem), required=False)
