"""The one home of every declared (house) game: what the site shows of a game a club put
together from rule blocks (``scoring.declared``).

Unlike the five built-in homes, which are one object each, a ``DeclaredHome`` is made for one
definition (``home_of(definition, slug)``): a match asks for the home of the definition it
keeps (``Match.home``), the rules page for the club's current one. Everything it shows is drawn
from the definition: the round form of its block, the hints (what each side still needs, the
next deal's cards and dealer, the bid the dealer may not make), the rules page and the paper
sheet. The blocks' words are translated here; the game's name is the club's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, ngettext, ngettext_lazy

from games.base import BaseHome, Titles, to_json
from games.declared.quick_entry import quick_entry
from games.protocol import CalculatorKey, Context, Json, NextItem, RuleAnchor, Section, SheetView, Text
from games.quick_entry import QuickEntry
from games.words import players_label, rank_label
from scoring import RuleError, Setup
from scoring.declared import (
    CARD_KEYS,
    TEMPLATES,
    BidsBlock,
    DeclaredCode,
    DeclaredHints,
    Definition,
    DefinitionCode,
    EndKind,
    HandCounts,
    PointsBlock,
    Progress,
    ScheduleKind,
    WentOutBlock,
    bidding_order,
    declared_game,
    forbidden_dealer_bid,
    read_definition,
)
from scoring.match import Game, MatchState

MESSAGES: Mapping[str, Text] = {
    DeclaredCode.NOT_A_MULTIPLE: gettext_lazy("Enter a multiple of %(multiple)s."),
    DeclaredCode.BELOW_MINIMUM: gettext_lazy("At least %(minimum)s."),
    DeclaredCode.ABOVE_MAXIMUM: gettext_lazy("At most %(maximum)s."),
    DeclaredCode.WRONG_TOTAL: gettext_lazy("A deal adds up to %(total)s; these entries add up to %(got)s."),
    DeclaredCode.TOO_MANY_ZEROS: gettext_lazy("At most one side may score 0 in a deal; %(count)s did."),
    DeclaredCode.WENT_OUT_COUNT: gettext_lazy("Exactly one player must go out."),
    DeclaredCode.WENT_OUT_WITH_POINTS: gettext_lazy("A player who went out has nothing in hand: enter 0."),
    DeclaredCode.TRICKS_TOTAL: ngettext_lazy(
        "The tricks add up to %(got)s; this deal has %(cards)s trick to take.",
        "The tricks add up to %(got)s; this deal has %(cards)s tricks to take.",
        "cards",
    ),
    DeclaredCode.DEALER_BID: ngettext_lazy(
        "The dealer may not bid %(bid)s: the bids may not add up to the %(cards)s card dealt.",
        "The dealer may not bid %(bid)s: the bids may not add up to the %(cards)s cards dealt.",
        "cards",
    ),
    DefinitionCode.PLAYERS_RANGE: gettext_lazy("The most players cannot be fewer than the fewest (%(min)s)."),
    DefinitionCode.TEAMS_DO_NOT_FIT: gettext_lazy(
        "No table size in this range splits into at least two teams of %(size)s."
    ),
    DefinitionCode.TEAMS_WITH_BIDS: gettext_lazy("Bids and tricks are played alone, not in teams."),
    DefinitionCode.BOUNDS_REVERSED: gettext_lazy(
        "The highest entry cannot be below the lowest (%(minimum)s)."
    ),
    DefinitionCode.TOTAL_OUT_OF_REACH: gettext_lazy(
        "With %(units)s sides, entries within the bounds (multiples of %(multiple)s) cannot add up "
        "to %(total)s."
    ),
    DefinitionCode.MOON_WITHOUT_TOTAL: gettext_lazy("Shooting the moon needs a fixed total per deal."),
    DefinitionCode.TARGET_NOT_POSITIVE: gettext_lazy("Enter a number above 0."),
    DefinitionCode.WINNER_CONTRADICTS_END: gettext_lazy(
        "A target is won by the highest total, a threshold by the lowest."
    ),
    DefinitionCode.SCHEDULE_WITHOUT_BIDS: gettext_lazy(
        "Only a game of bids and tricks has a schedule of deals."
    ),
    DefinitionCode.BIDS_END_WITH_SCHEDULE: gettext_lazy(
        "A game of bids and tricks ends when its schedule is done."
    ),
    DefinitionCode.SCHEDULE_EXCEEDS_DECK: ngettext_lazy(
        "%(cards)s card each for %(players)s players needs more than the %(deck)s cards in the deck.",
        "%(cards)s cards each for %(players)s players need more than the %(deck)s cards in the deck.",
        "cards",
    ),
    DefinitionCode.MISS_NOT_SET: gettext_lazy(
        "Say what a missed bid costs: per trick off, or a fixed penalty."
    ),
}


class DefinitionWords:
    """The sentences of a definition's refusals, for a definition that is not a game yet."""

    def message(self, error: RuleError) -> Text | None:
        return MESSAGES.get(error.code)


DEFINITION_WORDS = DefinitionWords()

# The shipped templates' names that describe rather than name a game, in the reader's language
# (the engine, free of Django, keeps them in English); Boerenbridge or Rikken is the game's name
# in every language.
TEMPLATE_NAMES: Mapping[str, Text] = {"free": gettext_lazy("Free game")}


def templates() -> dict[str, dict[str, object]]:
    """The templates a club copies and adjusts (``scoring.declared.TEMPLATES``), each named in
    the reader's language."""
    return {
        key: {**definition, "name": str(TEMPLATE_NAMES.get(key, definition["name"]))}
        for key, definition in TEMPLATES.items()
    }


ENTRY_TEMPLATES: Mapping[str, str] = {
    "points": "declared/entry_points.html",
    "went_out": "declared/entry_went_out.html",
    "bids": "declared/entry_bids.html",
}


@dataclass(frozen=True)
class HintLine:
    """A side's line of the hints: who, its total, and what it still needs or may take."""

    unit: int
    label: str
    total: str
    still: str


@dataclass(frozen=True)
class RuleLine:
    """One sentence of a declared game's rules: its id on the page (a refusal links to it),
    its words, and whether Scoreblok checks it (the checks section lists only those)."""

    id: str
    text: str
    checked: bool = False


# The sentence each of a declared game's own refusals enforces (ids of ``RuleLine``), in the
# section "A deal"; a code whose sentence depends on the block is resolved in ``rule_anchor``.
DECLARED_SENTENCES: Mapping[str, str] = {
    DeclaredCode.NOT_A_MULTIPLE: "rule-multiple",
    DeclaredCode.BELOW_MINIMUM: "rule-range",
    DeclaredCode.ABOVE_MAXIMUM: "rule-range",
    DeclaredCode.WRONG_TOTAL: "rule-total",
    DeclaredCode.TOO_MANY_ZEROS: "rule-one-zero",
    DeclaredCode.WENT_OUT_COUNT: "rule-out",
    DeclaredCode.WENT_OUT_WITH_POINTS: "rule-out",
    DeclaredCode.TRICKS_TOTAL: "rule-tricks",
    DeclaredCode.DEALER_BID: "rule-dealer",
}


def entry_words(definition: Definition) -> list[RuleLine]:
    """How a deal is entered and scored, one sentence each, in the reader's language."""
    entry = definition.entry
    lines: list[RuleLine] = []
    if isinstance(entry, PointsBlock):
        side = gettext("each team") if definition.team_size > 1 else gettext("each player")
        lines.append(
            RuleLine("rule-entry", gettext("After every deal %(side)s enters their points.") % {"side": side})
        )
        if entry.minimum is not None and entry.maximum is not None:
            lines.append(
                RuleLine(
                    "rule-range",
                    gettext("An entry is %(low)s to %(high)s.")
                    % {"low": entry.minimum, "high": entry.maximum},
                    True,
                )
            )
        elif entry.minimum is not None:
            lines.append(
                RuleLine("rule-range", gettext("An entry is %(low)s or more.") % {"low": entry.minimum}, True)
            )
        elif entry.maximum is not None:
            lines.append(
                RuleLine(
                    "rule-range", gettext("An entry is at most %(high)s.") % {"high": entry.maximum}, True
                )
            )
        if entry.multiple_of > 1:
            lines.append(
                RuleLine(
                    "rule-multiple",
                    gettext("Every entry is a multiple of %(multiple)s.") % {"multiple": entry.multiple_of},
                    True,
                )
            )
        if entry.total is not None:
            lines.append(
                RuleLine(
                    "rule-total",
                    gettext("The entries of a deal add up to %(total)s.") % {"total": entry.total},
                    True,
                )
            )
        if entry.shoot_the_moon:
            lines.append(
                RuleLine(
                    "rule-moon",
                    gettext(
                        "Shooting the moon: whoever takes all %(total)s scores 0 and everyone else %(total)s."
                    )
                    % {"total": entry.total},
                )
            )
        if entry.one_zero_at_most:
            lines.append(RuleLine("rule-one-zero", gettext("At most one entry of a deal is 0."), True))
    elif isinstance(entry, WentOutBlock):
        lines.append(
            RuleLine(
                "rule-out",
                ngettext(
                    "One player goes out and scores %(score)s point.",
                    "One player goes out and scores %(score)s points.",
                    abs(entry.out_score),
                )
                % {"score": entry.out_score}
                + " "
                + gettext("Exactly one player goes out, with nothing left in hand."),
                True,
            )
        )
        lines.append(
            RuleLine(
                "rule-hand",
                gettext("Every other player's hand points count for them.")
                if entry.hand == HandCounts.PLUS
                else gettext("Every other player's hand points are taken off their score."),
            )
        )
        if entry.card_values is not None:
            values = ", ".join(f"{rank_label(rank)} {value}" for rank, value in entry.card_values.items())
            lines.append(
                RuleLine("rule-values", gettext("Cards in hand count: %(values)s.") % {"values": values})
            )
        if entry.maximum is not None:
            lines.append(
                RuleLine(
                    "rule-range", gettext("A hand counts at most %(high)s.") % {"high": entry.maximum}, True
                )
            )
        if entry.multiple_of > 1:
            lines.append(
                RuleLine(
                    "rule-multiple",
                    gettext("Every entry is a multiple of %(multiple)s.") % {"multiple": entry.multiple_of},
                    True,
                )
            )
    else:
        if entry.schedule == ScheduleKind.UP_DOWN:
            schedule = gettext(
                "Deal 1 gives every player 1 card, one more each deal up to %(peak)s, then back to 1."
            ) % {"peak": entry.cards}
        else:
            schedule = ngettext(
                "%(deals)s deal of %(cards)s cards each.",
                "%(deals)s deals of %(cards)s cards each.",
                entry.deals,
            ) % {"deals": entry.deals, "cards": entry.cards}
        lines.append(RuleLine("rule-schedule", schedule))
        lines.append(
            RuleLine(
                "rule-tricks",
                gettext("Every player bids the tricks they will take; the tricks add up to the cards dealt."),
                True,
            )
        )
        if entry.dealer_rule:
            lines.append(
                RuleLine(
                    "rule-dealer",
                    gettext("The dealer bids last and may not make the bids add up to the cards dealt."),
                    True,
                )
            )
        lines.append(
            RuleLine(
                "rule-hit",
                gettext("A bid made scores %(base)s plus %(per)s per trick.")
                % {"base": entry.hit_base, "per": entry.hit_per_trick},
            )
        )
        if entry.miss_fixed is not None:
            miss = gettext("A bid missed costs %(penalty)s.") % {"penalty": entry.miss_fixed}
        else:
            miss = gettext("A bid missed costs %(per)s per trick off.") % {"per": entry.miss_per_trick}
        lines.append(RuleLine("rule-miss", miss))
    return lines


def end_words(definition: Definition) -> str:
    end = definition.end
    if end.kind == EndKind.TARGET:
        return gettext(
            "The match ends after the deal in which someone reaches %(value)s; the highest total wins."
        ) % {"value": end.value}
    if end.kind == EndKind.THRESHOLD:
        return gettext(
            "The match ends after the deal in which someone reaches %(value)s; the lowest total wins."
        ) % {"value": end.value}
    if end.kind == EndKind.DEALS:
        sentence = ngettext(
            "The match ends after %(value)s deal.", "The match ends after %(value)s deals.", end.value
        ) % {"value": end.value}
    else:
        sentence = gettext("The match ends when the schedule of deals is done.")
    winner = (
        gettext("The lowest total wins.") if definition.lowest_wins else gettext("The highest total wins.")
    )
    return f"{sentence} {winner}"


class DeclaredHome(BaseHome):
    """The home of one definition; ``slug`` is the site's name of the game (``house-…``)."""

    hints_template = "declared/hints.html"
    rules_template = "declared/rules.html"
    paper_template = "declared/paper.html"
    sections: Titles = (("deal", gettext_lazy("A deal")),)
    messages = MESSAGES

    def rule_anchor(self, error: RuleError) -> RuleAnchor | None:
        """The sentence of this definition's rules that a refusal enforces: one the definition
        generates (``entry_words``), found in the section "A deal"; the form's checks and the
        end as on every page. A sentence this definition does not have gives no link."""
        sentence = DECLARED_SENTENCES.get(error.code)
        if sentence is None:
            return super().rule_anchor(error)
        if sentence not in {line.id for line in entry_words(self.definition)}:
            return None
        return RuleAnchor("deal", sentence)

    def __init__(self, definition: Definition, slug: str) -> None:
        self.definition = definition
        self.slug = slug
        self.name = definition.name
        self.entry_template = ENTRY_TEMPLATES[definition.entry.kind]
        self.team_shapes = ()

    @property
    def game(self) -> Game[Progress, DeclaredHints]:
        """The rules engine of this definition (``games.registry.engine_of``)."""
        return declared_game(self.definition, self.slug)

    @property
    def summary(self) -> str:  # type: ignore[override]  # worded per definition
        return f"{end_words(self.definition)}"

    def calculator_keys(self, setup: Setup) -> tuple[CalculatorKey, ...]:
        entry = self.definition.entry
        if not isinstance(entry, WentOutBlock) or entry.card_values is None:
            return ()
        return tuple(
            CalculatorKey(rank, entry.card_values[rank]) for rank in CARD_KEYS if rank in entry.card_values
        )

    def hints_json(self, hints: object) -> dict[str, Json]:
        """Only what this game has: the cards of a scheduled deal, the deals left, the totals
        still to go."""
        if not isinstance(hints, DeclaredHints):
            return {}
        value = to_json(hints)
        assert isinstance(value, dict)
        return {
            key: item
            for key, item in value.items()
            if not (key == "cards" and item == 0) and not (key == "deals_left" and item == -1) and item != []
        }

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """Each side's distance to the target or the threshold (the engine's ``next.to_go``):
        beside its total in the standings bar, as in the five games, and on its line of the form."""
        upcoming = sheet.next
        end = self.definition.end
        if upcoming is None or end.kind not in (EndKind.TARGET, EndKind.THRESHOLD):
            return {}
        to_go = upcoming.get("to_go") or []
        if end.kind == EndKind.TARGET:
            short = text = gettext("%(points)s to go")
        else:
            short, text = gettext("%(points)s left"), gettext("%(points)s before %(value)s")
        return {
            column.unit: NextItem(
                short % {"points": points, "value": end.value}, text % {"points": points, "value": end.value}
            )
            for column, points in zip(sheet.columns, to_go, strict=False)
        }

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        upcoming = sheet.next
        if upcoming is None:
            return {}
        end = self.definition.end
        to_go = upcoming.get("to_go") or []
        still = (
            gettext("%(points)s to go")
            if end.kind == EndKind.TARGET
            else gettext("%(points)s before %(value)s")
            if end.kind == EndKind.THRESHOLD
            else ""
        )
        lines = [
            HintLine(
                column.unit,
                column.label,
                column.total_text,
                still % {"points": to_go[index], "value": end.value},
            )
            for index, column in enumerate(sheet.columns)
            if index < len(to_go)
        ]
        dealer = sheet.players[upcoming["dealer"]]
        facts = [
            gettext("Deal %(number)s, dealt by %(dealer)s.")
            % {"number": upcoming["number"], "dealer": dealer}
        ]
        cards = upcoming.get("cards")
        if cards:
            facts.append(ngettext("%(cards)s card each.", "%(cards)s cards each.", cards) % {"cards": cards})
            entry = self.definition.entry
            if isinstance(entry, BidsBlock) and entry.dealer_rule:
                facts.append(
                    gettext("%(dealer)s bids last: the bids may not add up to %(cards)s.")
                    % {"dealer": dealer, "cards": cards}
                )
        deals_left = upcoming.get("deals_left")
        if isinstance(deals_left, int):
            facts.append(
                ngettext("%(count)s deal left.", "%(count)s deals left.", deals_left) % {"count": deals_left}
            )
        return {"hint_lines": lines, "facts": facts}

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        entry = self.definition.entry
        if not isinstance(entry, BidsBlock):
            return {"minimum": getattr(entry, "minimum", 0), "maximum": entry.maximum}
        deal = number or sheet.state.played + 1
        schedule = entry.cards_per_deal
        cards = schedule[deal - 1] if 1 <= deal <= len(schedule) else 0
        players = sheet.state.setup.players
        dealer = (sheet.state.setup.dealer + deal - 1) % players
        # The form follows the table: the bids in the order they are made (the dealer last),
        # then the tricks after play, in the same order; both are sent and stored as one deal.
        context: dict[str, object] = {
            "cards": cards,
            "dealer": dealer,
            "dealer_name": sheet.players[dealer] if dealer < len(sheet.players) else "",
            "bidding_order": bidding_order(dealer, players),
            "dealer_rule": entry.dealer_rule,
            "dealer_may_not_bid": None,
        }
        if entry.dealer_rule:
            # Once the others' bids are typed (a refused deal shown again, a correction), the one
            # bid left to the dealer that the rule forbids.
            others = _typed_bids(body, dealer)
            if others is not None:
                context["dealer_may_not_bid"] = forbidden_dealer_bid(cards, others)
        return context

    def quick_entry(self, state: MatchState) -> QuickEntry:
        """The line's shape of the definition's entry block (``games/declared/quick_entry``)."""
        return quick_entry(self.definition.entry)

    def rules_sections(self) -> Sequence[Section]:
        """The common sections a declared game has words for (no card table, no options)."""
        return [
            section
            for section in super().rules_sections()
            if section.anchor in {"glance", "deal", "scoring", "end", "checks"}
        ]

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        """A declared game has no options: every match plays the definition it keeps."""
        counts = self.definition.player_counts
        return {
            "slug": self.slug,
            "player_counts": counts,
            "players": players_label(counts),
            "team_size": self.definition.team_size,
            "entry_lines": entry_words(self.definition),
            "bids": isinstance(self.definition.entry, BidsBlock),
            "end": end_words(self.definition),
        }

    def paper_columns(self) -> tuple[int, ...]:
        return self.definition.player_counts

    def paper_sides(self, players: int, teams: int) -> int:
        """A column per side: the definition's teams (``teams`` counts the built-in games' own)."""
        return players // self.definition.team_size

    def paper_rows(self) -> Sequence[Mapping[str, int | bool]]:
        entry = self.definition.entry
        end = self.definition.end
        deals = (
            len(entry.cards_per_deal)
            if isinstance(entry, BidsBlock)
            else end.value
            if end.kind == EndKind.DEALS
            else self.paper_deals
        )
        # A game of bids prints each deal's cards beside its number: the table bids against it.
        cards = entry.cards_per_deal if isinstance(entry, BidsBlock) else ()
        return [
            {"number": number, "block_end": False, **({"cards": cards[number - 1]} if cards else {})}
            for number in range(1, deals + 1)
        ]


def _typed_bids(body: Json, dealer: int) -> list[int] | None:
    """The bids typed for every seat but the dealer's, or None while one is missing."""
    entries = body.get("entries") if isinstance(body, dict) else None
    if not isinstance(entries, list):
        return None
    bids = [entry.get("bid") if isinstance(entry, dict) else None for entry in entries]
    others = [bid for seat, bid in enumerate(bids) if seat != dealer]
    if not others or not all(isinstance(bid, int) and not isinstance(bid, bool) for bid in others):
        return None
    return [bid for bid in others if isinstance(bid, int)]


def home_of(definition: Definition, slug: str) -> DeclaredHome:
    return DeclaredHome(definition, slug)


def home_of_json(definition: object, slug: str) -> DeclaredHome:
    """The home of a definition as stored (a match's copy, a club's game)."""
    return DeclaredHome(read_definition(definition), slug)
