"""The league in the JSON API: a club's competitions, a competition's stored standings, an
evening (who is present, its tables and their progress), and the draw that starts a round.

Same questions as the phone pages: another club is 404, a member who may not run the league
403, a draw that does not fit the game 400 - all in the one error shape
(``matches.api.errors``). Standings come from the stored rows, never recomputed here.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from league.models import Competition, Evening, StillPlaying, Table
from league.seating import NoSeating
from matches.api.schema import ErrorsSerializer
from matches.models import Seat
from players.models import Club
from players.permissions import MEMBERS_NOT_GUESTS


class CompetitionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Competition
        fields = [
            "id",
            "name",
            "game",
            "starts_on",
            "ends_on",
            "kind",
            "placement_points",
            "best_of",
            "min_evenings",
            "tie_breaks",
            "booby_prize",
            "options",
        ]


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="null: below the minimum attendance")
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.DecimalField(max_digits=12, decimal_places=2)
    played = serializers.IntegerField(help_text="evenings")
    tables = serializers.IntegerField()
    wins = serializers.IntegerField()
    average_place = serializers.DecimalField(max_digits=6, decimal_places=2)
    trend = serializers.IntegerField(allow_null=True, help_text="places gained since the last evening")
    booby = serializers.BooleanField()
    evenings = serializers.DictField(child=serializers.CharField(), help_text="evening id -> points")
    counted = serializers.ListField(child=serializers.IntegerField(), help_text="evenings that count")


class StandingsSerializer(serializers.Serializer):
    competition = CompetitionSerializer()
    updated_at = serializers.DateTimeField(allow_null=True)
    rows = StandingRowSerializer(many=True)


class TableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    match = serializers.IntegerField()
    status = serializers.CharField()
    deals = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())


class EveningSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    competition = serializers.IntegerField()
    date = serializers.DateField()
    counts = serializers.BooleanField()
    present = serializers.ListField(child=serializers.IntegerField())
    tables = TableSerializer(many=True)


def _clubs(request: Request) -> Any:
    return Club.objects.for_user(request.user)


@extend_schema(
    operation_id="competitions_list",
    summary="A club's competitions",
    responses={200: CompetitionSerializer(many=True), 404: ErrorsSerializer},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def competition_list(request: Request, club_id: int) -> Response:
    club = get_object_or_404(_clubs(request), pk=club_id)
    return Response(CompetitionSerializer(club.competitions.all(), many=True).data)


@extend_schema(
    operation_id="standings_retrieve",
    summary="A competition's stored standings, qualified players first in rank order",
    responses={200: StandingsSerializer, 404: ErrorsSerializer},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def standings(request: Request, competition_id: int) -> Response:
    competition = get_object_or_404(Competition.objects.filter(club__in=_clubs(request)), pk=competition_id)
    rows = [
        {
            "rank": s.rank,
            "player": s.player_id,
            "name": s.player.name,
            "points": s.points,
            "played": s.played,
            "tables": s.tables,
            "wins": s.wins,
            "average_place": s.average_place,
            "trend": s.trend,
            "booby": s.booby,
            "evenings": s.evenings,
            "counted": s.counted,
        }
        for s in competition.standings.select_related("player")
    ]
    body = {"competition": competition, "updated_at": competition.standings_at, "rows": rows}
    return Response(StandingsSerializer(body).data)


def _evening(request: Request, evening_id: int) -> Evening:
    return get_object_or_404(
        Evening.objects.filter(competition__club__in=_clubs(request)).select_related("competition__club"),
        pk=evening_id,
    )


def _evening_json(evening: Evening) -> dict[str, Any]:
    tables = (
        Table.objects.filter(evening=evening)
        .select_related("match")
        .prefetch_related(Prefetch("match__seats", queryset=Seat.objects.select_related("player")))
        .annotate(deals=Count("match__rounds"))
    )
    body = {
        "id": evening.pk,
        "competition": evening.competition_id,
        "date": evening.date,
        "counts": evening.counts,
        "present": sorted(evening.present.values_list("pk", flat=True)),
        "tables": [
            {
                "round": t.round,
                "number": t.number,
                "match": t.match_id,
                "status": t.match.status,
                "deals": t.deals,
                "players": [seat.player.name for seat in t.match.seats.all()],
            }
            for t in tables
        ],
    }
    return dict(EveningSerializer(body).data)


@extend_schema(
    operation_id="evenings_retrieve",
    summary="An evening: who is present and every table's progress",
    responses={200: EveningSerializer, 404: ErrorsSerializer},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_detail(request: Request, evening_id: int) -> Response:
    return Response(_evening_json(_evening(request, evening_id)))


@extend_schema(
    operation_id="evenings_draw",
    summary="Draw the next round's seating for the players present and start every table (owners, admins)",
    request=None,
    responses={201: EveningSerializer, 400: ErrorsSerializer, 403: ErrorsSerializer, 404: ErrorsSerializer},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_draw(request: Request, evening_id: int) -> Response:
    evening = _evening(request, evening_id)
    if not evening.club.may_manage(request.user):
        raise exceptions.PermissionDenied
    try:
        evening.draw_and_start(by=request.user)
    except NoSeating as refusal:
        message = _("%(players)s players present do not fit tables of %(sizes)s for this game.") % {
            "players": refusal.players,
            "sizes": ", ".join(map(str, refusal.allowed)),
        }
        raise exceptions.ValidationError(
            {"present": [exceptions.ErrorDetail(message, code="invalid")]}
        ) from None
    except StillPlaying:
        message = _("Some tables are still playing: reseat when every table has finished.")
        raise exceptions.ValidationError(
            {"tables": [exceptions.ErrorDetail(message, code="invalid")]}
        ) from None
    return Response(_evening_json(evening), status=status.HTTP_201_CREATED)
