"""French Tarot, as the Fédération Française de Tarot scores it (Règlement officiel, Fascicule 2
"Donnes libres", V.O. 1 July 2016): 3, 4 or 5 players, 78 cards, 91 points, one taker against
the others; at 5 the taker calls a king and its holder plays with him.

What the scorekeeper enters is the deal as the table says it: the taker, the contract, the
called partner (5 players), the taker's points and oudlers, and the bonuses. The engine works
out the deal score and what every seat receives or pays, so every deal sums to 0 by
construction (a property test holds it).

Decisions where the sources differ or are silent (docs/rules.md, Tarot):

- **Half points.** Cards are counted one by one at 4.5 / 3.5 / 2.5 / 1.5 / 0.5, so a side's
  count may end in a half (with 3 or 5 players, or when counted card by card). The taker's
  points are entered as a whole number and ``half`` (``"points": 47, "half": true`` is 47½).
  A half in the difference is rounded away from the required points: up for a made contract,
  and a contract short by a half is lost by 1 (the FFT's "arrondi en faveur de la défense").
  Exactly the required points is made by 0.
- **One poignée per deal** is entered, as the number of trumps shown (the excuse counts as a
  trump); its size follows from the player count. Its bonus goes to the side that won the deal.
- **The chelem is the taker's**: a defence taking every trick is a lost contract; no bonus.
- **Petit au bout** goes to the side that took the last trick with the petit, whatever the
  result; the taker's side can only have it with an oudler in its tricks (the petit), the
  defence only when the taker has fewer than three.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from math import ceil
from types import MappingProxyType

from scoring.errors import Code, Refused, RuleError, refuse, rule_error
from scoring.form import Form
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import IntOption, Option
from scoring.ranking import high_total_first, standings

SLUG = "tarot"
PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5)

TOTAL_POINTS = 91
OUDLERS = 3
BASE = 25
PETIT_AU_BOUT = 10


@unique
class CardKind(StrEnum):
    """The cards as players count them: what a card is worth depends only on its kind."""

    OUDLER = "oudler"  # the 21 and the 1 of trumps (the petit), and the excuse
    KING = "king"
    QUEEN = "queen"
    KNIGHT = "knight"
    JACK = "jack"
    LOW = "low"  # every other card: trumps 2 to 20, and 1 to 10 of each suit


# What one card of each kind is worth, in half points (4½ is 9), as the taker's points are kept
# (``Deal.half_points``): sums stay whole numbers. The pack's cards add up to TOTAL_POINTS.
CARD_HALF_POINTS: Mapping[CardKind, int] = MappingProxyType(
    {
        CardKind.OUDLER: 9,
        CardKind.KING: 9,
        CardKind.QUEEN: 7,
        CardKind.KNIGHT: 5,
        CardKind.JACK: 3,
        CardKind.LOW: 1,
    }
)
# How many cards of each kind the 78-card pack holds.
CARD_COUNTS: Mapping[CardKind, int] = MappingProxyType(
    {
        CardKind.OUDLER: 3,
        CardKind.KING: 4,
        CardKind.QUEEN: 4,
        CardKind.KNIGHT: 4,
        CardKind.JACK: 4,
        CardKind.LOW: 59,
    }
)
PACK = 78

# Points the taker must make, by the oudlers in his tricks.
REQUIRED: Mapping[int, int] = MappingProxyType({0: 56, 1: 51, 2: 41, 3: 36})


@unique
class Contract(StrEnum):
    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


MULTIPLIERS: Mapping[Contract, int] = MappingProxyType(
    {Contract.PRISE: 1, Contract.GARDE: 2, Contract.GARDE_SANS: 4, Contract.GARDE_CONTRE: 6}
)


@unique
class Side(StrEnum):
    """Who took the last trick with the petit in it."""

    TAKER = "taker"
    DEFENCE = "defence"


@unique
class Chelem(StrEnum):
    ANNOUNCED_MADE = "announced_made"
    MADE = "made"
    ANNOUNCED_MISSED = "announced_missed"


CHELEM_BONUS: Mapping[Chelem, int] = MappingProxyType(
    {Chelem.ANNOUNCED_MADE: 400, Chelem.MADE: 200, Chelem.ANNOUNCED_MISSED: -200}
)


@unique
class Poignee(StrEnum):
    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


POIGNEE_BONUS: Mapping[Poignee, int] = MappingProxyType(
    {Poignee.SIMPLE: 20, Poignee.DOUBLE: 30, Poignee.TRIPLE: 40}
)

# Trumps to show for a simple, double and triple poignée, by players at the table.
POIGNEE_TRUMPS: Mapping[int, tuple[int, int, int]] = MappingProxyType(
    {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
)
# Cards in one hand: no poignée can show more trumps than that (nor more than the 22 trumps).
HAND_SIZE: Mapping[int, int] = MappingProxyType({3: 24, 4: 18, 5: 15})
TRUMPS = 22  # 21 trumps and the excuse

DEFAULT_ROUNDS = 4
MAX_DEALS = 500


def default_deals(players: int) -> int:
    """Four rounds of deals: everyone deals equally often."""
    return DEFAULT_ROUNDS * players


OPTIONS: tuple[Option, ...] = (IntOption("deals", default_deals, minimum=1, maximum=MAX_DEALS),)


@unique
class TarotCode(StrEnum):
    """The rule codes of Tarot, beyond the generic ones."""

    POINTS_OUT_OF_RANGE = "points_out_of_range"
    OUDLERS_OUT_OF_RANGE = "oudlers_out_of_range"
    PARTNER_REQUIRED = "partner_required"
    PARTNER_IS_TAKER = "partner_is_taker"
    PARTNER_ONLY_AT_FIVE = "partner_only_at_five"
    ALONE_WITH_PARTNER = "alone_with_partner"
    POIGNEE_TOO_SMALL = "poignee_too_small"
    POIGNEE_TOO_LARGE = "poignee_too_large"
    PETIT_AU_BOUT_WITHOUT_PETIT = "petit_au_bout_without_petit"
    PETIT_AU_BOUT_ALL_OUDLERS = "petit_au_bout_all_oudlers"


CODES: frozenset[StrEnum] = frozenset(TarotCode)

ROUND_KEYS: frozenset[str] = frozenset(
    {
        "taker",
        "contract",
        "partner",
        "alone",
        "points",
        "half",
        "oudlers",
        "petit_au_bout",
        "poignee",
        "chelem",
    }
)


@dataclass(frozen=True)
class Deal:
    """One deal as entered, after the form checks."""

    taker: int
    contract: Contract
    partner: int | None  # None: no partner (3 or 4 players, or the taker alone at 5)
    half_points: int  # the taker's points, doubled: 47½ is 95
    oudlers: int
    petit_au_bout: Side | None = None
    poignee: int = 0  # trumps shown, 0 for none
    chelem: Chelem | None = None


@dataclass(frozen=True)
class Breakdown:
    """How a deal's score was made, for the pages that show it (from the taker's side)."""

    required: int
    made: bool
    difference: int  # rounded, 0 or more
    multiplier: int
    petit_au_bout: int  # signed, before the multiplier: +10, -10 or 0
    poignee: Poignee | None
    poignee_bonus: int  # signed
    chelem_bonus: int  # signed
    score: int  # what each defender pays (negative: receives)


def required_points(oudlers: int) -> int:
    return REQUIRED[oudlers]


def poignee_size(players: int, trumps: int) -> Poignee | None:
    """The poignée ``trumps`` shown make at this table; None below a simple poignée."""
    simple, double, triple = POIGNEE_TRUMPS[players]
    if trumps >= triple:
        return Poignee.TRIPLE
    if trumps >= double:
        return Poignee.DOUBLE
    if trumps >= simple:
        return Poignee.SIMPLE
    return None


def max_trumps(players: int) -> int:
    return min(TRUMPS, HAND_SIZE[players])


def breakdown(players: int, deal: Deal) -> Breakdown:
    """The deal score from the taker's side: (25 + difference ± petit au bout) x multiplier,
    then the poignée and the chelem, not multiplied."""
    required = required_points(deal.oudlers)
    made = deal.half_points >= 2 * required
    # A half point of difference counts as a whole one (see the module's decisions).
    difference = ceil(abs(deal.half_points - 2 * required) / 2)
    multiplier = MULTIPLIERS[deal.contract]
    sign = 1 if made else -1
    bout = {Side.TAKER: PETIT_AU_BOUT, Side.DEFENCE: -PETIT_AU_BOUT, None: 0}[deal.petit_au_bout]
    size = poignee_size(players, deal.poignee) if deal.poignee else None
    poignee = sign * POIGNEE_BONUS[size] if size is not None else 0
    chelem = CHELEM_BONUS[deal.chelem] if deal.chelem is not None else 0
    score = (sign * (BASE + difference) + bout) * multiplier + poignee + chelem
    return Breakdown(required, made, difference, multiplier, bout, size, poignee, chelem, score)


def seat_scores(players: int, deal: Deal) -> Scores:
    """What each seat receives (or pays): each defender -score, the partner +score, the taker
    the rest, so the deal sums to 0."""
    score = breakdown(players, deal).score
    scores = [-score] * players
    if deal.partner is not None:
        scores[deal.partner] = score
    scores[deal.taker] = 0
    scores[deal.taker] = -sum(scores)
    return tuple(scores)


def _choice[E: StrEnum](form: Form, body: Mapping[str, object], key: str, kind: type[E]) -> E | None:
    """An optional choice among ``kind``'s values; None when absent or refused."""
    if key not in body:
        return None
    value = body[key]
    if not isinstance(value, str) or value not in {member.value for member in kind}:
        form.fail(Code.INVALID, key, choices=tuple(member.value for member in kind))
        return None
    return kind(value)


def read_deal(body: object, players: int) -> Deal:
    """The deal, after the form checks and then the rule checks; ``Refused`` with all of them."""
    form = Form()
    deal = form.body(body, ROUND_KEYS)
    if deal is None:
        form.raise_if_failed()
        raise AssertionError("unreachable")
    taker = form.integer(deal, "taker", "", maximum=players - 1)
    if "contract" not in deal:
        form.fail(Code.REQUIRED, "contract")
    contract = _choice(form, deal, "contract", Contract)
    partner = form.integer(deal, "partner", "", maximum=players - 1, required=False)
    alone = form.boolean(deal, "alone", "", default=False)
    points = form.integer(deal, "points", "", minimum=None)
    half = form.boolean(deal, "half", "", default=False)
    oudlers = form.integer(deal, "oudlers", "", minimum=None)
    bout = _choice(form, deal, "petit_au_bout", Side)
    poignee = form.integer(deal, "poignee", "", required=False, default=0)
    chelem = _choice(form, deal, "chelem", Chelem)
    form.raise_if_failed()
    assert taker is not None and contract is not None and points is not None and oudlers is not None
    assert poignee is not None and alone is not None and half is not None

    errors: list[RuleError] = []
    half_points = 2 * points + (1 if half else 0)
    if not 0 <= half_points <= 2 * TOTAL_POINTS:
        errors.append(rule_error(TarotCode.POINTS_OUT_OF_RANGE, "points", maximum=TOTAL_POINTS))
    if not 0 <= oudlers <= OUDLERS:
        errors.append(rule_error(TarotCode.OUDLERS_OUT_OF_RANGE, "oudlers", maximum=OUDLERS))
    errors += partner_errors(players, taker, partner, alone)
    if poignee:
        simple = POIGNEE_TRUMPS[players][0]
        if poignee < simple:
            errors.append(rule_error(TarotCode.POIGNEE_TOO_SMALL, "poignee", minimum=simple, players=players))
        elif poignee > max_trumps(players):
            limit = max_trumps(players)
            errors.append(rule_error(TarotCode.POIGNEE_TOO_LARGE, "poignee", maximum=limit, players=players))
    if 0 <= oudlers <= OUDLERS:
        if bout is Side.TAKER and oudlers == 0:
            errors.append(rule_error(TarotCode.PETIT_AU_BOUT_WITHOUT_PETIT, "petit_au_bout"))
        if bout is Side.DEFENCE and oudlers == OUDLERS:
            errors.append(rule_error(TarotCode.PETIT_AU_BOUT_ALL_OUDLERS, "petit_au_bout"))
    if errors:
        raise Refused(errors)
    return Deal(taker, contract, None if alone else partner, half_points, oudlers, bout, poignee, chelem)


def partner_errors(players: int, taker: int, partner: int | None, alone: bool) -> list[RuleError]:
    """At 5 the called king's holder is named, or the taker is alone; at 3 and 4 there is none."""
    if players != 5:
        if partner is not None or alone:
            field = "partner" if partner is not None else "alone"
            return [rule_error(TarotCode.PARTNER_ONLY_AT_FIVE, field, players=players)]
        return []
    if alone:
        if partner is not None and partner != taker:
            return [rule_error(TarotCode.ALONE_WITH_PARTNER, "partner")]
        return []
    if partner is None:
        return [rule_error(TarotCode.PARTNER_REQUIRED, "partner")]
    if partner == taker:
        return [rule_error(TarotCode.PARTNER_IS_TAKER, "partner")]
    return []


@dataclass(frozen=True)
class Progress:
    """The deals played so far: the next dealer and the end follow from their number."""

    deals: int = 0


@dataclass(frozen=True)
class DealsLeftHints:
    """``next``: the deals left in the match, the coming one included."""

    deals_left: int


@dataclass(frozen=True)
class Tarot:
    slug: str = SLUG
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    options: tuple[Option, ...] = OPTIONS
    codes: frozenset[StrEnum] = CODES
    entries_per_seat: bool = True

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        """Everyone plays for himself; the sides change every deal."""
        if teams is not None:
            raise refuse(Code.INVALID, "teams")
        return None

    def start(self, setup: Setup) -> Progress:
        return Progress()

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        # A stored round is read the same way: the reading is a handful of fields.
        deal = read_deal(body, setup.players)
        return seat_scores(setup.players, deal), Progress(progress.deals + 1)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[DealsLeftHints]:
        """Over after the match's number of deals; the highest total wins, equal totals share."""
        left = setup.int_option("deals") - progress.deals
        rows = standings(setup.units, totals, high_total_first(totals))
        if left <= 0:
            return Outlook(True, rows, None)
        dealer = (setup.dealer + progress.deals) % setup.players
        return Outlook(False, rows, dealer, DealsLeftHints(left))


GAME: Game[Progress, DealsLeftHints] = Tarot()
