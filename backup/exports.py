"""A club's record as a file: everything needed to bring it back elsewhere (JSON), and its results
for a spreadsheet (CSV).

The JSON is a backup of the whole club: its settings, its members (by username), its players
(retired ones marked), its house games (retired ones too, under their slugs, which its matches
and competitions name; where the importing site has a slug already, the club imported where it
was exported, the game comes in under a new one and the file's matches and competitions follow
it), and every match, deleted ones too, with its game, set-up, rounds as posted, who entered and
confirmed each round, the history of every change (an early end and a resume included), each
seat's final place, and the dates of it all; other apps add what they keep of a club through a
``Section``, so this module imports none of them: the league its competitions (archived ones
with their final table and history), evenings, presence, tables, sit-outs and stored standings,
the statistics its ratings and their history. Database ids stay out: matches are named by their
place in the file, players by their name, accounts by their username, a season's evenings by
their place in it. Exporting, importing into an empty database and exporting again gives the same
file.

What the club's record holds is restored as it was stored, not computed again: an archived
season's final table and roll of honour, every competition's stored standings, each seat's final
place and the ratings with their history, so that the imported club answers every page and API
read as the exported one did, also where a rebuild would now give something else (a correction
after the season was archived). Only round scores and each match's snapshot are the engine's, from
the rounds replayed. The tasks that follow every finished match on the site (standings of current
seasons, ratings) still run once the import commits, and rebuild from the same record.
Invitations and share or TV links are not in the file: they are ways in, and a copy of the data
should not open the club.

Importing replays each round through the same engine checks (``Match.add_round``): a round the
engine refuses, or rounds that do not leave a match as the file says it stood, refuse the import
whole. Only then are the stored authors and dates set on the rows the engine wrote, and its
history replaced by the file's. A file comes from anywhere: ``read_document`` bounds its size,
nesting and numbers, every name is cleaned as the site cleans it, and anything else is
``BadFile`` naming where in the file it is. Files of the earlier formats still import: a key
they lack means what the site assumed before it existed (a season current, standings rebuilt by
the tasks, nothing retired).

The JSON export is written by a task (``backup.tasks``, into a ``ClubExport``), which reports
how many matches it has written as it goes; the results CSV is small and stays a download.

A CSV cell is written so that a spreadsheet shows it as written (``spreadsheet_row``): a
player's name is typed by any scorer, and the secretary opens the file in a spreadsheet, which
would run a name such as ``=HYPERLINK(...)`` as a formula. The league's standings CSV writes its
rows the same way.
"""

from __future__ import annotations

import csv
import datetime
import gc
import io
import json
import logging
import math
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import QuerySet

import scoring
import scoring.match
from backup.models import ClubExport
from games.refusals import SiteRefused
from house.models import SLUG_PREFIX, HouseGame, new_slug
from matches.models import IDEMPOTENCY_KEY_LENGTH, Match, Round, RoundRevision, Seat
from players.models import Club, Guest, Membership, Player, clean_player_name
from scoring import Refused
from scoring.declared import MAX_NAME, definition_json, read_definition

FORMAT = "scoreblok-club"
# 1: players, matches and round bodies only; 2: members, authors, dates, history, house games and
# the apps' sections; 3: the record as stored (archived seasons, stored standings, final places,
# ratings, versions...). Every earlier version still imports.
VERSION = 3
CHUNK = 200  # matches read (with their seats and rounds) and counted as done at a time

# What a file may hold (and its size: ``settings.CLUB_IMPORT_MAX_BYTES``). A real club's file is
# far below each.
MAX_DEPTH = 32  # a round body is a few levels deep
MAX_NUMBER = 2**53  # beyond, JSON numbers are not exact in every reader
CLUB_NAME_MAX_LENGTH = Club._meta.get_field("name").max_length or 100
USERNAME_MAX_LENGTH = 150
MAX_ROUND_NUMBER = 2**31 - 1

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], object]  # (matches written, matches in all)

# Text a spreadsheet reads as a formula: these signs, and a tab or carriage return before one
# (which it strips). OWASP's advice on CSV injection: make such a cell text with an apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: object) -> object:
    """``value`` as a CSV cell a spreadsheet shows as written: text it would read as a formula
    gets a leading apostrophe; numbers (a negative total too) stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return f"'{value}"
    return value


def spreadsheet_row(values: Iterable[object]) -> list[object]:
    return [spreadsheet_cell(value) for value in values]


# --- writing ------------------------------------------------------------------------------


class Section(Protocol):
    """A part of a club another app keeps, written into the file under ``key`` and read back by
    that app (registered with ``register`` when the app is ready)."""

    key: str
    # The file version that first held the part: an older file lacks it, and its import skips it.
    since: int

    def dump(self, club: Club, match_index: Mapping[int, int]) -> Iterable[Any]:
        """The part as JSON values, a list's items (the file writes each as it comes: a
        generator keeps a large part out of memory); ``match_index`` gives a match id's place in
        the file."""
        ...

    def load(self, club: Club, items: object, context: Loading) -> None:
        """Store the part again (``BadFile`` if it cannot be)."""
        ...


SECTIONS: dict[str, Section] = {}


def register(section: Section) -> None:
    SECTIONS[section.key] = section


def when(moment: datetime.datetime | datetime.date | None) -> str | None:
    """A date or a moment as the file writes it (ISO 8601, microseconds and offset kept)."""
    return moment.isoformat() if moment is not None else None


class _Usernames:
    """The usernames of accounts named by id, read a batch at a time."""

    def __init__(self) -> None:
        self.known: dict[int, str] = {}

    def read(self, ids: Iterable[int | None]) -> None:
        wanted = {pk for pk in ids if pk is not None and pk not in self.known}
        if wanted:
            users = get_user_model().objects.filter(pk__in=wanted)
            self.known.update(users.values_list("pk", get_user_model().USERNAME_FIELD))

    def __call__(self, pk: int | None) -> str | None:
        return self.known.get(pk) if pk is not None else None


def export_club(club: Club, progress: Progress | None = None) -> dict[str, Any]:
    """The export as one JSON value, every list read whole (what the file holds; the task writes
    it a part at a time instead, ``export_text``)."""
    return {
        key: list(value.items) if isinstance(value, Streamed) else value
        for key, value in _document(club, progress)
    }


@dataclass(frozen=True)
class Streamed:
    """A list in the file that is read as it is written, an item at a time (a club's matches,
    an app's section), never held whole: ``export_text`` reads it once."""

    items: Iterable[Any]


def _document(club: Club, progress: Progress | None) -> Iterator[tuple[str, Any]]:
    """The file's keys in order, each with its value; the long lists are ``Streamed``."""
    ordered = Match.objects.filter(club=club).order_by("created_at", "pk")
    # The matches' ids (a few bytes each) are the one thing held for every match: the sections
    # name matches by their place in the file.
    ids = list(ordered.values_list("pk", flat=True))
    memberships = club.memberships.select_related("user").order_by("user__username", "pk")
    players = club.players.select_related("user").order_by("name", "pk")
    match_index = {pk: index for index, pk in enumerate(ids)}
    yield "format", FORMAT
    yield "version", VERSION
    yield (
        "club",
        {
            "name": club.name,
            "confirm_rounds": club.confirm_rounds,
            "created_at": when(club.created_at),
            "version": club.version,
        },
    )
    yield (
        "members",
        [{"username": m.user.get_username(), "role": m.role, "version": m.version} for m in memberships],
    )
    yield (
        "players",
        [
            {
                "name": player.name,
                "user": player.user.get_username() if player.user else None,
                "created_at": when(player.created_at),
                "retired_at": when(player.retired_at),
                "version": player.version,
            }
            for player in players
        ],
    )
    yield "matches", Streamed(_matches(ordered, ids, progress))
    yield (
        "house_games",
        [
            {
                "slug": game.slug,
                "name": game.name,
                "definition": game.definition,
                "version": game.version,
                "created_at": when(game.created_at),
                "updated_at": when(game.updated_at),
                # A deleted game is retired: its played matches name it still.
                "retired_at": when(game.retired_at),
            }
            for game in club.house_games.order_by("created_at", "pk")
        ],
    )
    for key, section in SECTIONS.items():
        yield key, Streamed(section.dump(club, match_index))


def _matches(ordered: QuerySet[Match], ids: list[int], progress: Progress | None) -> Iterator[dict[str, Any]]:
    """Every match of the club as the file writes it, read ``CHUNK`` at a time (with their seats,
    rounds and history), each chunk counted as done once it has been written."""
    usernames = _Usernames()
    if progress:
        progress(0, len(ids))
    for start in range(0, len(ids), CHUNK):
        chunk = list(
            ordered.filter(pk__in=ids[start : start + CHUNK]).prefetch_related(
                "seats__player", "rounds", "revisions"
            )
        )
        usernames.read(
            pk
            for match in chunk
            for pk in (
                match.created_by_id,
                match.deleted_by_id,
                *(stored.created_by_id for stored in match.rounds.all()),
                *(revision.by_id for revision in match.revisions.all()),
            )
        )
        for match in chunk:
            yield _dump_match(match, usernames)
        # A prefetched match and its seats, rounds and history refer to each other: only the
        # cycle collector frees them, and it may wait for many chunks. Freed now, memory holds
        # one chunk whatever the club's size.
        del chunk
        gc.collect()
        if progress:
            progress(min(start + CHUNK, len(ids)), len(ids))


def _dump_match(match: Match, usernames: _Usernames) -> dict[str, Any]:
    return {
        "game": match.game,
        "players": [seat.player.name for seat in match.seats.all()],
        "teams": match.teams,
        "options": match.options,
        # A house game's rules as the match keeps them (``Match.definition``); built-in: none.
        **({"definition": match.definition} if match.definition is not None else {}),
        "dealer": match.dealer,
        "created_by": usernames(match.created_by_id),
        "created_at": when(match.created_at),
        "updated_at": when(match.updated_at),
        "finished_at": when(match.finished_at),
        "deleted_at": when(match.deleted_at),
        "deleted_by": usernames(match.deleted_by_id),
        "status": match.status,
        "ended_early_at": when(match.ended_early_at),
        "end_reason": match.end_reason,
        "closed_at": when(match.closed_at),
        # Each seat's final total and place as stored (a table ended early has them too).
        "places": [[seat.final_total, seat.final_rank] for seat in match.seats.all()],
        "rounds": [
            {
                "body": stored.body,
                "created_by": usernames(stored.created_by_id),
                "created_by_name": stored.created_by_name,
                "provisional": stored.provisional,
                "confirmed_by_name": stored.confirmed_by_name,
                "created_at": when(stored.created_at),
                "updated_at": when(stored.updated_at),
            }
            for stored in match.rounds.all()
        ],
        "history": [
            {
                "number": revision.number,
                "action": revision.action,
                "before": revision.before,
                "after": revision.after,
                "by": usernames(revision.by_id),
                "by_name": revision.by_name,
                "at": when(revision.at),
                "idempotency_key": revision.idempotency_key,
            }
            for revision in match.revisions.all()
        ],
    }


def export_text(club: Club, progress: Progress | None = None) -> Iterator[str]:
    """The file people download, a piece at a time: exactly the text of
    ``json.dumps(export_club(club), indent=1, ensure_ascii=False)``, but written a match (or a
    section's item) at a time, so that memory holds one ``CHUNK`` of matches, not the club."""
    yield "{"
    for place, (key, value) in enumerate(_document(club, progress)):
        yield f"{',' if place else ''}\n {json.dumps(key)}: "
        if isinstance(value, Streamed):
            empty = True
            for item in value.items:
                yield f"{'[' if empty else ','}\n  {_encoded(item, level=2)}"
                empty = False
            yield "[]" if empty else "\n ]"
        else:
            yield _encoded(value, level=1)
    yield "\n}"


def _encoded(value: object, level: int) -> str:
    """``value`` as JSON indented as it is ``level`` deep in the file (one space a level). Every
    line break in JSON text is indentation: one in a string is written ``\\n``."""
    text = json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    return text.replace("\n", "\n" + " " * level)


def export_file(club: Club, progress: Progress | None = None) -> bytes:
    """The export as the file people download (UTF-8 JSON, one space of indent), whole."""
    return "".join(export_text(club, progress)).encode()


PART_SIZE = 1024 * 1024  # characters of the file stored as one part (``ClubExportPart``)


def write_export(export: ClubExport) -> None:
    """Write a requested export's file, storing it a part of about ``PART_SIZE`` at a time as
    it is built, and saving how far it got after every ``CHUNK`` matches. A failure is logged
    and stored on the export (its page says so), never raised."""
    pieces: list[str] = []
    size = number = 0
    try:
        for piece in export_text(export.club, export.progress):
            pieces.append(piece)
            size += len(piece)
            if size >= PART_SIZE:
                export.write(number, "".join(pieces).encode())
                pieces, size, number = [], 0, number + 1
        export.write(number, "".join(pieces).encode())
    except Exception as error:
        logger.exception("Export %s of club %s failed", export.pk, export.club_id)
        export.fail(f"{type(error).__name__}: {error}")
        return
    export.finish()


def results_csv(club: Club) -> str:
    """One row per match: when, the game, its status, then each seat's name and total."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["match", "date", "game", "status", "player", "total", "rank"])
    matches = Match.objects.filter(club=club, deleted_at=None).prefetch_related("seats__player", "rounds")
    for match in matches.order_by("created_at", "pk"):
        # The rounds come with the matches (one query for all), in their numbered order.
        bodies = [stored.body for stored in match.rounds.all()]
        state = scoring.replay_stored(match.rules, match.setup, bodies)
        seats = [seat.player.name for seat in match.seats.all()]
        for row in state.standings:
            writer.writerow(
                spreadsheet_row(
                    [
                        match.pk,
                        match.created_at.date().isoformat(),
                        match.game,
                        match.status,
                        " & ".join(seats[seat] for seat in row.seats),
                        row.total,
                        row.rank,
                    ]
                )
            )
    return out.getvalue()


# --- reading a file -----------------------------------------------------------------------


class BadFile(Exception):
    """The file cannot be imported as it is; the message says where in it and why."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}" if where else why)


def _shown(value: object, limit: int = 40) -> str:
    """A value quoted in a message, cut short: a message never echoes a whole crafted name."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _no_constant(name: str) -> object:
    raise BadFile("", f"{name} is not a number JSON allows")


def too_large(size: int) -> BadFile | None:
    """The refusal of a file of ``size`` bytes, if it is over ``settings.CLUB_IMPORT_MAX_BYTES``:
    said before the file is read, as parsing it takes memory in proportion to its size."""
    limit = settings.CLUB_IMPORT_MAX_BYTES
    if size <= limit:
        return None
    return BadFile("", f"the file is larger than {limit} bytes (the site's CLUB_IMPORT_MAX_BYTES)")


def read_document(raw: bytes) -> dict[str, Any]:
    """The file's JSON object, within the bounds a club's file keeps:
    ``settings.CLUB_IMPORT_MAX_BYTES``, UTF-8, ``MAX_DEPTH`` levels, numbers within
    ``MAX_NUMBER``, no NUL or unpaired surrogates in any text (the database could store
    neither)."""
    if refusal := too_large(len(raw)):
        raise refusal
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadFile("", f"the file is not UTF-8 text (byte {error.start})") from None
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadFile("", f"nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as error:
        raise BadFile("", f"not JSON: {error}") from None
    except ValueError:  # Python reads no integer of over 4,300 digits
        raise BadFile("", "a number is too long to read") from None
    _check_values(document)
    if not isinstance(document, dict):
        raise BadFile("", "not a Scoreblok club export (the file is not a JSON object)")
    return document


def _check_values(document: object) -> None:
    """Walk the document depth first and check every value. A crafted file may be deep or wide
    (millions of empty objects): the walk holds one iterator per level it is in, and names a
    place in the file only for the containers it enters, so it adds memory with the depth
    (``MAX_DEPTH``), never with the number of values."""
    _check_scalar(document, "")
    stack: list[tuple[Iterator[tuple[object, object]], str]] = []
    if isinstance(document, dict | list):
        stack.append((_children(document), ""))
    while stack:
        children, where = stack[-1]
        for key, value in children:
            if isinstance(key, str):
                _check_text(key, where)
            if isinstance(value, dict | list) and value:
                here = _place(where, key)
                if len(stack) >= MAX_DEPTH:
                    raise BadFile(here, f"nested deeper than {MAX_DEPTH} levels")
                stack.append((_children(value), here))
                break
            _check_scalar(value, where, key)
        else:
            stack.pop()


def _children(container: dict[str, Any] | list[Any]) -> Iterator[tuple[object, object]]:
    return iter(container.items()) if isinstance(container, dict) else enumerate(container)


def _place(where: str, key: object) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


def _check_scalar(value: object, where: str, key: object = None) -> None:
    """A text, number or constant the file holds at ``where`` (under ``key``, if in a container)."""
    if isinstance(value, str):
        why = _BAD_TEXT if _bad_text(value) else None
    elif isinstance(value, bool) or value is None:
        why = None
    elif isinstance(value, int):
        why = f"the number is beyond ±{MAX_NUMBER}" if abs(value) > MAX_NUMBER else None
    elif isinstance(value, float):
        why = None if math.isfinite(value) else "the number is too large"
    else:
        why = None
    if why is not None:
        raise BadFile(_place(where, key) if key is not None else where, why)


_BAD_TEXT = "the text holds NUL or an unpaired surrogate"


def _bad_text(text: str) -> bool:
    return any(char == "\x00" or unicodedata.category(char) == "Cs" for char in text)


def _check_text(text: str, where: str) -> None:
    if _bad_text(text):
        raise BadFile(where, _BAD_TEXT)


# Readers of one value each: they return it as stored, or raise ``BadFile`` saying where.


def an_object(
    value: object, where: str, keys: Collection[str], *, required: Collection[str] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BadFile(where, "expected an object")
    unknown = sorted(set(value) - set(keys))
    if unknown:
        raise BadFile(where, f"unknown field {_shown(unknown[0])}")
    missing = [key for key in required if key not in value]
    if missing:
        raise BadFile(where, f"{missing[0]!r} is missing")
    return value


def a_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise BadFile(where, "expected a list")
    return value


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise BadFile(where, "expected true or false")
    return value


def whole_number(value: object, where: str, *, least: int = 0, most: int = MAX_NUMBER) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise BadFile(where, f"expected a whole number from {least} to {most}")
    return value


def text(value: object, where: str, max_length: int, *, blank: bool = False) -> str:
    """A short text as it is stored: no control characters, at most ``max_length`` long."""
    if not isinstance(value, str):
        raise BadFile(where, "expected text")
    if len(value) > max_length:
        raise BadFile(where, f"longer than {max_length} characters")
    if not value and not blank:
        raise BadFile(where, "empty")
    if any(unicodedata.category(char) in {"Cc", "Cs", "Co"} for char in value):
        raise BadFile(where, f"{_shown(value)} holds control characters")
    return value


def choice(value: object, where: str, choices: Collection[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise BadFile(where, f"{_shown(value)} is not one of {', '.join(sorted(choices))}")
    return value


def player_name(value: object, where: str) -> str:
    """A player's name, cleaned as the site cleans one typed at the table."""
    if not isinstance(value, str):
        raise BadFile(where, "a name must be text")
    try:
        return clean_player_name(value)
    except ValidationError:
        raise BadFile(where, f"{_shown(value)} is not a name the site accepts") from None


def plain_name(value: object, where: str, max_length: int = CLUB_NAME_MAX_LENGTH) -> str:
    """A club's (or a competition's) name as the site keeps one: spaces made one, the ends
    trimmed, at most ``max_length`` long, no control characters."""
    if not isinstance(value, str):
        raise BadFile(where, "a name must be text")
    return text(" ".join(value.split()), where, max_length)


def username(value: object, where: str) -> str | None:
    return None if value is None else text(value, where, USERNAME_MAX_LENGTH)


def moment(value: object, where: str) -> datetime.datetime:
    """A date and time with its offset, as the file writes them."""
    if isinstance(value, str) and len(value) <= 40:
        try:
            parsed = datetime.datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if parsed.tzinfo is not None:
                return parsed
    raise BadFile(where, f"{_shown(value)} is not a date and time with its offset (ISO 8601)")


def moment_or_none(value: object, where: str) -> datetime.datetime | None:
    return None if value is None else moment(value, where)


def day(value: object, where: str) -> datetime.date:
    if isinstance(value, str) and len(value) == 10:
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            pass
    raise BadFile(where, f"{_shown(value)} is not a date (YYYY-MM-DD)")


# --- importing ----------------------------------------------------------------------------


@dataclass
class Loading:
    """What a ``Section`` gets to rebuild its part: the club's players by name, its matches in
    the file's order, the accounts the importer chose (any other name the file gives is no
    account: ``users`` answers None), and the house games that came in under a new slug (the
    file's slug: the site's)."""

    matches: list[Match]
    players: dict[str, Player]
    users: _Users
    renamed_games: Mapping[str, str] = field(default_factory=dict)

    def game(self, slug: object) -> object:
        """The site's slug for a game the file names (anything else is checked by the caller)."""
        return self.renamed_games.get(slug, slug) if isinstance(slug, str) else slug

    def games(self, slugs: object) -> object:
        """``game`` for each of a list the file gives (anything else is checked by the caller)."""
        return [self.game(slug) for slug in slugs] if isinstance(slugs, list) else slugs


@dataclass
class _Users:
    """The accounts the importer chose, by username, looked up once each; the chosen usernames
    with no account here, and the names the file gives that were not chosen. A file comes from
    anywhere and may name any account (``admin``, another club's owner): only a name the
    importer chose (``chosen``; None: every member the file names) is matched to an account, so
    the file alone makes nobody a member, author or owner of anything."""

    chosen: frozenset[str] | None = frozenset()
    found: dict[str, Any] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    left_out: set[str] = field(default_factory=set)

    def __call__(self, name: str | None) -> Any:
        if name is None:
            return None
        if self.chosen is not None and name not in self.chosen:
            self.left_out.add(name)
            return None
        if name not in self.found:
            model = get_user_model()
            self.found[name] = model.objects.filter(**{model.USERNAME_FIELD: name}).first()
            if self.found[name] is None:
                self.missing.add(name)
        return self.found[name]


@dataclass(frozen=True)
class Imported:
    club: Club
    # Usernames the importer chose with no account (or only a guest's) here, and usernames the
    # file names that were not chosen: both kinds' memberships and player links are left out,
    # and rounds, matches and history keep only their names.
    missing_users: frozenset[str]
    left_out: frozenset[str] = frozenset()


VERSION_1_KEYS = ("format", "version", "club", "players", "matches")
MATCH_KEYS = ("game", "players", "teams", "options", "dealer", "created_at")
MATCH_KEYS_2 = (*MATCH_KEYS, "created_by", "updated_at", "finished_at", "deleted_at", "deleted_by", "history")
# Version 3 keys: a version 2 file has none of them, each then what the site assumed before.
MATCH_KEYS_3 = ("status", "ended_early_at", "end_reason", "closed_at", "places")
CLUB_KEYS = ("name", "confirm_rounds", "created_at")
MEMBER_KEYS = ("username", "role")
PLAYER_KEYS = ("name", "user", "created_at")
END_REASON_LENGTH = Match._meta.get_field("end_reason").max_length or 200
ROUND_KEYS = (
    "body",
    "created_by",
    "created_by_name",
    "provisional",
    "confirmed_by_name",
    "created_at",
    "updated_at",
)
HOUSE_GAME_KEYS = ("slug", "name", "definition", "version", "created_at")
# A file of before retiring has no retired_at; one of before version 3 no updated_at.
HOUSE_GAME_KEYS_ANY = (*HOUSE_GAME_KEYS, "retired_at", "updated_at")
HOUSE_SLUG = re.compile(rf"{SLUG_PREFIX}[0-9a-f]{{1,24}}")
HOUSE_SLUG_LENGTH = 32
HISTORY_KEYS = ("number", "action", "before", "after", "by", "by_name", "at", "idempotency_key")


@transaction.atomic
def import_club(
    data: object, *, owner: Any, members: Collection[str] = (), every_member: bool = False
) -> Imported:
    """A new club from an export, owned by ``owner``; every round is checked again on the way
    in. ``BadFile``, ``Refused`` or ``SiteRefused``: nothing is stored.

    No account joins the club but those the importer chose: ``members``, usernames among the
    file's members (``every_member``: all of them), each matched to the account of that name
    here, with the file's role; the owner is always matched. Every other name the file gives (a
    member not chosen, a round's author, who deleted a match) stays a name only."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadFile("", "not a Scoreblok club export")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise BadFile("version", f"{_shown(version)}: this site reads versions 1 to {VERSION}")
    if version == 1 and members:
        raise BadFile("members", "a file of version 1 names no members to choose from")
    sections = [key for key, section in SECTIONS.items() if section.since <= version]
    keys = (*VERSION_1_KEYS, "members", *sections) if version >= 2 else VERSION_1_KEYS
    # A file written before clubs exported their house games has none: still a version 2 file.
    an_object(data, "", (*keys, "house_games") if version >= 2 else keys, required=keys)
    users = _Users(chosen=frozenset({owner.get_username()}))
    club = _load_club(data["club"], version)
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    renamed: dict[str, str] = {}
    if version >= 2:
        _load_members(club, data["members"], owner, users, None if every_member else members)
        renamed = _load_house_games(club, data.get("house_games", []))
    _load_players(club, data["players"], version, users)
    matches = [
        _load_match(club, item, f"matches[{index}]", version, owner, users, renamed)
        for index, item in enumerate(a_list(data["matches"], "matches"))
    ]
    if version >= 2:
        players = {player.name: player for player in club.players.all()}
        loading = Loading(matches, players, users, renamed)
        for key in sections:
            SECTIONS[key].load(club, data[key], loading)
    return Imported(club, frozenset(users.missing), frozenset(users.left_out))


def _load_club(value: object, version: int) -> Club:
    keys = CLUB_KEYS if version >= 2 else ("name",)
    item = an_object(value, "club", (*keys, "version"), required=keys)
    club = Club.objects.create(name=plain_name(item["name"], "club.name"))
    if version >= 2:
        club.confirm_rounds = flag(item["confirm_rounds"], "club.confirm_rounds")
        club.save(update_fields=["confirm_rounds"])
        club.created_at = moment(item["created_at"], "club.created_at")
        club.version = whole_number(item.get("version", 1), "club.version", least=1)
        Club.objects.filter(pk=club.pk).update(created_at=club.created_at, version=club.version)
    return club


def _load_house_games(club: Club, value: object) -> dict[str, str]:
    """The club's house games with their slugs (its matches and competitions name them so),
    before the matches. A slug the site has already (the club imported where it was exported)
    stays the game that has it; the club's copy comes in under a new slug, returned as the
    file's slug: the site's, for the matches and competitions to follow."""
    taken = set(HouseGame.objects.values_list("slug", flat=True))
    seen: set[str] = set()
    renamed: dict[str, str] = {}
    for index, entry in enumerate(a_list(value, "house_games")):
        where = f"house_games[{index}]"
        item = an_object(entry, where, HOUSE_GAME_KEYS_ANY, required=HOUSE_GAME_KEYS)
        slug = text(item["slug"], f"{where}.slug", HOUSE_SLUG_LENGTH)
        if not HOUSE_SLUG.fullmatch(slug):
            raise BadFile(f"{where}.slug", f"{_shown(slug)} is not a house game's name")
        name = plain_name(item["name"], f"{where}.name", MAX_NAME)
        with _refusals_at(f"{where}.definition"):
            rules = read_definition(item["definition"])
        version = whole_number(item["version"], f"{where}.version", least=1)
        created_at = moment(item["created_at"], f"{where}.created_at")
        updated_at = moment(item.get("updated_at", item["created_at"]), f"{where}.updated_at")
        retired_at = moment_or_none(item.get("retired_at"), f"{where}.retired_at")
        if slug in seen:
            raise BadFile(f"{where}.slug", f"{_shown(slug)} is in the file twice")
        seen.add(slug)
        if slug in taken:
            renamed[slug] = new_slug()
        definition = definition_json(rules)
        game = HouseGame.objects.create(
            club=club,
            slug=renamed.get(slug, slug),
            name=name,
            definition=definition,
            version=version,
            retired_at=retired_at,
        )
        HouseGame.objects.filter(pk=game.pk).update(created_at=created_at, updated_at=updated_at)
    return renamed


def _load_members(
    club: Club, value: object, owner: Any, users: _Users, chosen: Collection[str] | None
) -> None:
    """The file's members the importer chose (``chosen``; None: all of them), as members of
    the new club; the names and whom they were chosen among are checked before anyone joins."""
    read: list[tuple[str, str, int]] = []
    named: set[str] = set()
    for index, entry in enumerate(a_list(value, "members")):
        where = f"members[{index}]"
        item = an_object(entry, where, (*MEMBER_KEYS, "version"), required=MEMBER_KEYS)
        name = text(item["username"], f"{where}.username", USERNAME_MAX_LENGTH)
        role = choice(item["role"], f"{where}.role", Membership.Role.values)
        version = whole_number(item.get("version", 1), f"{where}.version", least=1)
        if name in named:
            raise BadFile(f"{where}.username", f"{_shown(name)} is a member twice")
        named.add(name)
        read.append((name, role, version))
    unknown = sorted(set(chosen or ()) - named)
    if unknown:
        raise BadFile("members", f"{_shown(unknown[0])} is not a member in the file")
    users.chosen = (users.chosen or frozenset()) | (named if chosen is None else frozenset(chosen))
    for name, role, version in read:
        user = users(name)
        if user is None or user.pk == owner.pk:
            continue  # not chosen or no such account here (reported); the owner is owner already
        if Guest.objects.filter(user=user).exists():
            users.missing.add(name)  # a guest joins no club
            continue
        Membership.objects.create(club=club, user=user, role=role, version=version)


def _load_players(club: Club, value: object, version: int, users: _Users) -> None:
    players: list[Player] = []
    linked: set[int] = set()
    for index, entry in enumerate(a_list(value, "players")):
        where = f"players[{index}]"
        if version == 1:
            players.append(club.player_named(player_name(entry, where)))
            continue
        item = an_object(entry, where, (*PLAYER_KEYS, "retired_at", "version"), required=PLAYER_KEYS)
        player = club.player_named(player_name(item["name"], f"{where}.name"))
        if any(player.pk == earlier.pk for earlier in players):
            raise BadFile(f"{where}.name", f"{_shown(player.name)} is listed twice")
        players.append(player)
        user = users(username(item["user"], f"{where}.user"))
        if user is not None and user.pk not in linked and club.has_member(user):
            linked.add(user.pk)
            player.user = user
            player.save(update_fields=["user"])
        elif user is not None:
            users.missing.add(user.get_username())  # not a member here: the player stays a guest
        Player.objects.filter(pk=player.pk).update(
            created_at=moment(item["created_at"], f"{where}.created_at"),
            retired_at=moment_or_none(item.get("retired_at"), f"{where}.retired_at"),
            version=whole_number(item.get("version", 1), f"{where}.version", least=1),
        )


def _load_match(
    club: Club, value: object, where: str, version: int, owner: Any, users: _Users, renamed: Mapping[str, str]
) -> Match:
    keys = (*MATCH_KEYS_2, *MATCH_KEYS_3) if version >= 2 else (*MATCH_KEYS, "rounds")
    required = (*MATCH_KEYS_2, "rounds") if version >= 2 else ("game", "players", "rounds")
    item = an_object(value, where, (*keys, "rounds", "definition"), required=required)
    seated = [
        player_name(name, f"{where}.players[{i}]")
        for i, name in enumerate(a_list(item["players"], f"{where}.players"))
    ]
    created_at = moment_or_none(item.get("created_at"), f"{where}.created_at")
    by = users(username(item["created_by"], f"{where}.created_by")) if version >= 2 else owner
    with _refusals_at(where):
        match = Match.start(
            club=club,
            game=renamed.get(slug := text(item["game"], f"{where}.game", 32), slug),
            players=seated,
            teams=item.get("teams"),
            options=item.get("options"),
            dealer=item.get("dealer", 0),
            definition=item.get("definition"),
            by=by,
        )
    rounds = a_list(item["rounds"], f"{where}.rounds")
    if version == 1:
        for number, body in enumerate(rounds):
            with _refusals_at(f"{where}.rounds[{number}]"):
                match.add_round(body, by=owner)
        if created_at is not None:
            match.created_at = created_at
            Match.objects.filter(pk=match.pk).update(created_at=created_at)
        return match
    if version >= 3:
        stored = _restore_rounds(match, item, rounds, where, users)
    else:
        stored = _add_rounds(match, rounds, where, users)
    fields = ["created_by_name", "provisional", "confirmed_by_name", "created_at", "updated_at"]
    Round.objects.bulk_update(stored, fields)
    _load_history(match, item["history"], f"{where}.history", users)
    _set_dates(match, item, where, users)
    return match


def _add_rounds(match: Match, rounds: list[Any], where: str, users: _Users) -> list[Round]:
    """A version 2 file's rounds, entered as a phone enters them: each finished match is then
    announced (``match_recorded``) when the import commits, and the standings of current
    seasons and the ratings, which such a file does not hold, are rebuilt by their tasks."""
    stored: list[Round] = []
    for number, entry in enumerate(rounds, start=1):
        here = f"{where}.rounds[{number - 1}]"
        round_item = an_object(entry, here, ROUND_KEYS, required=ROUND_KEYS)
        author = users(username(round_item["created_by"], f"{here}.created_by"))
        with _refusals_at(f"{here}.body"):
            written = match.add_round(round_item["body"], by=author).round
        _read_round(written, round_item, here)
        stored.append(written)
    return stored


def _read_round(written: Round, round_item: Mapping[str, Any], here: str) -> None:
    """The file's authors, confirmation and dates of a round, on the row the engine wrote."""
    written.created_by_name = text(
        round_item["created_by_name"], f"{here}.created_by_name", USERNAME_MAX_LENGTH, blank=True
    )
    written.provisional = flag(round_item["provisional"], f"{here}.provisional")
    written.confirmed_by_name = text(
        round_item["confirmed_by_name"], f"{here}.confirmed_by_name", USERNAME_MAX_LENGTH, blank=True
    )
    written.created_at = moment(round_item["created_at"], f"{here}.created_at")
    written.updated_at = moment(round_item["updated_at"], f"{here}.updated_at")


def _restore_rounds(
    match: Match, item: Mapping[str, Any], rounds: list[Any], where: str, users: _Users
) -> list[Round]:
    """A version 3 file's rounds, each checked by the engine in turn (``scoring.play_round``, as
    ``Match.add_round`` checks it) and stored with the scores it gives, then the match as the
    file says it ended: finished, ended early (``scoring.end_early``) or still playing, each
    seat's final place as stored, and whether it belongs to an archived season. Nothing is
    announced: the file holds the standings and ratings built on these matches, as they were."""
    state = scoring.match.start_match(match.rules, match.setup)
    stored: list[Round] = []
    read: list[tuple[Mapping[str, Any], str]] = []
    for number, entry in enumerate(rounds, start=1):
        here = f"{where}.rounds[{number - 1}]"
        round_item = an_object(entry, here, ROUND_KEYS, required=ROUND_KEYS)
        with _refusals_at(f"{here}.body"):
            state = scoring.play_round(state, round_item["body"])
        last = state.log.last
        assert last is not None  # the state after a deal
        written = Round(
            match=match,
            number=number,
            body=round_item["body"],
            scores=list(last),
            created_by=users(username(round_item["created_by"], f"{here}.created_by")),
        )
        _read_round(written, round_item, here)  # checked before anything is stored
        stored.append(written)
        read.append((round_item, here))
    stored = Round.objects.bulk_create(stored)
    for written, (stored_item, here) in zip(stored, read, strict=True):
        _read_round(written, stored_item, here)  # the dates, which creating a row sets to now
    match.ended_early_at = moment_or_none(item.get("ended_early_at"), f"{where}.ended_early_at")
    # The snapshot stays the deals' state; an early end is the match's (``Match.end_early``).
    ended = scoring.end_early(state) if match.ended_early_at is not None else state
    match.end_reason = text(item.get("end_reason", ""), f"{where}.end_reason", END_REASON_LENGTH, blank=True)
    match.closed_at = moment_or_none(item.get("closed_at"), f"{where}.closed_at")
    match.status = Match.Status.FINISHED if ended.finished else Match.Status.IN_PROGRESS
    said = item.get("status", match.status)
    if said != match.status:
        raise BadFile(f"{where}.status", f"{_shown(said)}, where its rounds leave it {match.status}")
    match.snapshot = scoring.snapshot(state)
    Match.objects.filter(pk=match.pk).update(
        status=match.status,
        snapshot=match.snapshot,
        ended_early_at=match.ended_early_at,
        end_reason=match.end_reason,
        closed_at=match.closed_at,
    )
    _set_places(match, ended, item.get("places"), f"{where}.places")
    return stored


def _set_places(match: Match, state: scoring.MatchState, value: object, where: str) -> None:
    """Each seat's final total and place: as the file stores them, or, where it has none, as the
    engine leaves them (none while the match is open)."""
    seats = list(match.seats.all())
    found: list[tuple[int | None, int | None]]
    if value is None:
        place = {seat: row for row in state.standings for seat in row.seats} if state.finished else {}
        rows = [place.get(seat.position) for seat in seats]
        found = [(row.total, row.rank) if row else (None, None) for row in rows]
    else:
        places = a_list(value, where)
        if len(places) != len(seats):
            raise BadFile(where, f"expected a place for each of the {len(seats)} seats")
        found = []
        for index, pair in enumerate(places):
            here = f"{where}[{index}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise BadFile(here, "expected [total, place]")
            total, rank = pair
            found.append(
                (
                    None if total is None else whole_number(total, here, least=-MAX_NUMBER),
                    None if rank is None else whole_number(rank, here, least=1, most=len(seats)),
                )
            )
    for seat, (total, rank) in zip(seats, found, strict=True):
        seat.final_total, seat.final_rank = total, rank
    Seat.objects.bulk_update(seats, ["final_total", "final_rank"])


@contextmanager
def _refusals_at(where: str) -> Iterator[None]:
    """The engine's or the site's refusal of what the file holds at ``where``."""
    try:
        yield
    except (Refused, SiteRefused) as error:
        raise BadFile(where, f"refused ({error})") from error


def _load_history(match: Match, value: object, where: str, users: _Users) -> None:
    """The file's history replaces the one the engine wrote while the rounds went in."""
    revisions: list[RoundRevision] = []
    moments: list[datetime.datetime] = []
    keys: set[str] = set()
    for index, entry in enumerate(a_list(value, where)):
        here = f"{where}[{index}]"
        item = an_object(entry, here, HISTORY_KEYS, required=HISTORY_KEYS)
        key = item["idempotency_key"]
        if key is not None:
            key = text(key, f"{here}.idempotency_key", IDEMPOTENCY_KEY_LENGTH)
            if key in keys:
                raise BadFile(f"{here}.idempotency_key", "the key is used twice in this match")
            keys.add(key)
        for body in ("before", "after"):
            if item[body] is not None and not isinstance(item[body], dict):
                raise BadFile(f"{here}.{body}", "expected a round (an object) or null")
        moments.append(moment(item["at"], f"{here}.at"))
        revisions.append(
            RoundRevision(
                match=match,
                number=whole_number(item["number"], f"{here}.number", least=1, most=MAX_ROUND_NUMBER),
                action=choice(item["action"], f"{here}.action", RoundRevision.Action.values),
                before=item["before"],
                after=item["after"],
                by=users(username(item["by"], f"{here}.by")),
                by_name=text(item["by_name"], f"{here}.by_name", USERNAME_MAX_LENGTH, blank=True),
                at=moments[-1],
                idempotency_key=key,
            )
        )
    match.revisions.all().delete()
    created = RoundRevision.objects.bulk_create(revisions)
    # ``at`` is set when a row is added; the file's moments go on afterwards.
    for revision, stamp in zip(created, moments, strict=True):
        revision.at = stamp
    RoundRevision.objects.bulk_update(created, ["at"])


def _set_dates(match: Match, item: Mapping[str, Any], where: str, users: _Users) -> None:
    """The match's dates and deletion as the file has them. A finished match keeps the moment
    it finished (competitions and ratings take matches in that order); the object is updated
    too, as the competitions it counts for are found from it when the import commits."""
    finished_at = moment_or_none(item["finished_at"], f"{where}.finished_at")
    if match.status == Match.Status.FINISHED and finished_at is not None:
        match.finished_at = finished_at
    match.created_at = moment(item["created_at"], f"{where}.created_at")
    match.updated_at = moment(item["updated_at"], f"{where}.updated_at")
    match.deleted_at = moment_or_none(item["deleted_at"], f"{where}.deleted_at")
    match.deleted_by = (
        users(username(item["deleted_by"], f"{where}.deleted_by")) if match.deleted_at else None
    )
    Match.objects.filter(pk=match.pk).update(
        created_at=match.created_at,
        updated_at=match.updated_at,
        finished_at=match.finished_at,
        deleted_at=match.deleted_at,
        deleted_by=match.deleted_by,
    )
