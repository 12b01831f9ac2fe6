"""Barbuse's contracts by name. Dutch tables keep the Dutch names; other languages translate
them (the catalogues may add the Dutch name beside)."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from scoring.games import barbuse

CONTRACT_NAMES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy("Knobbelen"),
    barbuse.NO_QUEENS: gettext_lazy("Geen Vrouwen"),
    barbuse.NO_HEARTS: gettext_lazy("Geen Harten"),
    barbuse.AANLEGGEN: gettext_lazy("Aanleggen"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("Geen Hartenheer"),
}
# What each name means, for readers who do not speak Dutch.
CONTRACT_GLOSSES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy("guess your tricks"),
    barbuse.NO_QUEENS: gettext_lazy("no queens"),
    barbuse.NO_HEARTS: gettext_lazy("no hearts"),
    barbuse.AANLEGGEN: gettext_lazy("building rows"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("no king of hearts"),
}


def contract_name(slug: object) -> str:
    """A contract's name in the reader's language; other values as they are."""
    name = CONTRACT_NAMES.get(slug) if isinstance(slug, str) else None
    return str(name) if name is not None else str(slug)
