"""``manage.py import_club export.json --owner USERNAME [--members NAME ...|--all-members]``:
rebuild a club from its export.

The file may come from anywhere: whatever it holds, the command either imports the whole club or
stops with a ``CommandError`` saying why, and stores nothing. A file larger than
``settings.CLUB_IMPORT_MAX_BYTES`` is refused before it is read. It names accounts by username,
and any file may name any account: none of them joins the club unless the importer chooses it
(``--members``, or ``--all-members`` for a club's own backup); everyone else the file names
(members not chosen, rounds' authors) stays a name on what they wrote."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from backup import exports
from games.refusals import SiteRefused
from scoring import Refused

# What a file that passed ``read_document`` may still do to the import, each a refusal of the
# file: the engine's and the site's refusals, a value the database will not store, and, for a
# value of a kind no reader expected, the errors that kind raises.
REFUSALS = (
    exports.BadFile,
    Refused,
    SiteRefused,
    ValidationError,
    DatabaseError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,
    RecursionError,
)


class Command(BaseCommand):
    help = (
        "Rebuild a club (members, players, matches with every round checked again, their history, "
        "and the league) from its JSON export."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path")
        parser.add_argument("--owner", required=True, help="The username that will own the club.")
        chosen = parser.add_mutually_exclusive_group()
        chosen.add_argument(
            "--members",
            nargs="+",
            default=[],
            metavar="USERNAME",
            help=(
                "Members in the file to make members of the new club, each the account of that "
                "username here, with the file's role. By default no account joins: the file "
                "could name anyone."
            ),
        )
        chosen.add_argument(
            "--all-members",
            action="store_true",
            help="Every member in the file that has an account here joins (a club's own backup).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        model = get_user_model()
        owner = model.objects.filter(**{model.USERNAME_FIELD: options["owner"]}).first()
        if owner is None:
            raise CommandError(f"No user {options['owner']!r}.")
        path = Path(options["path"])
        try:
            with path.open("rb") as file:
                # Refused on its size before anything is read; and read no further than the
                # limit, for a file that grows meanwhile or has no size (a pipe).
                if refusal := exports.too_large(os.fstat(file.fileno()).st_size):
                    raise CommandError(f"Nothing imported: {refusal}")
                raw = file.read(settings.CLUB_IMPORT_MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror or error}") from None
        try:
            imported = exports.import_club(
                exports.read_document(raw),
                owner=owner,
                members=options["members"],
                every_member=options["all_members"],
            )
        except REFUSALS as error:
            raise CommandError(f"Nothing imported: {_reason(error)}") from error
        club = imported.club
        self.stdout.write(f"Imported {club.name!r} with {club.matches.count()} matches.")
        if imported.left_out:
            names = ", ".join(sorted(imported.left_out))
            self.stdout.write(
                f"Not chosen with --members: {names}. They are not members of the club; the "
                "rounds and history they wrote keep their names."
            )
        if imported.missing_users:
            names = ", ".join(sorted(imported.missing_users))
            self.stdout.write(
                f"No account here for {names}: their memberships and player links are left out; "
                "the rounds and history they wrote keep their names."
            )


def _reason(error: Exception) -> str:
    reason = str(error) or type(error).__name__
    return reason if len(reason) <= 300 else reason[:299] + "…"
