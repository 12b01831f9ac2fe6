"""The home of both Frustration games: 11 contracts (Dutch text) and 10 levels (French text).

They share the round form, the hints (each player's contract or level) and most words; they
differ in their list of contracts or levels, their options and their rules pages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from games.base import BaseHome, Titles, in_key_order
from games.frustration.quick_entry import quick_entry
from games.frustration.statistics import statistics as frustration_statistics
from games.frustration.tables import contracts_tables, levels_tables
from games.frustration.words import describe_contract
from games.protocol import (
    CalculatorKey,
    Context,
    DemoMatch,
    Json,
    NextItem,
    PlayedMatch,
    RuleAnchor,
    Section,
    SheetView,
    Statistic,
    Text,
)
from games.quick_entry import QuickEntry
from games.words import GOING_OUT_MESSAGES
from scoring import MatchState, RuleError, Setup
from scoring.errors import Code
from scoring.games import frustration_fr, frustration_nl
from scoring.games.frustration_family import HAND_SIZE, FrustrationCode, PhaseHints, kept_after_laying_down

ANCHOR = "anchor-of-a-contract"  # a section's address is the pattern's with its anchor here


@dataclass(frozen=True)
class PhaseLine:
    """A player's line of the hints: the contract or level they play next and its rules."""

    who: str
    phase: str  # "#3"
    rules: str  # the rules page at the contract's anchor (without JavaScript)
    section: str  # the contract's section alone, for the rules panel
    description: str


# "Laid down?" left unanswered: the points allow both answers (a correction that lost its stored
# answer read only "This is required.", which says nothing of the question or of what to do).
UNANSWERED = gettext_lazy("“%(question)s” is not answered, and these points allow both yes and no.")

PACKS_LABEL = gettext_lazy("Packs of cards")
PACKS_MEANING = gettext_lazy(
    "How many 52-card packs are shuffled together; it sets how many cards of each rank exist."
)


# Both games' checks list one rule per item, so each refusal links to its item. A seat that laid
# down and one that did not break different rules with the same codes: ``rule_anchor`` tells
# them apart by the engine's ``laid_down``.
RULE_SENTENCES: Mapping[str, str] = {
    FrustrationCode.WENT_OUT_COUNT: "checks#check-went-out",
    FrustrationCode.WENT_OUT_WITHOUT_CONTRACT: "checks#check-went-out",
    FrustrationCode.WENT_OUT_WITH_CARDS: "checks#check-went-out",
    FrustrationCode.ZERO_WITHOUT_GOING_OUT: "checks#check-holds-cards",
    FrustrationCode.WRONG_CARD_COUNT: "checks#check-full-hand",
    FrustrationCode.POINTS_TOO_LOW: "checks#check-full-hand",
    FrustrationCode.POINTS_TOO_HIGH: "checks#check-full-hand",
}
LAID_DOWN_SENTENCE = RuleAnchor("checks", "check-laid-down")


class FrustrationHome(BaseHome):
    """What both games share; ``item`` names a contract (``contract``) or a level (``level``)."""

    entry_template = "frustration/entry.html"
    hints_template = "frustration/hints.html"
    paper_template = "frustration/paper.html"
    paper_deals = 30
    item: str
    item_title: Text
    items_key: str
    item_count: int  # contracts or levels in the list: a phase past it has finished them all
    finished_text: Text
    kept_from: int  # cards a seat holds when it lays down (the engine's limit on what it keeps)
    laid_down_question: Text  # "laid down?" asked in the game's own words
    hints_title: Text
    card_values: Mapping[str, int]
    messages: Mapping[str, Text] = {
        **GOING_OUT_MESSAGES,
        "went_out_without_contract": gettext_lazy("A player who went out must have laid down the contract."),
        "wrong_card_count": gettext_lazy(
            "This hand has the wrong number of cards (%(minimum)s to %(maximum)s)."
        ),
        "points_too_low": gettext_lazy("Too few points: at least %(minimum)s."),
        "points_too_high": gettext_lazy("Too many points: at most %(maximum)s."),
        "finished_player_entry": gettext_lazy("This player has finished and sits out: leave the line empty."),
    }

    # A hand's limits, worded for the seat the engine says it is (``laid_down``).
    laid_down_messages: Mapping[str, Text] = {
        "wrong_card_count": gettext_lazy(
            "A player who laid down keeps %(minimum)s to %(maximum)s cards in hand, not %(count)s."
        ),
    }
    not_laid_down_messages: Mapping[str, Text] = {
        "wrong_card_count": gettext_lazy(
            "A player who did not lay down holds exactly %(maximum)s cards, not %(count)s."
        ),
    }

    def message(self, error: RuleError) -> Text | None:
        if error.code == Code.REQUIRED and error.field.endswith(".laid_down"):
            return str(UNANSWERED) % {"question": self.laid_down_question}
        laid_down = error.params.get("laid_down")
        if laid_down is not None:
            worded = (self.laid_down_messages if laid_down else self.not_laid_down_messages).get(error.code)
            if worded is not None:
                return worded
        return super().message(error)

    def rule_anchor(self, error: RuleError) -> RuleAnchor | None:
        if error.code in RULE_SENTENCES and error.params.get("laid_down") is True:
            return LAID_DOWN_SENTENCE
        return super().rule_anchor(error)

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return frustration_statistics(played, self.item_title)

    def sitting_out(self, state: MatchState) -> frozenset[int]:
        """Players who finished every level: not among the next deal's hints."""
        upcoming = state.next
        if upcoming is None or not isinstance(upcoming.hints, PhaseHints):
            return frozenset()
        playing = {hint.seat for hint in upcoming.hints.phases}
        return frozenset(seat for seat in range(state.setup.players) if seat not in playing)

    def hints_json(self, hints: object) -> dict[str, Json]:
        if not isinstance(hints, PhaseHints):
            return {}
        return {
            "phases": [
                {"seat": hint.seat, "phase": hint.phase, "description": describe_contract(hint.contract)}
                for hint in hints.phases
            ]
        }

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """Each player's contract or level, from the standings' ``phase`` (the engine ranks by
        it, so the standings bar shows why "Dirk 410" stands above "Bram 380"); the next deal's
        hints add what it asks for."""
        described = {hint["seat"]: hint["description"] for hint in sheet.next["phases"]} if sheet.next else {}
        short = gettext("#%(phase)s")
        items: dict[int, NextItem] = {}
        for column in sheet.columns:
            phase = column.extra.get("phase")
            if not isinstance(phase, int):
                continue
            if phase > self.item_count:
                items[column.unit] = NextItem("✓", str(self.finished_text))
                continue
            title = str(self.item_title) % {"number": phase}
            description = described.get(column.unit)
            items[column.unit] = NextItem(
                short % {"phase": phase}, f"{title}: {description}" if description else title
            )
        return items

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """The hints' lines, their words and rules links filled in here: written by the
        template, each line's sentence and two links cost more than the rest of the phone's
        answer to a saved deal."""
        if sheet.next is None:
            return {}
        page = reverse("rules_game", args=[self.slug])
        section = reverse("rules_section", args=[self.slug, ANCHOR]).replace(ANCHOR, "{}")
        phase = gettext("#%(phase)s")
        lines = []
        for hint in sheet.next["phases"]:
            anchor = f"{self.item}-{hint['phase']}"
            lines.append(
                PhaseLine(
                    sheet.players[hint["seat"]],
                    phase % {"phase": hint["phase"]},
                    f"{page}#{anchor}",
                    section.format(anchor),
                    hint["description"],
                )
            )
        return {"phases": lines, "phases_title": self.hints_title}

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """ "Laid down" is asked of every player; the form answers it by itself only where the
        points leave one answer, by the engine's own limits: eleven cards are worth at least
        ``laid_down_below`` (fewer points: laid down), and after laying down the next deal's
        contract a seat keeps at most so many cards, worth at most ``laid_down_most[seat]``
        (more points: not laid down). A correction has only the first limit (its contracts are
        not the next deal's)."""
        upcoming = sheet.state.next
        most: dict[int, int] = {}
        if number is None and upcoming is not None and isinstance(upcoming.hints, PhaseHints):
            dearest = max(self.card_values.values())
            for hint in upcoming.hints.phases:
                most[hint.seat] = dearest * kept_after_laying_down(hint.contract, self.kept_from)
        return {
            "laid_down_below": self.laid_down_below,
            "laid_down_most": most,
            "laid_down_question": self.laid_down_question,
        }

    @property
    def laid_down_below(self) -> int:
        """Eleven cards are worth at least this: fewer points mean the contract was laid down."""
        return HAND_SIZE * min(self.card_values.values())

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return quick_entry(self.laid_down_below)

    def rules_item(self, anchor: str, tables: Context) -> Section | None:
        """One contract or level (``contract-3``), shown with its row of the table."""
        if re.fullmatch(rf"{self.item}-\d+", anchor) is None:
            return None
        rows = tables.get(self.items_key)
        found = [row for row in rows if row.anchor == anchor] if isinstance(rows, list) else []
        if not found:
            return None
        title = str(self.item_title) % {"number": found[0].number}
        return Section(anchor, title, f"{self.rules_template}#{self.item}", found[0])


class ContractsHome(FrustrationHome):
    slug = frustration_nl.GAME.slug
    name = gettext_lazy("Frustration (11 contracts)")
    summary = gettext_lazy(
        "Rummy with eleven contracts to make in order; the cards left in hand count against you."
    )
    rules_template = "frustration/rules-nl.html"
    item = "contract"
    item_title = gettext_lazy("Contract %(number)s")
    items_key = "contracts"
    item_count = len(frustration_nl.CONTRACTS)
    finished_text = gettext_lazy("Made every contract")
    kept_from = HAND_SIZE
    laid_down_question = gettext_lazy("Laid down?")
    hints_title = gettext_lazy("Contracts this deal")
    card_values = frustration_nl.CARD_VALUES
    rule_sections: Mapping[str, str] = RULE_SENTENCES
    sections: Titles = (
        ("players", gettext_lazy("Players and cards")),
        ("deal", gettext_lazy("The deal")),
        ("turn", gettext_lazy("A turn")),
        ("melds", gettext_lazy("Sets and runs")),
        ("contracts", gettext_lazy("The eleven contracts")),
        ("laying-down", gettext_lazy("Laying down")),
        ("going-out", gettext_lazy("Going out")),
    )
    option_labels: Mapping[str, Text] = {
        "packs": PACKS_LABEL,
        "real_jokers": gettext_lazy("Real jokers (per two packs)"),
    }
    option_meanings: Mapping[str, Text] = {
        "packs": PACKS_MEANING,
        "real_jokers": gettext_lazy(
            "Real jokers played per two packs, on top of the twos. 0 means the twos are the only wild cards."
        ),
    }

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        limits = frustration_nl.card_limits(setup.int_option("packs"), setup.int_option("real_jokers"))
        return in_key_order(
            CalculatorKey(rank, value)
            for rank, value in frustration_nl.CARD_VALUES.items()
            if limits.get(rank)
        )

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        return contracts_tables(self, options)

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor"),
            rounds=(
                {
                    "entries": [
                        {"laid_down": True, "went_out": True, "points": 0},
                        {"laid_down": True, "went_out": False, "hand": {"5": 1, "K": 1, "A": 1}},
                        {"laid_down": False, "went_out": False, "points": 95},
                    ]
                },
                {
                    "entries": [
                        {"laid_down": False, "went_out": False, "points": 100},
                        {"laid_down": True, "went_out": True, "points": 0},
                        {"laid_down": True, "went_out": False, "points": 60},
                    ]
                },
            ),
        )


class LevelsHome(FrustrationHome):
    slug = frustration_fr.GAME.slug
    name = gettext_lazy("Frustration (10 levels)")
    summary = gettext_lazy(
        "Rummy with ten levels in order; whoever completes them all sits out until fewer than two "
        "players are left."
    )
    rules_template = "frustration/rules-fr.html"
    item = "level"
    item_title = gettext_lazy("Level %(number)s")
    items_key = "levels"
    item_count = frustration_fr.DONE - 1
    finished_text = gettext_lazy("Completed every level")
    kept_from = frustration_fr.KEPT_FROM
    laid_down_question = gettext_lazy("Level made?")
    messages: Mapping[str, Text] = {
        **FrustrationHome.messages,
        "went_out_without_contract": gettext_lazy("A player who went out must have completed his level."),
    }
    laid_down_messages: Mapping[str, Text] = {
        "wrong_card_count": gettext_lazy(
            "A player who completed his level keeps %(minimum)s to %(maximum)s cards in hand, not %(count)s."
        ),
    }
    not_laid_down_messages: Mapping[str, Text] = {
        "wrong_card_count": gettext_lazy(
            "A player who did not complete his level holds exactly %(maximum)s cards, not %(count)s."
        ),
    }
    hints_title = gettext_lazy("Levels this deal")
    card_values = frustration_fr.CARD_VALUES
    rule_sections: Mapping[str, str] = {
        **RULE_SENTENCES,
        FrustrationCode.FINISHED_PLAYER_ENTRY: "checks#check-holds-cards",
    }
    sections: Titles = (
        ("players", gettext_lazy("Players and cards")),
        ("deal", gettext_lazy("The deal and a turn")),
        ("melds", gettext_lazy("Sets and runs")),
        ("levels", gettext_lazy("The ten levels")),
        ("completing", gettext_lazy("Completing a level")),
    )
    option_labels: Mapping[str, Text] = {
        "packs": PACKS_LABEL,
        "levels": gettext_lazy("List of levels"),
        "levels.corrected": gettext_lazy("Corrected list (7: two sets of 4, 8: run of 9)"),
        "levels.as_written": gettext_lazy("As in the original text"),
        "end": gettext_lazy("End of the match"),
        "end.all_finish": gettext_lazy("When fewer than two players are left"),
        "end.first_finish": gettext_lazy("When the first player finishes level 10"),
        "finish_bonus": gettext_lazy("Bonus for the first to finish"),
    }
    option_meanings: Mapping[str, Text] = {
        "packs": PACKS_MEANING,
        "levels": gettext_lazy("Which list of ten levels the table plays."),
        "end": gettext_lazy(
            "Whether the match goes on until fewer than two players are left, or stops after the deal "
            "in which someone first completes level 10."
        ),
        "finish_bonus": gettext_lazy(
            "Points taken off the total of each player who completes level 10 in the first deal in "
            "which anyone does. 0 means no bonus."
        ),
    }

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        return in_key_order(CalculatorKey(rank, value) for rank, value in frustration_fr.CARD_VALUES.items())

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        return levels_tables(self, options)

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor"),
            rounds=(
                {
                    "entries": [
                        {"laid_down": True, "went_out": False, "hand": {"2": 1, "A": 1, "9": 1}},
                        {"laid_down": False, "went_out": False, "points": 120},
                        {"laid_down": True, "went_out": True, "points": 0},
                    ]
                },
            ),
        )


CONTRACTS = ContractsHome()
LEVELS = LevelsHome()

__all__ = ["CONTRACTS", "LEVELS"]
