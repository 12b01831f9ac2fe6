"""A club's export: the JSON file of everything the club entered (``backup.exports``), written by
a task (``backup.tasks``) and kept a week for its download."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import models, transaction
from django.db.models.functions import Length
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from players.models import Club

EXPORT_KEPT = timedelta(days=7)  # then purged: on the next export of any club, or by purge_exports
EXPORT_STALLED = timedelta(minutes=15)  # in progress without news this long: the worker lost it


class ClubExportQuerySet(models.QuerySet["ClubExport"]):
    def expired(self) -> ClubExportQuerySet:
        return self.filter(created_at__lt=timezone.now() - EXPORT_KEPT)


class ClubExport(models.Model):
    """A club's record as a file (``backup.exports``), written by a task, not in a request: a
    club with years of matches takes longer than a request should. The file is kept in the
    database, not on a disk: the app servers and the task worker share nothing else
    (docs/deploy.md), and PostgreSQL compresses it."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting for its turn")
        RUNNING = "running", _("being written")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="exports")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)  # matches written so far
    total = models.PositiveIntegerField(default=0)  # matches to write (known once it runs)
    # The JSON file of an export written before files were written in parts (``ClubExportPart``):
    # kept until it expires with its export.
    content = models.BinaryField(null=True, editable=False)
    # What went wrong, for whoever runs the site (logged too); the page says it in words.
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = ClubExportQuerySet.as_manager()

    class Meta:
        # Kept in the table it had in the matches app (moved without moving data: migrations
        # ``matches.0015`` and ``backup.0001``), under the index name it had there.
        db_table = "matches_clubexport"
        indexes = [models.Index(fields=["created_at"], name="matches_clu_created_65915d_idx")]

    def __str__(self) -> str:
        return f"{self.club} export {self.pk}: {self.status}"

    @classmethod
    @transaction.atomic
    def request(cls, club: Club, by: User | AnonymousUser) -> tuple[ClubExport, bool]:
        """The club's export still in progress, or a new one (True: to be written). Exports
        past ``EXPORT_KEPT`` go first, whoever's they are."""
        cls.objects.expired().delete()
        pending = cls.objects.filter(club=club, status__in=[cls.Status.QUEUED, cls.Status.RUNNING])
        current = pending.order_by("-created_at").first()
        if current is not None and not current.stalled:
            return current, False
        return cls.objects.create(club=club, requested_by_id=by.pk), True

    @property
    def in_progress(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING) and not self.stalled

    @property
    def stalled(self) -> bool:
        """Still queued or running, without news for ``EXPORT_STALLED``: a worker that died or
        a queue that lost it. Shown as failed; the next request starts a new one."""
        waiting = self.status in (self.Status.QUEUED, self.Status.RUNNING)
        return waiting and self.updated_at < timezone.now() - EXPORT_STALLED

    @property
    def failed(self) -> bool:
        return self.status == self.Status.FAILED or self.stalled

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0

    def progress(self, done: int, total: int) -> None:
        self.status, self.done, self.total = self.Status.RUNNING, done, total
        self.save(update_fields=["status", "done", "total", "updated_at"])

    def write(self, number: int, content: bytes) -> None:
        """Store the file's next part (``ClubExportPart``), as it is built."""
        ClubExportPart.objects.create(export=self, number=number, content=content)

    def finish(self) -> None:
        self.status, self.finished_at = self.Status.DONE, timezone.now()
        self.done = self.total
        self.save(update_fields=["status", "finished_at", "done", "updated_at"])

    def fail(self, error: str) -> None:
        self.parts.all().delete()  # whatever was written of the file
        self.status, self.error, self.finished_at = self.Status.FAILED, error, timezone.now()
        self.save(update_fields=["status", "error", "finished_at", "updated_at"])

    @property
    def size(self) -> int:
        """The file's length in bytes."""
        stored = self.parts.aggregate(size=models.Sum(Length("content")))["size"]
        if stored is None:  # written whole, before files were written in parts
            return len(ClubExport.objects.values_list("content", flat=True).get(pk=self.pk) or b"")
        return int(stored)

    def read(self) -> Iterator[bytes]:
        """The file, a part at a time: each part is read from the database only when the one
        before it has been sent, so a download holds one part in memory, whatever the size."""
        numbers = list(self.parts.order_by("number").values_list("pk", flat=True))
        if not numbers:  # written whole, before files were written in parts
            yield bytes(ClubExport.objects.values_list("content", flat=True).get(pk=self.pk) or b"")
        for pk in numbers:
            yield bytes(ClubExportPart.objects.values_list("content", flat=True).get(pk=pk))


class ClubExportPart(models.Model):
    """A part of an export's file, in order (about ``backup.exports.PART_SIZE`` each): the task
    stores the file a part at a time as it writes it, and the download sends it a part at a
    time, so neither holds a club's whole file in memory (docs/deploy.md, "Club backups")."""

    export = models.ForeignKey(ClubExport, on_delete=models.CASCADE, related_name="parts")
    number = models.PositiveIntegerField()
    content = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["export", "number"], name="backup_export_part_once"),
        ]

    def __str__(self) -> str:
        return f"{self.export_id} part {self.number}"
