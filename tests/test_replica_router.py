"""With a read replica, standings and statistics read from it; every write, every other read
and every migration stay on the primary. Without one, nothing is routed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.test import override_settings

from config.routers import ReplicaRouter
from matches.models import Match
from players.models import Club

ROOT = Path(__file__).resolve().parent.parent


@override_settings(REPLICA_APPS=("players",))
def test_reads_of_replica_apps_go_to_the_replica_and_writes_to_the_primary():
    router = ReplicaRouter()
    assert router.db_for_read(Club) == "replica"
    assert router.db_for_write(Club) is None
    assert router.db_for_read(Match) is None


def test_migrations_run_on_the_primary_only():
    router = ReplicaRouter()
    assert router.allow_migrate("default", "players") is True
    assert router.allow_migrate("replica", "players") is False


def test_no_replica_no_router():
    assert "replica" not in settings.DATABASES
    assert not getattr(settings, "DATABASE_ROUTERS", [])


def test_database_replica_url_adds_the_replica_and_the_router():
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    env["DATABASE_REPLICA_URL"] = "postgres://reader@replica.example:5432/scoreblok"
    code = "import django; django.setup(); from django.conf import settings as s; "
    code += "print(s.DATABASES['replica']['HOST'], s.DATABASE_ROUTERS)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.split() == ["replica.example", "['config.routers.ReplicaRouter']"], result.stderr
