"""Barbuse's scoresheet grid and round form, laid out from the engine (scoring/games/barbuse.py).

Who was spelmaker for a deal comes from the engine's ``spelmaker``, the contracts a form offers
from the next deal's hints (or ``Progress.left_for`` when a past deal is corrected), and the
totals the counters aim at from the engine's constants. Nothing here decides a rule: the server
still checks every round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext

from games.barbuse.words import contract_name
from games.protocol import Context, Json, SheetView
from scoring import MatchState
from scoring.games import barbuse


def penalty_line(slug: str, options: Mapping[str, object]) -> str:
    """One short line: what the contract costs, from the engine's tables and the match options."""
    if slug == barbuse.KNOBBELEN:
        steps = "/".join(str(barbuse.KNOBBELEN_PENALTY[n]) for n in sorted(barbuse.KNOBBELEN_PENALTY))
        return gettext("%(penalties)s each for 1/2/3/4 misses") % {"penalties": steps}
    if slug == barbuse.NO_QUEENS:
        return gettext("%(penalty)s per queen") % {"penalty": barbuse.QUEEN_PENALTY}
    if slug == barbuse.NO_HEARTS:
        return gettext("%(penalty)s per heart, all %(hearts)s: −%(bonus)s") % {  # noqa: RUF001 (a real minus sign)
            "penalty": barbuse.HEART_PENALTY,
            "hearts": barbuse.HEARTS,
            "bonus": options.get("all_hearts_bonus"),
        }
    if slug == barbuse.AANLEGGEN:
        steps = "/".join(str(barbuse.AANLEGGEN_PENALTY[n]) for n in sorted(barbuse.AANLEGGEN_PENALTY))
        return gettext("places: %(penalties)s") % {"penalties": steps}
    return gettext("%(penalty)s for the king") % {"penalty": options.get("king_of_hearts_penalty")}


@dataclass
class GridColumn:
    """A player as spelmaker: the deals he chooses for, and whether he chooses now."""

    seat: int
    label: str
    deals: list[int]
    current: bool
    total: int
    deals_text: str = ""  # "deals 1-5" in the reader's words, filled in here, not in a template loop

    @property
    def first(self) -> int:
        return self.deals[0]

    @property
    def last(self) -> int:
        return self.deals[-1]


@dataclass
class GridCell:
    seat: int
    number: int | None  # the deal in which this spelmaker played this contract
    current: bool  # the spelmaker choosing now, and this contract still his to choose
    text: str = ""  # "deal 7" where it was played


@dataclass
class GridRow:
    slug: str
    name: str
    penalty: str
    cells: list[GridCell] = field(default_factory=list)


@dataclass
class Choice:
    slug: str
    name: str
    checked: bool
    refused: bool  # posted, but already played by this spelmaker: kept so the typed values stay


def _left(sheet: SheetView) -> tuple[str, ...]:
    return left_next(sheet.state)


def left_next(state: MatchState) -> tuple[str, ...]:
    """The contracts the next deal's spelmaker has left, in fixed order (none once it is over)."""
    upcoming = state.next
    hints = upcoming.hints if upcoming is not None else None
    return hints.contracts_left if isinstance(hints, barbuse.ContractsLeftHints) else ()


def grid(sheet: SheetView) -> Context:
    """Spelmakers (in seat order, as the score grid) by contracts: which deal played what."""
    state = sheet.state
    setup = state.setup
    players = sheet.players
    deals: dict[int, list[int]] = {seat: [] for seat in range(setup.players)}
    for number in range(1, barbuse.DEALS + 1):
        deals[barbuse.spelmaker(setup, number)].append(number)
    contracts = state.progress.contracts
    played = {(barbuse.spelmaker(setup, n), slug): n for n, slug in enumerate(contracts, start=1)}
    current = state.next.dealer if state.next else None
    span, deal = gettext("deals %(first)s–%(last)s"), gettext("deal %(number)s")  # noqa: RUF001 (an en dash)
    columns = [
        GridColumn(
            seat,
            players[seat],
            deals[seat],
            seat == current,
            sheet.columns[seat].total,
            span % {"first": deals[seat][0], "last": deals[seat][-1]},
        )
        for seat in range(setup.players)
    ]
    rows = []
    for slug in barbuse.CONTRACTS:
        cells = []
        for seat in range(setup.players):
            dealt = played.get((seat, slug))
            text = deal % {"number": dealt} if dealt else ""
            cells.append(GridCell(seat, dealt, seat == current and dealt is None, text))
        rows.append(GridRow(slug, contract_name(slug), penalty_line(slug, setup.options), cells))
    return {
        "columns": columns,
        "rows": rows,
        "spelmaker": players[current] if current is not None else None,
        "dealer": current,
        "left": [(slug, contract_name(slug)) for slug in _left(sheet)],
    }


def deal_form(sheet: SheetView, body: Json, number: int | None) -> Context:
    """The contracts this deal may take and the numbers the entry fields need.

    ``number`` is the deal being corrected (the correction page); otherwise the next deal.
    """
    state = sheet.state
    setup = state.setup
    players = sheet.players
    if number:
        left = list(barbuse.Progress(tuple(state.progress.contracts[: number - 1])).left_for(number))
    else:
        number = state.next.number if state.next else barbuse.DEALS
        left = list(_left(sheet))
    posted = body.get("contract") if isinstance(body, dict) else None
    offered = [slug for slug in barbuse.CONTRACTS if slug in left or slug == posted]
    choices = [
        Choice(
            slug,
            contract_name(slug),
            # The first contract left is preselected: a spelmaker who picks another taps once,
            # as they would without it, and one who picks it saves a tap.
            checked=slug == posted or (posted is None and bool(left) and slug == left[0]),
            refused=slug not in left,
        )
        for slug in offered
    ]
    limits = {spec.key: spec for specs in barbuse.CONTRACT_FIELDS.values() for spec in specs}
    return {
        "choices": choices,
        "posted": posted,
        "spelmaker": players[barbuse.spelmaker(setup, number)],
        "limits": limits,
        "tricks": barbuse.TRICKS,
        "queens": barbuse.QUEENS,
        "hearts": barbuse.HEARTS,
        "places": sorted(barbuse.AANLEGGEN_PENALTY),
    }
