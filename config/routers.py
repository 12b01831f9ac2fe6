"""Reads of standings and statistics from a read replica, when there is one.

Settings-driven: with ``DATABASE_REPLICA_URL`` set, ``config/settings.py`` adds a ``replica``
database and this router. Only the apps named in ``REPLICA_APPS`` (league standings and stats,
which tolerate a second of replication lag) read from it; everything else, and every write,
stays on ``default``, so a scorer always sees the round they just entered. Migrations run on
``default`` only: the replica follows it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Model


class ReplicaRouter:
    replica = "replica"

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        return self.replica if model._meta.app_label in settings.REPLICA_APPS else None

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        return None

    def allow_relation(self, obj1: Model, obj2: Model, **hints: Any) -> bool | None:
        return True  # one database and its copy: any two rows may relate

    def allow_migrate(
        self, db: str, app_label: str, model_name: str | None = None, **hints: Any
    ) -> bool | None:
        return db != self.replica
