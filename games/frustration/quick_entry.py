"""What Frustration's round form takes from one line: who went out, each player's points and
whether they laid down ("Anna uit, Bram vijftien, Cor vijfennegentig niet gelegd")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Field, QuickEntry, Shape
from games.quick_entry.common import LAID_DOWN


def quick_entry(laid_down_below: int) -> QuickEntry:
    """Bare numbers are the points in hand; who went out laid down and holds nothing; points
    below ``laid_down_below`` (what eleven cards are worth at least) mean the contract was
    laid down, the one answer they leave possible."""
    return QuickEntry(
        Shape(
            fields=(
                Field("points", out=0),
                Field("laid_down", LAID_DOWN, flag=True, out=True, below=("points", laid_down_below)),
            ),
            numbers=("points",),
            went_out=True,
        ),
        example=gettext_lazy("%(first)s out, %(second)s 15…"),
    )
