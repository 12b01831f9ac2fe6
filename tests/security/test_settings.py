"""Production defaults: DEBUG is off unless asked for, a missing SECRET_KEY stops the start, and a
crash shows the site's own error page (or the API's error shape), never a debug page. (The
database being down is an outage, 503: tests/test_outages.py.)"""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.db import ProgrammingError
from django.db.models import QuerySet

from tests.settings_runs import production_setting, run_with_settings

PROBE = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
SERVER_START = "import config.wsgi"


def run_settings(*command: str, probe: str = PROBE, **env: str) -> subprocess.CompletedProcess[str]:
    return run_with_settings(*command, code=probe, **env)


def test_debug_is_off_unless_the_environment_turns_it_on():
    assert run_settings(SECRET_KEY="x" * 50).stdout.strip() == "False"
    assert run_settings(DEBUG="1").stdout.strip() == "True"


def test_production_refuses_to_start_without_a_secret_key():
    result = run_settings(probe=SERVER_START)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "SECRET_KEY is not set" in result.stderr


def test_without_a_secret_key_nothing_can_be_signed():
    signs = "import django; django.setup(); from django.core import signing; signing.dumps(1)"
    result = run_settings(probe=signs)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "SECRET_KEY" in result.stderr


def test_commands_that_sign_nothing_run_without_a_secret_key():
    # A build step migrates and checks without the production secret.
    result = run_settings(sys.executable, "manage.py", "makemigrations", "--check", "--dry-run")
    assert result.returncode == 0, result.stderr
    assert "No changes detected" in result.stdout


@pytest.mark.django_db
def test_a_database_bug_is_the_sites_500_page_not_a_debug_page(client, alice, monkeypatch, settings):
    client.force_login(alice)
    client.raise_request_exception = False

    def fail(*args, **kwargs):
        raise ProgrammingError('column "secret_column" does not exist')

    monkeypatch.setattr(QuerySet, "_fetch_all", fail)
    page = client.get("/")
    assert page.status_code == 500
    assert b"Traceback" not in page.content and b"secret_column" not in page.content
    assert b'class="topbar"' in page.content
    api = client.get("/api/matches/")
    assert api.status_code == 500
    assert [(e["code"], e["field"]) for e in api.json()["errors"]] == [("server_error", "")]
    assert b"secret_column" not in api.content


def test_a_mail_backend_other_than_smtp_sends_in_production():
    """SMTP's host option goes to SMTP only: with any other backend every mail failed."""
    probe = (
        "import django; django.setup()\n"
        "from django.core import mail\n"
        "mail.outbox = []\n"
        "mail.send_mail('Report', 'Body', 'club@scoreblok.example', ['anna@scoreblok.example'])\n"
        "print(len(mail.outbox))"
    )
    shown = production_setting(probe, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend")
    assert shown == "1"
