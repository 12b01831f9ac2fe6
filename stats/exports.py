"""The statistics' part of a club's export (``backup.exports``): each player's ratings, per
ladder, and their history, a row per finished match that moved them.

Ratings are figures computed from the matches, but a backup stores them as they were: the
imported club's ladder and each player's chart then read as the exported club's did the moment
it was exported, without waiting for a recompute (and whatever order of matches a recompute of
the same record would take). A row names its player by name, its match by its place in the
file, its ladder by the game's slug (a house game renamed on import follows it). A file of
version 2 has none: the tasks that follow the imported matches compute them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from backup.exports import BadFile, Loading, a_list, an_object, moment, text, when, whole_number
from players.models import Club
from stats.models import Rating, RatingChange

SLUG_LENGTH = 32
RATING_KEYS = ("ladder", "mu", "sigma", "ordinal", "matches")
SKILLS = (
    "game_mu_before",
    "game_sigma_before",
    "game_mu",
    "game_sigma",
    "overall_mu_before",
    "overall_sigma_before",
    "overall_mu",
    "overall_sigma",
)
CHANGE_KEYS = ("match", "finished_at", "game", *SKILLS)
PLAYER_KEYS = ("player", "ratings", "history")
PLAYERS_AT_A_TIME = 50  # whose history the export reads with one query


class Ratings:
    key = "ratings"
    since = 3

    def dump(self, club: Club, match_index: Mapping[int, int]) -> Iterator[dict[str, Any]]:
        """The players by name, each with their ratings (a few, one a ladder) and their history,
        read ``PLAYERS_AT_A_TIME`` players at a time as the file is written, so that the export
        holds their history, not the club's (``backup.exports.Streamed``)."""
        names = dict(club.players.values_list("pk", "name"))
        ratings: dict[int, list[dict[str, Any]]] = {}
        for rating in Rating.objects.filter(club=club).order_by("player_id", "ladder"):
            ratings.setdefault(rating.player_id, []).append(
                {
                    "ladder": rating.ladder,
                    "mu": rating.mu,
                    "sigma": rating.sigma,
                    "ordinal": rating.ordinal,
                    "matches": rating.matches,
                }
            )
        changes = RatingChange.objects.filter(player__club=club)
        rated = set(ratings) | set(changes.values_list("player_id", flat=True).distinct())
        players = sorted(rated, key=lambda pk: (names[pk], pk))
        for start in range(0, len(players), PLAYERS_AT_A_TIME):
            batch = players[start : start + PLAYERS_AT_A_TIME]
            history: dict[int, list[dict[str, Any]]] = {pk: [] for pk in batch}
            read = changes.filter(player_id__in=batch).order_by("player_id", "finished_at", "match_id")
            for change in read:
                if change.match_id not in match_index:
                    continue  # a match no longer in the club (none: a match's rows go with it)
                history[change.player_id].append(
                    {
                        "match": match_index[change.match_id],
                        "finished_at": when(change.finished_at),
                        "game": change.game,
                        **{skill: getattr(change, skill) for skill in SKILLS},
                    }
                )
            for pk in batch:
                yield {"player": names[pk], "ratings": ratings.get(pk, []), "history": history[pk]}

    def load(self, club: Club, items: object, context: Loading) -> None:
        ratings: list[Rating] = []
        changes: list[RatingChange] = []
        for index, entry in enumerate(a_list(items, self.key)):
            where = f"{self.key}[{index}]"
            item = an_object(entry, where, PLAYER_KEYS, required=PLAYER_KEYS)
            name = item["player"]
            player = context.players.get(name) if isinstance(name, str) else None
            if player is None:
                raise BadFile(f"{where}.player", "not a player of the file's list")
            ladders: set[str] = set()
            for number, rating_entry in enumerate(a_list(item["ratings"], f"{where}.ratings")):
                at = f"{where}.ratings[{number}]"
                rating = an_object(rating_entry, at, RATING_KEYS, required=RATING_KEYS)
                ladder = str(context.game(text(rating["ladder"], f"{at}.ladder", SLUG_LENGTH, blank=True)))
                if ladder in ladders:
                    raise BadFile(f"{at}.ladder", "a player has one rating per ladder")
                ladders.add(str(ladder))
                ratings.append(
                    Rating(
                        club=club,
                        player=player,
                        ladder=ladder,
                        mu=_figure(rating["mu"], f"{at}.mu"),
                        sigma=_figure(rating["sigma"], f"{at}.sigma"),
                        ordinal=_figure(rating["ordinal"], f"{at}.ordinal"),
                        matches=whole_number(rating["matches"], f"{at}.matches"),
                    )
                )
            for number, change_entry in enumerate(a_list(item["history"], f"{where}.history")):
                at = f"{where}.history[{number}]"
                change = an_object(change_entry, at, CHANGE_KEYS, required=CHANGE_KEYS)
                played = whole_number(change["match"], f"{at}.match", most=len(context.matches) - 1)
                changes.append(
                    RatingChange(
                        player=player,
                        match=context.matches[played],
                        finished_at=moment(change["finished_at"], f"{at}.finished_at"),
                        game=str(context.game(text(change["game"], f"{at}.game", SLUG_LENGTH))),
                        **{skill: _figure(change[skill], f"{at}.{skill}") for skill in SKILLS},
                    )
                )
        if len({(change.player_id, change.match_id) for change in changes}) != len(changes):
            raise BadFile(self.key, "a match moves a player's ratings once")
        Rating.objects.bulk_create(ratings)
        RatingChange.objects.bulk_create(changes)


def _figure(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BadFile(where, "expected a number")
    return float(value)
