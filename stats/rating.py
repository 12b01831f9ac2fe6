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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce, PlackettLuceRating

OVERALL = ""  # the ladder every game feeds; a game's own ladder is named by its slug


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
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


@dataclass(frozen=True, slots=True)
class Change:
    match_id: int
    player_id: int
    ladder: str
    before: Skill
    after: Skill


Key = tuple[str, int]  # (ladder, player id)


def rate(results: Iterable[Result], start: Mapping[Key, Skill]) -> tuple[dict[Key, Skill], list[Change]]:
    """Fold ``results`` (in finishing order) from the ratings in ``start``; a player missing
    from it starts at openskill's default. Returns every rating touched and the changes."""
    rate_teams = model().rate
    make = model().rating
    default = initial()
    current: dict[Key, Skill] = dict(start)
    changes: list[Change] = []
    for result in results:
        if len(result.teams) < 2:
            continue  # nobody to be compared with: nothing to learn
        for ladder in (result.game, OVERALL):
            before = [[current.get((ladder, player), default) for player in team] for team in result.teams]
            rated = rate_teams(
                [[make(skill.mu, skill.sigma) for skill in team] for team in before],
                ranks=list(result.ranks),
            )
            for team, old_team, new_team in zip(result.teams, before, rated, strict=True):
                for player, old, new in zip(team, old_team, new_team, strict=True):
                    after = Skill(new.mu, new.sigma)
                    current[(ladder, player)] = after
                    changes.append(Change(result.match_id, player, ladder, old, after))
    return current, changes


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
