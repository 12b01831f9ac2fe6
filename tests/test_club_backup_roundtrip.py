"""A backup brings the club back exactly: a generated club (two seasons, one of them archived, a
ladder where every match counts, a table of every game, house games current and retired, a merge,
a correction after archiving, a deleted match, a table ended early, sit-outs, ratings) is
exported and imported, and every API read of the club answers for the imported club as it did
for the exported one, field by field, once each id is the imported one's.

The first test imports next to the exported club (its house games come in under new slugs); the
second dissolves it first and imports through ``manage.py import_club``, as a restore does."""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from backup.exports import export_file, import_club, read_document
from games.registry import all_homes
from house.models import HouseGame
from league.merge import merge_players
from league.models import Competition, Evening
from matches.models import Match
from players.models import Club, Membership, Player
from stats.models import Rating, RatingChange
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EveningFactory,
    HouseGameFactory,
    MembershipFactory,
    SitOutFactory,
    UserFactory,
    token_for,
)

pytestmark = pytest.mark.django_db

HEARTS_DEALS = [(26, 0, 0, 0), (0, 13, 13, 0), (26, 0, 0, 0), (26, 0, 0, 0), (26, 0, 0, 0)]
HEARTS_PLAYERS = ["Gijs", "Hans", "Ineke", "Joop"]


def hearts(points: tuple[int, ...]) -> dict[str, Any]:
    return {"entries": [{"points": value} for value in points]}


def played(club: Club, slug: str, players: list[str], bodies: list[Any], by: Any, teams: Any = None) -> Match:
    match = Match.start(club=club, game=slug, players=players, teams=teams, by=by)
    for body in bodies:
        match.add_round(body, by=by)
    return match


def build_club(alice: Any, dora: Any, sam: Any) -> Club:
    """The generated club. Run with the on-commit callbacks executed: standings and ratings follow
    every finished match through their tasks, as on the site."""
    club = ClubFactory.create(name="De Generatieclub")
    for user, role in [
        (alice, Membership.Role.OWNER),
        (dora, Membership.Role.ADMIN),
        (sam, Membership.Role.SCORER),
    ]:
        MembershipFactory(club=club, user=user, role=role)
    current = HouseGameFactory.create(club=club, template="hartenjagen")
    retired = HouseGameFactory.create(club=club, template="free")
    builtin = [home.slug for home in all_homes()]

    today = timezone.localdate()
    winter = CompetitionFactory.create(
        club=club,
        name="Winter",
        games=[*builtin, current.slug, retired.slug],
        starts_on=today - datetime.timedelta(days=200),
        ends_on=today - datetime.timedelta(days=100),
    )
    # A table of every game of the site, each on an evening of its own.
    for index, home in enumerate(all_homes()):
        demo = home.demo()
        assert demo is not None
        evening = EveningFactory.create(
            competition=winter,
            date=winter.starts_on + datetime.timedelta(days=7 * index),
            game=home.slug,
            starts_at=datetime.time(20, 0) if index % 2 else None,
        )
        match = played(club, home.slug, list(demo.players), list(demo.rounds), sam, demo.teams)
        evening.attach(match)
    hearts_evening = EveningFactory.create(competition=winter, date=winter.ends_on, game=current.slug)
    hearts_match = played(club, current.slug, HEARTS_PLAYERS, [hearts(d) for d in HEARTS_DEALS], dora)
    hearts_evening.attach(hearts_match)
    free_evening = EveningFactory.create(
        competition=winter, date=winter.ends_on - datetime.timedelta(days=1), game=retired.slug
    )
    free_evening.attach(
        played(
            club, retired.slug, ["Anneke", "Kees"], [{"entries": [{"points": 500}, {"points": 120}]}], dora
        )
    )

    # A ladder where every match counts (units are matches), current.
    CompetitionFactory.create(
        club=club,
        name="Ladder",
        games=[current.slug, "duizenden"],
        counts=Competition.Counts.MATCHES,
        starts_on=today - datetime.timedelta(days=30),
        ends_on=today + datetime.timedelta(days=30),
    )
    ladder_match = played(
        club, current.slug, ["Anna", "Bram", "Cor", "Zoë"], [hearts(d) for d in HEARTS_DEALS], alice
    )
    deleted = played(
        club, current.slug, ["Anna", "Bram", "Cor", "Dirk"], [hearts(d) for d in HEARTS_DEALS[:4]], alice
    )
    deleted.soft_delete(by=alice)

    # Two players who are one: Zoë played only the ladder, Anneke only the free game.
    merge_players(club.players.get(name="Zoë"), club.players.get(name="Anneke"))
    club.players.get(name="Kees").retire()

    winter.archive(alice)
    retired.retire()
    # A correction after the season was archived, to a match the ladder counts.
    ladder_match.correct_round(2, hearts((13, 13, 0, 0)), by=alice)

    # The current season: sit-outs, a start time, a table that ended early.
    spring = CompetitionFactory.create(
        club=club,
        name="Voorjaar",
        games=["klaverjassen"],
        starts_on=today - datetime.timedelta(days=10),
        ends_on=today + datetime.timedelta(days=80),
        sit_out=Competition.SitOutScore.FIXED,
        sit_out_points=Decimal("12.50"),
        early_tables=Competition.EarlyTables.NOT_COUNTED,
    )
    evening = EveningFactory.create(
        competition=spring, date=today, game="klaverjassen", starts_at=datetime.time(19, 30)
    )
    klaverjassen = next(home for home in all_homes() if home.slug == "klaverjassen").demo()
    assert klaverjassen is not None
    table = played(
        club,
        "klaverjassen",
        list(klaverjassen.players),
        list(klaverjassen.rounds[:1]),
        sam,
        klaverjassen.teams,
    )
    evening.attach(table)
    table.end_early("Closing time", by=sam)
    waiting = club.player_named("Lot")
    evening.present.add(waiting)
    SitOutFactory(evening=evening, round=1, player=waiting)
    Evening.objects.filter(pk=evening.pk).update(version=3)  # edited twice since
    return club


@pytest.fixture
def owners(db) -> tuple[Any, Any, Any]:
    return UserFactory(username="alice"), UserFactory(username="dora"), UserFactory(username="sam")


@pytest.fixture
def generated(owners, django_capture_on_commit_callbacks) -> Club:
    with django_capture_on_commit_callbacks(execute=True):
        club = build_club(*owners)
    return club


def the_club_is_as_generated(club: Club) -> None:
    """The club holds what the round trip is meant to carry (the builder did what it says)."""
    winter = club.competitions.get(name="Winter")
    assert winter.archived_at is not None and winter.final_standings
    assert winter.events.filter(action="archived").exists()
    assert club.matches.filter(deleted_at__isnull=False).exists()
    assert club.matches.filter(ended_early_at__isnull=False).exists()
    assert club.matches.filter(closed_at__isnull=False).exists()
    assert HouseGame.objects.filter(club=club, retired_at__isnull=False).exists()
    assert club.players.filter(retired_at__isnull=False).exists()
    assert Rating.objects.filter(club=club).exists()
    assert RatingChange.objects.filter(player__club=club).exists()
    assert {game for game in club.matches.values_list("game", flat=True)} >= {h.slug for h in all_homes()}
    assert club.competitions.get(name="Ladder").standings.exists()
    assert club.competitions.get(name="Voorjaar").evenings.get().sit_outs.exists()


# --- the club's API reads ---------------------------------------------------------------------


def api_client(user: Any) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def get(client: APIClient, url: str) -> Any:
    response = client.get(url)
    return {"status": response.status_code, "body": response.json() if response.content else None}


def pages(client: APIClient, url: str) -> Iterator[dict[str, Any]]:
    while url:
        body = client.get(url).json()
        yield from body["results"]
        url = body.get("next")


def _listed(client: APIClient, url: str) -> list[Any]:
    body = client.get(url).json()
    return list(pages(client, url)) if isinstance(body, dict) else body


def reads(client: APIClient, club: Club) -> dict[str, Any]:
    """Every API read of the club, by a name that holds no id (the source's names, to compare)."""
    found: dict[str, Any] = {}
    found["club"] = get(client, f"/api/clubs/{club.pk}/")
    found["clubs list entry"] = [c for c in _listed(client, "/api/clubs/") if c["id"] == club.pk]
    found["players"] = get(client, f"/api/clubs/{club.pk}/players/")
    found["competitions"] = get(client, f"/api/clubs/{club.pk}/competitions/")
    found["honours"] = get(client, f"/api/clubs/{club.pk}/honours/")
    found["ratings"] = get(client, f"/api/clubs/{club.pk}/ratings/")
    found["house games"] = get(client, f"/api/clubs/{club.pk}/games/")
    for index, game in enumerate(HouseGame.objects.filter(club=club).order_by("created_at", "pk")):
        found[f"house game {index}"] = get(client, f"/api/clubs/{club.pk}/games/{game.slug}/")
        found[f"house game {index} file"] = get(client, f"/api/clubs/{club.pk}/games/{game.slug}/file/")
    for competition in club.competitions.order_by("pk"):
        name = f"competition {competition.name}"
        found[name] = get(client, f"/api/competitions/{competition.pk}/")
        found[f"{name} standings"] = get(client, f"/api/competitions/{competition.pk}/standings/")
        for number, evening in enumerate(competition.evenings.order_by("date", "pk")):
            found[f"{name} evening {number}"] = get(client, f"/api/evenings/{evening.pk}/")
    for player in club.players.order_by("name"):
        found[f"player {player.name}"] = get(client, f"/api/clubs/{club.pk}/players/{player.pk}/")
    found["matches list"] = [m for m in pages(client, "/api/matches/") if m.get("club") == club.pk]
    for number, match in enumerate(club.matches.order_by("created_at", "pk")):
        name = f"match {number}"
        found[name] = get(client, f"/api/matches/{match.pk}/")
        found[f"{name} rounds"] = get(client, f"/api/matches/{match.pk}/rounds/")
        for deal in match.rounds.order_by("number"):
            found[f"{name} round {deal.number}"] = get(
                client, f"/api/matches/{match.pk}/rounds/{deal.number}/"
            )
    return found


# --- ids: the source's, the imported club's ---------------------------------------------------


class Ids:
    """Each id of the exported club and the imported club's for the same thing, per kind."""

    def __init__(self, source: Club, imported: Club) -> None:
        def pair(kind: str, before: list[Any], after: list[Any]) -> dict[Any, Any]:
            assert len(before) == len(after), f"{kind}: {len(before)} exported, {len(after)} imported"
            return dict(zip(before, after, strict=True))

        def keys(club: Club, read: Callable[[Club], Any]) -> list[Any]:
            return list(read(club))

        self.kinds: dict[str, dict[Any, Any]] = {
            "club": {source.pk: imported.pk},
            "player": pair(
                "players",
                keys(source, lambda c: c.players.order_by("name").values_list("pk", flat=True)),
                keys(imported, lambda c: c.players.order_by("name").values_list("pk", flat=True)),
            ),
            "competition": pair(
                "competitions",
                keys(source, lambda c: c.competitions.order_by("pk").values_list("pk", flat=True)),
                keys(imported, lambda c: c.competitions.order_by("pk").values_list("pk", flat=True)),
            ),
            "evening": pair(
                "evenings",
                keys(source, _evening_ids),
                keys(imported, _evening_ids),
            ),
            "match": pair(
                "matches",
                keys(source, lambda c: c.matches.order_by("created_at", "pk").values_list("pk", flat=True)),
                keys(imported, lambda c: c.matches.order_by("created_at", "pk").values_list("pk", flat=True)),
            ),
            "slug": pair(
                "house games",
                keys(source, _house_slugs),
                keys(imported, _house_slugs),
            ),
            "membership": pair("memberships", _membership_ids(source), _membership_ids(imported)),
        }

    def of(self, value: Any, kind: str | None) -> set[Any]:
        """What ``value``, an id of ``kind`` (None: of any kind), has become in the imported club
        (an id the club no longer has stays as it is)."""
        kinds = self.kinds.values() if kind is None else [self.kinds[kind]]
        try:
            return {ids[value] for ids in kinds if value in ids} or {value}
        except TypeError:  # not an id at all (a list, a dict...)
            return {value}

    def in_text(self, text: str) -> str:
        """An address or a text that names a house game by its slug, with the imported slugs."""
        for before, after in self.kinds["slug"].items():
            text = text.replace(before, after)
        return text


def _membership_ids(club: Club) -> list[int]:
    return list(club.memberships.order_by("user__username").values_list("pk", flat=True))


def _evening_ids(club: Club) -> list[int]:
    return list(
        Evening.objects.filter(competition__club=club)
        .order_by("competition_id", "date", "pk")
        .values_list("pk", flat=True)
    )


def _house_slugs(club: Club) -> list[str]:
    return list(
        HouseGame.objects.filter(club=club).order_by("created_at", "pk").values_list("slug", flat=True)
    )


# Where an answer names a thing by id: the key, and the kind of thing (None: any kind, as ``id``
# is whatever the answer, or the object around it, is about; a standings row's units are evenings
# or matches). Any other key's value is compared as it is.
ID_KEYS: dict[str, str | None] = {
    "id": None,
    "club": "club",
    "player": "player",
    "player_id": "player",
    "present": "player",
    "competition": "competition",
    "evening": "evening",
    "match": "match",
    "counted": None,
    "game": "slug",
    "slug": "slug",
    "ladder": "slug",
}
UNITS = "evenings"  # a standings row's points by unit: keys that are evening or match ids
UNORDERED = {"counted", "present"}  # lists kept in id order: another order once ids change
# Lists in the order of their games' slugs: a house game imported next to its club has a new,
# random slug, so these are compared game by game.
BY_GAME = {"ladders", "games"}


def differences(expected: Any, found: Any, ids: Ids, path: str, key: str = "") -> Iterator[str]:
    """Each place where ``found`` (the imported club's answer) differs from ``expected`` (the
    exported one's) once ids are mapped, as ``path: expected != found``."""
    if isinstance(expected, dict) and isinstance(found, dict):
        keys = {(_unit_key(k, ids, found) if key == UNITS else k): k for k in expected}
        for mapped, original in keys.items():
            if mapped not in found:
                yield f"{path}.{original}: missing from the imported answer"
            else:
                yield from differences(expected[original], found[mapped], ids, f"{path}.{original}", original)
        yield from (f"{path}.{extra}: only in the imported answer" for extra in set(found) - set(keys))
        return
    if isinstance(expected, list) and isinstance(found, list):
        if len(expected) != len(found):
            yield f"{path}: {len(expected)} items exported, {len(found)} imported"
        elif key in BY_GAME and all(isinstance(item, dict) and "game" in item for item in expected + found):
            games = {ids.in_text(item["game"]): item for item in expected}
            for item in found:
                where = f"{path}[game {item['game']}]"
                if item["game"] not in games:
                    yield f"{where}: only in the imported answer"
                else:
                    yield from differences(games[item["game"]], item, ids, where, key)
        elif key in UNORDERED:
            if sorted(_one_of(ids.of(value, ID_KEYS[key]), found) for value in expected) != sorted(found):
                yield f"{path}: {expected!r} != {found!r}"
        else:
            for index, (before, after) in enumerate(zip(expected, found, strict=True)):
                yield from differences(before, after, ids, f"{path}[{index}]", key)
        return
    if expected == found:
        return
    if key in ID_KEYS and found in ids.of(expected, ID_KEYS[key]):
        return
    if isinstance(expected, str) and isinstance(found, str) and ids.in_text(expected) == found:
        return
    yield f"{path}: {expected!r} != {found!r}"


def _one_of(candidates: set[Any], found: list[Any]) -> Any:
    """The candidate the imported answer holds (an id of one kind may equal one of another)."""
    held = [candidate for candidate in candidates if candidate in found]
    return held[0] if held else next(iter(candidates))


def _unit_key(key: str, ids: Ids, found: dict[str, Any]) -> str:
    if not key.isdigit():
        return key
    return str(_one_of(ids.of(int(key), None), [int(k) for k in found if k.isdigit()]))


def assert_same_answers(source: dict[str, Any], imported: dict[str, Any], ids: Ids) -> None:
    assert list(source) == list(imported)
    found = [line for name in source for line in differences(source[name], imported[name], ids, name)]
    assert not found, "\n".join(found)


# --- the tests --------------------------------------------------------------------------------


def test_an_imported_club_answers_every_api_read_as_the_exported_one(generated, owners):
    """Imported next to the club it was exported from, under the same owner."""
    alice = owners[0]
    the_club_is_as_generated(generated)
    client = api_client(alice)
    before = reads(client, generated)
    assert before["honours"]["body"] and before["honours"]["body"][0]["podium"]
    document = read_document(export_file(generated))
    imported = Club.objects.get(pk=import_club(document, owner=alice, every_member=True).club.pk)
    ids = Ids(generated, imported)
    assert_same_answers(before, reads(client, imported), ids)
    assert _same_but_renamed(generated, imported)


def _same_but_renamed(source: Club, imported: Club) -> bool:
    """Next to its source, the imported club's house games have new slugs: its file differs in
    those alone, and in the order of a player's ratings, which the file lists by ladder slug."""
    text = export_file(source).decode()
    for before, after in zip(_house_slugs(source), _house_slugs(imported), strict=True):
        text = text.replace(before, after)
    return _ladders_sorted(json.loads(text)) == _ladders_sorted(json.loads(export_file(imported)))


def _ladders_sorted(data: dict) -> dict:
    for player in data["ratings"]:
        player["ratings"].sort(key=lambda rating: rating["ladder"])
    return data


def test_a_club_restored_with_import_club_answers_as_it_did(
    generated, owners, tmp_path, django_capture_on_commit_callbacks
):
    """Exported, dissolved, and brought back with ``manage.py import_club`` (the tasks that follow
    the import run as on the site): every read answers as before, the archived season included."""
    alice = owners[0]
    client = api_client(alice)
    before = reads(client, generated)
    source_ids = _ids_by_position(generated)
    path = tmp_path / "club.json"
    path.write_bytes(export_file(generated))
    generated.dissolve()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_club", str(path), owner=alice.username, all_members=True, verbosity=0)
    imported = Club.objects.get(name="De Generatieclub")
    ids = source_ids.against(imported)
    assert_same_answers(before, reads(client, imported), ids)
    assert imported.competitions.get(name="Winter").archived_at is not None
    assert Player.objects.filter(club=imported, retired_at__isnull=False).exists()


class _Recorded:
    """The source club's ids in the order the import creates them, kept before it is dissolved."""

    def __init__(self, club: Club) -> None:
        self.club = club.pk
        self.players = list(club.players.order_by("name").values_list("pk", flat=True))
        self.competitions = list(club.competitions.order_by("pk").values_list("pk", flat=True))
        self.evenings = _evening_ids(club)
        self.matches = list(club.matches.order_by("created_at", "pk").values_list("pk", flat=True))
        self.slugs = _house_slugs(club)
        self.memberships = _membership_ids(club)

    def against(self, imported: Club) -> Ids:
        ids = Ids.__new__(Ids)
        ids.kinds = {
            "club": {self.club: imported.pk},
            "player": dict(
                zip(self.players, imported.players.order_by("name").values_list("pk", flat=True), strict=True)
            ),
            "competition": dict(
                zip(
                    self.competitions,
                    imported.competitions.order_by("pk").values_list("pk", flat=True),
                    strict=True,
                )
            ),
            "evening": dict(zip(self.evenings, _evening_ids(imported), strict=True)),
            "match": dict(
                zip(
                    self.matches,
                    imported.matches.order_by("created_at", "pk").values_list("pk", flat=True),
                    strict=True,
                )
            ),
            "slug": dict(zip(self.slugs, _house_slugs(imported), strict=True)),
            "membership": dict(zip(self.memberships, _membership_ids(imported), strict=True)),
        }
        return ids


def _ids_by_position(club: Club) -> _Recorded:
    return _Recorded(club)


def as_version_2(document: dict[str, Any]) -> dict[str, Any]:
    """The file as version 2 wrote it: none of the keys version 3 added."""
    document = json.loads(json.dumps(document))
    document["version"] = 2
    document.pop("ratings")
    document["club"].pop("version")
    for item in document["members"] + document["players"]:
        item.pop("version")
    for player in document["players"]:
        player.pop("retired_at")
    for game in document["house_games"]:
        game.pop("updated_at")
    for match in document["matches"]:
        for key in ("status", "ended_early_at", "end_reason", "closed_at", "places"):
            match.pop(key)
    for competition in document["competitions"]:
        for key in (
            "early_tables", "sit_out", "sit_out_points", "version", "archived_at", "final_standings",
            "standings_at", "standings_failed_at", "standings", "events",
        ):  # fmt: skip
            competition.pop(key)
        for evening in competition["evenings"]:
            evening.pop("version")
            evening.pop("sit_outs")
    return document


def test_a_version_2_file_still_imports_with_the_defaults_of_its_time(
    generated, owners, django_capture_on_commit_callbacks
):
    """A key the file lacks is what the site assumed before it: a current season, whose
    standings the tasks that follow its matches rebuild; nobody retired; no ratings stored."""
    document = as_version_2(read_document(export_file(generated)))
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_club(document, owner=owners[0], every_member=True).club
    winter = imported.competitions.get(name="Winter")
    assert winter.archived_at is None and winter.final_standings is None
    assert winter.standings.exists()  # rebuilt from its matches
    assert not imported.players.filter(retired_at__isnull=False).exists()
    assert Rating.objects.filter(club=imported).exists()  # computed by the ratings tasks


def test_imported_standings_are_the_files_not_rebuilt(generated, owners):
    """The import stores a season's table as the file has it: what the club kept, even where its
    matches would now give another."""
    document = read_document(export_file(generated))
    ladder = next(c for c in document["competitions"] if c["name"] == "Ladder")
    ladder["standings"][0]["points"] = "4321.00"
    imported = import_club(document, owner=owners[0], every_member=True).club
    first = imported.competitions.get(name="Ladder").standings.order_by("position").first()
    assert first is not None and first.points == Decimal("4321.00")
