"""What Canasta's round form takes from one line, per side: who went out (concealed or not),
canastas, red threes, melded points and points in hand ("Anna uit 2 schone 1 vuile 1 rode drie
310 min 25, Bram 1 vuile 120 min 60")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Field, QuickEntry, Shape
from games.quick_entry.common import HAND
from games.quick_entry.common import TABLE as MELD

NATURAL = {
    "en": ("natural", "naturals", "clean", "pure"),
    "nl": ("schone", "schoon", "natuurlijke", "natuurlijk", "zuivere", "echte"),
    "fr": ("naturelle", "naturelles", "pure", "pures", "propre", "propres"),
}
MIXED = {
    "en": ("mixed", "dirty", "unnatural"),
    "nl": ("vuile", "vuil", "gemengde", "gemengd", "onzuivere"),
    "fr": ("mixte", "mixtes", "sale", "sales", "impure", "impures"),
}
RED_THREES = {
    "en": ("red three", "red threes", "red 3", "red 3s", "red"),
    "nl": ("rode drie", "rode drieen", "rode 3", "rode"),
    "fr": ("trois rouge", "trois rouges", "3 rouge", "3 rouges", "rouge", "rouges"),
}
NATURAL_ACES = {
    "en": ("natural aces", "natural ace", "clean aces"),
    "nl": ("schone azen", "natuurlijke azen", "schone aas"),
    "fr": ("as naturels", "as naturel", "as purs", "naturelle d'as", "naturelles d'as"),
}
MIXED_ACES = {
    "en": ("mixed aces", "mixed ace", "dirty aces"),
    "nl": ("vuile azen", "gemengde azen", "vuile aas"),
    "fr": ("as mixtes", "as sales", "mixte d'as", "mixtes d'as"),
}
WILD = {
    "en": ("wild", "wilds", "wild cards", "jokers"),
    "nl": ("wilde", "wilde kaarten", "jokers"),
    "fr": ("sauvages", "cartes sauvages", "jokers", "de jokers"),
}
CONCEALED = {
    "en": ("concealed", "hidden", "in one go"),
    "nl": ("gesloten", "dicht", "in een keer", "in een keer uit"),
    "fr": ("cachee", "cache", "d'un coup", "en une fois", "main fermee"),
}
# The word after a count, which says nothing the adjective did not ("2 schone canasta's").
IGNORED = {
    "en": ("canasta", "canastas"),
    "nl": ("canasta", "canastas", "canasta's"),
    "fr": ("canasta", "canastas"),
}


def quick_entry(special_canastas: bool, alone: bool) -> QuickEntry:
    """Counts start at 0, as on the blank form; "310 min 25" is 310 melded, 25 in hand. A side
    of one player that went out holds nothing (``alone``); a partner may still hold cards."""
    counts = (
        Field("natural_canastas", NATURAL, blank=0),
        Field("mixed_canastas", MIXED, blank=0),
        Field("red_threes", RED_THREES, blank=0),
    )
    special = (
        (
            Field("natural_ace_canastas", NATURAL_ACES, blank=0),
            Field("mixed_ace_canastas", MIXED_ACES, blank=0),
            Field("wild_canastas", WILD, blank=0),
        )
        if special_canastas
        else ()
    )
    return QuickEntry(
        Shape(
            fields=(
                *counts,
                *special,
                Field("concealed", CONCEALED, flag=True, blank=False),
                Field("meld_points", MELD, after=True),
                Field("hand_points", HAND, out=0 if alone else None, after=True),
            ),
            numbers=("meld_points", "hand_points"),
            minus="hand_points",
            went_out=True,
        ),
        ignored=IGNORED,
        example=gettext_lazy("%(first)s out 1 natural 250, %(second)s 120 minus 60…"),
    )
