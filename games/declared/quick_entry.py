"""What a declared (house) game's round form takes from one line, by the definition's entry
block: one number per player or team ("Anna 15, Bram 11"), who went out and the others' hand
points ("Anna out, Bram 15, Cor min 30"), or each player's bid and tricks taken ("Anna bid 2
took 2, Bram bid 1 took 0"). The words are the shared ones of ``games.quick_entry.common``."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Field, QuickEntry, Shape
from games.quick_entry.common import BID, HAND, TRICKS
from scoring.declared import BidsBlock, Block, WentOutBlock

# Who went out holds nothing; "min 30" is 30 in hand, as a table says it (the block adds or
# takes off the hand points itself), and so is a bare number.
WENT_OUT = QuickEntry(
    Shape(
        fields=(Field("hand_points", HAND, out=0, after=True),),
        numbers=("hand_points",),
        minus="hand_points",
        went_out=True,
    ),
    example=gettext_lazy("%(first)s out, %(second)s 15…"),
)
# Bare numbers are the bid, then the tricks ("Anna 2 2"); "bid 2 took 2" names both.
BIDS = QuickEntry(
    Shape(fields=(Field("bid", BID), Field("tricks", TRICKS)), numbers=("bid", "tricks")),
    example=gettext_lazy("%(first)s bid 2 took 3, %(second)s 1 1…"),
)
# One number per player or team ("minus" makes it negative).
POINTS = QuickEntry(
    Shape(fields=(Field("points"),), numbers=("points",)),
    example=gettext_lazy("%(first)s 15, %(second)s minus 20…"),
)


def quick_entry(entry: Block) -> QuickEntry:
    """The line's shape for a definition's entry block; points are one number per line (a line
    is a team where the game is played in teams)."""
    if isinstance(entry, WentOutBlock):
        return WENT_OUT
    if isinstance(entry, BidsBlock):
        return BIDS
    return POINTS
