"""Frustration with 10 levels (spec/games/frustration-fr.md).

Differs from the Dutch game in its data (levels, card values, no jokers) and in three rules:
a seat that completed its level stops drawing and discarding, so it keeps up to 12 - min cards;
a seat that completed level 10 sits out (its entry is ``null``) and no longer deals; and the
seats finishing in the earliest such deal may have ``finish_bonus`` taken off their totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from scoring.cards import RANKS, dearest
from scoring.games.frustration_family import (
    HAND_SIZE,
    RULE_CODES,
    Contract,
    FrustrationCode,
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
from scoring.options import MAX_POINTS, ChoiceOption, IntOption

LEVELS_CORRECTED: tuple[Contract, ...] = contracts(
    (run(7),),
    (set_of(3, 2),),
    (set_of(3), run(4)),
    (set_of(4), run(4)),
    (run(8),),
    (set_of(5), set_of(2)),
    (set_of(4, 2),),
    (run(9),),
    (set_of(5), set_of(6)),
    (set_of(5), set_of(4)),
)
# The seed's own list: levels 6 and 7 are the same, level 8 is two sets of 4.
LEVELS_AS_WRITTEN: tuple[Contract, ...] = (
    *LEVELS_CORRECTED[:6],
    Contract(7, (set_of(5), set_of(2))),
    Contract(8, (set_of(4, 2),)),
    *LEVELS_CORRECTED[8:],
)
LEVELS: Mapping[str, tuple[Contract, ...]] = MappingProxyType(
    {"corrected": LEVELS_CORRECTED, "as_written": LEVELS_AS_WRITTEN}
)
LAST = 10
DONE = LAST + 1

# After completing his level a player neither draws nor discards: 12 - min cards stay.
KEPT_FROM = 12

CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {
        **dict.fromkeys(("3", "4", "5", "6", "7", "8", "9"), 5),
        **dict.fromkeys(("10", "J", "Q", "K"), 10),
        "2": 20,
        "A": 20,
    }
)

PACKS = (2, 3)
CARD_LIMITS: Mapping[int, Mapping[str, int]] = MappingProxyType(
    {packs: MappingProxyType(suits_of_each_rank(packs, RANKS)) for packs in PACKS}
)
MOST_OF_FULL_HAND: Mapping[int, int] = MappingProxyType(
    {packs: dearest(HAND_SIZE, CARD_VALUES, CARD_LIMITS[packs]) for packs in PACKS}
)

CODES: frozenset[StrEnum] = RULE_CODES | {FrustrationCode.FINISHED_PLAYER_ENTRY}


@dataclass(frozen=True)
class Progress:
    """Each seat's next level (11: done, sits out), the next dealer and each seat's bonus."""

    phases: tuple[int, ...]
    dealer: int
    finish_bonus: tuple[int, ...]
    finished: bool = False


def next_dealer(dealer: int, phases: Sequence[int]) -> int:
    """The next seat clockwise that still plays: finished seats no longer deal."""
    players = len(phases)
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if phases[seat] < DONE:
            return seat
    return dealer


def bonuses(
    before: Sequence[int], after: Sequence[int], earned: tuple[int, ...], bonus: int
) -> tuple[int, ...]:
    """The bonus goes, once, to each seat finishing in the earliest deal anyone finishes."""
    if any(phase == DONE for phase in before):
        return earned
    return tuple(bonus if phase == DONE else 0 for phase in after)


class FrustrationFR:
    slug = "frustration-fr"
    player_counts = (2, 3, 4, 5, 6)
    options = (
        IntOption("packs", packs_by_players, minimum=2, maximum=3, choices=PACKS),
        ChoiceOption("levels", "corrected", tuple(LEVELS)),
        ChoiceOption("end", "all_finish", ("all_finish", "first_finish")),
        IntOption("finish_bonus", 0, minimum=0, maximum=MAX_POINTS, multiple_of_5=True),
    )
    codes = CODES
    entries_per_seat: bool = False

    def check_teams(self, players: int, teams: Teams | None) -> Teams | None:
        no_teams(players, teams)
        return None

    def start(self, setup: Setup) -> Progress:
        return Progress((1,) * setup.players, setup.dealer, (0,) * setup.players)

    def play(
        self, setup: Setup, progress: Progress, number: int, body: object, *, checked: bool = True
    ) -> tuple[Scores, Progress]:
        before = progress.phases
        if checked:
            levels = LEVELS[setup.str_option("levels")]
            packs = setup.int_option("packs")
            sitting_out = {seat for seat, phase in enumerate(before) if phase == DONE}
            entries = read_deal(body, setup.players, RANKS, sitting_out)
            kept = {
                seat: kept_after_laying_down(levels[phase - 1], KEPT_FROM)
                for seat, phase in enumerate(before)
                if phase < DONE
            }
            refuse_if(check_deal(entries, CARD_VALUES, CARD_LIMITS[packs], kept, MOST_OF_FULL_HAND[packs]))
            scores, laid = deal_scores(entries, CARD_VALUES), laid_down(entries)
        else:
            scores, laid = stored_deal(body, CARD_VALUES)
        after = next_phases(before, laid)
        earned = progress.finish_bonus
        if DONE in after and DONE not in before:  # else ``bonuses`` keeps them as they are
            earned = bonuses(before, after, earned, setup.int_option("finish_bonus"))
        finished = self._over(setup, before, after)
        dealer = progress.dealer if finished else next_dealer(progress.dealer, after)
        return scores, Progress(after, dealer, earned, finished)

    @staticmethod
    def _over(setup: Setup, before: Sequence[int], after: Sequence[int]) -> bool:
        if setup.str_option("end") == "first_finish":
            return any(a == DONE and b < DONE for b, a in zip(before, after, strict=True))
        # One player left cannot play alone (spec decision), so fewer than two ends it.
        return sum(phase < DONE for phase in after) < 2

    def outlook(self, setup: Setup, progress: Progress, totals: Scores) -> Outlook[PhaseHints]:
        net = [total - bonus for total, bonus in zip(totals, progress.finish_bonus, strict=True)]
        extras = [
            {"phase": phase, "finish_bonus": bonus}
            for phase, bonus in zip(progress.phases, progress.finish_bonus, strict=True)
        ]
        rows = progress_standings(net, progress.phases, extras)
        if progress.finished:
            return Outlook(True, rows, None)
        active = [seat for seat, phase in enumerate(progress.phases) if phase < DONE]
        hints = phase_hints(progress.phases, LEVELS[setup.str_option("levels")], active)
        return Outlook(False, rows, progress.dealer, hints)


GAME: Game[Progress, PhaseHints] = FrustrationFR()
