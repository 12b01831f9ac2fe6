"""The words of one language that every game's line shares, and the folding that makes "Jose"
match "José" and "ANNA" match "Anna".

Each language has its own module (``en``, ``nl``, ``fr``) holding one ``Words``; numbers said in
words are not listed there: ``text2num`` reads them in the same language.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """One language's shared words, lower case (accents are ignored when matching)."""

    code: str  # the language code, also text2num's
    out: tuple[str, ...]  # "went out"
    minus: tuple[str, ...]  # the number after it is negative, or goes to the game's minus field
    negation: tuple[str, ...]  # "not": the flag after it is false
    zero: tuple[str, ...]  # "none", "no": the number 0
    fillers: tuple[str, ...]  # words that say nothing here ("and", "has", "points")
    # Fillers that belong to the number when they stand between two number words: "three
    # hundred and ten", "honderd en twintig", "vingt et un".
    connectors: tuple[str, ...] = ()
    # "a" before a scale word is "one" ("a hundred and twenty"): the article, the scale words,
    # and the number word text2num reads instead.
    indefinite: tuple[str, ...] = ()
    scales: tuple[str, ...] = ()
    one: str = ""


# Letters that Unicode does not decompose but a French speaker writes either way ("cœur", "coeur"),
# and the curly apostrophes a phone types for the straight one ("didn\u2019t").
LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "\u2019": "'", "\u2018": "'"})


def fold(text: str) -> str:
    """Lower case without accents: what a word is matched by."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(LIGATURES))
    return "".join(char for char in decomposed if not unicodedata.combining(char))
