"""What the player page and the API show of one player, each part read in a fixed number of
queries whatever the number of matches (the database counts and averages; the history and the
game statistics read a bounded window of recent matches).

Nothing here scores: places come from ``Seat.final_rank`` (the engine's standings, stored when
the match finished), ratings from ``stats.models``, game statistics from the game's home.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from django.core.cache import cache
from django.db.models import Avg, Count, Exists, F, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.protocol import GameHome, PlayedMatch, Statistic, Text
from house.homes import names_by_slug
from matches.models import Match, Round, Seat
from players.models import Club, Player
from stats.charts import LineChart, Series
from stats.models import ClubStats, Rating, RatingChange, club_version
from stats.rating import OVERALL, Skill

RECENT = 10  # matches listed on the page
HISTORY = 40  # matches in the rating history chart
STATISTICS_WINDOW = 50  # most recent finished matches the game statistics read
PROFILE_KEPT_FOR = 6 * 60 * 60  # seconds; a version is never reused, so this only frees the cache


def _finished_seats(player: Player):
    return Seat.objects.filter(player=player, match__status=Match.Status.FINISHED, match__deleted_at=None)


@dataclass(frozen=True)
class GameLine:
    game: str
    name: Text
    played: int
    wins: int
    average_place: float | None
    rating: Rating | None
    statistics: tuple[Statistic, ...]


@dataclass(frozen=True)
class Opponent:
    player_id: int
    name: str
    played: int
    ahead: int  # matches the player finished in a better place
    behind: int


@dataclass(frozen=True)
class RecentMatch:
    match_id: int
    name: Text
    status: str
    place: int | None
    players: int
    at: datetime


def games_played(player: Player) -> list[GameLine]:
    """Per game: finished matches, wins (first place, ties included), average place, rating and
    the game's own statistics."""
    rows = (
        _finished_seats(player)
        .values("match__game")
        .annotate(played=Count("id"), wins=Count("id", filter=Q(final_rank=1)), average=Avg("final_rank"))
        .order_by("-played", "match__game")
    )
    ratings = {rating.ladder: rating for rating in Rating.objects.filter(player=player)}
    statistics = game_statistics(player)
    rows = list(rows)
    names = names_by_slug(row["match__game"] for row in rows)
    return [
        GameLine(
            row["match__game"],
            names[row["match__game"]],
            row["played"],
            row["wins"],
            row["average"],
            ratings.get(row["match__game"]),
            statistics.get(row["match__game"], ()),
        )
        for row in rows
    ]


def overall_rating(player: Player) -> Rating | None:
    return Rating.objects.filter(player=player, ladder=OVERALL).first()


def head_to_head(player: Player) -> list[Opponent]:
    """Everyone the player sat with in finished matches: how often, and who placed better."""
    # The filter joins the player's own seat of each match; ``mine`` reads its place from it.
    rows = (
        Seat.objects.filter(
            match__seats__player=player, match__status=Match.Status.FINISHED, match__deleted_at=None
        )
        .exclude(player=player)
        .annotate(mine=F("match__seats__final_rank"))
        .values("player_id", "player__name")
        .annotate(
            played=Count("id"),
            ahead=Count("id", filter=Q(mine__lt=F("final_rank"))),
            behind=Count("id", filter=Q(mine__gt=F("final_rank"))),
        )
        .order_by("-played", "player__name")
    )
    return [
        Opponent(row["player_id"], row["player__name"], row["played"], row["ahead"], row["behind"])
        for row in rows
    ]


def recent_matches(player: Player, count: int = RECENT) -> list[RecentMatch]:
    """The player's last ``count`` matches, finished or not, newest first. Read from the club's
    matches newest first (``match_club_recent``), each checked for the player's seat: a few
    index steps for a regular, where reading all the player's seats and sorting their matches
    took milliseconds for one with thousands."""
    mine = Seat.objects.filter(match=OuterRef("pk"), player=player)
    rows = (
        Match.objects.filter(club_id=player.club_id, deleted_at=None)
        .filter(Exists(mine))
        .annotate(place=Subquery(mine.values("final_rank")[:1]))
        .order_by("-updated_at", "-id")
        .values_list("pk", "game", "status", "place", "player_count", "finished_at", "updated_at")[:count]
    )
    found = list(rows)
    names = names_by_slug(row[1] for row in found)
    return [
        RecentMatch(pk, names[game], status, place, players, finished_at or updated_at)
        for pk, game, status, place, players, finished_at, updated_at in found
    ]


def rating_history(player: Player, count: int = HISTORY) -> LineChart | None:
    """The conservative rating after each of the player's last ``count`` rated matches: overall,
    and one line per game (a game's line has points at that game's matches only)."""
    rows = list(
        RatingChange.objects.filter(player=player)
        .order_by("-finished_at", "-match_id")
        .values_list("finished_at", "game", "game_mu", "game_sigma", "overall_mu", "overall_sigma")[:count]
    )[::-1]
    if len(rows) < 2:
        return None
    overall = [Skill(mu, sigma).ordinal for _at, _game, _gm, _gs, mu, sigma in rows]
    per_game: dict[str, list[float | None]] = defaultdict(lambda: [None] * len(rows))
    for index, (_at, game, mu, sigma, _om, _os) in enumerate(rows):
        per_game[game][index] = Skill(mu, sigma).ordinal
    series = [Series(str(_("All games")), tuple(overall))]
    names = names_by_slug(per_game)
    series += [Series(names[game], tuple(values)) for game, values in sorted(per_game.items())]
    labels = tuple(date_format(row[0], "MONTH_DAY_FORMAT") for row in rows)
    return LineChart(str(_("Rating match by match")), labels, tuple(series), decimals=1)


def game_statistics(player: Player, window: int = STATISTICS_WINDOW) -> dict[str, tuple[Statistic, ...]]:
    """Per game, what its home says of the player's last ``window`` finished matches."""
    seats = list(
        _finished_seats(player).select_related("match").order_by("-match__finished_at", "-match_id")[:window]
    )
    bodies: dict[int, list[object]] = defaultdict(list)
    scores: dict[int, list[tuple[int, ...]]] = defaultdict(list)
    for match_id, body, round_scores in (
        Round.objects.filter(match_id__in=[seat.match_id for seat in seats])
        .order_by("match_id", "number")
        .values_list("match_id", "body", "scores")
    ):
        bodies[match_id].append(body)
        scores[match_id].append(tuple(round_scores))
    played: dict[str, list[PlayedMatch]] = defaultdict(list)
    homes: dict[str, GameHome] = {}
    for seat in reversed(seats):
        match = seat.match
        homes.setdefault(match.game, match.home)  # a house game's from the match's own rules
        played[match.game].append(
            PlayedMatch(match.setup, seat.position, tuple(bodies[match.pk]), tuple(scores[match.pk]))  # type: ignore[arg-type]
        )
    return {game: tuple(homes[game].statistics(matches)) for game, matches in played.items()}


@dataclass(frozen=True)
class Profile:
    """What the player page shows of the player's finished matches and ratings, read in a fixed
    number of queries."""

    rating: Rating | None
    games: list[GameLine]
    opponents: list[Opponent]
    history: LineChart | None


def profile_of(player: Player) -> Profile:
    return Profile(overall_rating(player), games_played(player), head_to_head(player), rating_history(player))


def player_of(club: Club, player_id: int) -> Player:
    """The club's player (404 if none), read with the club's statistics version
    (``cached_profile``'s key) in the same query."""
    version = ClubStats.objects.filter(club_id=OuterRef("club_id")).values("version")[:1]
    players = Player.objects.filter(club=club).annotate(stats_version=Coalesce(Subquery(version), Value(0)))
    return get_object_or_404(players, pk=player_id)


def cached_profile(player: Player) -> Profile:
    """``profile_of``, kept under the club's statistics version (``ClubStats``) and the
    language (the chart's labels are written in it). Finished matches only: the recent matches,
    open ones among them, are read each time (``recent_matches``, a few index steps), so a
    round entered at an open table does not make every player page count again."""
    version = getattr(player, "stats_version", None)
    if version is None:
        version = club_version(player.club_id)
    key = f"player-profile:{player.club_id}:{version}:{player.pk}:{get_language()}"
    return cast(Profile, cache.get_or_set(key, lambda: profile_of(player), PROFILE_KEPT_FOR))


def club_ladders(club_id: int) -> dict[str, list[Rating]]:
    """Every ladder of the club, best conservative rating first (equal ones by name, so that the
    order is the same on every read and in a restored backup): overall, then per game."""
    ladders: dict[str, list[Rating]] = defaultdict(list)
    ordered = Rating.objects.filter(club_id=club_id).select_related("player")
    for rating in ordered.order_by("ladder", "-ordinal", "player__name", "player_id"):
        ladders[rating.ladder].append(rating)
    return dict(sorted(ladders.items(), key=lambda item: (item[0] != OVERALL, item[0])))


def ladder_names(ladders: Iterable[str]) -> dict[str, str]:
    """Each ladder's name (a game's, or "All games"), read for all of a page's ladders at once."""
    ladders = list(ladders)
    names = names_by_slug(ladder for ladder in ladders if ladder != OVERALL)
    return {ladder: str(_("All games")) if ladder == OVERALL else names[ladder] for ladder in ladders}
