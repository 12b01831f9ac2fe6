"""``manage.py import_club`` reads files from anywhere: whatever a file holds, the command ends
in a ``CommandError`` that says why and stores nothing, or imports a club whose names are
cleaned as the site cleans them. Files of the first format (version 1) still import."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.serializers.json import DjangoJSONEncoder

from backup.exports import BadFile, export_club, import_club, read_document
from games.registry import home_for
from house.models import HouseGame
from matches.models import Match, Round, RoundRevision
from players.models import Club, Player
from scoring.declared import TEMPLATES
from tests.factories import CompetitionFactory, EveningFactory, HouseGameFactory

pytestmark = pytest.mark.django_db

VERSION_1 = Path(__file__).parent / "data" / "club-export-v1.json"


def version_1() -> dict[str, Any]:
    """A file as the export wrote it before the format had authors, dates and history."""
    return json.loads(VERSION_1.read_text())


def changed(change: Callable[[dict[str, Any]], object]) -> bytes:
    document = version_1()
    change(document)
    return json.dumps(document).encode()


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = document
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


def _append_player(name: object) -> Callable[[dict[str, Any]], None]:
    return lambda document: document["players"].append(name)


def _deep(levels: int) -> bytes:
    head = b'{"format": "scoreblok-club", "version": 1, "club": {"name": "Deep"}, "players": [], '
    head += b'"matches": [{"game": "duizenden", "players": ["Anna", "Bram"], "rounds": ['
    return head + b"[" * levels + b"]" * levels + b"]}]}"


CRAFTED: dict[str, Callable[[], bytes]] = {
    "a top-level list": lambda: b"[]",
    "not JSON": lambda: b'{"format": "scoreblok-club",',
    "invalid UTF-8": lambda: VERSION_1.read_bytes().replace(b"De Klaverclub", b"De \xff\xfeclub"),
    "nesting 100,000 deep": lambda: _deep(100_000),
    "nesting 40 deep in a round": lambda: _deep(40),
    "an option of 5,000 digits": lambda: VERSION_1.read_bytes().replace(
        b'"target": 100', b'"target": ' + b"9" * 5000, 1
    ),
    "an option of 30 digits": lambda: VERSION_1.read_bytes().replace(
        b'"target": 100', b'"target": ' + b"9" * 30, 1
    ),
    "NaN in a round": lambda: VERSION_1.read_bytes().replace(b'"hand_points": 40', b'"hand_points": NaN', 1),
    "a club name of 10,000 characters": lambda: changed(_set("club.name", "x" * 10_000)),
    "a club name given as an object": lambda: changed(_set("club.name", {"a": 1})),
    "a club name with BEL and ESC": lambda: changed(_set("club.name", "Klaver\x07\x1b[31mclub")),
    "an empty club name": lambda: changed(_set("club.name", "   ")),
    "no club": lambda: changed(lambda document: document.pop("club")),
    "a player name of 10,000 characters": lambda: changed(_append_player("x" * 10_000)),
    "a player name with NUL": lambda: changed(_append_player("Wi\x00m")),
    "a player name with BEL and ESC": lambda: changed(_append_player("Wim\x07\x1b[2J")),
    "an int for a player name": lambda: changed(_append_player(5)),
    "a seat name with NUL": lambda: changed(_set("matches.0.players.0", "An\x00na")),
    "a seat given as a number": lambda: changed(_set("matches.0.players.0", 1)),
    "NUL inside a round": lambda: changed(_set("matches.0.rounds.0.entries.0.note", "a\x00b")),
    "a round the rules refuse": lambda: changed(_set("matches.1.rounds.0", {"entries": []})),
    "an unknown game": lambda: changed(_set("matches.0.game", "poker")),
    "an unknown version": lambda: changed(_set("version", 99)),
    "an unknown field": lambda: changed(_set("secret", True)),
    "a naive creation time": lambda: changed(_set("matches.0.created_at", "2026-01-01T20:00:00")),
    "matches given as an object": lambda: changed(_set("matches", {"0": {}})),
}


@pytest.fixture
def import_bytes(alice, tmp_path) -> Callable[[bytes], str]:
    def run(content: bytes) -> str:
        path = tmp_path / "club.json"
        path.write_bytes(content)
        out: list[str] = []

        class Out:
            def write(self, text: str) -> None:
                out.append(text)

            def flush(self) -> None:
                pass

        call_command("import_club", str(path), owner=alice.username, stdout=Out())
        return "".join(out)

    return run


def counts() -> tuple[int, ...]:
    return tuple(model.objects.count() for model in (Club, Player, Match, Round, RoundRevision))


@pytest.mark.parametrize("crafted", list(CRAFTED), ids=list(CRAFTED))
def test_a_crafted_file_is_refused_with_a_reason_and_stores_nothing(crafted, import_bytes):
    before = counts()
    with pytest.raises(CommandError) as refused:
        import_bytes(CRAFTED[crafted]())
    assert str(refused.value).startswith("Nothing imported: ")
    assert len(str(refused.value)) < 400  # says why; does not echo a 10,000-character name
    assert counts() == before


def test_a_file_too_large_is_refused_before_it_is_read(import_bytes, settings):
    settings.CLUB_IMPORT_MAX_BYTES = 1000
    with pytest.raises(CommandError, match=r"larger than 1000 bytes .*CLUB_IMPORT_MAX_BYTES"):
        import_bytes(VERSION_1.read_bytes())
    assert not Club.objects.filter(name="De Klaverclub").exists()


def test_a_file_over_the_limit_is_refused_without_reading_a_byte_of_it(alice, tmp_path):
    """A file just over the default limit (32 MiB, here of nothing but zeros, sparse on disk) is
    refused on its size: the command's memory stays far below the file's size, where reading it
    (as the command did up to 256 MB) would hold all of it."""
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(32 * 1024 * 1024 + 1)
    tracemalloc.start()
    try:
        with pytest.raises(CommandError, match="larger than 33554432 bytes"):
            call_command("import_club", str(path), owner=alice.username)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1024 * 1024
    assert not Club.objects.exists()


@pytest.mark.parametrize(
    "shape",
    [b"{}", b"[0]", b'{"a":{}}', b"[[],[]]"],
    ids=["empty objects", "lists of one", "objects of one key", "pairs of lists"],
)
def test_reading_a_crafted_file_takes_at_most_about_thirty_times_its_size(shape, settings):
    """The bound docs/deploy.md states for an import's file: the many small values a crafted
    file packs (the review's 60 MB of empty objects peaked at 4.2 GB, 70 times) cost Python's
    objects and no more; the check of every value adds memory with the file's depth only."""
    raw = b'{"format": "scoreblok-club", "crafted": [' + b",".join([shape] * 200_000) + b"]}"
    tracemalloc.start()
    try:
        with pytest.raises(BadFile, match="this site reads versions"):
            import_club(read_document(raw), owner=None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 32 * len(raw)


def test_an_unknown_owner_is_refused(tmp_path):
    path = tmp_path / "club.json"
    path.write_bytes(VERSION_1.read_bytes())
    with pytest.raises(CommandError, match="No user 'nobody'"):
        call_command("import_club", str(path), owner="nobody")


def test_a_missing_file_is_refused(alice, tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_club", str(tmp_path / "nothing.json"), owner=alice.username)


def test_names_are_cleaned_as_the_site_cleans_them(import_bytes):
    document = version_1()
    document["club"]["name"] = "  De   Klaverclub "
    document["players"].append("  Wim   van  Dam ")
    document["matches"][0]["players"][0] = " Anna  "
    import_bytes(json.dumps(document).encode())
    club = Club.objects.get(name="De Klaverclub")
    assert sorted(club.players.values_list("name", flat=True)) == [
        "Anna",
        "Bram",
        "Cor",
        "Dirk",
        "Wim",
        "Wim van Dam",
    ]


def test_a_file_as_the_first_format_wrote_it_still_imports(import_bytes, alice):
    said = import_bytes(VERSION_1.read_bytes())
    assert "Imported 'De Klaverclub' with 2 matches." in said
    club = Club.objects.get(name="De Klaverclub")
    assert club.memberships.get(user=alice).role == "owner"
    duizenden, canasta = club.matches.order_by("created_at")
    assert duizenden.status == Match.Status.FINISHED
    assert canasta.status == Match.Status.IN_PROGRESS
    assert [r.created_by_name for r in canasta.rounds.all()] == ["alice", "alice"]
    # The creation times the file holds are kept.
    assert duizenden.created_at.isoformat() == version_1()["matches"][0]["created_at"]


@pytest.fixture
def version_2(alice) -> dict[str, Any]:
    """A small club's file as the export writes it now: a season of one evening, its tables."""
    club = Club.found("De Klaverclub", by=alice)
    competition = CompetitionFactory.create(club=club)
    evening = EveningFactory.create(competition=competition)
    evening.present.set([club.player_named(name) for name in ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien")])
    demo = home_for("duizenden").demo()
    assert demo is not None
    for table in evening.draw_and_start(by=alice):
        table.match.add_round(demo.rounds[0], by=alice, idempotency_key=f"key-{table.number}")
    document = export_club(club)
    club.dissolve()
    return document


V2_CRAFTED: dict[str, tuple[str, object]] = {
    "an action the history does not know": ("matches.0.history.0.action", "erase"),
    "a history round that is not an object": ("matches.0.history.0.after", [1, 2]),
    "a round number of 0 in the history": ("matches.0.history.0.number", 0),
    "an idempotency key of 300 characters": ("matches.0.history.0.idempotency_key", "k" * 300),
    "an author with an escape": ("matches.0.rounds.0.created_by_name", "al\x1bice"),
    "a member role the site does not know": ("members.0.role", "emperor"),
    "a player listed as text only": ("players.0", "Anna"),
    "a table naming a match not in the file": ("competitions.0.evenings.0.tables.0.match", 99),
    "a present player not in the list": ("competitions.0.evenings.0.present.0", "Zoë"),
    "an evening of a game outside its competition": ("competitions.0.evenings.0.game", "canasta"),
    "a competition of no games": ("competitions.0.games", []),
    "a competition named by an object": ("competitions.0.name", {"a": 1}),
    "a date that is no date": ("competitions.0.starts_on", "2026-02-30"),
    "placement points that are not numbers": ("competitions.0.placement_points", "ten,eight"),
    "no league section": ("competitions", None),
}


@pytest.mark.parametrize("crafted", list(V2_CRAFTED), ids=list(V2_CRAFTED))
def test_a_crafted_backup_is_refused_with_a_reason_and_stores_nothing(crafted, version_2, import_bytes):
    path, value = V2_CRAFTED[crafted]
    if value is None:
        del version_2[path]
    else:
        _set(path, value)(version_2)
    before = counts()
    with pytest.raises(CommandError) as refused:
        import_bytes(json.dumps(version_2).encode())
    where = path.split(".")[0]
    assert str(refused.value).startswith(f"Nothing imported: {where}") or value is None
    assert counts() == before


def test_a_table_seats_a_match_once(version_2, import_bytes):
    tables = version_2["competitions"][0]["evenings"][0]["tables"]
    tables[1]["match"] = tables[0]["match"]
    with pytest.raises(CommandError, match="one table only"):
        import_bytes(json.dumps(version_2).encode())


def test_the_small_backup_imports_as_it_was_written(version_2, import_bytes):
    import_bytes(json.dumps(version_2).encode())
    club = Club.objects.get(name="De Klaverclub")
    assert export_club(club) == version_2


@pytest.fixture
def with_house_games(alice) -> dict[str, Any]:
    """A club's file with two house games, one changed since it was declared, a competition
    playing one of them and a match of it."""
    club = Club.found("De Klaverclub", by=alice)
    hartenjagen = HouseGameFactory.create(club=club)
    hartenjagen.change({**TEMPLATES["hartenjagen"], "end": {"kind": "threshold", "value": 50}})
    HouseGameFactory.create(club=club, template="boerenbridge")
    CompetitionFactory.create(club=club, games=[hartenjagen.slug], options={})
    match = Match.start(club=club, game=hartenjagen.slug, players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    match.add_round({"entries": [{"points": points} for points in (26, 0, 0, 0)]}, by=alice)
    document = json.loads(json.dumps(export_club(club), cls=DjangoJSONEncoder))
    club.dissolve()
    return document


def test_a_clubs_house_games_come_back_with_their_names_rules_and_version(with_house_games, import_bytes):
    assert [game["name"] for game in with_house_games["house_games"]] == ["Hartenjagen", "Boerenbridge"]
    import_bytes(json.dumps(with_house_games).encode())
    club = Club.objects.get(name="De Klaverclub")
    hartenjagen, boerenbridge = club.house_games.order_by("created_at", "pk")
    assert (hartenjagen.name, hartenjagen.version, hartenjagen.rules.end.value) == ("Hartenjagen", 2, 50)
    assert boerenbridge.rules.entry.kind == "bids"
    assert club.competitions.get().games == [hartenjagen.slug]
    assert club.matches.get().game == hartenjagen.slug
    assert json.loads(json.dumps(export_club(club), cls=DjangoJSONEncoder)) == with_house_games


def test_a_house_game_the_site_has_already_stays_and_the_import_gets_its_own_copy(alice, import_bytes):
    """The club imported on the site it was exported from: the game under the file's slug stays
    the old club's as it is now; the imported club gets the game as the file has it, under a new
    slug, and its competition, evening and match follow that slug."""
    club = Club.found("De Klaverclub", by=alice)
    game = HouseGameFactory.create(club=club)
    competition = CompetitionFactory.create(club=club, games=[game.slug], options={})
    EveningFactory.create(competition=competition, game=game.slug)
    Match.start(club=club, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    document = export_club(club)
    game.change({**TEMPLATES["hartenjagen"], "name": "Hearts"})
    club.name = "Oud"
    club.save(update_fields=["name"])
    import_bytes(json.dumps(document, cls=DjangoJSONEncoder).encode())
    imported = Club.objects.get(name="De Klaverclub")
    copy = imported.house_games.get()
    assert copy.slug != game.slug
    assert (copy.name, copy.version) == ("Hartenjagen", 1)
    assert imported.competitions.get().games == [copy.slug]
    assert imported.competitions.get().evenings.get().game == copy.slug
    assert imported.matches.get().game == copy.slug
    game.refresh_from_db()
    assert (game.club, game.name, game.version) == (club, "Hearts", 2)


def test_a_house_game_twice_in_a_file_is_refused(with_house_games, import_bytes):
    with_house_games["house_games"][1]["slug"] = with_house_games["house_games"][0]["slug"]
    with pytest.raises(CommandError, match=r"house_games\[1\]\.slug.*twice"):
        import_bytes(json.dumps(with_house_games).encode())
    assert not HouseGame.objects.exists()


def test_a_backup_written_before_house_games_were_exported_still_imports(version_2, import_bytes):
    del version_2["house_games"]
    import_bytes(json.dumps(version_2).encode())
    assert Club.objects.get(name="De Klaverclub").matches.count() == 2


HOUSE_CRAFTED: dict[str, tuple[str, object]] = {
    "a definition with a contradiction": ("house_games.0.definition.end.winner", "highest"),
    "a slug that is not a house game's": ("house_games.0.slug", "canasta"),
    "a version of 0": ("house_games.0.version", 0),
    "a house game without a name": ("house_games.0.name", "  "),
}


@pytest.mark.parametrize("crafted", list(HOUSE_CRAFTED), ids=list(HOUSE_CRAFTED))
def test_a_crafted_house_game_is_refused_and_stores_nothing(crafted, with_house_games, import_bytes):
    path, value = HOUSE_CRAFTED[crafted]
    _set(path, value)(with_house_games)
    before = counts()
    with pytest.raises(CommandError) as refused:
        import_bytes(json.dumps(with_house_games).encode())
    assert str(refused.value).startswith("Nothing imported: house_games[0].")
    assert counts() == before
    assert not HouseGame.objects.exists()


@pytest.fixture
def naming_others(version_2, bob) -> dict[str, Any]:
    """A crafted file that names accounts of this site: the superuser ``admin`` as its owner,
    the author of a match, a round and its history, and the account of a player; Bob as its
    admin."""
    get_user_model().objects.create_superuser("admin", password="not-this-one")
    version_2["members"] += [
        {"username": "admin", "role": "owner", "version": 1},
        {"username": "bob", "role": "admin", "version": 1},
    ]
    version_2["players"][0]["user"] = "admin"
    match = version_2["matches"][0]
    match["created_by"] = match["rounds"][0]["created_by"] = match["history"][0]["by"] = "admin"
    return version_2


def test_a_file_naming_existing_accounts_makes_none_of_them_members_or_authors(naming_others, import_bytes):
    """By default the file joins nobody: the importer owns the club alone, and the names stay
    names on what they wrote."""
    said = import_bytes(json.dumps(naming_others).encode())
    assert "Not chosen with --members: admin, bob." in said
    club = Club.objects.get(name="De Klaverclub")
    assert list(club.memberships.values_list("user__username", "role")) == [("alice", "owner")]
    assert not Club.objects.filter(memberships__user__username__in=["admin", "bob"]).exists()
    assert not club.players.filter(user__isnull=False).exists()
    match = club.matches.order_by("created_at", "pk").first()
    assert match is not None and match.created_by is None
    first = match.rounds.get(number=1)
    assert (first.created_by, first.created_by_name) == (None, "alice")
    assert not RoundRevision.objects.filter(match__club=club, by__username="admin").exists()


def test_only_the_members_the_importer_chooses_join_with_their_role(naming_others, alice, tmp_path):
    path = tmp_path / "club.json"
    path.write_text(json.dumps(naming_others))
    call_command("import_club", str(path), owner=alice.username, members=["bob"], verbosity=0)
    club = Club.objects.get(name="De Klaverclub")
    assert sorted(club.memberships.values_list("user__username", "role")) == [
        ("alice", "owner"),
        ("bob", "admin"),
    ]
    assert club.matches.filter(created_by__username="admin").count() == 0


def test_choosing_a_name_that_is_no_member_in_the_file_imports_nothing(naming_others, alice, tmp_path):
    path = tmp_path / "club.json"
    path.write_text(json.dumps(naming_others))
    with pytest.raises(CommandError, match="'charlie' is not a member in the file"):
        call_command("import_club", str(path), owner=alice.username, members=["charlie"])
    assert not Club.objects.filter(name="De Klaverclub").exists()


def test_choosing_every_member_is_a_restore_of_the_clubs_own_backup(naming_others, alice, tmp_path):
    """``--all-members``: the operator trusts the file (the club's own backup), and every member
    with an account here joins, authors linked again."""
    path = tmp_path / "club.json"
    path.write_text(json.dumps(naming_others))
    call_command("import_club", str(path), owner=alice.username, all_members=True, verbosity=0)
    club = Club.objects.get(name="De Klaverclub")
    assert sorted(club.memberships.values_list("user__username", "role")) == [
        ("admin", "owner"),
        ("alice", "owner"),
        ("bob", "admin"),
    ]
    assert club.matches.filter(created_by__username="admin").count() == 1
