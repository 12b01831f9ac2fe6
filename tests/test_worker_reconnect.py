"""The task worker comes back (docs/deploy.md, "Task worker"): production's worker,
``manage.py task_worker`` (config/management/commands/task_worker.py), runs in a process of its
own against the test database; PostgreSQL ends its connection, as a restart or a failover does;
the next task enqueued still runs, and the process never exited. ``db_worker`` alone exited there,
and every task after waited unseen."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.db import connection
from django.tasks import TaskResult, TaskResultStatus, task
from psycopg import sql

ROOT = Path(__file__).resolve().parent.parent
# The worker's connections carry this name (libpq's PGAPPNAME), so that the test ends its
# connections and no other.
WORKER_NAME = "scoreblok-worker-reconnect-test"
# A busy machine (other work on its two cores) can take many seconds to start Django.
PATIENCE = 120.0

pytestmark = pytest.mark.django_db(transaction=True)  # the worker sees only committed rows


@task
def echo(value: str) -> str:
    """A task that does nothing but be run: its result says it ran."""
    return value


def database_url() -> str:
    """The test database, for the worker's ``DATABASE_URL``."""
    db = connection.settings_dict
    password = f":{quote(db['PASSWORD'], safe='')}" if db["PASSWORD"] else ""
    return f"postgres://{quote(db['USER'], safe='')}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def worker(settings, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """``manage.py task_worker`` as production runs it (DEBUG off, the database queue), polling
    every 0.2 s; its log in a file the test reads."""
    if connection.vendor != "postgresql":
        pytest.skip("ends a connection with PostgreSQL's pg_terminate_backend")
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    log = tmp_path / "worker.log"
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}},
        "DEBUG": "0",
        "SECRET_KEY": "a-long-random-test-secret-" + "x" * 40,
        "DATABASE_URL": database_url(),
        "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
        "PGAPPNAME": WORKER_NAME,
    }
    command = [sys.executable, "manage.py", "task_worker", "--interval", "0.2", "--no-startup-delay"]
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        yield process, log
    finally:
        # SIGTERM: db_worker's own graceful stop, its connection closed before the test
        # database is dropped.
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_by_worker(result: TaskResult, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline and process.poll() is None:
        result.refresh()
        if result.status == TaskResultStatus.SUCCESSFUL:
            return
        time.sleep(0.2)
    state = "exited" if process.poll() is not None else "still running"
    pytest.fail(f"task not run ({result.status}); the worker {state}:\n{log.read_text()[-3000:]}")


@contextmanager
def database_restarting() -> Iterator[int]:
    """What a PostgreSQL restart or failover does to the worker: the server ends its connections
    and refuses new ones for a while (here until the block ends). Yields how many were ended.

    Neither has an ORM form, so this test says them in SQL, on a connection of its own (psycopg,
    to the maintenance database, not the ORM's): SQL text is kept out of the site's code, not out
    of its tests.
    """
    db = connection.settings_dict
    name = sql.Identifier(db["NAME"])
    with psycopg.connect(
        host=db["HOST"],
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as own:
        own.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS false").format(name))
        try:
            rows = own.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                [WORKER_NAME],
            ).fetchall()
            yield sum(1 for (ended,) in rows if ended)
        finally:
            own.execute(sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS true").format(name))


def wait_for_the_worker_to_notice(process: subprocess.Popen[bytes], log: Path) -> None:
    """Until the worker's next poll has met the refused connection: it says so (or exits)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline and process.poll() is None:
        if "lost its database connection" in log.read_text():
            return
        time.sleep(0.2)


def test_the_next_task_runs_after_the_database_ends_the_workers_connection(worker):
    """The worker is up and has run a task; PostgreSQL restarts under it (its connection ended,
    new ones refused for a moment); a task enqueued once the database is back runs, and the
    worker process never exited."""
    process, log = worker
    run_by_worker(echo.enqueue("before"), process, log)  # the worker is up, its connection open

    with database_restarting() as ended:
        assert ended >= 1
        wait_for_the_worker_to_notice(process, log)

    after = echo.enqueue("after")
    run_by_worker(after, process, log)
    assert after.return_value == "after"
    assert process.poll() is None, "the worker exited"
    assert "lost its database connection" in log.read_text()
