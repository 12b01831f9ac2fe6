"""What every game home provides to the pages, the API and the rules pages.

A home is a small object (one per game, built in ``games/<game>/__init__.py``) that satisfies
``GameHome``. Most homes start from ``games.base.BaseHome`` for the members that are the same
for most games (no hints, a calculator over the engine's card values...). The values a home hands
out are plain frozen data, already in the reader's language; templates only lay them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.http import HttpRequest, QueryDict
from django.utils.functional import Promise
from django_htmx.middleware import HtmxDetails

from games.quick_entry import QuickEntry
from scoring import MatchState, RuleError, Setup
from scoring.match import Game

Text = str | Promise


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (for type checking)."""

    htmx: HtmxDetails


Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]
Context = Mapping[str, object]


class SheetColumn(Protocol):
    """A scoring unit's column: a player, or a team of players."""

    @property
    def unit(self) -> int: ...

    @property
    def label(self) -> str: ...

    @property
    def total(self) -> int: ...

    @property
    def total_text(self) -> str:
        """The total as the sheet writes it (thousands grouped)."""
        ...

    @property
    def extra(self) -> Mapping[str, Any]:
        """The engine's own facts of the unit's standing (a contract reached, say), as JSON."""
        ...


class SheetView(Protocol):
    """What a home may read of the scoresheet the site built (``matches.sheets.Sheet``)."""

    @property
    def state(self) -> MatchState: ...

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def columns(self) -> Sequence[SheetColumn]: ...

    @property
    def next(self) -> Mapping[str, Any] | None:
        """The next deal as the API shows it (``next_json``), or None when the match is over."""
        ...


@dataclass(frozen=True)
class NextItem:
    """What a player or side needs next (a contract, points to go, a minimum meld), in the
    reader's words: ``short`` beside the total in the standings bar, ``text`` on the player's
    line of the round form and for screen readers."""

    short: str
    text: str


@dataclass(frozen=True)
class CalculatorKey:
    """One key of the tap-to-count calculator: a rank and what one card of it is worth."""

    rank: str
    value: int


@dataclass(frozen=True)
class Section:
    """One part of a rules page: its anchor, heading, the partial that holds it and, for one
    contract or level, the table row it shows."""

    anchor: str
    title: str
    template: str
    item: object = None


@dataclass(frozen=True)
class RuleAnchor:
    """Where a rule is stated: a section of the rules page and, inside it, the id of the element
    (a sentence, a list item) that says exactly that rule ("" for the whole section)."""

    section: str
    sentence: str = ""

    @classmethod
    def of(cls, where: str) -> RuleAnchor:
        """ "checks#check-form" -> RuleAnchor("checks", "check-form")."""
        section, _, sentence = where.partition("#")
        return cls(section, sentence)


@dataclass(frozen=True)
class DemoMatch:
    """A match ``make run`` loads for the demo club: players in seat order, rounds as posted."""

    players: tuple[str, ...]
    rounds: tuple[Json, ...]
    teams: Json = None
    options: Mapping[str, Json] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayedMatch:
    """One finished match as one player sat in it, for the game's statistics: the setup, the
    player's seat, every round as posted and the engine's scores per round per unit."""

    setup: Setup
    seat: int
    bodies: tuple[Json, ...]
    scores: tuple[tuple[int, ...], ...]

    @property
    def unit(self) -> int:
        """The scoring unit (team, or the seat alone) the player scored in."""
        return next(index for index, seats in enumerate(self.setup.units) if self.seat in seats)


@dataclass(frozen=True)
class Statistic:
    """One line of a player's game statistics: what it is and its value, both ready to show."""

    label: Text
    value: str


class GameHome(Protocol):
    """The game as the site shows it. ``slug`` is the engine game's slug."""

    @property
    def slug(self) -> str: ...

    @property
    def name(self) -> Text:
        """The game's name in the reader's language."""
        ...

    @property
    def summary(self) -> Text:
        """One line for the list of games."""
        ...

    @property
    def game(self) -> Game[Any, Any]:
        """The game's rules engine: a built-in game's from ``scoring``'s registry, a house
        game's from the definition the home was made of (never looked up by slug)."""
        ...

    @property
    def round_body(self) -> type[Any] | None:
        """The DRF serializer that documents a round of this game in the API schema, where it is
        not a line per scoring unit (``entries``); None: it is."""
        ...

    @property
    def stylesheet(self) -> str | None:
        """Static path of the game's own stylesheet, loaded only on its pages."""
        ...

    @property
    def entry_template(self) -> str:
        """The round form's lines (input names are the round JSON's paths)."""
        ...

    @property
    def hints_template(self) -> str | None:
        """What the table needs to know before the next deal, above the score grid."""
        ...

    @property
    def rules_template(self) -> str:
        """The rules page's prose: one ``{% partialdef %}`` per section anchor."""
        ...

    @property
    def paper_template(self) -> str:
        """The printable blank scoresheet (extends ``rulebook/paper_sheet.html``)."""
        ...

    @property
    def evening_table_sizes(self) -> tuple[int, ...] | None:
        """The table sizes a club evening's draw prefers (``league.seating.table_sizes``)."""
        ...

    @property
    def team_shapes(self) -> tuple[str, ...]:
        """Seatings the new-match form offers (``matches.setup_forms.TEAM_SHAPES`` keys)."""
        ...

    def option_label(self, name: str) -> str:
        """An option's name; ``name.value`` words one value of a choice option."""
        ...

    def option_meaning(self, name: str) -> str:
        """What an option does, in one sentence."""
        ...

    def message(self, error: RuleError) -> Text | None:
        """The game's own sentence for an error code, or None for the shared one."""
        ...

    def rule_anchor(self, error: RuleError) -> RuleAnchor | None:
        """Where the rules page states the rule a refusal enforces (the sheet links the refusal
        to it): usually by the error's code alone, by its field or parameters where one code
        guards several rules; None for none."""
        ...

    def parse_round(self, data: QueryDict, lines: int) -> Json:
        """A phone form's POST (a form of ``lines`` entry lines) as the round JSON."""
        ...

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        """The card calculator's keys for this match's options (none: no calculator)."""
        ...

    def sitting_out(self, state: MatchState) -> frozenset[int]:
        """Form lines that take no entry next deal (a player who finished)."""
        ...

    def round_label(self, body: Json) -> str:
        """A short word under a deal's number on the sheet (the contract played), or ""."""
        ...

    def hints_json(self, hints: object) -> dict[str, Json]:
        """The engine's hints for ``next`` in the API (and the sheet)."""
        ...

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """Per scoring unit, what it needs next (or, in a game ranked by progress, what it has
        reached, so the standings show why they are in their order); units without one are left
        out."""
        ...

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """What the game's hints template needs beyond the sheet itself; ``number`` is the deal
        being corrected, None for the next deal."""
        ...

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """What the game's entry template needs beyond its lines, what was typed, its errors,
        ``number``, ``teams`` and the calculator: plain values (dataclasses, mappings, sequences,
        scalars), since the template sees nothing else (``matches/round_fields.py``)."""
        ...

    def rules_sections(self) -> Sequence[Section]:
        """The sections of the rules page, in order."""
        ...

    def rules_item(self, anchor: str, tables: Context) -> Section | None:
        """A section for one item inside a section (``contract-3``), or None."""
        ...

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        """Every table of the rules page, from the engine's data, in the reader's language; with
        a match's ``options``, the numbers and lists of that match instead of the defaults."""
        ...

    def paper_columns(self) -> tuple[int, ...]:
        """The table sizes a paper sheet can be printed for."""
        ...

    def paper_teams(self, players: int) -> tuple[int, ...]:
        """How a table of ``players`` may sit on paper: 0 for everyone alone, else a number of
        teams; the first is what the sheet prints unless the reader picks another."""
        ...

    def paper_sides(self, players: int, teams: int) -> int:
        """How many score columns a paper sheet for ``players`` in ``teams`` has."""
        ...

    def paper_rows(self) -> Sequence[Mapping[str, int | bool]]:
        """The numbered deals of a paper sheet."""
        ...

    def demo(self) -> DemoMatch | None:
        """A match in progress for the demo club, or None."""
        ...

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        """What this game can say about one player over their finished matches (the player
        page): read from the rounds as posted and the engine's facts, never re-scored here."""
        ...

    def quick_entry(self, state: MatchState) -> QuickEntry:
        """What the next deal's form takes from one typed or said line (``games/quick_entry``):
        its fields per line, their words in each language, how bare numbers fill them."""
        ...
