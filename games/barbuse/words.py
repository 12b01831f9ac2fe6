"""Barbuse's words: its contracts by name, in the reader's language with the original's Dutch
name beside (a Dutch table says the Dutch name alone), the same words on the scoresheet and the
rules page; and the sentences for its rule codes, their numbers the engine's parameters."""

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
# What each contract asks, in a few words (numbers from the engine: ``gloss``).
CONTRACT_GLOSSES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy(
        "show your tricks with your fingers, then take that many; %(target)s each when the fingers add "
        "up to %(tricks)s"
    ),
    barbuse.NO_QUEENS: gettext_lazy("avoid taking queens"),
    barbuse.NO_HEARTS: gettext_lazy("avoid taking hearts, or take them all"),
    barbuse.AANLEGGEN: gettext_lazy("build rows from a 10; get rid of your cards first"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("avoid taking the king of hearts"),
}

# The sentences for the codes of ``barbuse.BarbuseCode``.
MESSAGES: Mapping[str, Promise] = {
    barbuse.BarbuseCode.UNKNOWN_CONTRACT: gettext_lazy("This is not one of the contracts of this game."),
    barbuse.BarbuseCode.CONTRACT_ALREADY_PLAYED: gettext_lazy(
        "The spelmaker has already played this contract."
    ),
    barbuse.BarbuseCode.TRICKS_TOTAL: gettext_lazy("The tricks must add up to %(expected)s, not %(got)s."),
    barbuse.BarbuseCode.QUEENS_TOTAL: gettext_lazy("The queens must add up to %(expected)s, not %(got)s."),
    barbuse.BarbuseCode.HEARTS_TOTAL: gettext_lazy("The hearts must add up to %(expected)s, not %(got)s."),
    barbuse.BarbuseCode.PLACES: gettext_lazy("The places must be 1 to %(players)s, each once."),
    barbuse.BarbuseCode.KING_COUNT: gettext_lazy("Exactly one player takes the king of hearts."),
}


def gloss(slug: str) -> str:
    """What a contract asks, in a few words, its numbers the engine's."""
    text = CONTRACT_GLOSSES.get(slug)
    numbers = {"target": barbuse.KNOBBELEN_EVEN_TARGET, "tricks": barbuse.TRICKS}
    return str(text) % numbers if text is not None else ""


def contract_name(slug: object) -> str:
    """A contract's name in the reader's language; other values as they are."""
    name = CONTRACT_NAMES.get(slug) if isinstance(slug, str) else None
    return str(name) if name is not None else str(slug)
