"""The home of Belote and of Contrée: two fixed pairs, 162 card points a deal, belote-rebelote,
capot; Belote's taker must beat the defence (else "dedans"), Contrée's must reach its contract.

The two share the round form (the taker's pair, Contrée's contract and its doubling, then each
pair's card points, belote and capot), the card-point calculator, the hints and the paper sheet;
they differ in their rules pages, options and what the preview says of a deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from games.base import BaseHome, Titles
from games.belote.api import ContreeRoundBodySerializer
from games.belote.quick_entry import CONTREE_QUICK_ENTRY, QUICK_ENTRY
from games.belote.statistics import statistics as belote_statistics
from games.card_calculator import trumps_calculator
from games.protocol import Context, DemoMatch, Json, NextItem, PlayedMatch, SheetView, Statistic, Text
from games.quick_entry import QuickEntry
from games.tables import Card, card, common_tables, option_value, value_rows
from scoring import MatchState, Refused
from scoring.errors import Code
from scoring.games import belote, belote_contree
from scoring.games.belote import BeloteCode
from scoring.games.belote_contree import ContreeCode

RANKS_HIGH_FIRST = ("J", "9", "A", "10", "K", "Q", "8", "7")


def _cards(values: Mapping[str, int]) -> list[Card]:
    return [card(rank) for rank in RANKS_HIGH_FIRST if rank in values]


@dataclass(frozen=True)
class BelotePreview:
    """A Belote deal typed on the round form, as the engine scores it before Save."""

    dedans: bool
    taker: str
    other: str
    own: int
    other_own: int
    tricks: int
    defence_belote: int
    taker_belote_kept: int


@dataclass(frozen=True)
class ContreePreview:
    """A Contrée deal typed on the round form, as the engine scores it before Save."""

    made: bool
    taker: str
    other: str
    reached: int
    contract: int
    capot_contract: bool
    multiplier: int
    taker_score: int
    other_score: int


def taker_of(body: Json) -> int | None:
    """The pair the form shows as the taker's: the round's ``taker``, or the line a quick entry
    marked (``takes``)."""
    if not isinstance(body, dict):
        return None
    taker = body.get("taker")
    if isinstance(taker, int) and not isinstance(taker, bool):
        return taker
    entries = body.get("entries")
    marked = [
        index
        for index, entry in enumerate(entries if isinstance(entries, list) else [])
        if isinstance(entry, dict) and entry.get("takes") is True
    ]
    return marked[0] if len(marked) == 1 else None


def said(body: Json, key: str) -> Json:
    """A round-level value (Contrée's contract, contré, surcontré): the round's own, or the one a
    quick-entry line said of itself."""
    if not isinstance(body, dict):
        return None
    if key in body:
        return body[key]
    entries = body.get("entries")
    values = [
        entry[key]
        for entry in (entries if isinstance(entries, list) else [])
        if isinstance(entry, dict) and entry.get(key) not in (None, False)
    ]
    return values[0] if len(values) == 1 else None


def _labels(sheet: SheetView) -> dict[int, str]:
    return {column.unit: column.label for column in sheet.columns}


# The sentences each refusal of the two games is worded in (keyed by code: the engine's codes).
SHARED_MESSAGES: Mapping[str, Text] = {
    BeloteCode.TAKER_MISSING: gettext_lazy("Say which pair took (chose trumps)."),
    BeloteCode.CARD_POINTS_SUM: gettext_lazy(
        "The two pairs' card points add up to %(total)s; every deal has %(expected)s "
        "(152 in the cards and 10 for the last trick)."
    ),
    BeloteCode.BELOTE_TWICE: gettext_lazy(
        "Belote is king and queen of trumps in one hand: only one pair can have it in a deal."
    ),
    BeloteCode.CAPOT_WITH_POINTS: gettext_lazy(
        "Capot means every trick, but the other pair has %(points)s card points."
    ),
}
SHARED_RULE_SECTIONS: Mapping[str, str] = {
    BeloteCode.TAKER_MISSING: "checks#check-taker",
    BeloteCode.CARD_POINTS_SUM: "checks#check-card-points",
    BeloteCode.BELOTE_TWICE: "checks#check-belote",
    BeloteCode.CAPOT_WITH_POINTS: "checks#check-capot",
    # The form has no card map: these card codes (never raised) point at the form's checks.
    Code.NOT_MULTIPLE_OF_5: "checks#check-form",
    Code.TOO_MANY_CARDS: "checks#check-form",
}
SHARED_OPTION_LABELS: Mapping[str, Text] = {
    "target": gettext_lazy("Game to"),
    "capot": gettext_lazy("Capot scores"),
}


class BeloteFamilyHome(BaseHome):
    """What both games' homes share."""

    stylesheet = "belote/belote.css"
    entry_template = "belote/entry.html"
    hints_template = "belote/hints.html"
    paper_template = "belote/paper.html"
    paper_deals = 20
    paper_block = 5
    team_shapes = ("opposite", "neighbours")
    contree = False

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """Each pair's points still needed to reach the target (the engine's ``next.to_go``)."""
        to_go = sheet.next.get("to_go") if sheet.next else None
        if not to_go:
            return {}
        words = gettext("%(points)s to go")
        return {
            unit: NextItem(words % {"points": points}, words % {"points": points})
            for unit, points in enumerate(to_go)
        }

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """Who deals and what each pair still needs (the engine's hints)."""
        upcoming = sheet.next
        if not upcoming:
            return {}
        labels = _labels(sheet)
        to_go = upcoming.get("to_go") or ()
        return {
            "dealer": sheet.players[upcoming["dealer"]],
            "target": upcoming.get("target"),
            "to_go": [(labels.get(unit, ""), points) for unit, points in enumerate(to_go)],
        }

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {
            "contree": self.contree,
            "taker": taker_of(body),
            # The form's script fills the other pair's card points in from the deal's total.
            "card_points": belote.CARD_POINTS,
            # The calculator's keys: the engine's card values, trumps and the other suits.
            "card_calculator": trumps_calculator(
                belote.TRUMP_VALUES, belote.PLAIN_VALUES, RANKS_HIGH_FIRST, belote.LAST_TRICK, _labels(sheet)
            ),
            # Drawn with the form, and again by ``round_preview`` as the deal is typed.
            "preview": self.preview(body, sheet.state.setup.options, _labels(sheet)),
        }

    def preview(self, body: Json, options: Mapping[str, object], labels: Mapping[int, str]) -> object:
        raise NotImplementedError

    def family_tables(self, options: Mapping[str, object] | None) -> Context:
        return {
            **common_tables(self),
            "trump_values": value_rows(_cards(belote.TRUMP_VALUES), belote.TRUMP_VALUES),
            "plain_values": value_rows(_cards(belote.PLAIN_VALUES), belote.PLAIN_VALUES),
            "card_points": belote.CARD_POINTS,
            "last_trick": belote.LAST_TRICK,
            "belote": belote.BELOTE,
            "capot": option_value(self.slug, "capot", options),
            "capots": belote.CAPOTS,
            "target": option_value(self.slug, "target", options),
        }

    def paper_teams(self, players: int) -> tuple[int, ...]:
        return (2,)

    def paper_sides(self, players: int, teams: int) -> int:
        return 2

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return QUICK_ENTRY


class BeloteHome(BeloteFamilyHome):
    slug = belote.GAME.slug
    name = gettext_lazy("Belote")
    summary = gettext_lazy(
        "Two pairs, 162 card points a deal plus belote; the taker's pair must beat the defence, else dedans."
    )
    rules_template = "belote/rules.html"
    sections: Titles = (
        ("players", gettext_lazy("Players and pairs")),
        ("taker", gettext_lazy("The taker")),
        ("belote", gettext_lazy("Belote-rebelote")),
        ("capot", gettext_lazy("Capot")),
        ("dedans", gettext_lazy("Dedans")),
    )
    option_labels: Mapping[str, Text] = {
        **SHARED_OPTION_LABELS,
        "dedans_belote": gettext_lazy("Belote kept when dedans"),
    }
    option_meanings: Mapping[str, Text] = {
        "target": gettext_lazy(
            "The game ends after the deal in which a pair reaches this total: 1000, or 501."
        ),
        "capot": gettext_lazy("What the tricks of a pair that takes them all count, instead of 162."),
        "dedans_belote": gettext_lazy("Whether a taker's pair that goes dedans still scores its belote."),
    }
    rule_sections: Mapping[str, str] = SHARED_RULE_SECTIONS
    messages: Mapping[str, Text] = SHARED_MESSAGES

    def preview(
        self, body: Json, options: Mapping[str, object], labels: Mapping[int, str]
    ) -> BelotePreview | None:
        """The deal's score with the rule that made it, or None while it breaks a rule (or is
        not all typed yet): the refusal on Save says why."""
        try:
            outcome = belote.check(body, options)
        except Refused:
            return None
        taker = belote.read_round(body).taker
        return BelotePreview(
            dedans=outcome.dedans,
            taker=labels.get(taker, ""),
            other=labels.get(1 - taker, ""),
            own=outcome.own[taker],
            other_own=outcome.own[1 - taker],
            tricks=outcome.tricks,
            defence_belote=outcome.defence_belote,
            taker_belote_kept=outcome.scores[taker] if outcome.dedans else 0,
        )

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        return {
            **self.family_tables(options),
            "dedans_belote": option_value(self.slug, "dedans_belote", options),
        }

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return belote_statistics(played, contree=False)

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Amélie", "Bruno", "Claire", "Denis"),
            rounds=(
                {"taker": 0, "entries": [{"points": 98, "belote": True}, {"points": 64}]},
                {"taker": 1, "entries": [{"points": 90}, {"points": 72}]},
                {"taker": 0, "entries": [{"points": 162, "capot": True}, {"points": 0}]},
            ),
        )


class ContreeHome(BeloteFamilyHome):
    slug = belote_contree.GAME.slug
    name = gettext_lazy("Contrée")
    summary = gettext_lazy(
        "Belote with a contract from 80 to 160 or capot, contré and surcontré; made when reached."
    )
    rules_template = "belote/rules-contree.html"
    round_body = ContreeRoundBodySerializer
    contree = True
    sections: Titles = (
        ("players", gettext_lazy("Players and pairs")),
        ("contract", gettext_lazy("The contract")),
        ("contre", gettext_lazy("Contré and surcontré")),
        ("belote", gettext_lazy("Belote-rebelote")),
        ("capot", gettext_lazy("Capot")),
    )
    option_labels: Mapping[str, Text] = {
        **SHARED_OPTION_LABELS,
        "counting": gettext_lazy("A made contract scores"),
        "counting.made": gettext_lazy("the contract and the points made"),
        "counting.contract": gettext_lazy("the contract only"),
        "belote_counts": gettext_lazy("Belote counts towards the contract"),
    }
    option_meanings: Mapping[str, Text] = {
        "target": gettext_lazy("The game ends after the deal in which a pair reaches this total."),
        "capot": gettext_lazy("What the tricks of a pair that takes them all count, instead of 162."),
        "counting": gettext_lazy(
            "The club's convention: the contract plus the points made (the defence its own), or the "
            "contract only (the defence nothing)."
        ),
        "belote_counts": gettext_lazy("Whether the taker's belote helps reach the contract."),
    }
    rule_sections: Mapping[str, str] = {
        **SHARED_RULE_SECTIONS,
        ContreeCode.CONTRACT_MISSING: "checks#check-contract",
        ContreeCode.CONTRACT_NOT_ALLOWED: "checks#check-contract",
        ContreeCode.SURCONTRE_WITHOUT_CONTRE: "checks#check-contre",
    }
    messages: Mapping[str, Text] = {
        **SHARED_MESSAGES,
        ContreeCode.CONTRACT_MISSING: gettext_lazy("Say the contract: 80 to 160 in tens, or capot."),
        ContreeCode.CONTRACT_NOT_ALLOWED: gettext_lazy(
            "%(contract)s is no contract: contracts go from %(lowest)s to %(highest)s in tens, or capot."
        ),
        ContreeCode.SURCONTRE_WITHOUT_CONTRE: gettext_lazy(
            "Only a contré contract can be surcontré: the taker's pair redoubles the defence's double."
        ),
    }

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {
            **super().entry_context(sheet, body, number),
            "contracts": [
                (value, "capot" if value == belote_contree.CAPOT_CONTRACT else str(value))
                for value in belote_contree.CONTRACTS
            ],
            "contract": said(body, "contract"),
            "contre": said(body, "contre") is True,
            "surcontre": said(body, "surcontre") is True,
        }

    def preview(
        self, body: Json, options: Mapping[str, object], labels: Mapping[int, str]
    ) -> ContreePreview | None:
        try:
            outcome = belote_contree.check(body, options)
        except Refused:
            return None
        taker = belote_contree.read_round(body).taker
        return ContreePreview(
            made=outcome.made,
            taker=labels.get(taker, ""),
            other=labels.get(1 - taker, ""),
            reached=outcome.reached,
            contract=outcome.contract,
            capot_contract=outcome.contract == belote_contree.CAPOT_CONTRACT,
            multiplier=outcome.multiplier,
            taker_score=outcome.scores[taker],
            other_score=outcome.scores[1 - taker],
        )

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        return {
            **self.family_tables(options),
            "lowest": belote_contree.LOWEST,
            "highest": belote_contree.HIGHEST,
            "capot_contract": belote_contree.CAPOT_CONTRACT,
            "failure_base": belote_contree.FAILURE_BASE,
            "contre": belote_contree.CONTRE,
            "surcontre": belote_contree.SURCONTRE,
            "counting": option_value(self.slug, "counting", options),
            "belote_counts": option_value(self.slug, "belote_counts", options),
        }

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return belote_statistics(played, contree=True)

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return CONTREE_QUICK_ENTRY

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Amélie", "Bruno", "Claire", "Denis"),
            rounds=(
                {"taker": 0, "contract": 90, "entries": [{"points": 98, "belote": True}, {"points": 64}]},
                {"taker": 1, "contract": 100, "contre": True, "entries": [{"points": 90}, {"points": 72}]},
                {"taker": 0, "contract": 120, "entries": [{"points": 130}, {"points": 32}]},
            ),
        )


BELOTE = BeloteHome()
CONTREE = ContreeHome()
