"""Frustration with 11 contracts (spec/games/frustration-nl.md).

Every seat sends ``laid_down``, ``went_out`` and its points or hand each deal; a seat that laid
down keeps at most 11 - min cards (it discards after laying down). The match ends after the deal
in which any seat laid down contract 11; the deal passes clockwise every deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from scoring.cards import JOKER, RANKS, dearest
from scoring.games.frustration_family import (
    HAND_SIZE,
    RULE_CODES,
    Contract,
    PhaseHints,
    check_deal,
    contracts,
    deal_scores,
    kept_after_laying_down,
    laid_down,
    next_phases,
    no_teams,
    packs_by_players,
    phase_hints,
    progress_standings,
    read_deal,
    refuse_if,
    run,
    set_of,
    stored_deal,
    suits_of_each_rank,
)
from scoring.match import Game, Outlook, Scores, Setup, Teams
from scoring.options import IntOption

CONTRACTS: tuple[Contract, ...] = contracts(
    (set_of(3, 2),),
    (run(3, 2),),
    (run(4), set_of(3)),
    (set_of(4, 2),),
    (run(5), set_of(3)),
    (set_of(3, 3),),
    (run(7),),
    (run(6), set_of(3)),
    (run(4, 2),),
    (set_of(5, 2),),
    (run(9),),
)
LAST = len(CONTRACTS)

CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {
        **dict.fromkeys(("3", "4", "5", "6", "7"), 5),
        **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), 10),
        "A": 15,
        "2": 20,
        JOKER: 20,
    }
)

PACKS = (2, 3)
REAL_JOKERS = range(0, 5)


def card_limits(packs: int, real_jokers: int) -> Mapping[str, int]:
    """Cards of each rank in one deal. ``real_jokers`` counts per two packs; with three packs
    it is scaled and rounded down, as half a joker does not exist (spec decision)."""
    limits = suits_of_each_rank(packs, RANKS)
    if real_jokers:
        limits[JOKER] = real_jokers * packs // 2
    return MappingProxyType(limits)


def most_of_full_hand(packs: int, real_jokers: int) -> int:
    """The dearest 11 cards that exist: the ceiling for a seat that did not lay down."""
    return dearest(HAND_SIZE, CARD_VALUES, card_limits(packs, real_jokers))


# The rules page's tables, one row per (packs, real_jokers).
CARD_LIMITS: Mapping[tuple[int, int], Mapping[str, int]] = MappingProxyType(
    {(packs, jokers): card_limits(packs, jokers) for packs in PACKS for jokers in REAL_JOKERS}
)
MOST_OF_FULL_HAND: Mapping[tuple[int, int], int] = MappingProxyType(
    {(packs, jokers): most_of_full_hand(packs, jokers) for packs in PACKS for jokers in REAL_JOKERS}
)


@dataclass(frozen=True)
class Progress:
    """Each seat's next contract (12 once it laid down contract 11), the next dealer."""

    phases: tuple[int, ...]
    dealer: int
    finished: bool = False


class FrustrationNL:
    slug = "frustration-nl"
    player_counts = (2, 3, 4, 5, 6)
    options = (
        IntOption("packs", packs_by_players, minimum=2, maximum=3, choices=PACKS),
        IntOption("real_jokers", 3, minimum=0, maximum=4),
    )
    codes = RULE_CODES
    entries_per_seat: bool = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        no_teams(players, teams)
        return None

    def start(self, setup: Setup) -> Progress:
        return Progress((1,) * setup.players, setup.dealer)

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        packs, jokers = setup.int_option("packs"), setup.int_option("real_jokers")
        ranks = (*RANKS, JOKER) if jokers else RANKS
        if checked:
            entries = read_deal(body, setup.players, ranks)
            kept = {
                seat: kept_after_laying_down(CONTRACTS[phase - 1], HAND_SIZE)
                for seat, phase in enumerate(progress.phases)
            }
            refuse_if(
                check_deal(
                    entries, CARD_VALUES, card_limits(packs, jokers), kept, most_of_full_hand(packs, jokers)
                )
            )
            scores, laid = deal_scores(entries, CARD_VALUES), laid_down(entries)
        else:
            scores, laid = stored_deal(body, CARD_VALUES)
        phases = next_phases(progress.phases, laid)
        # "Uitgelegd in ronde 11" is laying down contract 11, not going out with it.
        finished = any(phase > LAST for phase in phases)
        dealer = (progress.dealer + 1) % setup.players
        return scores, Progress(phases, dealer, finished)

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[PhaseHints]:
        extras = [{"phase": phase} for phase in progress.phases]
        rows = progress_standings(totals, progress.phases, extras)
        if progress.finished:
            return Outlook(True, rows, None)
        return Outlook(
            False, rows, progress.dealer, phase_hints(progress.phases, CONTRACTS, range(setup.players))
        )


GAME: Game[Progress, PhaseHints] = FrustrationNL()
