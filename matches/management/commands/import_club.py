"""``manage.py import_club export.json --owner USERNAME``: rebuild a club from its export."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from matches.exports import import_club
from matches.refusals import SiteRefused
from scoring import Refused


class Command(BaseCommand):
    help = "Rebuild a club (players, matches and every round, checked again) from its JSON export."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path")
        parser.add_argument("--owner", required=True, help="The username that will own the club.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            owner = get_user_model().objects.get(username=options["owner"])
        except get_user_model().DoesNotExist:
            raise CommandError(f"No user {options['owner']!r}.") from None
        with open(options["path"], encoding="utf-8") as file:
            data = json.load(file)
        try:
            club = import_club(data, owner=owner)
        except (Refused, SiteRefused, ValueError, KeyError, TypeError) as error:
            raise CommandError(f"Nothing imported: {error}") from error
        self.stdout.write(f"Imported {club.name!r} with {club.matches.count()} matches.")
