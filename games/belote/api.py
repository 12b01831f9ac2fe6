"""How the API schema documents a deal of Contrée (``ContreeHome.round_body``): the line per pair
of every game, plus the contract (a number, so not the lines' ``contract`` name) and its
doubling. The engine reads and checks the deal; this only describes it. Belote's deal is the
lines' shape with ``taker`` beside its entries."""

from __future__ import annotations

from rest_framework import serializers

from scoring.games import belote_contree


class ContreeRoundBodySerializer(serializers.Serializer):
    """A deal of Contrée: the taker's pair, the contract and its doubling, a line per pair."""

    number = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The deal this round is for; if the match has moved on, 409 and nothing is stored.",
    )
    taker = serializers.IntegerField(min_value=0, max_value=1, help_text="The taker's pair.")
    contract = serializers.ChoiceField(
        choices=list(belote_contree.CONTRACTS), help_text="80 to 160 in tens; 250 is the contract capot."
    )
    contre = serializers.BooleanField(required=False, help_text="Doubled by the defence (times 2).")
    surcontre = serializers.BooleanField(required=False, help_text="Redoubled by the taker's pair (times 4).")
    entries = serializers.ListField(
        min_length=2, max_length=2, help_text="Per pair: card points, and belote and capot as booleans."
    )
