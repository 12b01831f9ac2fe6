"""What a game's round form takes from a line typed or said: its fields per line, the words
that name them in each language, which of them take bare numbers, and the values a line gets
when its player went out or was named without them.

A game's home builds one ``QuickEntry`` per match state (``GameHome.quick_entry``), from its
engine's data and the match's options: a flag implied by few points left in hand, fields only
where the options play them, the choice the form preselects for the next deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

# Per language code ("nl"), the phrases that mean one thing, lower case; accents are ignored.
Phrases = Mapping[str, tuple[str, ...]]
NO_PHRASES: Phrases = MappingProxyType({})
Value = int | bool


@dataclass(frozen=True)
class Field:
    """One key of a line's entry in the round JSON.

    ``flag`` fields are yes/no: their words alone set them ("laid down"), a "not" before them
    clears them. Number fields take the number said before their word ("2 naturals") or, with
    none before it, the one after it ("meld 310").
    """

    key: str
    words: Phrases = NO_PHRASES
    flag: bool = False
    # Its word comes before its number ("hand 40", "table 230"): a word followed by a number
    # takes that one, even after a bare number ("85 hand 40": 85 goes to the first free field).
    after: bool = False
    blank: Value | None = None  # every line's value when nobody said it (what a blank form shows)
    said: Value | None = None  # the value of a line that was named, but not with this field
    out: Value | None = None  # the value of the line that went out, unless said
    # A flag set when the number of ``below[0]`` is below ``below[1]`` and the flag was not said:
    # "laid down" when fewer points are left than a full hand is worth.
    below: tuple[str, int] | None = None


@dataclass(frozen=True)
class Shape:
    """The fields of one line, and how bare numbers fill them."""

    fields: tuple[Field, ...]
    numbers: tuple[str, ...] = ()  # the fields bare numbers fill, in order
    minus: str | None = None  # the field the number after "minus" fills; None: it is negative
    went_out: bool = False  # the form asks who went out (``went_out`` true on one line)
    named: str | None = None  # the flag set on a line named with nothing else

    def field(self, key: str) -> Field | None:
        return next((f for f in self.fields if f.key == key), None)


@dataclass(frozen=True)
class Choice:
    """One value of a round-level choice (a contract) and the line shape it brings."""

    value: str
    words: Phrases
    shape: Shape


@dataclass(frozen=True)
class QuickEntry:
    """What the round form takes from one line.

    ``shape`` is the lines' shape; a game whose round starts with a choice lists its
    ``choices``: the one said wins, else the one whose fields' words were said, else
    ``default`` (what the form preselects), and ``choice_key`` names it in the round JSON.
    ``ignored`` holds the game's own words that say nothing (a noun after its adjective).
    ``example`` is the line the empty input shows, as this game's table would say a round: a
    translatable text (the home's lazy string; this package imports no Django) with
    ``%(first)s`` and ``%(second)s`` for the first two lines' players; empty: one number each.
    """

    shape: Shape
    choices: tuple[Choice, ...] = ()
    choice_key: str = ""
    default: str | None = None
    ignored: Phrases = field(default_factory=lambda: NO_PHRASES)
    example: object = ""

    def shape_for(self, value: str | None) -> Shape:
        chosen = next((choice for choice in self.choices if choice.value == value), None)
        return chosen.shape if chosen is not None else self.shape


# A game that states nothing: one number per player, its round JSON ``{"entries": [{"points": n}]}``;
# "minus" makes the number negative.
POINTS_PER_PLAYER = QuickEntry(Shape(fields=(Field("points"),), numbers=("points",)))
