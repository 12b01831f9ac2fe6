"""The home of Duizenden: rummy to 1000, table minus hand, the queen of spades, optional teams."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from games.base import BaseHome, Titles, in_key_order
from games.duizenden.quick_entry import ENTRY as QUICK_ENTRY
from games.duizenden.statistics import statistics as duizenden_statistics
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
from games.tables import card, common_tables, count_rows, option_value, value_rows
from games.words import GOING_OUT_MESSAGES
from scoring import MatchState, Setup
from scoring.cards import JOKER, RANKS
from scoring.games import duizenden

WILD = frozenset({JOKER})


@dataclass(frozen=True)
class NeededLine:
    """A side's line of the hints: who, its total and the points it still needs, as words."""

    unit: int
    team: str  # "team 2" where sides are teams, else ""
    label: str
    total: str
    to_go: str


class DuizendenHome(BaseHome):
    slug = duizenden.GAME.slug
    name = gettext_lazy("Duizenden")
    summary = gettext_lazy("Rummy to 1000: what you melded counts for you, what you hold against you.")
    stylesheet = "duizenden/duizenden.css"
    entry_template = "duizenden/entry.html"
    hints_template = "duizenden/hints.html"
    rules_template = "duizenden/rules.html"
    paper_template = "duizenden/paper.html"
    team_shapes = ("opposite", "neighbours", "pairs_across")
    sections: Titles = (
        ("players", gettext_lazy("Players, teams and cards")),
        ("deal", gettext_lazy("The deal")),
        ("turn", gettext_lazy("A turn")),
        # The original's word for a meld is "setje".
        ("melds", pgettext_lazy("duizenden", "Melds")),
        ("jokers", gettext_lazy("Jokers")),
        ("queen-of-spades", gettext_lazy("The queen of spades")),
        ("going-out", gettext_lazy("The end of a deal")),
    )
    rule_sections: Mapping[str, str] = {
        duizenden.DuizendenCode.WENT_OUT_COUNT: "checks#check-went-out",
        duizenden.DuizendenCode.WENT_OUT_WITH_CARDS: "checks#check-went-out",
        duizenden.DuizendenCode.ZERO_WITHOUT_GOING_OUT: "checks#check-holds-cards",
        duizenden.DuizendenCode.MORE_POINTS_THAN_CARDS: "checks#check-pack-total",
    }
    messages: Mapping[str, Text] = {
        **GOING_OUT_MESSAGES,
        "more_points_than_cards": gettext_lazy(
            "Table and hands add up to %(points)s, more than all the cards in the packs are worth "
            "(%(limit)s)."
        ),
    }
    option_labels: Mapping[str, Text] = {
        "target": gettext_lazy("Target score"),
        "queen_of_spades": gettext_lazy("Value of the queen of spades"),
        "jokers": gettext_lazy("Jokers in the packs"),
    }
    option_meanings: Mapping[str, Text] = {
        "target": gettext_lazy("The match ends after the deal in which a player or team reaches this total."),
        "queen_of_spades": gettext_lazy("What each queen of spades is worth, on the table or in hand."),
        "jokers": gettext_lazy("How many jokers are shuffled into the two packs."),
    }

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        values = duizenden.card_values(setup.int_option("queen_of_spades"))
        limits = duizenden.card_limits(setup.int_option("jokers"))
        return in_key_order(
            CalculatorKey(rank, values[rank]) for rank in duizenden.CARD_KEYS if limits.get(rank)
        )

    def paper_teams(self, players: int) -> tuple[int, ...]:
        """Alone, or teams of equal size with at least two players each: the sheet then adds a
        total per team."""
        return (0, *(teams for teams in range(2, players // 2 + 1) if players % teams == 0))

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        queen = int(str(option_value(self.slug, "queen_of_spades", options)))
        jokers = int(str(option_value(self.slug, "jokers", options)))
        counts = duizenden.card_limits(jokers)
        return {
            **common_tables(self),
            "card_values": value_rows((card(rank, WILD) for rank in (*RANKS, JOKER)), duizenden.CARD_VALUES),
            "queen_of_spades": card(duizenden.QUEEN_OF_SPADES),
            "queen_of_spades_value": queen,
            "target": option_value(self.slug, "target", options),
            "jokers": jokers,
            "max_jokers": duizenden.MAX_JOKERS,
            "pack_counts": count_rows((card(key, WILD), counts[key]) for key in duizenden.CARD_KEYS),
            "pack_points": duizenden.pack_points(queen, jokers),
            # The pack total as a formula: the other cards, plus each queen of spades and joker.
            "pack_points_base": duizenden.pack_points(0, 0),
            "queens_of_spades": counts[duizenden.QUEEN_OF_SPADES],
            "joker_value": duizenden.CARD_VALUES[JOKER],
        }

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """Each side's points still needed to reach the target (the engine's ``next.needed``)."""
        if sheet.next is None:
            return {}
        to_go = gettext("%(points)s to go")
        return {
            column.unit: NextItem(to_go % {"points": points}, to_go % {"points": points})
            for column, points in zip(sheet.columns, sheet.next["needed"], strict=True)
        }

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """The hints' lines, their words filled in here: each line's two sentences cost the
        template more than the rest of the phone's answer to a saved deal put together."""
        if sheet.next is None:
            return {}
        needed = sheet.next["needed"]
        teams = sheet.state.setup.teams is not None
        team, to_go = gettext("team %(number)s"), gettext("%(points)s to go")
        return {
            "needed": [
                NeededLine(
                    column.unit,
                    team % {"number": column.unit + 1} if teams else "",
                    column.label,
                    column.total_text,
                    to_go % {"points": needed[index]},
                )
                for index, column in enumerate(sheet.columns)
            ]
        }

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return duizenden_statistics(played)

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return QUICK_ENTRY

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor"),
            rounds=tuple(
                [
                    {
                        "entries": [
                            {"went_out": False, "table_points": 85, "hand_points": 40},
                            {
                                "went_out": True,
                                "table_cards": {"7": 3, "8": 1, "9": 1, "10": 1, "J": 3, "A": 3, "joker": 1},
                                "hand_points": 0,
                            },
                            {"went_out": False, "table_points": 0, "hand_cards": {"QS": 1, "K": 2, "3": 1}},
                        ]
                    },
                    {
                        "entries": [
                            {"went_out": False, "table_points": 120, "hand_points": 15},
                            {"went_out": False, "table_points": 60, "hand_cards": {"QS": 1}},
                            {"went_out": True, "table_points": 230, "hand_points": 0},
                        ]
                    },
                ]
            ),
        )


HOME = DuizendenHome()
