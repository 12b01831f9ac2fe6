"""What Barbuse's round form takes from one line: the spelmaker's contract, then each player's
numbers in that contract's shape ("geen vrouwen, Anna een, Bram twee, Cor nul, Dirk een";
"knobbelen, Anna drie drie, Bram bod twee slagen drie..."; "aanleggen, Anna eerste...";
"hartenheer Cor")."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy

from games.quick_entry import Choice, Field, QuickEntry, Shape
from games.quick_entry.common import BID, TRICKS
from games.quick_entry.entry import Phrases
from scoring.games import barbuse

CONTRACT_WORDS: dict[str, Phrases] = {
    barbuse.KNOBBELEN: {
        "en": ("knobbelen", "guess the tricks", "guessing the tricks", "guessing"),
        "nl": ("knobbelen", "knobbel", "slagen raden"),
        "fr": ("knobbelen", "deviner les plis"),
    },
    barbuse.NO_QUEENS: {
        "en": ("no queens", "geen vrouwen"),
        "nl": ("geen vrouwen", "geen dames"),
        "fr": ("pas de dames", "sans dames", "geen vrouwen"),
    },
    barbuse.NO_HEARTS: {
        "en": ("no hearts", "geen harten"),
        "nl": ("geen harten", "geen hart"),
        "fr": ("pas de coeurs", "pas de coeur", "sans coeurs", "geen harten"),
    },
    barbuse.AANLEGGEN: {
        "en": ("aanleggen", "building rows", "rows"),
        "nl": ("aanleggen", "rijtjes", "rijen leggen"),
        "fr": ("aanleggen", "les rangees", "rangees"),
    },
    barbuse.NO_KING_OF_HEARTS: {
        "en": ("no king of hearts", "geen hartenheer"),
        "nl": ("geen hartenheer", "geen harten heer", "geen heer"),
        "fr": ("pas de roi de coeur", "sans roi de coeur", "geen hartenheer"),
    },
}
QUEENS = {"en": ("queens", "queen"), "nl": ("vrouwen", "vrouw", "dames", "dame"), "fr": ("dames", "dame")}
HEARTS = {"en": ("hearts", "heart"), "nl": ("harten", "hart", "hartjes"), "fr": ("coeurs", "coeur")}
PLACE = {"en": ("place", "came"), "nl": ("plaats", "plek", "als"), "fr": ("place", "arrive")}
KING = {
    "en": ("king", "king of hearts", "the king", "took the king", "has the king"),
    "nl": ("heer", "hartenheer", "harten heer", "de heer"),
    "fr": ("roi", "roi de coeur", "le roi", "le roi de coeur"),
}

SHAPES = {
    barbuse.KNOBBELEN: Shape(fields=(Field("bid", BID), Field("tricks", TRICKS)), numbers=("bid", "tricks")),
    barbuse.NO_QUEENS: Shape(fields=(Field("queens", QUEENS),), numbers=("queens",)),
    barbuse.NO_HEARTS: Shape(fields=(Field("hearts", HEARTS),), numbers=("hearts",)),
    barbuse.AANLEGGEN: Shape(fields=(Field("place", PLACE),), numbers=("place",)),
    # Naming who took the king is enough: "hartenheer Cor".
    barbuse.NO_KING_OF_HEARTS: Shape(fields=(Field("king", KING, flag=True, blank=False),), named="king"),
}

# The empty line's example: a round of the contract the form preselects.
EXAMPLES = {
    barbuse.KNOBBELEN: gettext_lazy("%(first)s bid 2 took 3, %(second)s 1 1…"),
    barbuse.NO_QUEENS: gettext_lazy("No queens, %(first)s 1, %(second)s 2…"),
    barbuse.NO_HEARTS: gettext_lazy("No hearts, %(first)s 4, %(second)s 2…"),
    barbuse.AANLEGGEN: gettext_lazy("Aanleggen, %(first)s first, %(second)s second…"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("No king of hearts, %(first)s took the king"),
}


def quick_entry(left: Sequence[str]) -> QuickEntry:
    """Every contract can be said (one already played shows as refused on the form); unsaid,
    the one the form preselects: the first the spelmaker has left."""
    default = left[0] if left else None
    return QuickEntry(
        SHAPES[default or barbuse.KNOBBELEN],
        choices=tuple(Choice(slug, CONTRACT_WORDS[slug], SHAPES[slug]) for slug in barbuse.CONTRACTS),
        choice_key="contract",
        default=default,
        example=EXAMPLES[default or barbuse.KNOBBELEN],
    )
