"""The numbers on the two Frustration rules pages, read from the engine's data.

Engine modules are read through their module attribute at call time (``frustration_nl.CONTRACTS``,
never a copied name), so a change to the engine's data shows on the page at once; the tests rely
on it. The few sums here (cards kept after laying down, the most they can be worth) are the same
arithmetic the engine applies to the same constants, spelled out for a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from games.frustration.words import describe_contract
from games.protocol import GameHome
from games.tables import card, common_tables, option_value, value_rows
from scoring.cards import JOKER, RANKS
from scoring.games import frustration_family, frustration_fr, frustration_nl

# A play rule of the 11-contract game the score cannot show (so the engine does not hold it):
# from this contract on, a player may lay down and go out in the same turn; before it he may not.
NL_OUT_AT_ONCE_FROM = 10

WILD_NL = frozenset({"2", JOKER})
WILD_FR = frozenset({"2"})

# Short names of the 10-level game's two level lists, for table cells.
LEVEL_LIST_NAMES: Mapping[str, Promise] = {
    "corrected": gettext_lazy("corrected list"),
    "as_written": gettext_lazy("list as written"),
}


@dataclass(frozen=True)
class ContractRow:
    """A contract or level, with the limits the engine checks after laying down."""

    number: int
    anchor: str
    description: str
    minimum_cards: int
    kept_at_most: int
    most_points: int
    # 11 contracts only: may a player lay this contract down and go out in the same turn?
    out_at_once: bool | None = None


@dataclass(frozen=True)
class LevelVariant:
    """One wording of a level, and the option values (``levels``) that play it."""

    lists: tuple[str, ...]
    list_labels: tuple[str, ...]
    row: ContractRow
    default: bool


@dataclass(frozen=True)
class LevelRow:
    number: int
    anchor: str
    variants: tuple[LevelVariant, ...]

    @property
    def main(self) -> ContractRow:
        return self.variants[0].row

    @property
    def others(self) -> tuple[LevelVariant, ...]:
        return self.variants[1:]


def contract_row(
    contract: frustration_family.Contract,
    prefix: str,
    kept_from: int,
    most: int,
    out_at_once: bool | None = None,
) -> ContractRow:
    """A contract with what the engine allows after it is laid down: ``kept_from`` minus its
    minimum cards (11 or 12), each worth at most the dearest card."""
    kept = frustration_family.kept_after_laying_down(contract, kept_from)
    return ContractRow(
        number=contract.number,
        anchor=f"{prefix}-{contract.number}",
        description=describe_contract(contract),
        minimum_cards=contract.minimum_cards,
        kept_at_most=kept,
        most_points=most * kept,
        out_at_once=out_at_once,
    )


def contracts_tables(home: GameHome, options: Mapping[str, object] | None = None) -> dict[str, object]:
    """The 11-contract game's page; a match's card values have no joker without real jokers."""
    values = frustration_nl.CARD_VALUES
    dearest_card = max(values.values())
    hand = frustration_family.HAND_SIZE
    packs = frustration_nl.PACKS
    jokers = tuple(frustration_nl.REAL_JOKERS)
    real_jokers = options is None or bool(option_value(home.slug, "real_jokers", options))
    return {
        **common_tables(home),
        "hand_size": hand,
        "contracts": [
            contract_row(
                contract, "contract", hand, dearest_card, out_at_once=contract.number >= NL_OUT_AT_ONCE_FROM
            )
            for contract in frustration_nl.CONTRACTS
        ],
        "out_at_once_from": NL_OUT_AT_ONCE_FROM,
        "last": frustration_nl.LAST,
        "card_values": value_rows(
            (card(rank, WILD_NL) for rank in (*RANKS, JOKER) if rank != JOKER or real_jokers),
            values,
        ),
        "least_full_hand": hand * min(values.values()),
        "dearest_card": dearest_card,
        "packs": packs,
        "real_jokers": jokers,
        # Rows: packs; columns: real_jokers.
        "jokers_in_play": [
            (p, [frustration_nl.CARD_LIMITS[(p, j)].get(JOKER, 0) for j in jokers]) for p in packs
        ],
        "most_full_hand": [(p, [frustration_nl.MOST_OF_FULL_HAND[(p, j)] for j in jokers]) for p in packs],
        "cards_per_rank": [(p, frustration_nl.CARD_LIMITS[(p, 0)]["2"]) for p in packs],
        "default_real_jokers": option_value(home.slug, "real_jokers", options),
    }


def level_list_name(key: str) -> str:
    return str(LEVEL_LIST_NAMES.get(key, key))


def levels_tables(home: GameHome, options: Mapping[str, object] | None = None) -> dict[str, object]:
    """The 10-level game's page; a level the two lists word differently shows both. A match's
    tables hold its own list alone, its end rule and its finish bonus."""
    values = frustration_fr.CARD_VALUES
    dearest_card = max(values.values())
    lists = frustration_fr.LEVELS
    default = str(option_value(home.slug, "levels", options))
    order = [default] if options is not None else [default, *(key for key in lists if key != default)]
    levels = []
    for index in range(len(lists[default])):
        variants: list[LevelVariant] = []
        for key in order:
            contract = lists[key][index]
            for i, variant in enumerate(variants):
                if lists[variant.lists[0]][index] == contract:
                    variants[i] = LevelVariant(
                        (*variant.lists, key),
                        (*variant.list_labels, level_list_name(key)),
                        variant.row,
                        variant.default,
                    )
                    break
            else:
                row = contract_row(contract, "level", frustration_fr.KEPT_FROM, dearest_card)
                variants.append(LevelVariant((key,), (level_list_name(key),), row, key == default))
        number = index + 1
        levels.append(LevelRow(number, f"level-{number}", tuple(variants)))
    return {
        **common_tables(home),
        "hand_size": frustration_family.HAND_SIZE,
        "kept_from": frustration_fr.KEPT_FROM,
        "levels": levels,
        "level_lists": [(key, level_list_name(key), home.option_label(f"levels.{key}")) for key in order],
        "default_levels": default,
        "last": frustration_fr.LAST,
        "card_values": value_rows((card(rank, WILD_FR) for rank in RANKS), values),
        "least_full_hand": frustration_family.HAND_SIZE * min(values.values()),
        "dearest_card": dearest_card,
        "most_full_hand": [(p, frustration_fr.MOST_OF_FULL_HAND[p]) for p in frustration_fr.PACKS],
        "cards_per_rank": [(p, frustration_fr.CARD_LIMITS[p]["2"]) for p in frustration_fr.PACKS],
        "default_end": option_value(home.slug, "end", options),
        "default_finish_bonus": option_value(home.slug, "finish_bonus", options),
        # A match's own end rule and bonus (None on the rules page, which explains every choice).
        "end": option_value(home.slug, "end", options) if options is not None else None,
        "finish_bonus": option_value(home.slug, "finish_bonus", options) if options is not None else None,
        "finish_bonus_label": home.option_label("finish_bonus"),
    }
