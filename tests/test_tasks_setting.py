"""Tasks run at once in tests and on a developer's machine, and through the database queue (the
worker, ``manage.py db_worker``) in production."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.tasks import task_backends
from django.tasks.backends.immediate import ImmediateBackend

ROOT = Path(__file__).resolve().parent.parent


def test_tasks_run_at_once_in_tests():
    assert isinstance(task_backends["default"], ImmediateBackend)


def test_production_settings_queue_tasks_in_the_database():
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DEBUG", "TASKS_BACKEND"}},
        "DEBUG": "0",
        "SECRET_KEY": "a-long-random-production-secret-" + "x" * 40,
        "ALLOWED_HOSTS": "scoreblok.example",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    code = "import django; django.setup(); from django.conf import settings as s; print(s.TASKS)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert "'django_tasks_db.DatabaseBackend'" in result.stdout, result.stderr
