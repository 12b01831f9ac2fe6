"""What Tarot's round form takes from one line: the contract, the taker (and at 5 the called
partner), the taker's points and oudlers ("garde, Anna 47 2 bouts"; "garde sans Bram 51
oudlers 1 partenaire Dirk"). The parser fills lines; the home lifts the taker's line into the
deal's own fields (``TarotHome.entry_context``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Choice, Field, QuickEntry, Shape
from games.quick_entry.entry import Phrases
from scoring.games import tarot

CONTRACT_WORDS: dict[str, Phrases] = {
    tarot.Contract.PRISE: {
        "en": ("prise", "petite", "small"),
        "nl": ("prise", "petite", "kleine"),
        "fr": ("prise", "petite"),
    },
    tarot.Contract.GARDE: {"en": ("garde", "guard"), "nl": ("garde",), "fr": ("garde",)},
    tarot.Contract.GARDE_SANS: {
        "en": ("garde sans", "guard without"),
        "nl": ("garde sans", "garde zonder"),
        "fr": ("garde sans", "garde sans le chien"),
    },
    tarot.Contract.GARDE_CONTRE: {
        "en": ("garde contre", "guard against"),
        "nl": ("garde contre", "garde tegen"),
        "fr": ("garde contre", "garde contre le chien"),
    },
}
TAKER = {"en": ("takes", "taker"), "nl": ("neemt", "nemer"), "fr": ("preneur", "prend")}
PARTNER = {"en": ("partner", "called"), "nl": ("partner", "maat"), "fr": ("partenaire", "appele")}
POINTS = {"en": ("points",), "nl": ("punten",), "fr": ("points",)}
OUDLERS = {
    "en": ("oudlers", "oudler", "bouts", "bout"),
    "nl": ("oudlers", "oudler", "bouts", "bout"),
    "fr": ("bouts", "bout", "oudlers"),
}

SHAPE = Shape(
    fields=(
        Field("taker", TAKER, flag=True, blank=False),
        Field("partner", PARTNER, flag=True, blank=False),
        Field("points", POINTS, after=True),
        Field("oudlers", OUDLERS, after=True),
    ),
    numbers=("points", "oudlers"),
    named="taker",
)

ENTRY = QuickEntry(
    SHAPE,
    choices=tuple(Choice(contract.value, CONTRACT_WORDS[contract], SHAPE) for contract in tarot.Contract),
    choice_key="contract",
    default=tarot.Contract.GARDE.value,
    # The form preselects a garde; only the taker's line is said.
    example=gettext_lazy("garde, %(first)s takes 47 points 2 oudlers…"),
)
