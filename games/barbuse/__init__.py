"""The home of Barbuse: four players, five contracts, twenty deals of penalty points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy, ngettext

from games.barbuse.quick_entry import quick_entry
from games.barbuse.sheet import deal_form, grid, left_next
from games.barbuse.statistics import statistics as barbuse_statistics
from games.barbuse.words import CONTRACT_NAMES, MESSAGES, contract_name, gloss
from games.base import BaseHome, Titles
from games.protocol import (
    Context,
    DemoMatch,
    Json,
    NextItem,
    PlayedMatch,
    RuleAnchor,
    SheetView,
    Statistic,
    Text,
)
from games.quick_entry import QuickEntry
from games.tables import common_tables, option_value
from scoring import MatchState, RuleError
from scoring.errors import Code
from scoring.games import barbuse

# Where the range of each number a contract asks for is stated, by the entry's key.
INVALID_SENTENCES: Mapping[str, str] = {
    "bid": "contract-knobbelen#knobbelen-bid",
    "tricks": "contract-knobbelen#knobbelen-bid",
    "queens": "checks#check-queens",
    "hearts": "checks#check-hearts",
    "place": "checks#check-places",
}


@dataclass(frozen=True)
class ContractTable:
    slug: str
    anchor: str
    name: str
    gloss: str
    fields: tuple[barbuse.EntryField, ...]
    deal_totals: tuple[int, ...]


class BarbuseHome(BaseHome):
    slug = barbuse.GAME.slug
    name = gettext_lazy("Barbuse")
    summary = gettext_lazy("Four players, five contracts, twenty deals of penalty points.")
    stylesheet = "barbuse/barbuse.css"
    entry_template = "barbuse/entry.html"
    hints_template = "barbuse/hints.html"
    rules_template = "barbuse/rules.html"
    paper_template = "barbuse/paper.html"
    paper_deals = barbuse.DEALS
    paper_block = barbuse.DEALS_PER_SPELMAKER
    sections: Titles = (
        ("players", gettext_lazy("Players and cards")),
        ("tricks", gettext_lazy("Playing the tricks")),
        ("spelmaker", gettext_lazy("The spelmaker")),
        ("contracts", gettext_lazy("The five contracts")),
        # One section per contract, in the engine's fixed order, titled with its name.
        *((f"contract-{slug}", CONTRACT_NAMES[slug]) for slug in barbuse.CONTRACTS),
    )
    messages: Mapping[str, Text] = MESSAGES
    rule_sections: Mapping[str, str] = {
        barbuse.BarbuseCode.UNKNOWN_CONTRACT: "contracts",
        barbuse.BarbuseCode.CONTRACT_ALREADY_PLAYED: "spelmaker#spelmaker-once",
        barbuse.BarbuseCode.TRICKS_TOTAL: "checks#check-tricks",
        barbuse.BarbuseCode.QUEENS_TOTAL: "checks#check-queens",
        barbuse.BarbuseCode.HEARTS_TOTAL: "checks#check-hearts",
        barbuse.BarbuseCode.PLACES: "checks#check-places",
        barbuse.BarbuseCode.KING_COUNT: "checks#check-king",
        # Barbuse counts no card points: the card codes (never raised) point at the form's checks.
        Code.NOT_MULTIPLE_OF_5: "checks#check-form",
        Code.UNKNOWN_CARD: "checks#check-form",
        Code.TOO_MANY_CARDS: "checks#check-form",
        Code.POINTS_MISMATCH: "checks#check-form",
    }

    def rule_anchor(self, error: RuleError) -> RuleAnchor | None:
        """A number out of its range is refused as ``invalid``: the range is the contract's."""
        if error.code == Code.INVALID:
            key = error.field.rsplit(".", 1)[-1]
            if key in INVALID_SENTENCES:
                return RuleAnchor.of(INVALID_SENTENCES[key])
        return super().rule_anchor(error)

    option_labels: Mapping[str, Text] = {
        "all_hearts_bonus": gettext_lazy("Bonus for taking all nine hearts"),
        "king_of_hearts_penalty": gettext_lazy("Penalty for the king of hearts"),
    }
    option_meanings: Mapping[str, Text] = {
        "all_hearts_bonus": gettext_lazy(
            "In Geen Harten, the player who takes all nine hearts scores minus this; the others score 0."
        ),
        "king_of_hearts_penalty": gettext_lazy(
            "In Geen Hartenheer, the penalty for the player who takes the king of hearts."
        ),
    }

    def round_label(self, body: Json) -> str:
        contract = body.get("contract") if isinstance(body, dict) else None
        return contract_name(contract) if contract else ""

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """The coming deal's spelmaker: how many contracts he still chooses from."""
        if sheet.next is None:
            return {}
        left = len(sheet.next.get("contracts_left") or ())
        seat = barbuse.spelmaker(sheet.state.setup, sheet.next["number"])
        return {
            seat: NextItem(
                ngettext("%(count)s left", "%(count)s left", left) % {"count": left},
                ngettext(
                    "Spelmaker: %(count)s contract left to choose",
                    "Spelmaker: %(count)s contracts left to choose",
                    left,
                )
                % {"count": left},
            )
        }

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {"grid": grid(sheet)}

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {"form": deal_form(sheet, body, number)}

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        all_hearts = int(str(option_value(self.slug, "all_hearts_bonus", options)))
        king = int(str(option_value(self.slug, "king_of_hearts_penalty", options)))
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
            ContractTable(
                slug=slug,
                anchor=f"contract-{slug}",
                name=contract_name(slug),
                gloss=gloss(slug),
                fields=barbuse.CONTRACT_FIELDS[slug],
                deal_totals=totals[slug],
            )
            for slug in barbuse.CONTRACTS
        ]
        return {
            **common_tables(self),
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

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return barbuse_statistics(played)

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return quick_entry(left_next(state))

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor", "Dirk"),
            rounds=tuple(
                [
                    {
                        "contract": "knobbelen",
                        "entries": [
                            {"bid": 3, "tricks": 3},
                            {"bid": 2, "tricks": 3},
                            {"bid": 1, "tricks": 1},
                            {"bid": 2, "tricks": 2},
                        ],
                    },
                    {
                        "contract": "no_queens",
                        "entries": [{"queens": 1}, {"queens": 0}, {"queens": 2}, {"queens": 1}],
                    },
                    {
                        "contract": "no_hearts",
                        "entries": [{"hearts": 2}, {"hearts": 4}, {"hearts": 0}, {"hearts": 3}],
                    },
                ]
            ),
        )


HOME = BarbuseHome()
