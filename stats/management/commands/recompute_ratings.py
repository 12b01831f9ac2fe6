"""Rewrite every club's ratings (or one club's) from scratch, from the finished matches."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from players.models import Club
from stats.models import recompute


class Command(BaseCommand):
    help = "Recompute ratings and their history from the finished matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", type=int, help="Only this club (its id).")

    def handle(self, *args: object, **options: Any) -> None:
        clubs = Club.objects.all() if options["club"] is None else Club.objects.filter(pk=options["club"])
        for club in clubs:
            started = time.perf_counter()
            recompute(club)
            self.stdout.write(f"{club}: {time.perf_counter() - started:.2f} s")
