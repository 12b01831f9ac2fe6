"""A club's record as a file: everything needed to rebuild it elsewhere (JSON), and its results
for a spreadsheet (CSV).

The JSON holds what the table entered, not what Scoreblok computed: the players, and for every
match its game, set-up and rounds exactly as posted. Importing replays each round through the
same engine checks (``Match.add_round``), so an imported club has the very standings the
exported one had, or the import is refused whole.

The JSON export is written by a task (``matches.tasks``, into a ``ClubExport``), which reports
how many matches it has written as it goes; the results CSV is small and stays a download.

A CSV cell is written so that a spreadsheet shows it as written (``spreadsheet_row``): a
player's name is typed by any scorer, and the secretary opens the file in a spreadsheet, which
would run a name such as ``=HYPERLINK(...)`` as a formula. The league's standings CSV writes its
rows the same way.
"""

from __future__ import annotations

import csv
import io
import json
import logging
from collections.abc import Callable, Iterable
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

import scoring
from matches.models import ClubExport, Match
from players.models import Club, Membership

FORMAT = "scoreblok-club"
VERSION = 1
CHUNK = 200  # matches read (with their seats and rounds) and counted as done at a time

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


def export_club(club: Club, progress: Progress | None = None) -> dict[str, Any]:
    ordered = Match.objects.filter(club=club, deleted_at=None).order_by("created_at", "pk")
    ids = list(ordered.values_list("pk", flat=True))
    matches: list[dict[str, Any]] = []
    if progress:
        progress(0, len(ids))
    for start in range(0, len(ids), CHUNK):
        chunk = ordered.filter(pk__in=ids[start : start + CHUNK]).prefetch_related("seats__player", "rounds")
        matches += [
            {
                "game": match.game,
                "players": [seat.player.name for seat in match.seats.all()],
                "teams": match.teams,
                "options": match.options,
                "dealer": match.dealer,
                "created_at": match.created_at.isoformat(),
                "rounds": [stored.body for stored in match.rounds.all()],
            }
            for match in chunk
        ]
        if progress:
            progress(len(matches), len(ids))
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": {"name": club.name},
        "players": sorted(player.name for player in club.players.all()),
        "matches": matches,
    }


def export_file(club: Club, progress: Progress | None = None) -> bytes:
    """The export as the file people download (UTF-8 JSON, one space of indent)."""
    document = export_club(club, progress)
    return json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1).encode()


def write_export(export: ClubExport) -> None:
    """Write a requested export's file, saving how far it got after every ``CHUNK`` matches. A
    failure is logged and stored on the export (its page says so), never raised."""
    try:
        content = export_file(export.club, export.progress)
    except Exception as error:
        logger.exception("Export %s of club %s failed", export.pk, export.club_id)
        export.fail(f"{type(error).__name__}: {error}")
        return
    export.finish(content)


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


@transaction.atomic
def import_club(data: dict[str, Any], *, owner: Any) -> Club:
    """A new club from an export, owned by ``owner``; every round is checked again on the way
    in (``Refused``, ``SiteRefused`` or ``ValueError``: nothing is stored)."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError("not a Scoreblok club export")
    club = Club.objects.create(name=str(data["club"]["name"]))
    Membership.objects.create(club=club, user=owner, role=Membership.Role.OWNER)
    for name in data.get("players", []):
        club.player_named(name)
    for item in data.get("matches", []):
        match = Match.start(
            club=club,
            game=item["game"],
            players=item["players"],
            teams=item.get("teams"),
            options=item.get("options"),
            dealer=item.get("dealer", 0),
            by=owner,
        )
        for body in item.get("rounds", []):
            match.add_round(body, by=owner)
    return club
