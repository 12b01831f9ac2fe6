"""``manage.py task_worker``: the task worker of production (docs/deploy.md), django-tasks-db's
``db_worker`` with the same options, started again in the same process when it loses its
database connection.

``db_worker`` gives up on any database error but a locked SQLite file: after a PostgreSQL
restart or failover, or a connection ended by the server (``pg_terminate_backend``, an idle
timeout, a pooler), its next query raises and the process exits, and the standings, ratings,
exports and report mails wait in the queue, unseen. Here the worker is run through its public
entry point (``call_command``); when it ends on ``OperationalError`` or ``InterfaceError`` the
connections are closed (a connection the server ended still looks open on this side), a warning
says so, and after a short wait the worker starts again with a fresh connection: 1 s, doubled
while the database keeps failing, at most 30 s. The process ends when ``db_worker`` ends as
asked (a signal, ``--batch``, ``--max-tasks``) or on any other error; the supervisor
(deploy/scoreblok-worker.service, ``Restart=always``) starts it again then.

A task that was running when the connection went is not run again by this: its row stays
claimed (``RUNNING``), as it would if the process had died.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.management import call_command, load_command_class
from django.core.management.base import BaseCommand, CommandParser
from django.db import InterfaceError, OperationalError, connections

logger = logging.getLogger("scoreblok.worker")

FIRST_WAIT = 1.0  # seconds before the first restart: a dropped connection is usually back at once
LONGEST_WAIT = 30.0  # while the database stays down, a warning and a try every 30 s at most
SETTLED = 60.0  # a worker that ran this long had the database back: the next loss waits FIRST_WAIT


class Command(BaseCommand):
    help = (
        "Run the task worker (db_worker, same options); start it again when its database connection is lost."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        load_command_class("django_tasks_db", "db_worker").add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        # The checks ran once as this command started; the database may be what is missing.
        options["skip_checks"] = True
        wait = FIRST_WAIT
        while True:
            started = time.monotonic()
            try:
                call_command("db_worker", **options)
                return
            except (OperationalError, InterfaceError) as error:
                if time.monotonic() - started >= SETTLED:
                    wait = FIRST_WAIT
                logger.warning(
                    "The task worker lost its database connection (%s); starting it again in %.0f s.",
                    str(error).strip(),
                    wait,
                )
                connections.close_all()
                time.sleep(wait)
                wait = min(wait * 2, LONGEST_WAIT)
