"""Rating math: openskill's Plackett-Luce model over finished matches, pure and Django-free.

A match comes in as a ``Result``: its teams (each a tuple of player ids; a player alone is a
team of one) and each team's place. ``fold`` takes results in finishing order and rates every
match twice, on the ladder of its game and on the overall ladder (``OVERALL``), and yields one
``Change`` per player per match holding both ladders: the stored history, and what lets a later
recompute start in the middle (a change keeps the ratings before it). ``rate`` keeps them all
and the ratings they end on.

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
    """One player's ratings before and after one match, on its game's ladder and overall: one
    history row (the two ladders side by side halve the rows a recompute writes). A NamedTuple,
    not a frozen dataclass: a recompute of 10 000 matches makes some 40 000 of them, and a
    frozen dataclass's ``__init__`` alone cost a quarter of openskill's own time."""

    match_id: int
    player_id: int
    game: str
    game_mu_before: float
    game_sigma_before: float
    game_mu: float
    game_sigma: float
    overall_mu_before: float
    overall_sigma_before: float
    overall_mu: float
    overall_sigma: float

    def before(self, ladder: str) -> Skill:
        if ladder == OVERALL:
            return Skill(self.overall_mu_before, self.overall_sigma_before)
        return Skill(self.game_mu_before, self.game_sigma_before)

    def after(self, ladder: str) -> Skill:
        if ladder == OVERALL:
            return Skill(self.overall_mu, self.overall_sigma)
        return Skill(self.game_mu, self.game_sigma)


Key = tuple[str, int]  # (ladder, player id)
_tuple = tuple.__new__


def fold(results: Iterable[Result], start: Mapping[Key, Skill]) -> Iterator[Change]:
    """Fold ``results`` (in finishing order) from the ratings in ``start`` (a player missing from
    it starts at openskill's default), yielding each change as soon as its match is rated: a
    recompute writes them while the loop goes on, and never holds them all."""
    rate_teams = model().rate
    make = model().rating
    # openskill's own rating objects are kept between matches (making one costs a uuid), and
    # turned into plain floats only for what is yielded.
    current: dict[Key, PlackettLuceRating] = {key: make(s.mu, s.sigma) for key, s in start.items()}
    for result in results:
        if len(result.teams) < 2:
            continue  # nobody to be compared with: nothing to learn
        match_id, game, teams = result.match_id, result.game, result.teams
        game_before = [[current.get((game, player)) or make() for player in team] for team in teams]
        game_after = rate_teams(game_before, ranks=list(result.ranks))
        overall_before = [[current.get((OVERALL, player)) or make() for player in team] for team in teams]
        overall_after = rate_teams(overall_before, ranks=list(result.ranks))
        for team, g_before, g_after, o_before, o_after in zip(
            teams, game_before, game_after, overall_before, overall_after, strict=True
        ):
            for player, g0, g1, o0, o1 in zip(team, g_before, g_after, o_before, o_after, strict=True):
                current[(game, player)] = g1
                current[(OVERALL, player)] = o1
                # tuple.__new__ skips the NamedTuple's Python-level __new__ (40 000 calls).
                yield _tuple(
                    Change,
                    (
                        match_id,
                        player,
                        game,
                        g0.mu,
                        g0.sigma,
                        g1.mu,
                        g1.sigma,
                        o0.mu,
                        o0.sigma,
                        o1.mu,
                        o1.sigma,
                    ),
                )


def rate(results: Iterable[Result], start: Mapping[Key, Skill]) -> tuple[dict[Key, Skill], list[Change]]:
    """``fold`` kept whole: every rating touched (and those of ``start``) and the changes."""
    changes = list(fold(results, start))
    ratings = dict(start)
    for change in changes:
        ratings[(change.game, change.player_id)] = change.after(change.game)
        ratings[(OVERALL, change.player_id)] = change.after(OVERALL)
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
