"""Ratings and player statistics in the JSON API: a club's ladders, and one player's figures.

Members of the club read them; another club is 404 in the one error shape (``ErrorsSerializer``,
through the project's exception handler). The answers hold what the pages show, from the same
``stats.profile`` reads.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from players.api_schema import ErrorsSerializer
from players.permissions import MEMBERS_NOT_GUESTS, club_for_member
from stats import profile
from stats.models import Rating, RatingChange
from stats.rating import OVERALL, Skill


class RatingSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    ordinal = serializers.FloatField(help_text="The conservative rating shown: mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="The uncertainty.")
    matches = serializers.IntegerField()


class LadderSerializer(serializers.Serializer):
    game = serializers.CharField(help_text='The game\'s slug, or "" for all games together.')
    name = serializers.CharField()
    ratings = RatingSerializer(many=True)


class ClubRatingsSerializer(serializers.Serializer):
    ladders = LadderSerializer(many=True)


class StatisticSerializer(serializers.Serializer):
    # `label` shadows the stubs' Field.label attribute; the JSON key is what the API promises.
    label = serializers.CharField()  # type: ignore[assignment]
    value = serializers.CharField()


class GameLineSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    average_place = serializers.FloatField(allow_null=True)
    rating = RatingSerializer(allow_null=True)
    statistics = StatisticSerializer(many=True)


class OpponentSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    ahead = serializers.IntegerField()
    behind = serializers.IntegerField()


class RecentMatchSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    place = serializers.IntegerField(allow_null=True)
    players = serializers.IntegerField()
    at = serializers.DateTimeField()


class HistoryPointSerializer(serializers.Serializer):
    match = serializers.IntegerField()
    finished_at = serializers.DateTimeField()
    game = serializers.CharField()
    ordinal = serializers.FloatField()
    sigma = serializers.FloatField()


class PlayerStatisticsSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    rating = RatingSerializer(allow_null=True)
    games = GameLineSerializer(many=True)
    head_to_head = OpponentSerializer(many=True)
    recent = RecentMatchSerializer(many=True)
    history = HistoryPointSerializer(many=True, help_text="Overall rating after each of the last 40 matches.")


def _rating_json(rating: Rating | None, name: str | None = None) -> dict[str, Any] | None:
    if rating is None:
        return None
    return {
        "player": rating.player_id,
        "name": name if name is not None else rating.player.name,
        "ordinal": rating.ordinal,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "matches": rating.matches,
    }


@extend_schema(
    operation_id="clubs_ratings",
    summary="The club's ratings: all games together, then each game, best conservative rating first",
    responses={200: ClubRatingsSerializer, 404: ErrorsSerializer},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def club_ratings(request: Request, club_id: int) -> Response:
    club = club_for_member(request, club_id)
    found = profile.club_ladders(club.pk)
    names = profile.ladder_names(found)
    ladders = [
        {"game": ladder, "name": names[ladder], "ratings": [_rating_json(r) for r in rows]}
        for ladder, rows in found.items()
    ]
    return Response({"ladders": ladders})


@extend_schema(
    operation_id="clubs_players_statistics",
    summary="One player's figures: per game, head to head, recent matches, rating and its history",
    responses={200: PlayerStatisticsSerializer, 404: ErrorsSerializer},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def player_statistics(request: Request, club_id: int, player_id: int) -> Response:
    club = club_for_member(request, club_id)
    player = profile.player_of(club, player_id)
    shown = profile.cached_profile(player)
    history = (
        RatingChange.objects.filter(player=player)
        .order_by("-finished_at", "-match_id")
        .values_list("match_id", "finished_at", "overall_mu", "overall_sigma")[: profile.HISTORY]
    )
    return Response(
        {
            "id": player.pk,
            "name": player.name,
            "rating": _rating_json(shown.rating, player.name),
            "games": [
                {
                    "game": line.game,
                    "name": str(line.name),
                    "played": line.played,
                    "wins": line.wins,
                    "average_place": line.average_place,
                    "rating": _rating_json(line.rating, player.name),
                    "statistics": [{"label": str(s.label), "value": s.value} for s in line.statistics],
                }
                for line in shown.games
            ],
            "head_to_head": [
                {
                    "player": o.player_id,
                    "name": o.name,
                    "played": o.played,
                    "ahead": o.ahead,
                    "behind": o.behind,
                }
                for o in shown.opponents
            ],
            "recent": [
                {
                    "match": m.match_id,
                    "game": str(m.name),
                    "status": m.status,
                    "place": m.place,
                    "players": m.players,
                    "at": m.at,
                }
                for m in profile.recent_matches(player)
            ],
            "history": [
                {
                    "match": match_id,
                    "finished_at": finished_at,
                    "game": OVERALL,
                    "ordinal": Skill(mu, sigma).ordinal,
                    "sigma": sigma,
                }
                for match_id, finished_at, mu, sigma in reversed(history)
            ],
        }
    )
