"""The home of Klaverjassen: two fixed pairs, 162 card points a deal, roem, pit and nat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.base import BaseHome, Titles
from games.card_calculator import trumps_calculator
from games.klaverjassen.quick_entry import QUICK_ENTRY
from games.klaverjassen.statistics import statistics as klaverjassen_statistics
from games.protocol import Context, DemoMatch, Json, PlayedMatch, SheetView, Statistic, Text
from games.quick_entry import QuickEntry
from games.tables import Card, card, common_tables, option_value, value_rows
from scoring import MatchState, Refused
from scoring.errors import Code
from scoring.games import klaverjassen
from scoring.games.klaverjassen import KlaverjassenCode

RANKS_HIGH_FIRST = ("J", "9", "A", "10", "K", "Q", "8", "7")


@dataclass(frozen=True)
class Preview:
    """A deal typed on the round form, as the engine scores it before Save: made or ``nat``, the
    playing pair's points of the deal's total and, when nat, what goes to the other pair."""

    nat: bool
    playing: str
    other: str
    own: int
    total: int
    cards: int
    roem: int


def preview(body: Json, labels: Mapping[int, str]) -> Preview | None:
    """The deal's score with the rule that made it, or None while it breaks a rule (or is not
    all typed yet): the refusal on Save says why."""
    try:
        outcome = klaverjassen.check(body)
    except Refused:
        return None
    playing = klaverjassen.read_round(body).playing
    return Preview(
        nat=outcome.nat,
        playing=labels.get(playing, ""),
        other=labels.get(1 - playing, ""),
        own=outcome.own[playing],
        total=outcome.total,
        cards=outcome.cards,
        roem=outcome.roem,
    )


@dataclass(frozen=True)
class RoemRow:
    name: str
    points: int


def _cards(values: Mapping[str, int]) -> list[Card]:
    return [card(rank) for rank in RANKS_HIGH_FIRST if rank in values]


def playing_pair(body: Json) -> int | None:
    """The pair the form shows as playing: the round's ``playing``, or the line a quick entry
    marked (``plays``)."""
    if not isinstance(body, dict):
        return None
    playing = body.get("playing")
    if isinstance(playing, int) and not isinstance(playing, bool):
        return playing
    entries = body.get("entries")
    marked = [
        index
        for index, entry in enumerate(entries if isinstance(entries, list) else [])
        if isinstance(entry, dict) and entry.get("plays") is True
    ]
    return marked[0] if len(marked) == 1 else None


class KlaverjassenHome(BaseHome):
    slug = klaverjassen.GAME.slug
    name = gettext_lazy("Klaverjassen")
    summary = gettext_lazy(
        "Two pairs, 162 card points a deal plus roem; the playing pair must make more than half."
    )
    stylesheet = "klaverjassen/klaverjassen.css"
    entry_template = "klaverjassen/entry.html"
    hints_template = "klaverjassen/hints.html"
    rules_template = "klaverjassen/rules.html"
    paper_template = "klaverjassen/paper.html"
    paper_deals = 16
    paper_block = 4
    team_shapes = ("opposite", "neighbours")
    sections: Titles = (
        ("players", gettext_lazy("Players and pairs")),
        ("playing", gettext_lazy("The playing pair")),
        ("roem", gettext_lazy("Roem")),
        ("pit", gettext_lazy("Pit")),
        ("nat", gettext_lazy("Nat")),
    )
    option_labels: Mapping[str, Text] = {"deals": gettext_lazy("Deals in the match")}
    option_meanings: Mapping[str, Text] = {
        "deals": gettext_lazy("The match ends after this many deals; 16 lets every player deal four times."),
    }
    rule_sections: Mapping[str, str] = {
        KlaverjassenCode.PLAYING_PAIR_MISSING: "checks#check-playing",
        KlaverjassenCode.CARD_POINTS_SUM: "checks#check-card-points",
        KlaverjassenCode.ROEM_NOT_COMBINATION: "checks#check-roem",
        KlaverjassenCode.PIT_WITH_POINTS: "checks#check-pit",
        # The form's calculator only adds card values (it maps no cards): these card codes (never
        # raised) point at the form's checks.
        Code.NOT_MULTIPLE_OF_5: "checks#check-form",
        Code.TOO_MANY_CARDS: "checks#check-form",
    }
    messages: Mapping[str, Text] = {
        "playing_pair_missing": gettext_lazy("Say which pair played (chose trumps)."),
        "card_points_sum": gettext_lazy(
            "The two pairs' card points add up to %(total)s; every deal has %(expected)s "
            "(152 in the cards and 10 for the last trick)."
        ),
        "roem_not_combination": gettext_lazy(
            "%(roem)s is no roem: roem is a sum of 20, 50, 100 and 200, so 0, 20, or 40 and up in tens."
        ),
        "pit_with_points": gettext_lazy(
            "Pit means all eight tricks, but the other pair has %(points)s card points."
        ),
    }

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """Who deals and how many deals are left (the engine's hints)."""
        upcoming = sheet.next
        if not upcoming:
            return {}
        return {
            "dealer": sheet.players[upcoming["dealer"]],
            "deals_left": upcoming.get("deals_left"),
        }

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {
            "playing": playing_pair(body),
            # The form's script fills the other pair's card points in from the deal's total.
            "card_points": klaverjassen.CARD_POINTS,
            # The calculator's keys: the engine's card values, trumps and the other suits.
            "card_calculator": trumps_calculator(
                klaverjassen.TRUMP_VALUES,
                klaverjassen.PLAIN_VALUES,
                RANKS_HIGH_FIRST,
                klaverjassen.LAST_TRICK,
                {column.unit: column.label for column in sheet.columns},
            ),
            # Drawn with the form, and again by ``round_preview`` as the deal is typed.
            "preview": preview(body, {column.unit: column.label for column in sheet.columns}),
        }

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        return {
            **common_tables(self),
            "card_values": value_rows(_cards(klaverjassen.PLAIN_VALUES), klaverjassen.PLAIN_VALUES),
            "trump_values": value_rows(_cards(klaverjassen.TRUMP_VALUES), klaverjassen.TRUMP_VALUES),
            "plain_values": value_rows(_cards(klaverjassen.PLAIN_VALUES), klaverjassen.PLAIN_VALUES),
            "card_points": klaverjassen.CARD_POINTS,
            "last_trick": klaverjassen.LAST_TRICK,
            "half": klaverjassen.CARD_POINTS // 2,
            "roem": [
                RoemRow(str(name), klaverjassen.ROEM[key])
                for key, name in (
                    ("three_in_sequence", _("Three in sequence")),
                    ("stuk", _("Stuk: king and queen of trumps")),
                    ("four_in_sequence", _("Four in sequence")),
                    ("four_of_a_rank", _("Four of a rank")),
                    ("four_jacks", _("Four jacks")),
                )
            ],
            "pit_bonus": klaverjassen.PIT_BONUS,
            "deals": option_value(self.slug, "deals", options),
        }

    def paper_teams(self, players: int) -> tuple[int, ...]:
        return (2,)

    def paper_sides(self, players: int, teams: int) -> int:
        return 2

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return klaverjassen_statistics(played)

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return QUICK_ENTRY

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor", "Dirk"),
            rounds=(
                {"playing": 0, "entries": [{"points": 98, "roem": 20}, {"points": 64, "roem": 0}]},
                {"playing": 1, "entries": [{"points": 71, "roem": 20}, {"points": 91, "roem": 0}]},
                {"playing": 0, "entries": [{"points": 60, "roem": 40}, {"points": 102, "roem": 20}]},
            ),
        )


HOME = KlaverjassenHome()
