"""The league in the JSON API: a club's competitions, a competition's stored standings, an
evening (who is present, its tables and their progress), and the draw that starts a round; the
club's owners and admins also create, change and delete competitions and evenings and set who
is present.

Same questions as the phone pages: another club is 404, a member who may not run the league
403, a guest 403, a draw that does not fit the game 400, a draw while tables are playing (or
just drawn by another press) 409 - all in the one error shape (``matches.api.errors``).
Standings come from the stored rows, never recomputed here.

A write is read by a serializer straight from the JSON (types, unknown keys; its writable
fields are the phone form's), then checked by the rules the phone's form uses too: the
functions of ``league.rules`` (a name's spaces, the club's games, repeated tie-breaks, each
game's options, evenings within the season) and the model's own ``full_clean`` (the season's
order, raw totals over one game, an evening's game). Neither side rewrites its input into the
other's shape, and a competition or an evening obeys one set of rules whichever way it comes in.
A PATCH is the stored values with the sent ones laid over them, checked as a whole. What only
JSON can send is refused by the serializer: a boolean that is not ``true`` or ``false`` (a form
reads "1" or "on"), an evening's ``game`` where its competition has one game (the form has no
such field then), a presence list longer than any club.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.core.cache import cache
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models, transaction
from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.registry import all_homes
from league import rules, season
from league.forms import MAX_SEATS, MAX_TABLES, CompetitionForm, EveningForm
from league.merge import merge_players
from league.models import (
    TABLE_SIZES,
    ChangedMeanwhile,
    Competition,
    Evening,
    SeasonEvent,
    StandingRow,
    StillPlaying,
    Table,
    club_plays,
    roll_of_honour,
)
from league.seating import NoSeating
from matches.api.schema import EndedEarlySerializer
from matches.models import Match, Seat
from players.api_schema import ERROR, ClockTimeField, JSONStringField, closed_body
from players.models import Club, Player
from players.permissions import MEMBERS_NOT_GUESTS
from players.versioned import claim_version, if_match, tagged
from scoring import get_game


class JSONBooleanField(serializers.BooleanField):
    """``true`` or ``false`` and nothing else, as the schema says: DRF's own field also reads
    0, 1, "yes" or "on" (what an HTML form sends), which a JSON client did not mean."""

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):
            return data
        self.fail("invalid", input=data)


class _Body(serializers.Serializer):
    """A write's body: a misspelt or read-only key is refused, not silently dropped. A model's
    boolean is read by ``JSONBooleanField`` (the mapping a ``ModelSerializer`` builds its fields by)."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.BooleanField: JSONBooleanField,
    }

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        closed_body(cls)  # the schema says so too

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        fields = self.fields
        unknown = [key for key in self.initial_data if key not in fields or fields[key].read_only]
        if unknown:
            raise serializers.ValidationError(
                {key: serializers.ErrorDetail("", code="invalid") for key in unknown}
            )
        return attrs


# Django's own words for a choice not offered (its catalogues translate them), as the form says.
UNKNOWN_CHOICE = gettext_lazy("Select a valid choice. %(value)s is not one of the available choices.")


def _details(refusal: ValidationError) -> list[exceptions.ErrorDetail]:
    return [
        exceptions.ErrorDetail(message, code=error.code or "invalid")
        for error in refusal.error_list
        for message in error.messages
    ]


def _checked(check: Callable[[], None]) -> dict[str, Any]:
    """A model's refusal (``full_clean``) by field, in the error shape's terms."""
    try:
        check()
    except ValidationError as refusal:
        if not hasattr(refusal, "error_dict"):
            return {"non_field_errors": _details(refusal)}
        return {
            ("non_field_errors" if key == NON_FIELD_ERRORS else key): _details(ValidationError(errors))
            for key, errors in refusal.error_dict.items()
        }
    return {}


class CompetitionSerializer(_Body, serializers.ModelSerializer):
    """A competition and its scheme. As a body (POST, PATCH) its writable fields are the phone
    form's, and ``options`` (per game, what every table starts with) is the form's per-game
    option fields."""

    games = serializers.ListField(
        child=serializers.CharField(min_length=1),
        min_length=1,
        error_messages={"min_length": gettext_lazy("Choose at least one game.")},
        help_text="game slugs; an evening plays one",
    )
    tie_breaks = serializers.ListField(
        child=serializers.ChoiceField(choices=Competition.TieBreak.choices),
        required=False,
        help_text="in the order they apply",
    )
    options = serializers.DictField(
        child=serializers.DictField(),
        required=False,
        help_text="game slug -> the options every table of that game starts with, checked by the "
        "game's own option rules as a new match's are (a game not in ``games`` is dropped)",
    )
    placement_by_size = serializers.DictField(
        child=JSONStringField(allow_blank=True),
        required=False,
        help_text='table size ("2" to "6") -> points by place at such a table ("10,7,4"); '
        "a size not given uses placement_points",
    )
    archived = serializers.SerializerMethodField(help_text="an archived season's standings are final")
    evening_dates = serializers.ListField(
        child=serializers.DateField(),
        required=False,
        write_only=True,
        max_length=366,
        help_text="plans the season: an evening on each date not planned yet",
    )

    class Meta:
        model = Competition
        # What may be written is what the phone's form holds: its field list is the one place
        # to change (plus the tie-breaks, which the form takes as ordered selects; the game's
        # table options, which the form asks per game and option).
        fields = [
            "id",
            *CompetitionForm.Meta.fields,
            "placement_by_size",
            "tie_breaks",
            "evening_dates",
            "options",
            "archived",
        ]
        read_only_fields = ["id", "archived"]
        extra_kwargs = {"name": {"min_length": 1}}  # blank is refused; the schema says so too

    def get_archived(self, competition: Competition) -> bool:
        return competition.archived_at is not None

    def validate_name(self, value: str) -> str:
        return rules.clean_name(value)

    def validate_games(self, value: list[str]) -> list[str]:
        # As the form's choices: the built-in games, the club's own house games, and the games
        # the competition plays already.
        club = self.instance.club if self.instance is not None else self.context["club"]
        keeping = self.instance.games if self.instance is not None else ()
        known = {slug for slug, _name in rules.game_choices(club, keeping)}
        for slug in value:
            if slug not in known:
                raise ValidationError(UNKNOWN_CHOICE, code="invalid_choice", params={"value": slug})
        return value

    def validate_tie_breaks(self, value: list[str]) -> list[str]:
        too_many = rules.too_many_tie_breaks(value)
        if too_many is not None:
            raise too_many
        repeated = rules.repeated_tie_breaks(value)
        if repeated:
            detail = {str(index): _details(refusal) for index, refusal in repeated.items()}
            raise exceptions.ValidationError(detail)
        return value

    def validate_placement_by_size(self, value: dict[str, str]) -> dict[str, str]:
        # A size left empty uses ``placement_points``, as the form's empty field does; the sizes
        # and the lists are the model's to check (``validate_placement_by_size``).
        sizes = {str(size) for size in TABLE_SIZES}
        return {size: points for size, points in value.items() if points or size not in sizes}

    def validate_options(self, value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """A game of the registry and that game's own options; their values are the game's to
        check (``rules.table_options``)."""
        known = {home.slug: {option.name for option in get_game(home.slug).options} for home in all_homes()}
        if any(slug not in known or not set(values) <= known[slug] for slug, values in value.items()):
            message = _("Options are kept per game: a game of the list and that game's own options.")
            raise ValidationError(message, code="unknown_option")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The sent values laid over the stored ones (or the model's defaults), checked as a
        whole by the rules the form uses too."""
        attrs = super().validate(attrs)
        dates = attrs.pop("evening_dates", [])
        stored = self.instance
        candidate = copy.copy(stored) if stored is not None else Competition(club=self.context["club"])
        for name, value in attrs.items():
            setattr(candidate, name, value)
        detail: dict[str, Any] = {}
        options, refusals = rules.table_options(candidate.games or [], candidate.options or {})
        for (slug, option), refusal in refusals.items():
            detail.setdefault("options", {}).setdefault(slug, {})[option] = _details(refusal)
        candidate.options = options
        outside = rules.dates_outside_season(dates, candidate.starts_on, candidate.ends_on)
        if outside is not None:
            detail["evening_dates"] = _details(outside)
        detail |= _checked(lambda: candidate.full_clean(exclude=["club"]))
        if detail:
            raise exceptions.ValidationError(detail)
        return {**attrs, "options": options, "evening_dates": dates}

    @transaction.atomic
    def create(self, validated_data: dict[str, Any]) -> Competition:
        dates = validated_data.pop("evening_dates", [])
        competition = Competition.objects.create(club=self.context["club"], **validated_data)
        competition.plan_evenings(dates)
        return competition

    @transaction.atomic
    def update(self, instance: Competition, validated_data: dict[str, Any]) -> Competition:
        """The change saved and the stored standings rebuilt: the scheme may have changed.
        ``context["version"]``: the version the client read (``If-Match``), else None."""
        claim_version(instance, self.context.get("version"))
        dates = validated_data.pop("evening_dates", [])
        for name, value in validated_data.items():
            setattr(instance, name, value)
        # An archived season takes a new name and nothing else (409, ``LeagueConfig.api_error``).
        instance.refuse_settings_if_archived(dates)
        instance.save()
        instance.plan_evenings(dates)
        instance.refresh_standings()
        return instance


class EveningSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Evening
        fields = ["id", "date", "starts_at", "game", "counts"]

    starts_at = ClockTimeField(allow_null=True)


class SeasonEventSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=SeasonEvent.Action.choices)
    by = serializers.CharField(source="by_name", help_text="who did it, as the club knows them")
    at = serializers.DateTimeField()


class CompetitionDetailSerializer(CompetitionSerializer):
    """A competition with its evenings (ids for the evening endpoints) and its history (who
    archived and reopened it, and when)."""

    evenings = EveningSummarySerializer(many=True, read_only=True)
    history = SeasonEventSerializer(source="events", many=True, read_only=True)

    class Meta(CompetitionSerializer.Meta):
        fields = [*CompetitionSerializer.Meta.fields, "evenings", "history"]
        read_only_fields = [*CompetitionSerializer.Meta.read_only_fields, "evenings", "history"]


class EveningBodySerializer(_Body, serializers.ModelSerializer):
    """An evening as written: the fields of the phone's evening form. Its ``context`` names the
    evening's ``competition``."""

    class Meta:
        model = Evening
        fields = EveningForm.Meta.fields

    starts_at = ClockTimeField(required=False, allow_null=True, help_text=Evening.starts_at.field.help_text)

    def validate_game(self, value: str) -> str:
        # The form of a one-game competition has no game to choose, and would ignore this one.
        competition = self.context["competition"]
        if value and (value not in competition.games or not club_plays(competition.club, value)):
            raise serializers.ValidationError(_("Choose one of the competition's games."), code="invalid")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The sent values laid over the stored ones, checked by the model (``Evening.clean``)."""
        attrs = super().validate(attrs)
        competition = self.context["competition"]
        if competition.counts_matches:
            attrs.pop("counts", None)  # every match counts anyway; the form has no such field then
        stored = self.instance
        candidate = copy.copy(stored) if stored is not None else Evening(competition=competition)
        for name, value in attrs.items():
            setattr(candidate, name, value)
        detail = _checked(lambda: candidate.full_clean(exclude=["competition", "present"]))
        if detail:
            raise exceptions.ValidationError(detail)
        return attrs

    def create(self, validated_data: dict[str, Any]) -> Evening:
        return Evening.objects.create(competition=self.context["competition"], **validated_data)

    @transaction.atomic
    def update(self, instance: Evening, validated_data: dict[str, Any]) -> Evening:
        """The change saved and the stored standings rebuilt (it may count, or not, now);
        versioned as ``CompetitionSerializer.update`` is."""
        claim_version(instance, self.context.get("version"))
        for name, value in validated_data.items():
            setattr(instance, name, value)
        instance.save()
        instance.competition.refresh_standings()
        return instance


# More ids than a club has players: refused before a query with one parameter per id (which
# PostgreSQL refuses past 65 535).
MAX_PRESENT = 1000


def _id(**kwargs: Any) -> serializers.IntegerField:
    """An id of a stored row, as the databases can hold it (a 64-bit integer): a larger number is
    refused as invalid instead of overflowing SQLite's INTEGER on its way into the query."""
    return serializers.IntegerField(min_value=1, max_value=2**63 - 1, **kwargs)


class PresenceSerializer(_Body):
    """Who is present: the whole list, replacing the one stored."""

    present = serializers.ListField(
        child=_id(),
        allow_empty=True,
        max_length=MAX_PRESENT,
        help_text="Ids of the club's players.",
    )

    def validate_present(self, value: list[int]) -> list[Player]:
        """The club's players, as the form offers them (``rules.presence_choices``)."""
        players = list(rules.presence_choices(self.context["evening"]).filter(pk__in=value))
        unknown = sorted(set(value) - {player.pk for player in players})
        if unknown:
            raise ValidationError(UNKNOWN_CHOICE, code="unknown_player", params={"value": unknown[0]})
        return players


CENT = Decimal("0.01")


class StandingRowSerializer(serializers.Serializer):
    """A row of the standings, for the schema: ``standing_json`` writes it."""

    rank = serializers.IntegerField(allow_null=True, help_text="null: below the minimum attendance")
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.DecimalField(max_digits=12, decimal_places=2)
    played = serializers.IntegerField(help_text="evenings (matches where every match counts)")
    tables = serializers.IntegerField()
    wins = serializers.IntegerField()
    average_place = serializers.DecimalField(max_digits=6, decimal_places=2)
    trend = serializers.IntegerField(
        allow_null=True, help_text="places gained since the last evening (or day of matches)"
    )
    booby = serializers.BooleanField()
    evenings = serializers.DictField(
        child=serializers.CharField(),
        help_text="evening id -> points; match id -> points where every match counts",
    )
    counted = serializers.ListField(
        child=serializers.IntegerField(), help_text="the evenings (or matches) that count: best N of M"
    )


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
    ended_early = EndedEarlySerializer(
        allow_null=True, help_text="when and why the table ended before its planned end; null if it did not"
    )


class SitOutSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class EveningSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    competition = serializers.IntegerField()
    date = serializers.DateField()
    starts_at = ClockTimeField(
        allow_null=True, help_text="when play begins, in the club's time zone; null: not given"
    )
    game = serializers.CharField(
        help_text="the game its tables play: one of the competition's games (a built-in game or a "
        "house game of the club)"
    )
    counts = serializers.BooleanField()
    present = serializers.ListField(child=serializers.IntegerField())
    tables = TableSerializer(many=True)
    sit_outs = SitOutSerializer(
        many=True,
        help_text="who sat out each round (the players present did not fill the game's tables): "
        "the draw seats out the fewest needed, in turn over the season",
    )


def _clubs(request: Request) -> Any:
    return Club.objects.for_user(request.user)


# Every endpoint here: anonymous 401, a guest or a member without the right 403, another club 404.
REFUSED = {401: ERROR, 403: ERROR, 404: ERROR}
WRITE_REFUSED = {400: ERROR, **REFUSED}


def _may_manage(club: Club, request: Request) -> None:
    if not club.may_manage(request.user):
        raise exceptions.PermissionDenied


@extend_schema(
    methods=["GET"],
    operation_id="competitions_list",
    summary="A club's competitions",
    responses={200: CompetitionSerializer(many=True), **REFUSED},
)
@extend_schema(
    methods=["POST"],
    operation_id="competitions_create",
    summary="Start a competition (owners and admins); checked as the phone's form checks it",
    request=CompetitionSerializer,
    responses={201: CompetitionDetailSerializer, **WRITE_REFUSED},
)
@api_view(["GET", "POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def competition_list(request: Request, club_id: int) -> Response:
    club = get_object_or_404(_clubs(request), pk=club_id)
    if request.method == "POST":
        return _create_competition(request, club)
    # A list shows no standings: the archived seasons' final tables stay in the database.
    return Response(CompetitionSerializer(club.competitions.defer("final_standings"), many=True).data)


def _create_competition(request: Request, club: Club) -> Response:
    _may_manage(club, request)
    body = CompetitionSerializer(data=request.data, context={"club": club})
    body.is_valid(raise_exception=True)
    competition = body.save()
    return Response(_competition_json(competition), status=status.HTTP_201_CREATED)


def _competition_json(competition: Competition) -> dict[str, Any]:
    return dict(CompetitionDetailSerializer(competition).data)


def _competition(request: Request, competition_id: int) -> Competition:
    return get_object_or_404(
        Competition.objects.filter(club__in=_clubs(request)).select_related("club"), pk=competition_id
    )


@extend_schema(
    methods=["GET"],
    operation_id="competitions_retrieve",
    summary="A competition: its scheme and its evenings",
    responses={200: CompetitionDetailSerializer, **REFUSED},
)
@extend_schema(
    methods=["PATCH"],
    operation_id="competitions_partial_update",
    summary="Change a competition (owners and admins); the stored standings are rebuilt",
    request=CompetitionSerializer,
    responses={200: CompetitionDetailSerializer, **WRITE_REFUSED, 409: ERROR, 412: ERROR},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="competitions_destroy",
    summary="Delete a competition, its evenings and standings (owners and admins); its matches stay",
    responses={204: None, **REFUSED},
)
@api_view(["GET", "PATCH", "DELETE"])
@permission_classes(MEMBERS_NOT_GUESTS)
def competition_detail(request: Request, competition_id: int) -> Response:
    competition = _competition(request, competition_id)
    if request.method == "GET":
        return _tagged_competition(competition)
    _may_manage(competition.club, request)
    if request.method == "DELETE":
        competition.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
    body = CompetitionSerializer(
        competition, data=request.data, partial=True, context={"version": if_match(request)}
    )
    body.is_valid(raise_exception=True)
    body.save()
    return _tagged_competition(competition)


def _tagged_competition(competition: Competition) -> Response:
    """The competition with its ``ETag`` (its version first: what ``If-Match`` compares)."""
    body = _competition_json(competition)
    return tagged(Response(body), competition.version, body)


@extend_schema(
    operation_id="evenings_create",
    summary="Add an evening to a competition (owners and admins)",
    request=EveningBodySerializer,
    responses={201: EveningSerializer, **WRITE_REFUSED, 409: ERROR},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_create(request: Request, competition_id: int) -> Response:
    competition = _competition(request, competition_id)
    _may_manage(competition.club, request)
    competition.refuse_if_archived()
    body = EveningBodySerializer(data=request.data, context={"competition": competition})
    body.is_valid(raise_exception=True)
    evening = body.save()
    return Response(_evening_json(evening), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="standings_retrieve",
    summary="A competition's stored standings, qualified players first in rank order",
    responses={200: StandingsSerializer, **REFUSED},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def standings(request: Request, competition_id: int) -> Response:
    competition = get_object_or_404(Competition.objects.filter(club__in=_clubs(request)), pk=competition_id)
    key = f"standings-api:{season.built(competition)}"
    return Response(cache.get_or_set(key, lambda: _standings_json(competition), season.STANDINGS_KEPT_FOR))


def _standings_json(competition: Competition) -> dict[str, Any]:
    head: dict[str, Any] = {"competition": competition, "updated_at": competition.standings_at, "rows": []}
    body = StandingsSerializer(head).data
    return {**body, "rows": [standing_json(row) for row in competition.rows(days=False)]}


def standing_json(row: StandingRow) -> dict[str, Any]:
    """A row as ``StandingRowSerializer`` lays it out, written directly: a ladder has a row per
    member, and the serializer's fields cost a ladder's standings more than reading them."""
    return {
        "rank": row.rank,
        "player": row.player_id,
        "name": row.name,
        "points": f"{row.points.quantize(CENT):f}",
        "played": row.played,
        "tables": row.tables,
        "wins": row.wins,
        "average_place": f"{row.average_place.quantize(CENT):f}",
        "trend": row.trend,
        "booby": row.booby,
        "evenings": {str(unit): str(points) for unit, points in row.evenings.items()},
        "counted": [int(unit) for unit in row.counted],
    }


def _evening(request: Request, evening_id: int) -> Evening:
    return get_object_or_404(
        Evening.objects.filter(competition__club__in=_clubs(request)).select_related("competition__club"),
        pk=evening_id,
    )


def _evening_json(evening: Evening) -> dict[str, Any]:
    tables = (
        Table.objects.filter(evening=evening, match__deleted_at__isnull=True)
        .select_related("match")
        .prefetch_related(Prefetch("match__seats", queryset=Seat.objects.select_related("player")))
        .annotate(deals=Count("match__rounds"))
    )
    body = {
        "id": evening.pk,
        "competition": evening.competition_id,
        "date": evening.date,
        "starts_at": evening.starts_at,
        "game": evening.game,
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
                "ended_early": (
                    {"at": t.match.ended_early_at, "reason": t.match.end_reason}
                    if t.match.ended_early_at is not None
                    else None
                ),
            }
            for t in tables
        ],
        "sit_outs": [
            {"round": round_number, "player": player, "name": name}
            for round_number, player, name in evening.sit_outs.order_by("round", "player__name").values_list(
                "round", "player_id", "player__name"
            )
        ],
    }
    return dict(EveningSerializer(body).data)


@extend_schema(
    methods=["GET"],
    operation_id="evenings_retrieve",
    summary="An evening: who is present and every table's progress",
    responses={200: EveningSerializer, **REFUSED},
)
@extend_schema(
    methods=["PATCH"],
    operation_id="evenings_partial_update",
    summary="Change an evening's date, time or whether it counts (owners and admins); standings rebuilt",
    request=EveningBodySerializer,
    responses={200: EveningSerializer, **WRITE_REFUSED, 409: ERROR, 412: ERROR},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="evenings_destroy",
    summary="Delete an evening (owners and admins): its matches stay as ordinary club matches",
    responses={204: None, **REFUSED, 409: ERROR},
)
@api_view(["GET", "PATCH", "DELETE"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_detail(request: Request, evening_id: int) -> Response:
    evening = _evening(request, evening_id)
    if request.method == "GET":
        return _tagged_evening(evening)
    _may_manage(evening.club, request)
    evening.competition.refuse_if_archived()
    if request.method == "DELETE":
        evening.remove()
        return Response(status=status.HTTP_204_NO_CONTENT)
    body = EveningBodySerializer(
        evening,
        data=request.data,
        partial=True,
        context={"competition": evening.competition, "version": if_match(request)},
    )
    body.is_valid(raise_exception=True)
    body.save()
    return _tagged_evening(evening)


def _tagged_evening(evening: Evening, status_code: int = status.HTTP_200_OK) -> Response:
    """The evening with its ``ETag`` (its version first: what ``If-Match`` compares)."""
    body = _evening_json(evening)
    return tagged(Response(body, status=status_code), evening.version, body)


@extend_schema(
    operation_id="evenings_presence",
    summary="Set who is present: the whole list of the club's players (owners and admins)",
    request=PresenceSerializer,
    responses={200: EveningSerializer, **WRITE_REFUSED, 409: ERROR, 412: ERROR},
)
@api_view(["PUT"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_presence(request: Request, evening_id: int) -> Response:
    evening = _evening(request, evening_id)
    _may_manage(evening.club, request)
    evening.competition.refuse_if_archived()
    body = PresenceSerializer(data=request.data, context={"evening": evening})
    body.is_valid(raise_exception=True)
    try:
        players = [player.pk for player in body.validated_data["present"]]
        evening.set_present(players, version=if_match(request))
    except ValidationError as refusal:
        raise _refused_each(refusal, "present") from None
    return _tagged_evening(evening)


@extend_schema(
    methods=["PUT"],
    operation_id="evenings_presence_add",
    summary="Tick one player present (owners and admins); the other ticks stay as they are",
    request=None,
    responses={200: EveningSerializer, **REFUSED, 412: ERROR},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="evenings_presence_remove",
    summary="Tick one player absent (owners and admins); refused while they play at a table of the evening",
    request=None,
    responses={200: EveningSerializer, **WRITE_REFUSED, 412: ERROR},
)
@api_view(["PUT", "DELETE"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_presence_player(request: Request, evening_id: int, player_id: int) -> Response:
    """One player's tick, so that two clients ticking different players both land."""
    evening = _evening(request, evening_id)
    _may_manage(evening.club, request)
    evening.competition.refuse_if_archived()
    player = get_object_or_404(rules.presence_choices(evening), pk=player_id)
    ticked = [player.pk] if request.method == "PUT" else []
    try:
        evening.change_presence(add=ticked, remove=[player.pk], version=if_match(request))
    except ValidationError as refusal:
        raise _refused_each(refusal, "present") from None
    return _tagged_evening(evening)


def _refused_each(refusal: ValidationError, field: str) -> exceptions.ValidationError:
    """Each of a refusal's errors with its own code (``_refused`` gives them the first's)."""
    return exceptions.ValidationError({field: _details(refusal)})


@extend_schema(
    operation_id="evenings_draw",
    summary="Draw the next round's seating for the players present and start every table (owners, admins)",
    request=None,
    responses={201: EveningSerializer, **WRITE_REFUSED, 409: ERROR},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_draw(request: Request, evening_id: int) -> Response:
    evening = _evening(request, evening_id)
    if not evening.club.may_manage(request.user):
        raise exceptions.PermissionDenied
    evening.competition.refuse_if_archived()
    try:
        evening.draw_and_start(by=request.user)
    except NoSeating as refusal:
        message = ngettext(
            "%(players)d player present does not fit tables of %(sizes)s for this game.",
            "%(players)d players present do not fit tables of %(sizes)s for this game.",
            refusal.players,
        ) % {
            "players": refusal.players,
            "sizes": ", ".join(map(str, refusal.allowed)),
        }
        raise exceptions.ValidationError(
            {"present": [exceptions.ErrorDetail(message, code="invalid")]}
        ) from None
    except StillPlaying:
        # The evening's state is in the way, not the request: the tables of its last round, or
        # of the round another press drew a moment ago, are playing.
        message = _("Some tables are still playing: reseat when every table has finished.")
        error = {"field": "tables", "code": "still_playing", "message": message}
        return Response({"errors": [error]}, status=status.HTTP_409_CONFLICT)
    return Response(_evening_json(evening), status=status.HTTP_201_CREATED)


class TablesSerializer(_Body):
    """Tables seated by hand: per table the ids of its players, in seating order."""

    tables = serializers.ListField(
        child=serializers.ListField(child=_id(), max_length=MAX_SEATS),
        min_length=1,
        max_length=MAX_TABLES,
        help_text="per table, the ids of the club's players in seating order",
    )


class AttachSerializer(_Body):
    match = _id(help_text="a match of the club in the evening's game, not a table yet")


def _refused(refusal: ValidationError, field: str) -> exceptions.ValidationError:
    return exceptions.ValidationError(
        {
            field: [
                exceptions.ErrorDetail(message, code=refusal.code or "invalid")
                for message in refusal.messages
            ]
        }
    )


def _conflict(refusal: ChangedMeanwhile, field: str) -> Response:
    """409 in the error shape: another request changed what this one works on a moment ago."""
    errors = [{"field": field, "code": refusal.code or "conflict", "message": m} for m in refusal.messages]
    return Response({"errors": errors}, status=status.HTTP_409_CONFLICT)


@extend_schema(
    operation_id="evenings_tables",
    summary="Start tables seated by hand (owners and admins): they join the latest round unless a "
    "player sits in it already; the players are marked present",
    request=TablesSerializer,
    responses={201: EveningSerializer, **WRITE_REFUSED, 409: ERROR},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_tables(request: Request, evening_id: int) -> Response:
    evening = _evening(request, evening_id)
    _may_manage(evening.club, request)
    evening.competition.refuse_if_archived()
    body = TablesSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        evening.start_tables(body.validated_data["tables"], by=request.user)
    except ValidationError as refusal:
        raise _refused(refusal, "tables") from None
    return Response(_evening_json(evening), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="evenings_attach",
    summary="Make a finished or running match of the club a table of the evening (owners and admins)",
    request=AttachSerializer,
    responses={201: EveningSerializer, **WRITE_REFUSED, 409: ERROR},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def evening_attach(request: Request, evening_id: int) -> Response:
    evening = _evening(request, evening_id)
    _may_manage(evening.club, request)
    evening.competition.refuse_if_archived()
    body = AttachSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    match = Match.objects.filter(pk=body.validated_data["match"], club_id=evening.competition.club_id).first()
    try:
        if match is None:
            raise ValidationError(_("Choose a match of this club."), code="unknown_match")
        evening.attach(match)
    except ChangedMeanwhile as refusal:
        return _conflict(refusal, "match")
    except ValidationError as refusal:
        raise _refused(refusal, "match") from None
    return Response(_evening_json(evening), status=status.HTTP_201_CREATED)


# --- the club's players --------------------------------------------------------------------------


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = JSONStringField(min_length=1, max_length=60)
    user = serializers.CharField(
        read_only=True, allow_null=True, help_text="the member who plays as this player"
    )
    retired = JSONBooleanField(required=False, help_text="no longer offered for presence or seating")
    version = serializers.IntegerField(
        read_only=True, help_text="moves on with every rename or retirement; send it as If-Match"
    )


class PlayerBodySerializer(_Body, PlayerSerializer):
    """A player as written: ``name`` (a new player, or a new name), ``retired``."""


class MergeSerializer(_Body):
    into = _id(help_text="the player of the same club who stays")


def _player_json(player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "name": player.name,
        "user": player.user.get_username() if player.user else None,
        "retired": player.retired_at is not None,
        "version": player.version,
    }


def _named(refusal: ValidationError, field: str) -> exceptions.ValidationError:
    return _refused(refusal, field)


@extend_schema(
    methods=["GET"],
    operation_id="club_players_list",
    summary="The club's players (members' and guests'), retired ones marked",
    responses={200: PlayerSerializer(many=True), **REFUSED},
)
@extend_schema(
    methods=["POST"],
    operation_id="club_players_create",
    summary="Add a player to the club (owners and admins): a newcomer before their first match",
    request=PlayerBodySerializer,
    responses={201: PlayerSerializer, **WRITE_REFUSED},
)
@api_view(["GET", "POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def club_players(request: Request, club_id: int) -> Response:
    club = get_object_or_404(_clubs(request), pk=club_id)
    if request.method == "GET":
        return Response([_player_json(player) for player in club.players.select_related("user")])
    _may_manage(club, request)
    body = PlayerBodySerializer(data=request.data)
    body.is_valid(raise_exception=True)
    try:
        player = club.add_player(body.validated_data["name"])
    except ValidationError as refusal:
        raise _named(refusal, "name") from None
    if body.validated_data.get("retired"):
        player.retire()
    return Response(_player_json(player), status=status.HTTP_201_CREATED)


def _club_player(request: Request, player_id: int) -> tuple[Club, Player]:
    """A player of one of the user's clubs (404 otherwise), for its owners and admins (403)."""
    player = get_object_or_404(
        Player.objects.filter(club__in=_clubs(request)).select_related("club", "user"), pk=player_id
    )
    _may_manage(player.club, request)
    return player.club, player


@extend_schema(
    operation_id="club_players_partial_update",
    summary="Rename a player or retire them (owners and admins); their matches and standings stay",
    request=PlayerBodySerializer,
    responses={200: PlayerSerializer, **WRITE_REFUSED, 412: ERROR},
)
@api_view(["PATCH"])
@permission_classes(MEMBERS_NOT_GUESTS)
def club_player(request: Request, player_id: int) -> Response:
    _club, player = _club_player(request, player_id)
    body = PlayerBodySerializer(data=request.data, partial=True)
    body.is_valid(raise_exception=True)
    version = if_match(request)
    with transaction.atomic():
        try:
            if "name" in body.validated_data:
                player.rename(body.validated_data["name"], version=version)
                version = None  # checked: the retirement below is part of the same write
        except ValidationError as refusal:
            raise _named(refusal, "name") from None
        if "retired" in body.validated_data:
            player.retire(body.validated_data["retired"], version=version)
    answer = _player_json(player)
    return tagged(Response(answer), player.version, answer)


@extend_schema(
    operation_id="club_players_merge",
    summary="Merge a player into another of the club (owners and admins): their matches, ratings "
    "and standings follow, and this player is gone",
    request=MergeSerializer,
    responses={200: PlayerSerializer, **WRITE_REFUSED, 409: ERROR},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def club_player_merge(request: Request, player_id: int) -> Response:
    club, gone = _club_player(request, player_id)
    body = MergeSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    kept = club.players.select_related("user").filter(pk=body.validated_data["into"]).first()
    try:
        if kept is None:
            raise ValidationError(_("Choose another player of the same club."), code="unknown_player")
        merge_players(kept, gone)
    except ChangedMeanwhile as refusal:
        return _conflict(refusal, "into")
    except ValidationError as refusal:
        raise _named(refusal, "into") from None
    kept.refresh_from_db()
    return Response(_player_json(kept))


# --- seasons that live on ----------------------------------------------------------------------


class ArchiveSerializer(_Body):
    archived = JSONBooleanField(
        help_text="true: the standings are final and its matches closed; false: reopen it (with confirm)"
    )
    confirm = JSONBooleanField(
        required=False,
        help_text="true, to reopen an archived season: its final standings are dropped and rebuilt",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        if not attrs["archived"] and not attrs.get("confirm") and self.context["competition"].archived_at:
            message = _('Reopening drops the season\'s final standings: send "confirm": true to reopen it.')
            detail = {"confirm": [serializers.ErrorDetail(message, code="required")]}
            raise serializers.ValidationError(detail)
        return attrs


class HonourSerializer(serializers.Serializer):
    competition = serializers.IntegerField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    podium = serializers.ListField(child=serializers.DictField(), help_text="rank, player, points: ranks 1-3")
    booby = serializers.ListField(child=serializers.CharField())


@extend_schema(
    operation_id="club_honours",
    summary="The club's roll of honour: each archived season's podium and booby prize, latest first",
    responses={200: HonourSerializer(many=True), **REFUSED},
)
@api_view(["GET"])
@permission_classes(MEMBERS_NOT_GUESTS)
def honours(request: Request, club_id: int) -> Response:
    club = get_object_or_404(_clubs(request), pk=club_id)
    return Response(
        [
            {
                "competition": honour.competition.pk,
                "name": honour.competition.name,
                "starts_on": honour.competition.starts_on,
                "ends_on": honour.competition.ends_on,
                "podium": [
                    {"rank": rank, "player": name, "points": f"{points.quantize(CENT):f}"}
                    for rank, name, points in honour.podium
                ],
                "booby": honour.booby,
            }
            for honour in roll_of_honour(club)
        ]
    )


@extend_schema(
    operation_id="competitions_archive",
    summary="Archive a season (its standings final, its matches closed) or reopen it, confirmed "
    "(owners and admins); recorded in its history",
    request=ArchiveSerializer,
    responses={200: CompetitionDetailSerializer, **WRITE_REFUSED},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def competition_archive(request: Request, competition_id: int) -> Response:
    competition = _competition(request, competition_id)
    _may_manage(competition.club, request)
    body = ArchiveSerializer(data=request.data, context={"competition": competition})
    body.is_valid(raise_exception=True)
    if body.validated_data["archived"]:
        competition.archive(request.user)
    else:
        competition.reopen(request.user)
    return Response(_competition_json(competition))


@extend_schema(
    operation_id="competitions_next",
    summary="A new season with this one's settings and evenings moved on (owners and admins)",
    request=None,
    responses={201: CompetitionDetailSerializer, **REFUSED},
)
@api_view(["POST"])
@permission_classes(MEMBERS_NOT_GUESTS)
def competition_next(request: Request, competition_id: int) -> Response:
    competition = _competition(request, competition_id)
    _may_manage(competition.club, request)
    return Response(_competition_json(competition.next_season()), status=status.HTTP_201_CREATED)
