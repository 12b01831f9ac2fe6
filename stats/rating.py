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

from collections.abc import Iterable, Iterator, Mapping
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
_tuple = tuple.__new__


def fold(results: Iterable[Result], start: Mapping[Key, Skill]) -> Iterator[Change]:
    """Fold ``results`` (in finishing order) from the ratings in ``start`` (a player missing from
    it starts at openskill's default), yielding each change as soon as its match is rated: a
    recompute writes them while the loop goes on, and never holds them all."""
    rate_teams = model().rate
    make = model().rating
    # openskill's own rating objects are kept between matches (making one costs a uuid), and
    # turned into frozen values only for what is yielded.
    current: dict[Key, PlackettLuceRating] = {key: make(s.mu, s.sigma) for key, s in start.items()}
    for result in results:
        if len(result.teams) < 2:
            continue  # nobody to be compared with: nothing to learn
        match_id = result.match_id
        for ladder in (result.game, OVERALL):
            before = [[current.get((ladder, player)) or make() for player in team] for team in result.teams]
            rated = rate_teams(before, ranks=list(result.ranks))
            for team, old_team, new_team in zip(result.teams, before, rated, strict=True):
                for player, old, new in zip(team, old_team, new_team, strict=True):
                    current[(ladder, player)] = new
                    # tuple.__new__ skips the NamedTuple's Python-level __new__ (80 000 calls).
                    yield _tuple(Change, (match_id, player, ladder, old.mu, old.sigma, new.mu, new.sigma))


def rate(results: Iterable[Result], start: Mapping[Key, Skill]) -> tuple[dict[Key, Skill], list[Change]]:
    """``fold`` kept whole: every rating touched (and those of ``start``) and the changes."""
    changes = list(fold(results, start))
    ratings = dict(start)
    for change in changes:
        ratings[(change.ladder, change.player_id)] = change.after
    return ratings, changes


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
