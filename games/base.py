"""What most game homes share, so a home only states what is its own.

``BaseHome`` gives every ``GameHome`` member a default: no hints, no calculator, the rules
page's common sections, a paper sheet with a column per player. A home subclasses it once and
sets its facts as class attributes; that single level of inheritance keeps each home a short
list of its own words and decisions (the alternative, a dozen keyword arguments per home, read
worse).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from games import round_forms
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
from games.quick_entry import POINTS_PER_PLAYER, QuickEntry
from games.tables import common_tables
from scoring import MatchState, RuleError, Setup, get_game
from scoring.cards import JOKER, RANKS
from scoring.errors import Code
from scoring.match import Game

Titles = tuple[tuple[str, Text], ...]

# First on every rules page: the numbers a table looks up mid-game, on one phone screen.
GLANCE: Titles = (("glance", _("At a glance")),)
# The last sections of every rules page, in order: (anchor = partial name, title).
COMMON_SECTIONS: Titles = (
    ("cards", _("Card values")),
    ("scoring", _("Scoring")),
    ("end", _("End of the match")),
    ("checks", _("What Scoreblok checks")),
    ("options", _("Options")),
    ("decisions", _("Where the original rules are silent")),
)
# Sections told in the same words for every game live in the rulebook's page template.
SHARED_SECTIONS = frozenset({"options"})
# Where each generic refusal's rule is stated, on any game's page (keyed by code, not by game):
# "section#sentence", the sentence being the id of the element that states it. Every game's
# page has these sentences (the form's checks are ``rulebook/game.html#checks-form``); a home
# names the places of its own codes, and may send a generic one elsewhere.
GENERIC_RULE_SECTIONS: Mapping[str, str] = {
    Code.REQUIRED: "checks#check-form",
    Code.INVALID: "checks#check-form",
    Code.WRONG_ENTRY_COUNT: "checks#check-form",
    Code.NEGATIVE: "checks#check-form",
    Code.NOT_MULTIPLE_OF_5: "checks#check-cards",
    Code.UNKNOWN_CARD: "cards",
    Code.TOO_MANY_CARDS: "checks#check-cards",
    Code.POINTS_MISMATCH: "cards",
    Code.MATCH_FINISHED: "end#end-when",
    Code.UNKNOWN_OPTION: "options#options-fixed",
    Code.WRONG_PLAYER_COUNT: "players#players-count",
}


# The calculator's keys come in one order in every game, so a player moving between games finds
# each card where it was: ranks from low to high, a game's own queen (of spades) beside the other
# queens, jokers last.
KEY_ORDER: tuple[str, ...] = (*RANKS[: RANKS.index("Q") + 1], "QS", *RANKS[RANKS.index("Q") + 1 :], JOKER)


def in_key_order(keys: Iterable[CalculatorKey]) -> tuple[CalculatorKey, ...]:
    """A game's calculator keys in ``KEY_ORDER`` (a rank it does not know goes last)."""
    place = {rank: index for index, rank in enumerate(KEY_ORDER)}
    return tuple(sorted(keys, key=lambda key: place.get(key.rank, len(place))))


def to_json(value: object) -> Json:
    """Engine values as JSON: frozen dataclasses, tuples and mappings become objects and lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


class BaseHome:
    slug: str
    name: Text
    summary: Text
    stylesheet: str | None = None
    round_body: type[Any] | None = None
    entry_template: str
    hints_template: str | None = None
    rules_template: str
    paper_template: str
    team_shapes: tuple[str, ...] = ()
    # The game's own sections of the rules page, before the common ones.
    sections: Titles = ()
    option_labels: Mapping[str, Text] = {}
    option_meanings: Mapping[str, Text] = {}
    messages: Mapping[str, Text] = {}
    # Where the rules page states what each of the game's own refusal codes enforces
    # ("section#sentence", as ``GENERIC_RULE_SECTIONS``).
    rule_sections: Mapping[str, str] = {}
    # Deals on one paper sheet, and every how many deals a thicker line is drawn (0: none).
    paper_deals: int = 20
    paper_block: int = 0
    # The table sizes a club evening's draw seats, when the game prefers some of the sizes it
    # allows; the others only when the players present force them. None: every size alike.
    evening_table_sizes: tuple[int, ...] | None = None

    def option_label(self, name: str) -> str:
        return str(self.option_labels.get(name, name))

    def option_meaning(self, name: str) -> str:
        return str(self.option_meanings.get(name, ""))

    def message(self, error: RuleError) -> Text | None:
        return self.messages.get(error.code)

    def rule_anchor(self, error: RuleError) -> RuleAnchor | None:
        where = self.rule_sections.get(error.code) or GENERIC_RULE_SECTIONS.get(error.code)
        return RuleAnchor.of(where) if where else None

    def parse_round(self, data: QueryDict, lines: int) -> Json:
        return round_forms.parse_round(data, lines)

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        return ()

    def sitting_out(self, state: MatchState) -> frozenset[int]:
        return frozenset()

    def round_label(self, body: Json) -> str:
        return ""

    def hints_json(self, hints: object) -> dict[str, Json]:
        value = to_json(hints)
        return value if isinstance(value, dict) else {}

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        return {}

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {}

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        return {}

    def rules_sections(self) -> Sequence[Section]:
        return [
            Section(
                anchor,
                str(title),
                f"rulebook/game.html#{anchor}"
                if anchor in SHARED_SECTIONS
                else f"{self.rules_template}#{anchor}",
            )
            for anchor, title in (*GLANCE, *self.sections, *COMMON_SECTIONS)
        ]

    def rules_item(self, anchor: str, tables: Context) -> Section | None:
        return None

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        return common_tables(self)

    @property
    def game(self) -> Game[Any, Any]:
        return get_game(self.slug)

    def paper_columns(self) -> tuple[int, ...]:
        return self.game.player_counts

    def paper_teams(self, players: int) -> tuple[int, ...]:
        return (0,)

    def paper_sides(self, players: int, teams: int) -> int:
        """Columns of a paper sheet for a table of ``players``: one per player."""
        return players

    def paper_rows(self) -> Sequence[Mapping[str, int | bool]]:
        block = self.paper_block
        return [
            {"number": number, "block_end": bool(block) and number % block == 0}
            for number in range(1, self.paper_deals + 1)
        ]

    def demo(self) -> DemoMatch | None:
        return None

    def quick_entry(self, state: MatchState) -> QuickEntry:
        """One number per player ("Anna 15, Bram min 20"), for a game that states nothing."""
        return POINTS_PER_PLAYER

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        """Every game: the average score a deal brought the player's side."""
        scores = [round_scores[match.unit] for match in played for round_scores in match.scores]
        if not scores:
            return ()
        return (Statistic(_("Average score per deal"), average(scores)),)


def average(values: Sequence[float], decimals: int = 1) -> str:
    """A mean as shown on the player page ("-" for none)."""
    if not values:
        return "-"
    return f"{sum(values) / len(values):.{decimals}f}"
