"""Contracts and levels in the reader's language: "run of 4 + set of 3", "serie van 4 + setje
van 3", "suite de 4 + brelan de 3". The engine keeps them as data (``Meld(kind, size, count)``)."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from scoring.games.frustration_family import Contract, Meld


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
