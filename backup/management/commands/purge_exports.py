"""Delete club exports older than a week (``backup.models.EXPORT_KEPT``), files included. Every
new export does this too; run it daily (cron, beside purge_guests) so a club that never exports
again does not keep its old files in the database."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from backup.models import EXPORT_KEPT, ClubExport


class Command(BaseCommand):
    help = "Delete club exports (and their files) older than a week."

    def handle(self, *args: Any, **options: Any) -> None:
        gone, _ = ClubExport.objects.expired().delete()
        self.stdout.write(f"{gone} export(s) older than {EXPORT_KEPT.days} days deleted.")
