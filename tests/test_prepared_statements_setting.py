"""On PostgreSQL a statement is sent with its values apart and prepared on its connection after
five runs (config/settings.py); ``DATABASE_PREPARED=0`` turns that off for a transaction-mode
pooler. SQLite has neither."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
CODE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({alias: db.get('OPTIONS', {}) for alias, db in s.DATABASES.items()}))"
)


def _options(**environment: str) -> dict[str, dict]:
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings", **environment}
    result = subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_postgresql_prepares_what_a_connection_sends_again_and_again():
    options = _options(DATABASE_URL="postgres://app@db.example:5432/scoreblok")
    assert options["default"]["server_side_binding"] is True
    assert options["default"]["prepare_threshold"] == 5


def test_behind_a_transaction_mode_pooler_nothing_is_prepared():
    options = _options(DATABASE_URL="postgres://app@db.example:5432/scoreblok", DATABASE_PREPARED="0")
    assert "server_side_binding" not in options["default"]
    assert "prepare_threshold" not in options["default"]


def test_sqlite_is_left_as_it_is():
    assert "server_side_binding" not in _options(DATABASE_URL="sqlite:///tmp/scoreblok.sqlite3")["default"]


@pytest.mark.django_db
@pytest.mark.skipif(connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's")
def test_a_statement_run_often_is_prepared_on_its_connection():
    from players.models import Club

    for _ in range(6):
        list(Club.objects.filter(name="De Klaverclub"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        (prepared,) = cursor.fetchone()
    assert prepared >= 1
