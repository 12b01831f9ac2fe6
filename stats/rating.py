"""Rating math: openskill's Plackett-Luce model over finished matches, pure and Django-free.

A match comes in as a ``Result``: its teams (each a tuple of player ids; a player alone is a
team of one) and each team's place. ``rate`` folds results in finishing order and rates every
match twice, on the ladder of its game and on the overall ladder (``OVERALL``). It returns the
ratings it ended with and one ``Change`` per player per ladder per match: the stored history,
and what lets a later recompute start in the middle (a change keeps the rating before it).

Kept free of the database so the from-scratch recompute is this loop plus a few bulk writes
(``make bench`` compares it with the bare openskill loop).
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

OVERALL = ""  # the ladder every game feeds; a game's own ladder is named by its slug


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


class Skill(NamedTuple):
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating shown: three uncertainties below the estimate."""
        return self.mu - 3 * self.sigma


def initial() -> Skill:
    rating = model().rating()
    return Skill(rating.mu, rating.sigma)


@dataclass(frozen=True, slots=True)
class Result:
    """A finished match: teams of player ids and their places (1 = won; equal places tie)."""

    match_id: int
    game: str
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


class Change(NamedTuple):
    """One player's rating on one ladder before and after one match. A NamedTuple, not a frozen
    dataclass: a recompute of 10 000 matches makes some 80 000 of them, and a frozen
    dataclass's ``__init__`` alone cost a quarter of openskill's own time."""

    match_id: int
    player_id: int
    ladder: str
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float

    @property
    def before(self) -> Skill:
        return Skill(self.mu_before, self.sigma_before)

    @property
    def after(self) -> Skill:
        return Skill(self.mu, self.sigma)


Key = tuple[str, int]  # (ladder, player id)


def rate(results: Iterable[Result], start: Mapping[Key, Skill]) -> tuple[dict[Key, Skill], list[Change]]:
    """Fold ``results`` (in finishing order) from the ratings in ``start``; a player missing
    from it starts at openskill's default. Returns every rating touched and the changes."""
    make = model().rating
    # openskill's own rating objects are kept between matches (making one costs a uuid), and
    # turned into frozen values only for what is returned.
    current: dict[Key, PlackettLuceRating] = {key: make(s.mu, s.sigma) for key, s in start.items()}
    changes: list[Change] = []
    # The loop makes a few hundred thousand small objects that all live until the end: the
    # cyclic garbage collector would walk them again and again, for nothing to collect.
    collecting = gc.isenabled()
    gc.disable()
    try:
        _fold(results, current, changes)
    finally:
        if collecting:
            gc.enable()
    return {key: Skill(r.mu, r.sigma) for key, r in current.items()}, changes


def _fold(results: Iterable[Result], current: dict[Key, PlackettLuceRating], changes: list[Change]) -> None:
    rate_teams = model().rate
    make = model().rating
    for result in results:
        if len(result.teams) < 2:
            continue  # nobody to be compared with: nothing to learn
        for ladder in (result.game, OVERALL):
            keys = [[(ladder, player) for player in team] for team in result.teams]
            before = [[current.get(key) or make() for key in team] for team in keys]
            rated = rate_teams(before, ranks=list(result.ranks))
            for team, old_team, new_team in zip(keys, before, rated, strict=True):
                for key, old, new in zip(team, old_team, new_team, strict=True):
                    current[key] = new
                    changes.append(
                        Change(result.match_id, key[1], ladder, old.mu, old.sigma, new.mu, new.sigma)
                    )


def bare_loop(results: Iterable[Result]) -> None:
    """The same openskill calls as ``rate`` with nothing around them: the benchmark's yardstick."""
    rate_teams = model().rate
    make = model().rating
    ratings: dict[Key, PlackettLuceRating] = {}
    for result in results:
        if len(result.teams) < 2:
            continue
        for ladder in (result.game, OVERALL):
            teams = [[ratings.get((ladder, p)) or make() for p in team] for team in result.teams]
            rated = rate_teams(teams, ranks=list(result.ranks))
            for team, new_team in zip(result.teams, rated, strict=True):
                for player, new in zip(team, new_team, strict=True):
                    ratings[(ladder, player)] = new
