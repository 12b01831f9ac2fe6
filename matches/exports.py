"""A club's record as a file: everything needed to rebuild it elsewhere (JSON), and its results
for a spreadsheet (CSV).

The JSON holds what the table entered, not what Scoreblok computed: the players, and for every
match its game, set-up and rounds exactly as posted. Importing replays each round through the
same engine checks (``Match.add_round``), so an imported club has the very standings the
exported one had, or the import is refused whole.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.db import transaction

import scoring
from matches.models import Match
from players.models import Club, Membership

FORMAT = "scoreblok-club"
VERSION = 1


def export_club(club: Club) -> dict[str, Any]:
    matches = (
        Match.objects.filter(club=club, deleted_at=None)
        .prefetch_related("seats__player", "rounds")
        .order_by("created_at", "pk")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "club": {"name": club.name},
        "players": sorted(player.name for player in club.players.all()),
        "matches": [
            {
                "game": match.game,
                "players": [seat.player.name for seat in match.seats.all()],
                "teams": match.teams,
                "options": match.options,
                "dealer": match.dealer,
                "created_at": match.created_at.isoformat(),
                "rounds": [stored.body for stored in match.rounds.all()],
            }
            for match in matches
        ],
    }


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
