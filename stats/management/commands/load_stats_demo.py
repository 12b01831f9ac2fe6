"""Finished matches for the demo club (called by ``load_demo``; see ``stats.demo``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from players.models import Club
from stats.demo import play_finished_matches


class Command(BaseCommand):
    help = "Play a few finished matches in a club so its ratings and player pages have content."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", type=int, required=True)
        parser.add_argument("--user", type=int, required=True)

    def handle(self, *args: object, **options: Any) -> None:
        club = Club.objects.get(pk=options["club"])
        user = get_user_model().objects.get(pk=options["user"])
        played = play_finished_matches(club, user)
        self.stdout.write(f"{played} finished matches played for the ratings.")
