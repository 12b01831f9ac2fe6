"""The numbers on the rules pages, read from the rules engine's own data.

Every table a rules page or a paper scoresheet shows (contracts and their minimum cards, card
values, option defaults, the Canasta minimum-meld table, the Barbuse penalties...) is built here
from the public constants and functions of ``scoring.games``, so what the players read is what
the scoring does. Nothing here decides a rule: the few sums below (cards kept after laying down,
the most they can be worth, what a deal's penalties add up to) are the same arithmetic the engine
applies to the same constants, spelled out for a table.

Engine modules are read through their module attribute at call time (``frustration_nl.CONTRACTS``,
never a copied name), so a change to the engine's data shows on the page at once; the tests rely
on it. The result is plain data (frozen dataclasses, lists, dicts) with words already in the
reader's language; the templates only lay it out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from matches.terms import describe_contract, option_label, rank_label
from scoring import get_game
from scoring.cards import JOKER, RANKS
from scoring.games import barbuse, canasta, duizenden, frustration_family, frustration_fr, frustration_nl
from scoring.options import BoolOption, ChoiceOption, IntOption, Option

DASH = "\N{EN DASH}"

# --- words that belong to the rules pages ----------------------------------------------------

# What each option does, in one sentence (the option table's last column).
OPTION_MEANINGS: Mapping[tuple[str, str], Promise] = {
    ("frustration-nl", "packs"): gettext_lazy(
        "How many 52-card packs are shuffled together; it sets how many cards of each rank exist."
    ),
    ("frustration-nl", "real_jokers"): gettext_lazy(
        "Real jokers played per two packs, on top of the eight twos. 0 means the twos are the only "
        "wild cards."
    ),
    ("frustration-fr", "packs"): gettext_lazy(
        "How many 52-card packs are shuffled together; it sets how many cards of each rank exist."
    ),
    ("frustration-fr", "levels"): gettext_lazy("Which list of ten levels the table plays."),
    ("frustration-fr", "end"): gettext_lazy(
        "Whether the match goes on until fewer than two players are left, or stops after the deal "
        "in which someone first completes level 10."
    ),
    ("frustration-fr", "run_wraps"): gettext_lazy(
        "Whether a run may continue from the king to the ace and on (Q-K-A-2), as the original says."
    ),
    ("frustration-fr", "finish_bonus"): gettext_lazy(
        "Points taken off the total of each player who completes level 10 in the first deal in "
        "which anyone does. 0 means no bonus."
    ),
    ("duizenden", "target"): gettext_lazy(
        "The match ends after the deal in which a player or team reaches this total."
    ),
    ("duizenden", "queen_of_spades"): gettext_lazy(
        "What each queen of spades is worth, on the table or in hand."
    ),
    ("duizenden", "jokers"): gettext_lazy("How many jokers are shuffled into the two packs."),
    ("barbuse", "all_hearts_bonus"): gettext_lazy(
        "In Geen Harten, the player who takes all nine hearts scores minus this; the others score 0."
    ),
    ("barbuse", "king_of_hearts_penalty"): gettext_lazy(
        "In Geen Hartenheer, the penalty for the player who takes the king of hearts."
    ),
    ("canasta", "target"): gettext_lazy(
        "The match ends after the deal in which a side's total reaches this."
    ),
    ("canasta", "special_canastas"): gettext_lazy(
        "Whether ace canastas and canastas of wild cards score their own bonuses."
    ),
    ("canasta", "concealed_bonus"): gettext_lazy(
        "The going-out bonus for a side that goes out concealed, instead of the usual one."
    ),
    ("canasta", "canastas_to_go_out"): gettext_lazy("How many canastas a side needs before it may go out."),
    ("canasta", "packs"): gettext_lazy(
        "How many packs (each with two jokers) are shuffled together; it sets how many cards and "
        "red threes exist."
    ),
}

# A play rule of Frustration NL the score cannot show (so the engine does not hold it): from
# this contract on, a player may lay down and go out in the same turn; before it he may not.
NL_OUT_AT_ONCE_FROM = 10

# The wild cards of each game: only a label on the card-value table.
WILD_CARDS: Mapping[str, frozenset[str]] = {
    "frustration-nl": frozenset({"2", JOKER}),
    "frustration-fr": frozenset({"2"}),
    "duizenden": frozenset({JOKER}),
    "canasta": frozenset({"2", JOKER}),
}

# The contracts in the reader's language with the original's Dutch name beside it, which is what
# a Dutch table says (the Dutch catalogue keeps the Dutch name alone).
BARBUSE_CONTRACT_NAMES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy("Guess the tricks (Knobbelen)"),
    barbuse.NO_QUEENS: gettext_lazy("No queens (Geen Vrouwen)"),
    barbuse.NO_HEARTS: gettext_lazy("No hearts (Geen Harten)"),
    barbuse.AANLEGGEN: gettext_lazy("Building rows (Aanleggen)"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("No king of hearts (Geen Hartenheer)"),
}
# What each contract asks, in a few words.
BARBUSE_CONTRACT_GLOSSES: Mapping[str, Promise] = {
    barbuse.KNOBBELEN: gettext_lazy("show your tricks with your fingers, then take exactly that many"),
    barbuse.NO_QUEENS: gettext_lazy("avoid taking queens"),
    barbuse.NO_HEARTS: gettext_lazy("avoid taking hearts, or take them all"),
    barbuse.AANLEGGEN: gettext_lazy("build rows from the tens; get rid of your cards first"),
    barbuse.NO_KING_OF_HEARTS: gettext_lazy("avoid taking the king of hearts"),
}

# The name of Frustration FR's option for runs round the corner, until the option table has one.
RUN_WRAPS_LABEL = gettext_lazy("Runs round the corner")

# Short names of Frustration FR's two level lists, for table cells.
LEVEL_LIST_NAMES: Mapping[str, Promise] = {
    "corrected": gettext_lazy("corrected list"),
    "as_written": gettext_lazy("list as written"),
}

CANASTA_KIND_NAMES: Mapping[str, Promise] = {
    canasta.NATURAL: gettext_lazy("Natural canasta"),
    canasta.MIXED: gettext_lazy("Mixed canasta"),
    canasta.NATURAL_ACE: gettext_lazy("Natural canasta of aces"),
    canasta.MIXED_ACE: gettext_lazy("Mixed canasta of aces"),
    canasta.WILD: gettext_lazy("Canasta of wild cards"),
}


def barbuse_contract_name(slug: str) -> str:
    return str(BARBUSE_CONTRACT_NAMES.get(slug, slug))


# --- rows --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DefaultRow:
    """An option's default, and for which player counts it applies (None: for every count)."""

    value: object
    label: str
    players: str | None


@dataclass(frozen=True)
class OptionRow:
    name: str
    label: str
    meaning: str
    kind: str
    defaults: tuple[DefaultRow, ...]
    allowed: str


@dataclass(frozen=True)
class Card:
    rank: str
    label: str
    wild: bool = False


@dataclass(frozen=True)
class CardValueRow:
    points: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ContractRow:
    """A Frustration contract or level, with the limits the engine checks after laying down."""

    number: int
    anchor: str
    description: str
    minimum_cards: int
    kept_at_most: int
    most_points: int
    # Frustration NL only: may a player lay this contract down and go out in the same turn?
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


# --- shared helpers ---------------------------------------------------------------------------


def word_list(items: Sequence[str]) -> str:
    """ "2, 3, 4 or 6" in the reader's language."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return _("%(items)s or %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def number_span(numbers: Sequence[int]) -> str:
    """ "2 to 6" (with an en dash) for a run of numbers, "2, 3, 4 or 6" otherwise."""
    numbers = sorted(numbers)
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}{DASH}{numbers[-1]}"
    return word_list([str(n) for n in numbers])


def players_label(counts: Sequence[int]) -> str:
    span = number_span(counts)
    if len(counts) == 1:
        return ngettext("%(count)s player", "%(count)s players", counts[0]) % {"count": span}
    return _("%(span)s players") % {"span": span}


def card(game: str, rank: str) -> Card:
    label = _("black 3") if game == "canasta" and rank == "3" else rank_label(rank)
    return Card(rank, label, rank in WILD_CARDS.get(game, ()))


def value_rows(game: str, values: Mapping[str, int], order: Iterable[str]) -> list[CardValueRow]:
    """Cards grouped by their points, cheapest first, ranks in the usual order within a row."""
    by_points: dict[int, list[Card]] = {}
    for rank in order:
        if rank in values:
            by_points.setdefault(values[rank], []).append(card(game, rank))
    return [CardValueRow(points, tuple(cards)) for points, cards in sorted(by_points.items())]


def count_rows(counts: Iterable[tuple[Card, int]]) -> list[tuple[int, tuple[Card, ...]]]:
    """Cards grouped by how many of each exist, in the order they first appear."""
    grouped: dict[int, list[Card]] = {}
    for each, count in counts:
        grouped.setdefault(count, []).append(each)
    return [(count, tuple(cards)) for count, cards in grouped.items()]


def value_label(game: str, option: Option, value: object) -> str:
    if isinstance(option, BoolOption):
        return _("yes") if value else _("no")
    if isinstance(option, ChoiceOption):
        return option_label(game, f"{option.name}.{value}")
    return str(value)


def allowed_label(game: str, option: Option) -> str:
    if isinstance(option, BoolOption):
        return word_list([_("yes"), _("no")])
    if isinstance(option, ChoiceOption):
        return word_list([option_label(game, f"{option.name}.{choice}") for choice in option.choices])
    assert isinstance(option, IntOption)
    if option.choices is not None:
        text = word_list([str(choice) for choice in option.choices])
    elif option.maximum is not None:
        text = f"{option.minimum}{DASH}{option.maximum}"
    else:
        text = _("%(minimum)s or more") % {"minimum": option.minimum}
    if option.multiple_of_5:
        text = _("%(values)s, a multiple of 5") % {"values": text}
    return text


def option_rows(game: str) -> list[OptionRow]:
    """Every option of the game with its default per player count, allowed values and meaning."""
    rules = get_game(game)
    rows = []
    for option in rules.options:
        by_value: dict[object, list[int]] = {}
        for players in rules.player_counts:
            by_value.setdefault(option.default_for(players), []).append(players)
        single = len(by_value) == 1
        defaults = tuple(
            DefaultRow(value, value_label(game, option, value), None if single else players_label(counts))
            for value, counts in by_value.items()
        )
        rows.append(
            OptionRow(
                name=option.name,
                label=option_label(game, option.name),
                meaning=str(OPTION_MEANINGS.get((game, option.name), "")),
                kind=option.kind,
                defaults=defaults,
                allowed=allowed_label(game, option),
            )
        )
    return rows


def _option(game: str, name: str) -> Any:
    for option in get_game(game).options:
        if option.name == name:
            return option
    raise KeyError(name)


def default_option(game: str, name: str, players: int | None = None) -> Any:
    """An option's default (for the smallest table when it depends on the player count)."""
    counts = get_game(game).player_counts
    return _option(game, name).default_for(players if players is not None else min(counts))


def contract_row(
    contract: frustration_family.Contract,
    prefix: str,
    kept_from: int,
    most: int,
    out_at_once: bool | None = None,
) -> ContractRow:
    """A contract with what the engine allows after it is laid down: ``kept_from`` minus its
    minimum cards (NL 11, FR 12), each worth at most the dearest card."""
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


def _common(game: str) -> dict[str, Any]:
    rules = get_game(game)
    return {
        "slug": game,
        "player_counts": rules.player_counts,
        "players": players_label(rules.player_counts),
        "options": option_rows(game),
    }


# --- one builder per game ---------------------------------------------------------------------


def frustration_nl_tables() -> dict[str, Any]:
    game = "frustration-nl"
    values = frustration_nl.CARD_VALUES
    dearest_card = max(values.values())
    hand = frustration_family.HAND_SIZE
    packs = frustration_nl.PACKS
    jokers = tuple(frustration_nl.REAL_JOKERS)
    return {
        **_common(game),
        "hand_size": hand,
        "contracts": [
            contract_row(
                contract, "contract", hand, dearest_card, out_at_once=contract.number >= NL_OUT_AT_ONCE_FROM
            )
            for contract in frustration_nl.CONTRACTS
        ],
        "out_at_once_from": NL_OUT_AT_ONCE_FROM,
        "last": frustration_nl.LAST,
        "card_values": value_rows(game, values, (*RANKS, JOKER)),
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
        "default_real_jokers": default_option(game, "real_jokers"),
    }


def level_list_name(key: str) -> str:
    return str(LEVEL_LIST_NAMES.get(key, key))


def run_wraps_label(game: str) -> str:
    """The label of the option ``run_wraps`` (the words of the option table once it has one)."""
    label = option_label(game, "run_wraps")
    return label if label != "run_wraps" else str(RUN_WRAPS_LABEL)


def frustration_fr_tables() -> dict[str, Any]:
    game = "frustration-fr"
    values = frustration_fr.CARD_VALUES
    dearest_card = max(values.values())
    lists = frustration_fr.LEVELS
    default = default_option(game, "levels")
    order = [default, *(key for key in lists if key != default)]
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
        **_common(game),
        "hand_size": frustration_family.HAND_SIZE,
        "kept_from": frustration_fr.KEPT_FROM,
        "levels": levels,
        "level_lists": [(key, level_list_name(key), option_label(game, f"levels.{key}")) for key in order],
        "default_levels": default,
        "last": frustration_fr.LAST,
        "card_values": value_rows(game, values, RANKS),
        "least_full_hand": frustration_family.HAND_SIZE * min(values.values()),
        "dearest_card": dearest_card,
        "most_full_hand": [(p, frustration_fr.MOST_OF_FULL_HAND[p]) for p in frustration_fr.PACKS],
        "cards_per_rank": [(p, frustration_fr.CARD_LIMITS[p]["2"]) for p in frustration_fr.PACKS],
        "default_end": default_option(game, "end"),
        "default_finish_bonus": default_option(game, "finish_bonus"),
        "run_wraps_label": run_wraps_label(game),
    }


def duizenden_tables() -> dict[str, Any]:
    game = "duizenden"
    queen = default_option(game, "queen_of_spades")
    jokers = default_option(game, "jokers")
    counts = duizenden.card_limits(jokers)
    return {
        **_common(game),
        "card_values": value_rows(game, duizenden.CARD_VALUES, (*RANKS, JOKER)),
        "queen_of_spades": card(game, duizenden.QUEEN_OF_SPADES),
        "queen_of_spades_value": queen,
        "target": default_option(game, "target"),
        "jokers": jokers,
        "max_jokers": duizenden.MAX_JOKERS,
        "pack_counts": count_rows((card(game, key), counts[key]) for key in duizenden.CARD_KEYS),
        "pack_points": duizenden.pack_points(queen, jokers),
        # The pack total as a formula: the other cards, plus each queen of spades and joker.
        "pack_points_base": duizenden.pack_points(0, 0),
        "queens_of_spades": counts[duizenden.QUEEN_OF_SPADES],
        "joker_value": duizenden.CARD_VALUES[JOKER],
    }


@dataclass(frozen=True)
class BarbuseContract:
    slug: str
    anchor: str
    name: str
    gloss: str
    fields: tuple[barbuse.EntryField, ...]
    deal_totals: tuple[int, ...]


def barbuse_tables() -> dict[str, Any]:
    game = "barbuse"
    all_hearts = default_option(game, "all_hearts_bonus")
    king = default_option(game, "king_of_hearts_penalty")
    knobbelen = [
        (failers, each, failers * each) for failers, each in sorted(barbuse.KNOBBELEN_PENALTY.items())
    ]
    totals: dict[str, tuple[int, ...]] = {
        barbuse.KNOBBELEN: tuple(sorted({row[2] for row in knobbelen}, reverse=True)),
        barbuse.NO_QUEENS: (barbuse.QUEENS * barbuse.QUEEN_PENALTY,),
        barbuse.NO_HEARTS: (barbuse.HEARTS * barbuse.HEART_PENALTY, -all_hearts),
        barbuse.AANLEGGEN: (sum(barbuse.AANLEGGEN_PENALTY.values()),),
        barbuse.NO_KING_OF_HEARTS: (king,),
    }
    contracts = [
        BarbuseContract(
            slug=slug,
            anchor=f"contract-{slug}",
            name=barbuse_contract_name(slug),
            gloss=str(BARBUSE_CONTRACT_GLOSSES.get(slug, "")),
            fields=barbuse.CONTRACT_FIELDS[slug],
            deal_totals=totals[slug],
        )
        for slug in barbuse.CONTRACTS
    ]
    return {
        **_common(game),
        "contracts": contracts,
        "contract": {row.slug: row for row in contracts},
        "players_exactly": barbuse.PLAYERS,
        "deals_per_spelmaker": barbuse.DEALS_PER_SPELMAKER,
        "deals": barbuse.DEALS,
        "tricks": barbuse.TRICKS,
        "queens": barbuse.QUEENS,
        "hearts": barbuse.HEARTS,
        "even_target": barbuse.KNOBBELEN_EVEN_TARGET,
        "knobbelen_penalties": knobbelen,
        "queen_penalty": barbuse.QUEEN_PENALTY,
        "heart_penalty": barbuse.HEART_PENALTY,
        "all_hearts_bonus": all_hearts,
        "aanleggen_penalties": sorted(barbuse.AANLEGGEN_PENALTY.items()),
        "king_of_hearts_penalty": king,
        "cards_in_pack": barbuse.PLAYERS * barbuse.TRICKS,
        "cards_each": barbuse.TRICKS,
    }


@dataclass(frozen=True)
class MeldBand:
    """A band of totals (``lowest`` None: below ``below``; ``highest`` None: and above)."""

    lowest: int | None
    highest: int | None
    minimum: int

    @property
    def below(self) -> int | None:
        return self.highest + 5 if self.lowest is None and self.highest is not None else None


@dataclass(frozen=True)
class CanastaBonus:
    kind: str
    name: str
    bonus: int
    special: bool
    least_meld: int


def minimum_meld_bands() -> list[MeldBand]:
    """The engine's minimum-meld table as bands; totals are multiples of 5, so a band ends 5
    below the next one."""
    table = canasta.MINIMUM_MELD_TABLE
    bands = []
    for index, (lowest, minimum) in enumerate(table):
        following = table[index + 1][0] if index + 1 < len(table) else None
        bands.append(MeldBand(lowest, following - 5 if following is not None else None, minimum))
    return bands


def canasta_tables() -> dict[str, Any]:
    game = "canasta"
    packs = sorted(_option(game, "packs").choices or ())
    bonuses = [
        CanastaBonus(
            kind,
            str(CANASTA_KIND_NAMES[kind]),
            canasta.CANASTA_BONUSES[kind],
            kind in canasta.SPECIAL_CANASTAS,
            canasta.CANASTA_MINIMUMS[kind],
        )
        for kind in (*canasta.ORDINARY_CANASTAS, *canasta.SPECIAL_CANASTAS)
    ]
    red_threes = [
        (
            count,
            [
                canasta.red_three_value(count, p) if count <= canasta.RED_THREES_PER_PACK * p else None
                for p in packs
            ],
        )
        for count in range(1, canasta.RED_THREES_PER_PACK * max(packs) + 1)
    ]
    return {
        **_common(game),
        "card_values": value_rows(game, canasta.CARD_VALUES, canasta.CARD_KEYS),
        "minimum_meld": minimum_meld_bands(),
        "bonuses": bonuses,
        "ordinary_bonuses": [row for row in bonuses if not row.special],
        "special_bonuses": [row for row in bonuses if row.special],
        "bonus": {row.kind: row for row in bonuses},
        "going_out_bonus": canasta.GOING_OUT_BONUS,
        "concealed_bonus": default_option(game, "concealed_bonus"),
        "canastas_to_go_out": default_option(game, "canastas_to_go_out"),
        "target": default_option(game, "target"),
        "special_canastas": default_option(game, "special_canastas"),
        "red_three_value": canasta.RED_THREE_VALUE,
        "packs": packs,
        "red_threes": red_threes,
        "red_threes_per_pack": canasta.RED_THREES_PER_PACK,
        # The counts whose value is not simply "each" (all four: 800...), per number of packs.
        "red_three_sets": [
            (p, sorted(canasta.RED_THREE_SETS[p].items())) for p in packs if canasta.RED_THREE_SETS.get(p)
        ],
        "cards_per_pack": count_rows(
            [
                *((card(game, key), canasta.CARDS_PER_PACK[key]) for key in canasta.CARD_KEYS),
                (Card("red3", _("red 3")), canasta.RED_THREES_PER_PACK),
            ]
        ),
        "default_teams": {n: teams for n, teams in canasta.DEFAULT_TEAMS.items()},
    }


BUILDERS: Mapping[str, Callable[[], dict[str, Any]]] = {
    "frustration-nl": frustration_nl_tables,
    "frustration-fr": frustration_fr_tables,
    "duizenden": duizenden_tables,
    "barbuse": barbuse_tables,
    "canasta": canasta_tables,
}


def tables_for(game: str) -> dict[str, Any]:
    """All the tables of one game's rules page, in the active language."""
    return BUILDERS[game]()
