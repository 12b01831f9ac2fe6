"""The league's part of a club's export (``backup.exports``): its competitions, each with its
evenings, who was present and the tables drawn (a table names its match by its place in the
file). Standings are not in the file: the import rebuilds them, as every finished match does."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from backup.exports import (
    BadFile,
    Loading,
    a_list,
    an_object,
    choice,
    day,
    flag,
    plain_name,
    when,
    whole_number,
)
from league.models import Competition, Evening, Table
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
)
# A backup written before points per table size existed has no such key: one list for all.
OPTIONAL_KEYS = ("placement_by_size",)
EVENING_KEYS = ("date", "game", "counts", "present", "tables")
EVENING_OPTIONAL_KEYS = ("starts_at",)  # written only for an evening that has one
TABLE_KEYS = ("round", "number", "match")
SMALL = 32767  # the PositiveSmallIntegerField's largest value


class Competitions:
    key = "competitions"

    def dump(self, club: Club, match_index: Mapping[int, int]) -> list[Any]:
        competitions = club.competitions.order_by("pk").prefetch_related(
            "evenings__present", "evenings__tables"
        )
        return [
            {
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
                "evenings": [
                    {
                        "date": when(evening.date),
                        **(
                            {"starts_at": evening.starts_at.isoformat("minutes")} if evening.starts_at else {}
                        ),
                        "game": evening.game,
                        "counts": evening.counts,
                        "present": sorted(player.name for player in evening.present.all()),
                        "tables": [
                            {
                                "round": table.round,
                                "number": table.number,
                                "match": match_index[table.match_id],
                            }
                            for table in evening.tables.all()
                        ],
                    }
                    for evening in competition.evenings.all()
                ],
            }
            for competition in competitions
        ]

    def load(self, club: Club, items: object, context: Loading) -> None:
        seated: set[int] = set()
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
            )
            _checked(competition, where)
            competition.save()
            for number, evening_entry in enumerate(a_list(item["evenings"], f"{where}.evenings")):
                self._load_evening(competition, evening_entry, f"{where}.evenings[{number}]", context, seated)

    def _load_evening(
        self, competition: Competition, value: object, where: str, context: Loading, seated: set[int]
    ) -> None:
        item = an_object(value, where, EVENING_KEYS + EVENING_OPTIONAL_KEYS, required=EVENING_KEYS)
        evening = Evening(
            competition=competition,
            date=day(item["date"], f"{where}.date"),
            starts_at=time_of_day(item.get("starts_at"), f"{where}.starts_at"),
            game=choice(context.game(item["game"]), f"{where}.game", competition.games),
            counts=flag(item["counts"], f"{where}.counts"),
        )
        _checked(evening, where)
        evening.save()
        present = []
        for index, name in enumerate(a_list(item["present"], f"{where}.present")):
            player = context.players.get(name) if isinstance(name, str) else None
            if player is None:
                raise BadFile(f"{where}.present[{index}]", "not a player of the file's list")
            present.append(player)
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


def _checked(instance: Competition | Evening, where: str) -> None:
    """The model's own checks, as the league's forms run them."""
    try:
        instance.full_clean(exclude=["competition", "club"])
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise BadFile(f"{where}.{field}" if field != "__all__" else where, str(messages[0])) from None
