"""Delete the guest scorepads ("Keep score now") nobody claimed by signing up within
``settings.GUEST_DAYS`` days, with their clubs and matches. Run it daily (cron, a scheduled task)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from players.models import Guest


class Command(BaseCommand):
    help = "Delete guests older than GUEST_DAYS days that never signed up, with their matches."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=None, help="Override GUEST_DAYS (the age at which guests go)."
        )

    def handle(self, *args: Any, days: int | None = None, **options: Any) -> None:
        days = settings.GUEST_DAYS if days is None else days
        if days < 1:
            self.stderr.write("--days must be 1 or more.")
            return
        gone = Guest.purge(days)
        self.stdout.write(f"{gone} guest(s) older than {days} days deleted.")
