"""``manage.py import_club export.json --owner USERNAME``: rebuild a club from its export.

The file may come from anywhere: whatever it holds, the command either imports the whole club or
stops with a ``CommandError`` saying why, and stores nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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

    def handle(self, *args: Any, **options: Any) -> None:
        model = get_user_model()
        owner = model.objects.filter(**{model.USERNAME_FIELD: options["owner"]}).first()
        if owner is None:
            raise CommandError(f"No user {options['owner']!r}.")
        path = Path(options["path"])
        try:
            with path.open("rb") as file:
                raw = file.read(exports.MAX_FILE_BYTES + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror or error}") from None
        try:
            imported = exports.import_club(exports.read_document(raw), owner=owner)
        except REFUSALS as error:
            raise CommandError(f"Nothing imported: {_reason(error)}") from error
        club = imported.club
        self.stdout.write(f"Imported {club.name!r} with {club.matches.count()} matches.")
        if imported.missing_users:
            names = ", ".join(sorted(imported.missing_users))
            self.stdout.write(
                f"No account here for {names}: their memberships and player links are left out; "
                "the rounds and history they wrote keep their names."
            )


def _reason(error: Exception) -> str:
    reason = str(error) or type(error).__name__
    return reason if len(reason) <= 300 else reason[:299] + "…"
