"""The card-point calculator of a round form, shared by the games whose deal is a count of card
points: keys that add what a card is worth (the engine's values) and buttons that put the sum in
a points field.

A home builds a ``CardCalculator`` from its engine's constants and hands it to the partial
``games/card_point_calculator.html`` (script ``games/card-point-calculator.js``, style
``games/card-point-calculator.css``, which the home's stylesheet imports). Values are kept in
half points, so a key may be worth 4½ (a game whose cards count in halves) and no sum is a
float. Nothing here decides a rule, and no game is named here (tests/test_architecture.py): words
arrive already in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.tables import card

HALF = "\N{VULGAR FRACTION ONE HALF}"


def half_points_label(half_points: int) -> str:
    """A count kept in half points as players write it: 20, 4½, ½."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}{HALF}" if whole else HALF


@dataclass(frozen=True)
class CalculatorCard:
    """A key of the calculator: a card (or the last trick) and what it is worth."""

    rank: str
    label: str
    half_points: int
    spoken: str = ""  # the key's name for a screen reader, when its label is a bare rank
    # Counted apart as well (a game's special cards): the count goes to the form with the sum.
    tallied: bool = False

    @property
    def value(self) -> str:
        """What the script adds: "20", "4.5" (a dot in every language)."""
        whole, half = divmod(self.half_points, 2)
        return f"{whole}.5" if half else str(whole)

    @property
    def shown(self) -> str:
        return half_points_label(self.half_points)


@dataclass(frozen=True)
class CalculatorRow:
    title: str
    keys: tuple[CalculatorCard, ...]


@dataclass(frozen=True)
class UseButton:
    """Puts the sum in the field named ``points``: its whole points, the half (if any) as a tick
    in the checkbox named ``half``, and the tallied keys' count in the field named ``tally``."""

    label: str
    points: str
    half: str = ""
    tally: str = ""


@dataclass(frozen=True)
class CardCalculator:
    rows: tuple[CalculatorRow, ...]
    extra_keys: tuple[CalculatorCard, ...]  # on the last row, beside "clear"
    uses: tuple[UseButton, ...]
    tally_label: str = ""  # what the tallied keys count, shown beside the sum


def calculator_cards(
    values: Mapping[str, int], ranks: Iterable[str], spoken: str = ""
) -> tuple[CalculatorCard, ...]:
    """The cards worth points (whole points, by rank), the most first (ties in the order of
    ``ranks``): the keys of one row. ``spoken`` names a key for a screen reader, with the
    placeholders ``card`` and ``points``."""
    worth = [rank for rank in ranks if values.get(rank)]
    worth.sort(key=lambda rank: -values[rank])
    keys = []
    for rank in worth:
        label = card(rank).label
        name = spoken % {"card": label, "points": values[rank]} if spoken else ""
        keys.append(CalculatorCard(rank, label, 2 * values[rank], name))
    return tuple(keys)


def trumps_calculator(
    trump_values: Mapping[str, int],
    plain_values: Mapping[str, int],
    ranks: Iterable[str],
    last_trick: int,
    sides: Mapping[int, str],
) -> CardCalculator:
    """The calculator of a game with trumps and a last trick, played by sides that each count
    their card points (``sides``: each line of the form by its index, and its label): a row of
    trumps, a row of the other suits, the last trick, and a "Use" button per side."""
    ranks = tuple(ranks)
    return CardCalculator(
        rows=(
            CalculatorRow(
                _("Trumps"), calculator_cards(trump_values, ranks, _("%(card)s of trumps, %(points)s"))
            ),
            CalculatorRow(_("Other suits"), calculator_cards(plain_values, ranks, _("%(card)s, %(points)s"))),
        ),
        extra_keys=(CalculatorCard("last_trick", _("Last trick"), 2 * last_trick),),
        uses=tuple(
            UseButton(_("Use for %(pair)s") % {"pair": label}, f"entries.{index}.points:int")
            for index, label in sorted(sides.items())
        ),
    )
