"""The words of each game in the reader's language: game names and contract descriptions.

The engine keeps contracts as data (``Meld(kind, size, count)``); this module is the one place
that turns them into "run of 4 + set of 3", "serie van 4 + set van 3" or "suite de 4 + brelan
de 3"-style text.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.games.frustration_family import Contract, Meld

GAME_NAMES: Mapping[str, Promise] = {
    "frustration-nl": _("Frustration (11 contracts)"),
    "frustration-fr": _("Frustration (10 levels)"),
    "duizenden": _("Duizenden"),
    "barbuse": _("Barbuse"),
    "canasta": _("Canasta"),
}


def game_name(slug: str) -> str:
    return str(GAME_NAMES.get(slug, slug))


def _count_word(count: int) -> str:
    words = {2: pgettext("meld count", "two"), 3: pgettext("meld count", "three")}
    return words.get(count, str(count))


def describe_meld(meld: Meld) -> str:
    if meld.kind == "run":
        if meld.count == 1:
            return gettext("run of %(size)s") % {"size": meld.size}
        return gettext("%(count)s runs of %(size)s") % {"count": _count_word(meld.count), "size": meld.size}
    if meld.count == 1:
        return gettext("set of %(size)s") % {"size": meld.size}
    return gettext("%(count)s sets of %(size)s") % {"count": _count_word(meld.count), "size": meld.size}


def describe_contract(contract: Contract) -> str:
    """``run of 4 + set of 3``, in the active language."""
    return " + ".join(describe_meld(meld) for meld in contract.melds)


OPTION_LABELS: Mapping[str, Promise] = {
    "packs": _("Packs of cards"),
    "real_jokers": _("Real jokers (per two packs)"),
    "levels": _("List of levels"),
    "levels.corrected": _("Corrected list (7: two sets of 4, 8: run of 9)"),
    "levels.as_written": _("As in the original text"),
    "end": _("End of the match"),
    "end.all_finish": _("When fewer than two players are left"),
    "end.first_finish": _("When the first player finishes level 10"),
    "finish_bonus": _("Bonus for the first to finish"),
    "target": _("Target score"),
    "queen_of_spades": _("Value of the queen of spades"),
    "jokers": _("Jokers in the packs"),
    "all_hearts_bonus": _("Bonus for taking all nine hearts"),
    "king_of_hearts_penalty": _("Penalty for the king of hearts"),
    "special_canastas": _("Special canastas (aces, wild cards)"),
    "concealed_bonus": _("Bonus for going out concealed"),
    "canastas_to_go_out": _("Canastas needed to go out"),
}


def option_label(game: str, name: str) -> str:
    return str(OPTION_LABELS.get(name, name))


RANK_LABELS: Mapping[str, Promise] = {
    # Short labels for calculator keys: the letters players know (B/V/H/A in Dutch).
    "J": pgettext_lazy("card rank", "J"),
    "Q": pgettext_lazy("card rank", "Q"),
    "K": pgettext_lazy("card rank", "K"),
    "A": pgettext_lazy("card rank", "A"),
    "joker": pgettext_lazy("card rank", "Joker"),
    "QS": pgettext_lazy("card rank", "Q♠"),
}


def rank_label(rank: str) -> str:
    return str(RANK_LABELS.get(rank, rank))


CONTRACT_NAMES: Mapping[str, Promise] = {
    # Barbuse's contracts keep their Dutch names at Dutch tables; other languages translate them.
    "knobbelen": _("Knobbelen"),
    "no_queens": _("Geen Vrouwen"),
    "no_hearts": _("Geen Harten"),
    "aanleggen": _("Aanleggen"),
    "no_king_of_hearts": _("Geen Hartenheer"),
}


def contract_name(slug: object) -> str:
    """A Barbuse contract's name in the reader's language; other values as they are."""
    name = CONTRACT_NAMES.get(slug) if isinstance(slug, str) else None
    return str(name) if name is not None else str(slug)
