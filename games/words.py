"""Words several games share: card ranks as players name them, lists and spans of numbers, and
the going-out checks of the rummy games (each home lists the ones its game raises)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

DASH = "\N{EN DASH}"

RANK_LABELS: Mapping[str, Promise] = {
    # Short labels for calculator keys: the letters players know (B/V/H/A in Dutch).
    "J": pgettext_lazy("card rank", "J"),
    "Q": pgettext_lazy("card rank", "Q"),
    "K": pgettext_lazy("card rank", "K"),
    "A": pgettext_lazy("card rank", "A"),
    "joker": pgettext_lazy("card rank", "Joker"),
    "QS": pgettext_lazy("card rank", "Q♠"),
}


# The going-out checks of the rummy games, by code: a home takes those its game raises.
GOING_OUT_MESSAGES: Mapping[str, Promise] = {
    "went_out_count": gettext_lazy("Exactly one player must go out."),
    "went_out_with_cards": gettext_lazy("A player who went out has no cards left: enter 0."),
    "zero_without_going_out": gettext_lazy("A player who did not go out still holds cards: more than 0."),
}


def rank_label(rank: str) -> str:
    return str(RANK_LABELS.get(rank, rank))


def word_list(items: Sequence[object]) -> str:
    """ "2, 3, 4 or 6" in the reader's language."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return _("%(items)s or %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def number_span(numbers: Sequence[int]) -> str:
    """ "2 to 6" (with an en dash) for a run of numbers, "2, 3, 4 or 6" otherwise."""
    ordered = sorted(numbers)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}{DASH}{ordered[-1]}"
    return word_list([str(n) for n in ordered])


def players_label(counts: Sequence[int]) -> str:
    span = number_span(counts)
    if len(counts) == 1:
        return ngettext("%(count)s player", "%(count)s players", counts[0]) % {"count": span}
    return _("%(span)s players") % {"span": span}
