"""Barbuse's contracts by name: in the reader's language with the original's Dutch name beside
(a Dutch table says the Dutch name alone), the same words on the scoresheet and the rules page."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from scoring.games import barbuse

CONTRACT_NAMES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy("Guess the tricks (Knobbelen)"),
    barbuse.NO_QUEENS: gettext_lazy("No queens (Geen Vrouwen)"),
    barbuse.NO_HEARTS: gettext_lazy("No hearts (Geen Harten)"),
    barbuse.AANLEGGEN: gettext_lazy("Building rows (Aanleggen)"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("No king of hearts (Geen Hartenheer)"),
}
# What each contract asks, in a few words.
CONTRACT_GLOSSES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy("show your tricks with your fingers, then take exactly that many"),
    barbuse.NO_QUEENS: gettext_lazy("avoid taking queens"),
    barbuse.NO_HEARTS: gettext_lazy("avoid taking hearts, or take them all"),
    barbuse.AANLEGGEN: gettext_lazy("build rows from the tens; get rid of your cards first"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("avoid taking the king of hearts"),
}


def contract_name(slug: object) -> str:
    """A contract's name in the reader's language; other values as they are."""
    name = CONTRACT_NAMES.get(slug) if isinstance(slug, str) else None
    return str(name) if name is not None else str(slug)
