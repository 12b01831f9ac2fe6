"""The league's part of a club's export (``backup.exports``): its competitions, each with its
settings, evenings (date, time, who was present, the tables drawn and who sat out each round; a
table names its match by its place in the file), its stored standings, and, for an archived
season, when it was archived, its final table and its history (who archived or reopened it).

The import stores the standings as the file has them, not rebuilt: an archived season's table is
final, and a correction made to one of its matches after archiving must not move it. A row names
its player by name and a unit of the season by its place in the file: an evening by its place
among the season's evenings, a match (where every match counts) by its place among the file's
matches. A file of version 2 has no stored standings: the tasks that follow the imported
matches rebuild those of current seasons, as they did."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Prefetch

from backup.exports import (
    USERNAME_MAX_LENGTH,
    BadFile,
    Loading,
    a_list,
    an_object,
    choice,
    day,
    flag,
    moment,
    moment_or_none,
    plain_name,
    text,
    username,
    when,
    whole_number,
)
from league.models import STANDING_FIELDS, Competition, Evening, SeasonEvent, SitOut, Standing, Table
from players.models import Club


def _starts_at(evening: Evening) -> dict[str, str]:
    return {"starts_at": evening.starts_at.isoformat("minutes")} if evening.starts_at else {}


def time_of_day(value: object, where: str) -> datetime.time | None:
    """An evening's ``starts_at`` as the file writes it (``"19:30"``), or None when absent."""
    if value is None:
        return None
    if isinstance(value, str) and re.fullmatch(r"[0-2][0-9]:[0-5][0-9]", value):
        try:
            return datetime.time.fromisoformat(value)
        except ValueError:
            pass
    raise BadFile(where, "expected a time of day (HH:MM)")


COMPETITION_KEYS = (
    "name",
    "games",
    "starts_on",
    "ends_on",
    "counts",
    "kind",
    "placement_points",
    "placement_by_size",
    "best_of",
    "min_evenings",
    "tie_breaks",
    "booby_prize",
    "options",
    "evenings",
    "early_tables",
    "sit_out",
    "sit_out_points",
    "version",
    "archived_at",
    "final_standings",
    "standings_at",
    "standings_failed_at",
    "standings",
    "events",
)
# Keys a file may lack, each then the default of the time before it: a backup written before
# points per table size existed (one list for all), or before version 3 (a current season whose
# standings its matches rebuild, nothing sat out, every version 1).
OPTIONAL_KEYS = (
    "placement_by_size",
    "archived_at",
    "final_standings",
    "early_tables",
    "sit_out",
    "sit_out_points",
    "version",
    "standings_at",
    "standings_failed_at",
    "standings",
    "events",
)
EVENING_KEYS = ("date", "game", "counts", "present", "tables")
EVENING_OPTIONAL_KEYS = ("starts_at", "version", "sit_outs")  # starts_at: for an evening that has one
TABLE_KEYS = ("round", "number", "match")
SIT_OUT_KEYS = ("round", "player")
EVENT_KEYS = ("action", "by", "by_name", "at")
STANDING_KEYS = (
    "player",
    "position",
    "rank",
    "points",
    "played",
    "tables",
    "wins",
    "average_place",
    "trend",
    "booby",
    "evenings",
    "counted",
    "days",
)
SMALL = 32767  # the PositiveSmallIntegerField's largest value
POINTS = re.compile(r"-?[0-9]{1,10}(\.[0-9]{1,2})?")  # a stored decimal as text ("12.50")


class Units:
    """A season's units (its evenings, or the club's matches where every match counts) by id and
    by their place in the file, both ways."""

    def __init__(self, ids: list[int]) -> None:
        self.ids = ids
        self.places = {pk: index for index, pk in enumerate(ids)}

    def place(self, unit: object) -> str | None:
        """The file's name of a unit the database names by id (as text or a number)."""
        try:
            found = self.places.get(int(str(unit)))
        except ValueError:
            return None
        return None if found is None else str(found)

    def id(self, place: object, where: str) -> int:
        if isinstance(place, str) and place.isdigit() and int(place) < len(self.ids):
            return self.ids[int(place)]
        if isinstance(place, int) and not isinstance(place, bool) and 0 <= place < len(self.ids):
            return self.ids[place]
        raise BadFile(where, f"{place!r} is not a unit of this season in the file")


PLAYER_KEYS = ("player_id", "player")  # where a row of standings names its player


def _refs_out(row: Mapping[str, Any], names: Mapping[int, str], units: Units) -> dict[str, Any]:
    """A row of standings (stored, or of an archived season's final table) with its references as
    the file writes them, the rest as it is: its player by name (None for one the club no
    longer has) and each unit by its place. A unit the club no longer has is left out."""
    out = dict(row)
    for key in PLAYER_KEYS:
        if isinstance(row.get(key), int):
            out[key] = names.get(row[key])
    if isinstance(row.get("evenings"), dict):
        found = ((units.place(unit), points) for unit, points in row["evenings"].items())
        out["evenings"] = {place: points for place, points in found if place is not None}
    if isinstance(row.get("counted"), list):
        out["counted"] = [int(place) for unit in row["counted"] if (place := units.place(unit)) is not None]
    return out


def _refs_in(row: object, where: str, context: Loading, units: Units) -> dict[str, Any]:
    """``_refs_out`` undone: the row as the database keeps it, with this site's ids."""
    if not isinstance(row, dict):
        raise BadFile(where, "expected an object")
    out = dict(row)
    for key in PLAYER_KEYS:
        if isinstance(row.get(key), str):
            player = context.players.get(row[key])
            if player is None:
                raise BadFile(f"{where}.{key}", "not a player of the file's list")
            out[key] = player.pk
    if "evenings" in row:
        points = row["evenings"]
        if not isinstance(points, dict) or not all(isinstance(value, str) for value in points.values()):
            raise BadFile(f"{where}.evenings", "expected points (as text) by unit")
        at = f"{where}.evenings"
        out["evenings"] = {str(units.id(place, at)): value for place, value in points.items()}
    if "counted" in row:
        counted = a_list(row["counted"], f"{where}.counted")
        out["counted"] = sorted(units.id(place, f"{where}.counted") for place in counted)
    return out


class Competitions:
    key = "competitions"
    since = 2

    def dump(self, club: Club, match_index: Mapping[int, int]) -> list[Any]:
        competitions = club.competitions.order_by("pk").prefetch_related(
            "evenings__present",
            "evenings__tables",
            "evenings__sit_outs",
            Prefetch("events", queryset=SeasonEvent.objects.select_related("by")),
        )
        names = dict(club.players.values_list("pk", "name"))
        matches = Units(sorted(match_index, key=match_index.__getitem__))
        return [self._dump_one(competition, names, matches, match_index) for competition in competitions]

    def _dump_one(
        self,
        competition: Competition,
        names: Mapping[int, str],
        matches: Units,
        match_index: Mapping[int, int],
    ) -> dict[str, Any]:
        evenings = list(competition.evenings.all())
        units = matches if competition.counts_matches else Units([evening.pk for evening in evenings])
        final = competition.final_standings
        stored = competition.standings.order_by("position").values("position", *STANDING_FIELDS)
        return {
            "name": competition.name,
            "games": competition.games,
            "starts_on": when(competition.starts_on),
            "ends_on": when(competition.ends_on),
            "counts": competition.counts,
            "kind": competition.kind,
            "placement_points": competition.placement_points,
            "placement_by_size": competition.placement_by_size,
            "best_of": competition.best_of,
            "min_evenings": competition.min_evenings,
            "tie_breaks": competition.tie_breaks,
            "booby_prize": competition.booby_prize,
            "options": competition.options,
            "early_tables": competition.early_tables,
            "sit_out": competition.sit_out,
            "sit_out_points": None if competition.sit_out_points is None else str(competition.sit_out_points),
            "version": competition.version,
            "archived_at": when(competition.archived_at),
            "final_standings": (
                [_refs_out(row, names, units) if isinstance(row, dict) else row for row in final]
                if isinstance(final, list)
                else final
            ),
            "standings_at": when(competition.standings_at),
            "standings_failed_at": when(competition.standings_failed_at),
            "standings": [
                _refs_out(
                    {
                        **{key: row[key] for key in STANDING_KEYS if key in row},
                        "player": row["player_id"],
                        "points": str(row["points"]),
                        "average_place": str(row["average_place"]),
                    },
                    names,
                    units,
                )
                for row in stored
            ],
            "events": [
                {
                    "action": event.action,
                    "by": event.by.get_username() if event.by else None,
                    "by_name": event.by_name,
                    "at": when(event.at),
                }
                for event in competition.events.all()
            ],
            "evenings": [
                {
                    "date": when(evening.date),
                    **({"starts_at": evening.starts_at.isoformat("minutes")} if evening.starts_at else {}),
                    "game": evening.game,
                    "counts": evening.counts,
                    "version": evening.version,
                    "present": sorted(player.name for player in evening.present.all()),
                    "tables": [
                        {"round": table.round, "number": table.number, "match": match_index[table.match_id]}
                        for table in evening.tables.all()
                    ],
                    "sit_outs": [
                        {"round": sat.round, "player": names[sat.player_id]} for sat in evening.sit_outs.all()
                    ],
                }
                for evening in evenings
            ],
        }

    def load(self, club: Club, items: object, context: Loading) -> None:
        seated: set[int] = set()
        matches = Units([match.pk for match in context.matches])
        for index, entry in enumerate(a_list(items, self.key)):
            where = f"{self.key}[{index}]"
            required = tuple(key for key in COMPETITION_KEYS if key not in OPTIONAL_KEYS)
            item = an_object(entry, where, COMPETITION_KEYS, required=required)
            best_of = item["best_of"]
            competition = Competition(
                club=club,
                name=plain_name(item["name"], f"{where}.name"),
                games=context.games(item["games"]),
                starts_on=day(item["starts_on"], f"{where}.starts_on"),
                ends_on=day(item["ends_on"], f"{where}.ends_on"),
                counts=choice(item["counts"], f"{where}.counts", Competition.Counts.values),
                kind=choice(item["kind"], f"{where}.kind", Competition.Kind.values),
                placement_points=item["placement_points"],
                placement_by_size=item.get("placement_by_size", {}),
                best_of=None if best_of is None else whole_number(best_of, f"{where}.best_of", most=SMALL),
                min_evenings=whole_number(item["min_evenings"], f"{where}.min_evenings", most=SMALL),
                tie_breaks=item["tie_breaks"],
                booby_prize=flag(item["booby_prize"], f"{where}.booby_prize"),
                options=item["options"],
                early_tables=choice(
                    item.get("early_tables", Competition.EarlyTables.AS_PLAYED),
                    f"{where}.early_tables",
                    Competition.EarlyTables.values,
                ),
                sit_out=choice(
                    item.get("sit_out", Competition.SitOutScore.NOTHING),
                    f"{where}.sit_out",
                    Competition.SitOutScore.values,
                ),
                sit_out_points=_points_or_none(item.get("sit_out_points"), f"{where}.sit_out_points"),
                version=whole_number(item.get("version", 1), f"{where}.version", least=1),
                archived_at=moment_or_none(item.get("archived_at"), f"{where}.archived_at"),
                standings_at=moment_or_none(item.get("standings_at"), f"{where}.standings_at"),
                standings_failed_at=moment_or_none(
                    item.get("standings_failed_at"), f"{where}.standings_failed_at"
                ),
            )
            _checked(competition, where)
            competition.save()
            evenings = [
                self._load_evening(competition, evening_entry, f"{where}.evenings[{number}]", context, seated)
                for number, evening_entry in enumerate(a_list(item["evenings"], f"{where}.evenings"))
            ]
            units = matches if competition.counts_matches else Units([evening.pk for evening in evenings])
            _load_standings(competition, item, where, context, units)
            _load_events(competition, item.get("events", []), f"{where}.events", context)

    def _load_evening(
        self, competition: Competition, value: object, where: str, context: Loading, seated: set[int]
    ) -> Evening:
        item = an_object(value, where, EVENING_KEYS + EVENING_OPTIONAL_KEYS, required=EVENING_KEYS)
        evening = Evening(
            competition=competition,
            date=day(item["date"], f"{where}.date"),
            starts_at=time_of_day(item.get("starts_at"), f"{where}.starts_at"),
            game=choice(context.game(item["game"]), f"{where}.game", competition.games),
            counts=flag(item["counts"], f"{where}.counts"),
            version=whole_number(item.get("version", 1), f"{where}.version", least=1),
        )
        # The fields' own checks only: ``Evening.clean`` offers the club's current games, and a
        # past evening may have played a house game the club has retired since (its game is one
        # of the competition's, checked above).
        try:
            evening.clean_fields(exclude=["competition"])
        except ValidationError as error:
            field, messages = next(iter(error.message_dict.items()))
            raise BadFile(f"{where}.{field}", str(messages[0])) from None
        evening.save()
        present = []
        for index, name in enumerate(a_list(item["present"], f"{where}.present")):
            present.append(_player(context, name, f"{where}.present[{index}]"))
        evening.present.set(present)
        tables = []
        for index, table_entry in enumerate(a_list(item["tables"], f"{where}.tables")):
            at = f"{where}.tables[{index}]"
            table = an_object(table_entry, at, TABLE_KEYS, required=TABLE_KEYS)
            played = whole_number(table["match"], f"{at}.match", most=len(context.matches) - 1)
            if played in seated:
                raise BadFile(f"{at}.match", "a match is played at one table only")
            seated.add(played)
            tables.append(
                Table(
                    evening=evening,
                    round=whole_number(table["round"], f"{at}.round", least=1, most=SMALL),
                    number=whole_number(table["number"], f"{at}.number", least=1, most=SMALL),
                    match=context.matches[played],
                )
            )
        if len({(table.round, table.number) for table in tables}) != len(tables):
            raise BadFile(f"{where}.tables", "two tables with one round and number")
        Table.objects.bulk_create(tables)
        sat_out = []
        for index, sat_entry in enumerate(a_list(item.get("sit_outs", []), f"{where}.sit_outs")):
            at = f"{where}.sit_outs[{index}]"
            sat = an_object(sat_entry, at, SIT_OUT_KEYS, required=SIT_OUT_KEYS)
            sat_out.append(
                SitOut(
                    evening=evening,
                    round=whole_number(sat["round"], f"{at}.round", least=1, most=SMALL),
                    player=_player(context, sat["player"], f"{at}.player"),
                )
            )
        if len({(sat.round, sat.player.pk) for sat in sat_out}) != len(sat_out):
            raise BadFile(f"{where}.sit_outs", "a player sits out a round once")
        SitOut.objects.bulk_create(sat_out)
        return evening


def _player(context: Loading, name: object, where: str) -> Any:
    player = context.players.get(name) if isinstance(name, str) else None
    if player is None:
        raise BadFile(where, "not a player of the file's list")
    return player


def _points(value: object, where: str) -> Decimal:
    if not isinstance(value, str) or not POINTS.fullmatch(value):
        raise BadFile(where, f"{value!r} is not a number of points with at most two decimals")
    return Decimal(value)


def _points_or_none(value: object, where: str) -> Decimal | None:
    return None if value is None else _points(value, where)


def _load_standings(
    competition: Competition, item: Mapping[str, Any], where: str, context: Loading, units: Units
) -> None:
    """The stored standings and an archived season's final table, as the file has them."""
    final = item.get("final_standings")
    if final is not None:
        rows = a_list(final, f"{where}.final_standings")
        at = f"{where}.final_standings"
        competition.final_standings = [
            _refs_in(row, f"{at}[{index}]", context, units) for index, row in enumerate(rows)
        ]
        competition.save(update_fields=["final_standings"])
    stored = []
    for index, entry in enumerate(a_list(item.get("standings", []), f"{where}.standings")):
        at = f"{where}.standings[{index}]"
        row = _refs_in(an_object(entry, at, STANDING_KEYS, required=STANDING_KEYS), at, context, units)
        rank, trend = row["rank"], row["trend"]
        days = row["days"]
        if not isinstance(days, dict) or not all(isinstance(points, str) for points in days.values()):
            raise BadFile(f"{at}.days", "expected points (as text) by day")
        stored.append(
            Standing(
                competition=competition,
                player_id=row["player"],
                position=whole_number(row["position"], f"{at}.position", most=SMALL),
                rank=None if rank is None else whole_number(rank, f"{at}.rank", most=SMALL),
                points=_points(row["points"], f"{at}.points"),
                played=whole_number(row["played"], f"{at}.played", most=SMALL),
                tables=whole_number(row["tables"], f"{at}.tables", most=SMALL),
                wins=whole_number(row["wins"], f"{at}.wins", most=SMALL),
                average_place=_points(row["average_place"], f"{at}.average_place"),
                trend=None if trend is None else whole_number(trend, f"{at}.trend", least=-SMALL, most=SMALL),
                booby=flag(row["booby"], f"{at}.booby"),
                evenings=row["evenings"],
                counted=row["counted"],
                days=days,
            )
        )
    if len({standing.player_id for standing in stored}) != len(stored):
        raise BadFile(f"{where}.standings", "a player has one row")
    Standing.objects.bulk_create(stored)


def _load_events(competition: Competition, value: object, where: str, context: Loading) -> None:
    """The season's history; its author is the account of that username here, as for a round."""
    events = []
    for index, entry in enumerate(a_list(value, where)):
        at = f"{where}[{index}]"
        item = an_object(entry, at, EVENT_KEYS, required=EVENT_KEYS)
        events.append(
            SeasonEvent(
                competition=competition,
                action=choice(item["action"], f"{at}.action", SeasonEvent.Action.values),
                by=context.users(username(item["by"], f"{at}.by")),
                by_name=text(item["by_name"], f"{at}.by_name", USERNAME_MAX_LENGTH, blank=True),
                at=moment(item["at"], f"{at}.at"),
            )
        )
    SeasonEvent.objects.bulk_create(events)


def _checked(instance: Competition | Evening, where: str) -> None:
    """The model's own checks, as the league's forms run them."""
    try:
        instance.full_clean(exclude=["competition", "club"])
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise BadFile(f"{where}.{field}" if field != "__all__" else where, str(messages[0])) from None
