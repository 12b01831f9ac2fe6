"""The home of French Tarot: one taker against the others, the FFT's deal score, 3 to 5 players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from games.base import BaseHome, Titles
from games.card_calculator import CalculatorCard, CalculatorRow, CardCalculator, UseButton, half_points_label
from games.protocol import Context, DemoMatch, Json, NextItem, PlayedMatch, SheetView, Statistic, Text
from games.quick_entry import QuickEntry
from games.tables import common_tables, option_value
from games.tarot.api import TarotRoundBodySerializer
from games.tarot.quick_entry import ENTRY as QUICK_ENTRY
from games.tarot.statistics import statistics as tarot_statistics
from scoring import MatchState, Refused
from scoring.errors import Code
from scoring.games import tarot

CONTRACT_NAMES: Mapping[str, Text] = {
    tarot.Contract.PRISE: gettext_lazy("Prise (petite)"),
    tarot.Contract.GARDE: gettext_lazy("Garde"),
    tarot.Contract.GARDE_SANS: gettext_lazy("Garde sans"),
    tarot.Contract.GARDE_CONTRE: gettext_lazy("Garde contre"),
}
CHELEM_NAMES: Mapping[str, Text] = {
    tarot.Chelem.ANNOUNCED_MADE: gettext_lazy("announced and made"),
    tarot.Chelem.MADE: gettext_lazy("made, not announced"),
    tarot.Chelem.ANNOUNCED_MISSED: gettext_lazy("announced and missed"),
}
POIGNEE_NAMES: Mapping[str, Text] = {
    tarot.Poignee.SIMPLE: gettext_lazy("simple"),
    tarot.Poignee.DOUBLE: gettext_lazy("double"),
    tarot.Poignee.TRIPLE: gettext_lazy("triple"),
}

# The calculator's keys: the three oudlers one by one (each counted as an oudler too), the
# face cards by kind, and one key for every other card; what each is worth is the engine's.
OUDLER_KEYS: tuple[tuple[str, Text, bool], ...] = (
    # (key, label, a trump: spoken as "21 of trumps")
    ("21", "21", True),
    ("1", "1", True),
    ("excuse", pgettext_lazy("tarot card", "Excuse"), False),
)
FACE_KEYS: Mapping[tarot.CardKind, Text] = {
    tarot.CardKind.KING: pgettext_lazy("tarot card", "King"),
    tarot.CardKind.QUEEN: pgettext_lazy("tarot card", "Queen"),
    tarot.CardKind.KNIGHT: pgettext_lazy("tarot card", "Knight"),
    tarot.CardKind.JACK: pgettext_lazy("tarot card", "Jack"),
}


def _key(
    rank: str, label: object, kind: tarot.CardKind, spoken: str, tallied: bool = False
) -> CalculatorCard:
    half_points = tarot.CARD_HALF_POINTS[kind]
    words = spoken % {"card": label, "points": half_points_label(half_points)}
    return CalculatorCard(rank, str(label), half_points, words, tallied)


def card_calculator() -> CardCalculator:
    """The taker's tricks counted card by card, as players count them; "Use" puts the whole
    points, the half and the oudlers in the form's fields (the engine rounds nothing here: the
    half is entered as "and a half")."""
    trump = gettext("%(card)s of trumps, %(points)s")
    plain = gettext("%(card)s, %(points)s")
    oudler = tarot.CardKind.OUDLER
    return CardCalculator(
        rows=(
            CalculatorRow(
                gettext("Oudlers"),
                tuple(
                    _key(rank, label, oudler, trump if is_trump else plain, True)
                    for rank, label, is_trump in OUDLER_KEYS
                ),
            ),
            CalculatorRow(
                gettext("Face cards"),
                tuple(_key(kind.value, label, kind, plain) for kind, label in FACE_KEYS.items()),
            ),
        ),
        extra_keys=(_key(tarot.CardKind.LOW.value, gettext("Other card"), tarot.CardKind.LOW, plain),),
        uses=(UseButton(gettext("Use for the taker"), "points:int", half="half:bool", tally="oudlers:int"),),
        tally_label=gettext("Oudlers"),
    )


MESSAGES: Mapping[str, Text] = {
    tarot.TarotCode.POINTS_OUT_OF_RANGE: gettext_lazy(
        "The taker's points are between 0 and %(maximum)s: a deal holds %(maximum)s points."
    ),
    tarot.TarotCode.OUDLERS_OUT_OF_RANGE: gettext_lazy("The taker has 0 to %(maximum)s oudlers."),
    tarot.TarotCode.PARTNER_REQUIRED: gettext_lazy(
        "At 5 players, name the player holding the called king, or tick “alone”."
    ),
    tarot.TarotCode.PARTNER_IS_TAKER: gettext_lazy(
        "The taker called his own king: tick “alone” instead of naming him as partner."
    ),
    tarot.TarotCode.PARTNER_ONLY_AT_FIVE: gettext_lazy(
        "A king is called only at 5 players; this table has %(players)s."
    ),
    tarot.TarotCode.ALONE_WITH_PARTNER: gettext_lazy("The taker plays alone: name no partner."),
    tarot.TarotCode.POIGNEE_TOO_SMALL: gettext_lazy(
        "A poignée at %(players)s players shows at least %(minimum)s trumps."
    ),
    tarot.TarotCode.POIGNEE_TOO_LARGE: gettext_lazy(
        "A hand at %(players)s players holds at most %(maximum)s trumps."
    ),
    tarot.TarotCode.PETIT_AU_BOUT_WITHOUT_PETIT: gettext_lazy(
        "The taker's side took the petit au bout, so the taker has at least one oudler."
    ),
    tarot.TarotCode.PETIT_AU_BOUT_ALL_OUDLERS: gettext_lazy(
        "The defence took the petit au bout, so the taker cannot have all three oudlers."
    ),
}


@dataclass(frozen=True)
class Share:
    """One seat's part of the deal: what it receives (positive) or pays (negative)."""

    name: str
    score: int
    role: str  # "taker", "partner" or "defence"

    @property
    def shown(self) -> str:
        """Signed as a sheet says it: +174, 0, and a minus sign (not a hyphen) before a payment."""
        return f"+{self.score}" if self.score > 0 else _signed(self.score)


@dataclass(frozen=True)
class Preview:
    """A deal typed on the round form, as the engine scores it before Save: the rule that made
    the score (``formula`` spells out the engine's breakdown, term by term) and every seat's
    share of it."""

    contract: str
    oudlers: int
    points: str
    made: bool
    difference: int
    formula: str
    shares: tuple[Share, ...]


MINUS = "\u2212"  # the page's minus sign, not a hyphen
TIMES = "\u00d7"


def _signed(number: int) -> str:
    """A number as the page prints it: a true minus sign, no plus."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def _formula(breakdown: tarot.Breakdown) -> str:
    """The engine's breakdown written out in the order it was summed, e.g. "(25 + 6) x 2 = 62"
    or "(-(25 + 1) - 10) x 1 = -36" (printed with the multiplication and minus signs). Every
    number is the engine's; nothing is added up here."""
    inner = f"({tarot.BASE} + {breakdown.difference})"
    if not breakdown.made:
        inner = f"{MINUS}{inner}"
    if breakdown.petit_au_bout:
        sign = "+" if breakdown.petit_au_bout > 0 else MINUS
        inner = f"({inner} {sign} {abs(breakdown.petit_au_bout)})"
    terms = f"{inner} {TIMES} {breakdown.multiplier}"
    for bonus in (breakdown.poignee_bonus, breakdown.chelem_bonus):
        if bonus:
            terms += f" {'+' if bonus > 0 else MINUS} {abs(bonus)}"
    return f"{terms} = {_signed(breakdown.score)}"


def preview(body: Json, names: Sequence[str]) -> Preview | None:
    """The deal's score with the rule that made it, or None while it breaks a rule (or is not
    all typed yet): the refusal on Save says why."""
    players = len(names)
    try:
        deal = tarot.read_deal(_lifted(body), players)
    except Refused:
        return None
    scores = tarot.seat_scores(players, deal)
    made = tarot.breakdown(players, deal)
    roles = {deal.taker: "taker", **({deal.partner: "partner"} if deal.partner is not None else {})}
    return Preview(
        contract=str(CONTRACT_NAMES[deal.contract]),
        oudlers=deal.oudlers,
        points=half_points_label(deal.half_points),
        made=made.made,
        difference=made.difference,
        formula=_formula(made),
        shares=tuple(
            Share(name, score, roles.get(seat, "defence"))
            for seat, (name, score) in enumerate(zip(names, scores, strict=True))
        ),
    )


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    checked: bool


def _lifted(body: Json) -> dict[str, Any]:
    """The deal's fields as typed; a line read by quick entry names the taker and partner on
    the players' lines, so those are lifted to the deal's own fields here."""
    if not isinstance(body, dict):
        return {}
    deal: dict[str, Any] = {key: value for key, value in body.items() if key != "entries"}
    entries = body.get("entries")
    lines = [
        entry if isinstance(entry, dict) else {} for entry in (entries if isinstance(entries, list) else ())
    ]
    # The taker is the line said with "takes", else the one line that was given the count.
    named = [seat for seat, entry in enumerate(lines) if entry.get("taker") is True]
    counted = [seat for seat, entry in enumerate(lines) if "points" in entry or "oudlers" in entry]
    taker = named[0] if named else counted[0] if len(counted) == 1 else None
    if taker is not None and "taker" not in deal:
        deal["taker"] = taker
        for key in ("points", "oudlers"):
            if key in lines[taker]:
                deal.setdefault(key, lines[taker][key])
    partners = [seat for seat, entry in enumerate(lines) if entry.get("partner") is True]
    if partners and "partner" not in deal:
        deal["partner"] = partners[0]
    return deal


class TarotHome(BaseHome):
    slug = tarot.GAME.slug
    name = gettext_lazy("Tarot")
    summary = gettext_lazy("French Tarot for 3 to 5: one taker against the others, scored as the FFT does.")
    stylesheet = "tarot/tarot.css"
    round_body = TarotRoundBodySerializer
    entry_template = "tarot/entry.html"
    hints_template = "tarot/hints.html"
    rules_template = "tarot/rules.html"
    paper_template = "tarot/paper.html"
    paper_deals = 20
    # Club evenings seat tables of 4 and 5, a table of 3 only when the count forces it (3, 6, 7
    # or 11 present): a decision, docs/league.md "Tables that fit the game".
    evening_table_sizes = (4, 5)
    sections: Titles = (
        ("players", gettext_lazy("Players and cards")),
        ("contracts", gettext_lazy("Contracts")),
        ("oudlers", gettext_lazy("Oudlers and the points to make")),
        ("king", gettext_lazy("Five players: the called king")),
        ("petit-au-bout", gettext_lazy("Petit au bout")),
        ("poignee", gettext_lazy("Poignée")),
        ("chelem", gettext_lazy("Chelem")),
    )
    messages: Mapping[str, Text] = MESSAGES
    rule_sections: Mapping[str, str] = {
        tarot.TarotCode.POINTS_OUT_OF_RANGE: "checks#check-points",
        tarot.TarotCode.OUDLERS_OUT_OF_RANGE: "checks#check-oudlers",
        tarot.TarotCode.PARTNER_REQUIRED: "checks#check-partner",
        tarot.TarotCode.PARTNER_IS_TAKER: "checks#check-partner",
        tarot.TarotCode.PARTNER_ONLY_AT_FIVE: "checks#check-partner",
        tarot.TarotCode.ALONE_WITH_PARTNER: "checks#check-partner",
        tarot.TarotCode.POIGNEE_TOO_SMALL: "checks#check-poignee",
        tarot.TarotCode.POIGNEE_TOO_LARGE: "checks#check-poignee",
        tarot.TarotCode.PETIT_AU_BOUT_WITHOUT_PETIT: "petit-au-bout#petit-au-bout-sides",
        tarot.TarotCode.PETIT_AU_BOUT_ALL_OUDLERS: "petit-au-bout#petit-au-bout-sides",
        # Tarot's deal is scored from the taker's count (its calculator only adds card values and
        # maps no cards): the card codes (never raised) point at the form's checks.
        Code.NOT_MULTIPLE_OF_5: "checks#check-form",
        Code.UNKNOWN_CARD: "checks#check-form",
        Code.TOO_MANY_CARDS: "checks#check-form",
        Code.POINTS_MISMATCH: "checks#check-form",
    }
    option_labels: Mapping[str, Text] = {"deals": gettext_lazy("Number of deals")}
    option_meanings: Mapping[str, Text] = {
        "deals": gettext_lazy(
            "The match ends after this many deals; a multiple of the players lets everyone deal equally "
            "often."
        )
    }

    def round_label(self, body: Json) -> str:
        contract = body.get("contract") if isinstance(body, dict) else None
        return (
            str(CONTRACT_NAMES[contract]) if isinstance(contract, str) and contract in CONTRACT_NAMES else ""
        )

    def next_items(self, sheet: SheetView) -> Mapping[int, NextItem]:
        """The coming deal's dealer."""
        if sheet.next is None:
            return {}
        return {sheet.next["dealer"]: NextItem(gettext("deals"), gettext("Deals the next hand"))}

    def sheet_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        if sheet.next is None:
            return {}
        left = int(sheet.next["deals_left"])
        return {
            "dealer": sheet.players[sheet.next["dealer"]],
            "deals_left": ngettext("%(count)s deal left", "%(count)s deals left", left) % {"count": left},
        }

    def entry_context(self, sheet: SheetView, body: Json, number: int | None) -> Context:
        """The round form's choices with what was typed, and the deal's score as the engine makes
        it (drawn with the form, and again by ``round_preview`` as the deal is typed)."""
        players = sheet.state.setup.players
        deal = _lifted(body)
        names = list(sheet.players)

        def choices(key: str, options: Sequence[tuple[object, str]]) -> list[Choice]:
            return [
                Choice("" if value is None else str(value), label, deal.get(key) == value)
                for value, label in options
            ]

        contract = deal.get("contract", tarot.Contract.GARDE.value)
        simple, double, triple = tarot.POIGNEE_TRUMPS[players]
        return {
            "form": {
                "five": players == 5,
                "takers": choices("taker", list(enumerate(names))),
                "partners": choices("partner", list(enumerate(names))),
                "alone": deal.get("alone") is True,
                "contracts": [
                    Choice(slug.value, str(CONTRACT_NAMES[slug]), contract == slug.value)
                    for slug in tarot.Contract
                ],
                "points": deal.get("points", ""),
                "half": deal.get("half") is True,
                "oudlers": choices("oudlers", [(n, str(n)) for n in range(tarot.OUDLERS + 1)]),
                "bout": choices(
                    "petit_au_bout",
                    [
                        (None, gettext("no")),
                        ("taker", gettext("taker's side")),
                        ("defence", gettext("defence")),
                    ],
                ),
                "poignee": deal.get("poignee", ""),
                "chelem": choices(
                    "chelem",
                    [(None, gettext("no")), *((c.value, str(CHELEM_NAMES[c])) for c in tarot.Chelem)],
                ),
                "poignee_hint": gettext("simple %(simple)s, double %(double)s, triple %(triple)s trumps")
                % {"simple": simple, "double": double, "triple": triple},
                "max_trumps": tarot.max_trumps(players),
                "min_trumps": simple,
            },
            "preview": preview(body, names),
            "card_calculator": card_calculator(),
        }

    def rules_tables(self, options: Mapping[str, object] | None = None) -> Context:
        deals = option_value(self.slug, "deals", options)
        return {
            **common_tables(self),
            "total_points": tarot.TOTAL_POINTS,
            "base": tarot.BASE,
            "bout_bonus": tarot.PETIT_AU_BOUT,
            "required": sorted(tarot.REQUIRED.items()),
            "contracts": [(str(CONTRACT_NAMES[c]), tarot.MULTIPLIERS[c]) for c in tarot.Contract],
            "poignees": [
                (players, *tarot.POIGNEE_TRUMPS[players], tarot.max_trumps(players))
                for players in tarot.PLAYER_COUNTS
            ],
            "poignee_bonus": [(str(POIGNEE_NAMES[p]), tarot.POIGNEE_BONUS[p]) for p in tarot.Poignee],
            "chelem_bonus": [(str(CHELEM_NAMES[c]), tarot.CHELEM_BONUS[c]) for c in tarot.Chelem],
            "deals": deals if deals is not None else gettext("four rounds of deals"),
            "rounds": tarot.DEFAULT_ROUNDS,
        }

    def statistics(self, played: Sequence[PlayedMatch]) -> Sequence[Statistic]:
        return tarot_statistics(played)

    def quick_entry(self, state: MatchState) -> QuickEntry:
        return QUICK_ENTRY

    def demo(self) -> DemoMatch:
        return DemoMatch(
            players=("Anna", "Bram", "Cor", "Dirk"),
            rounds=(
                {"taker": 1, "contract": "garde", "points": 47, "oudlers": 2},
                {
                    "taker": 2,
                    "contract": "prise",
                    "points": 50,
                    "half": True,
                    "oudlers": 1,
                    "petit_au_bout": "defence",
                },
                {"taker": 3, "contract": "garde_sans", "points": 36, "oudlers": 3, "poignee": 10},
            ),
            options={"deals": 8},
        )


HOME = TarotHome()
