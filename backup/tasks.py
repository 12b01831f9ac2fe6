"""Work that does not belong in a request, through Django's tasks framework: a club's export
(every match with every round) takes longer than a page should. In production the database
worker runs it (``manage.py db_worker``, docs/deploy.md); in tests and ``make run`` Django's
ImmediateBackend runs it at once, in the request."""

from __future__ import annotations

import logging

from django.contrib.auth.models import AnonymousUser, User
from django.tasks import task

from backup.exports import write_export
from backup.models import ClubExport
from players.models import Club

logger = logging.getLogger(__name__)


@task
def write_club_export(export_id: int) -> None:
    export = ClubExport.objects.select_related("club").filter(pk=export_id).first()
    if export is None or export.status != ClubExport.Status.QUEUED:
        return  # purged meanwhile, or already written
    write_export(export)


def start_export(club: Club, by: User | AnonymousUser) -> ClubExport:
    """The club's export in progress, or a new one queued for the worker."""
    export, new = ClubExport.request(club, by)
    if new:
        try:
            write_club_export.enqueue(export.pk)
        except Exception as error:
            # The queue is out of reach: the page says the export failed, and a new request
            # tries again.
            logger.exception("Export %s of club %s not queued", export.pk, club.pk)
            export.fail(f"not queued: {type(error).__name__}: {error}")
    return export
