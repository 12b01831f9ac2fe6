"""The home of Canasta: partnerships, canastas, red threes and a rising minimum first meld."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.http import QueryDict
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy

from games import round_forms
from games.base import BaseHome, Titles, in_key_order
from games.canasta.quick_entry import quick_entry
from games.canasta.statistics import statistics as canasta_statistics
from games.protocol import (
    CalculatorKey,
    Context,
    DemoMatch,
    Json,
    NextItem,
    PlayedMatch,
    SheetView,
    Statistic,
    Text,
)
from games.quick_entry import QuickEntry
from games.tables import Card, card, common_tables, count_rows, option_value, value_rows
from games.words import GOING_OUT_MESSAGES
from scoring import MatchState, Setup, get_game
from scoring.cards import JOKER
from scoring.games import canasta

WILD = frozenset({"2", JOKER})

KIND_NAMES: Mapping[str, Promise] = {
    canasta.NATURAL: gettext_lazy("Natural canasta"),
    canasta.MIXED: gettext_lazy("Mixed canasta"),
    canasta.NATURAL_ACE: gettext_lazy("Natural canasta of aces"),
    canasta.MIXED_ACE: gettext_lazy("Mixed canasta of aces"),
    canasta.WILD: gettext_lazy("Canasta of wild cards"),
}


# The form's counters, as the round JSON names them.
COUNTERS = (
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "natural_ace_canastas",
    "mixed_ace_canastas",
    "wild_canastas",
)


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


@dataclass(frozen=True)
class SideLine:
    """A side's line of the hints."""

    unit: int
    label: str
    total: int
    total_text: str
    minimum_meld: int | None  # for the next deal; None once the match is over
    progress_label: str


def _card(rank: str) -> Card:
    # In a card map "3" stands for the black threes only: red threes have their own field.
    return card(rank, WILD, _("black 3") if rank == "3" else None)


class CanastaHome(BaseHome):
    slug = canasta.GAME.slug
    name = gettext_lazy("Canasta")
    summary = gettext_lazy("Partnership rummy with canastas, red threes and a rising minimum first meld.")
    stylesheet = "canasta/canasta.css"
    entry_template = "canasta/entry.html"
    hints_template = "canasta/hints.html"
    rules_template = "canasta/rules.html"
    paper_template = "canasta/paper.html"
    paper_deals = 16
    team_shapes = ("opposite", "neighbours", "pairs_across")
    sections: Titles = (
        ("players", gettext_lazy("Players and partnerships")),
        ("deal", gettext_lazy("The deal")),
        ("turn", gettext_lazy("A turn")),
        ("melds", gettext_lazy("Melds")),
        ("minimum-meld", gettext_lazy("The minimum first meld")),
        ("canastas", gettext_lazy("Canastas")),
        ("threes", gettext_lazy("Red and black threes")),
        ("frozen-pile", gettext_lazy("A frozen discard pile")),
        ("going-out", gettext_lazy("Going out")),
        ("stock-out", gettext_lazy("When the stock runs out")),
    )
    option_labels: Mapping[str, Text] = {
        "target": gettext_lazy("Target score"),
        "special_canastas": gettext_lazy("Special canastas (aces, wild cards)"),
        "concealed_bonus": gettext_lazy("Bonus for going out concealed"),
        "canastas_to_go_out": gettext_lazy("Canastas needed to go out"),
        "packs": gettext_lazy("Packs of cards"),
    }
    option_meanings: Mapping[str, Text] = {
        "target": gettext_lazy("The match ends after the deal in which a side's total reaches this."),
        "special_canastas": gettext_lazy(
            "Whether ace canastas and canastas of wild cards score their own bonuses."
        ),
        "concealed_bonus": gettext_lazy(
            "The going-out bonus for a side that goes out concealed, instead of the usual one."
        ),
        "canastas_to_go_out": gettext_lazy("How many canastas a side needs before it may go out."),
        "packs": gettext_lazy(
            "How many packs (each with two jokers) are shuffled together; it sets how many cards and "
            "red threes exist."
        ),
    }
    rule_sections: Mapping[str, str] = {
        canasta.CanastaCode.WENT_OUT_COUNT: "checks#check-went-out",
        canasta.CanastaCode.TOO_MANY_RED_THREES: "checks#check-red-threes",
        canasta.CanastaCode.CONCEALED_WITHOUT_GOING_OUT: "checks#check-went-out",
        canasta.CanastaCode.WENT_OUT_WITHOUT_CANASTA: "going-out#going-out-canasta",
        canasta.CanastaCode.WENT_OUT_WITH_CARDS: "checks#check-out-canastas",
        canasta.CanastaCode.CANASTAS_EXCEED_MELD: "checks#check-canasta-meld",
        canasta.CanastaCode.BELOW_MINIMUM_MELD: "minimum-meld#minimum-meld-rule",
    }
    messages: Mapping[str, Text] = {
        "went_out_count": gettext_lazy("At most one side can go out, not %(count)s."),
        "went_out_without_canasta": ngettext_lazy(
            "A side needs %(required)s canasta to go out; this one has %(canastas)s.",
            "A side needs %(required)s canastas to go out; this one has %(canastas)s.",
            "required",
        ),
        "canastas_exceed_meld": gettext_lazy("These canastas need at least %(minimum)s melded points."),
        "went_out_with_cards": GOING_OUT_MESSAGES["went_out_with_cards"],
        "too_many_red_threes": gettext_lazy("There are only %(limit)s red threes in the packs."),
        "concealed_without_going_out": gettext_lazy(
            "Only the side that went out can have gone out concealed."
        ),
        "below_minimum_meld": gettext_lazy(
            "Below the minimum first meld: this side needs at least %(minimum)s."
        ),
    }

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """Each side's minimum first meld in the coming deal (the engine's hints)."""
        minimum = sheet.next.get("minimum_meld") if sheet.next else None
        if not minimum:
            return {}
        short, text = _("min. meld"), _("First meld this deal: at least %(minimum)s.")
        return {
            unit: NextItem(f"{short} {points}", text % {"minimum": points})
            for unit, points in enumerate(minimum)
        }

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """The hints' lines (a side's total, its minimum first meld next deal and its progress
        to the target), their words filled in here rather than in a loop of the template."""
        minimum = sheet.next.get("minimum_meld") if sheet.next else None
        progress = _("%(side)s: progress to the target")
        return {
            "sides": [
                SideLine(
                    column.unit,
                    column.label,
                    column.total,
                    column.total_text,
                    minimum[column.unit] if minimum else None,
                    progress % {"side": column.label},
                )
                for column in sheet.columns
            ]
        }

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        setup = sheet.state.setup
        return {
            "special_canastas": setup.bool_option("special_canastas"),
            # A side of one player: whoever went out holds nothing, so the form fills in 0.
            "alone": [len(seats) == 1 for seats in setup.units],
            # Every red three of the packs counted: no side can have another (canasta.js).
            "red_threes_limit": canasta.RED_THREES_PER_PACK * setup.int_option("packs"),
        }

    def parse_round(self, data: QueryDict, lines: int) -> Json:
        """A counter (canastas, red threes) left empty on the form means none: the phone form
        shows it empty with a 0 in grey, so the Enter key passes it without a keystroke."""
        body = round_forms.parse_round(data, lines)
        entries = body.get("entries") if isinstance(body, dict) else None
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            if not isinstance(entry, dict):
                continue
            for kind in COUNTERS:
                if kind not in entry and data.get(f"entries.{index}.{kind}:int") == "":
                    entry[kind] = 0
        return body

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        return in_key_order(CalculatorKey(rank, value) for rank, value in canasta.CARD_VALUES.items())

    def paper_teams(self, players: int) -> tuple[int, ...]:
        """Two or three play alone; four in two partnerships; six in two teams of three (the
        usual seating) or in three pairs."""
        return tuple(players // size for size in canasta.TEAM_SIZES.get(players, ())) or (0,)

    def paper_sides(self, players: int, teams: int) -> int:
        """A column per side: per team, or per player when everyone plays alone."""
        return teams or players

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        packs_option = next(o for o in get_game(self.slug).options if o.name == "packs")
        packs = sorted(getattr(packs_option, "choices", None) or ())
        if options is not None:
            # A match plays one number of packs and the special canastas it was set up with.
            packs = [int(str(option_value(self.slug, "packs", options)))]
        bonuses = [
            CanastaBonus(
                kind,
                str(KIND_NAMES[kind]),
                canasta.CANASTA_BONUSES[kind],
                kind in canasta.SPECIAL_CANASTAS,
                canasta.CANASTA_MINIMUMS[kind],
            )
            for kind in (*canasta.ORDINARY_CANASTAS, *canasta.SPECIAL_CANASTAS)
            if kind not in canasta.SPECIAL_CANASTAS or option_value(self.slug, "special_canastas", options)
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
            **common_tables(self),
            "card_values": value_rows((_card(rank) for rank in canasta.CARD_KEYS), canasta.CARD_VALUES),
            "minimum_meld": minimum_meld_bands(),
            "bonuses": bonuses,
            "ordinary_bonuses": [row for row in bonuses if not row.special],
            "special_bonuses": [row for row in bonuses if row.special],
            "bonus": {row.kind: row for row in bonuses},
            "going_out_bonus": canasta.GOING_OUT_BONUS,
            "concealed_bonus": option_value(self.slug, "concealed_bonus", options),
            "canastas_to_go_out": option_value(self.slug, "canastas_to_go_out", options),
            "target": option_value(self.slug, "target", options),
            "special_canastas": option_value(self.slug, "special_canastas", options),
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
                    *((_card(key), canasta.CARDS_PER_PACK[key]) for key in canasta.CARD_KEYS),
                    (Card("red3", _("red 3")), canasta.RED_THREES_PER_PACK),
                ]
            ),
            "default_teams": dict(canasta.DEFAULT_TEAMS.items()),
        }

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return canasta_statistics(played)

    def quick_entry(self, state: MatchState) -> QuickEntry:
        setup = state.setup
        return quick_entry(
            setup.bool_option("special_canastas"), all(len(seats) == 1 for seats in setup.units)
        )

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor", "Dirk"),
            rounds=tuple(
                [
                    {
                        "entries": [
                            {
                                "went_out": True,
                                "natural_canastas": 1,
                                "mixed_canastas": 1,
                                "red_threes": 1,
                                "meld_points": 310,
                                "hand_points": 25,
                            },
                            {
                                "went_out": False,
                                "natural_canastas": 0,
                                "mixed_canastas": 0,
                                "red_threes": 1,
                                "meld_points": 0,
                                "hand_points": 115,
                            },
                        ]
                    },
                    {
                        "entries": [
                            {
                                "went_out": False,
                                "natural_canastas": 0,
                                "mixed_canastas": 1,
                                "red_threes": 2,
                                "meld_points": 245,
                                "hand_points": 60,
                            },
                            {
                                "went_out": True,
                                "concealed": True,
                                "natural_canastas": 1,
                                "mixed_canastas": 0,
                                "red_threes": 0,
                                "meld_points": 180,
                                "hand_points": 40,
                            },
                        ]
                    },
                ]
            ),
        )


HOME = CanastaHome()
