"""What Duizenden's round form takes from one line: who went out, each player's points on the
table and left in hand ("Anna 85 min 40, Bram uit 230, Cor min 30")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.quick_entry import Field, QuickEntry, Shape
from games.quick_entry.common import HAND, TABLE

# "85 min 40" is 85 on the table and 40 in hand, the way a table says a player's deal; "min 30"
# alone is nothing on the table. Who went out holds nothing.
ENTRY = QuickEntry(
    Shape(
        fields=(
            Field("table_points", TABLE, said=0, after=True),
            Field("hand_points", HAND, out=0, after=True),
        ),
        numbers=("table_points", "hand_points"),
        minus="hand_points",
        went_out=True,
    ),
    example=gettext_lazy("%(first)s out 230, %(second)s 85 minus 40…"),
)
