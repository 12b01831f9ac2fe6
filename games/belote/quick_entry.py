"""What Belote's and Contrée's round form takes from one line, per pair: that it took, its card
points, belote and capot ("Amélie prend 98 belote, Bruno 64"); for Contrée also the contract and
its doubling ("Bruno takes contract 100 contré 90, Amélie 72").

The round JSON names the taker's pair, the contract and the doubling at its top; a line says
them of itself, so the reading marks the line (``takes``, ``contract``, ``contre``,
``surcontre``) and the form lifts them to the round (``games.belote``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Field, QuickEntry, Shape

TAKES = {
    "en": ("takes", "took", "taker", "plays", "played"),
    "nl": ("neemt", "nam", "speelt", "speelde", "neemt aan"),
    "fr": ("prend", "a pris", "preneur", "joue", "prise"),
}
BELOTE = {
    "en": ("belote", "rebelote"),
    "nl": ("belote", "rebelote", "stuk"),
    "fr": ("belote", "rebelote"),
}
CAPOT = {
    "en": ("capot", "all tricks", "every trick"),
    "nl": ("capot", "pit", "alle slagen"),
    "fr": ("capot", "tous les plis"),
}
CONTRACT = {
    "en": ("contract", "bid", "bids"),
    "nl": ("contract", "bod", "biedt"),
    "fr": ("contrat", "annonce", "annonce de"),
}
CONTRE = {
    "en": ("contre", "contré", "doubled", "double"),
    "nl": ("contre", "contré", "gedubbeld"),
    "fr": ("contre", "contré", "contrée"),
}
SURCONTRE = {
    "en": ("surcontre", "surcontré", "redoubled", "redouble"),
    "nl": ("surcontre", "surcontré", "geredubbeld"),
    "fr": ("surcontre", "surcontré", "surcontrée"),
}

PAIR_FIELDS = (
    Field("takes", TAKES, flag=True, blank=False),
    Field("points"),
    Field("belote", BELOTE, flag=True, blank=False),
    Field("capot", CAPOT, flag=True, blank=False),
)

QUICK_ENTRY = QuickEntry(
    Shape(fields=PAIR_FIELDS, numbers=("points",)),
    example=gettext_lazy("%(first)s takes 98 belote, %(second)s 64…"),
)

CONTREE_QUICK_ENTRY = QuickEntry(
    Shape(
        fields=(
            *PAIR_FIELDS,
            Field("contract", CONTRACT, after=True),
            Field("contre", CONTRE, flag=True, blank=False),
            Field("surcontre", SURCONTRE, flag=True, blank=False),
        ),
        numbers=("points",),
    ),
    example=gettext_lazy("%(first)s takes contract 100 97, %(second)s 65…"),
)
