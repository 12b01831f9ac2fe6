"""Errors reach a person: Sentry when ``SENTRY_DSN`` is set, a mail to ``ADMINS`` otherwise; and with
``LOG_FORMAT=json`` each request is one JSON line (method, path, status, duration, user), never a
body, a query string or a secret of the path."""

from __future__ import annotations

import json
import logging

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from config.logs import JsonFormatter, OutageMailedOnce
from tests.factories import InvitationFactory, token_for
from tests.settings_runs import PRODUCTION, production_setting, run_with_settings

SENTRY = "http://public@127.0.0.1:9/1"


def _run(probe: str, **extra: str) -> str:
    """``probe`` printed by a fresh Python with production's settings and ``extra`` in its environment."""
    return production_setting(
        "import django; django.setup()\n" + probe, unset={"SENTRY_DSN", "ADMINS", "LOG_FORMAT"}, **extra
    )


SENTRY_PROBE = """
import logging, sentry_sdk
from sentry_sdk.transport import Transport
client = sentry_sdk.get_client()
sent = []
class Kept(Transport):
    def capture_envelope(self, envelope):
        sent.extend(item.payload.json for item in envelope.items if item.type == "event")
client.transport = Kept(client.options)
try:
    1 / 0
except ZeroDivisionError:
    logging.getLogger("backup.tasks").exception("Export 7 of club 3 not queued")
from django.utils.log import AdminEmailHandler
mailed = any(isinstance(h, AdminEmailHandler) for h in logging.getLogger().handlers)
print(client.is_active(), client.options["dsn"], client.options["send_default_pii"], mailed)
print("django" in client.integrations)
print(sent[0]["exception"]["values"][0]["type"] if sent else "nothing sent")
"""


def test_with_a_sentry_dsn_errors_go_to_sentry_and_not_to_the_admins_mailbox():
    """A request's crash reaches Sentry through its Django integration (Django's own log of it is
    left out there, not to be sent twice), an error the code logs through its logging one."""
    shown = _run(SENTRY_PROBE, SENTRY_DSN=SENTRY, ADMINS="ops@scoreblok.example")
    assert shown.splitlines() == [f"True {SENTRY} False False", "True", "ZeroDivisionError"]


def test_without_one_nothing_is_sent_to_sentry_and_admins_come_from_the_environment():
    probe = (
        "import logging, sentry_sdk; from django.conf import settings\n"
        "from django.utils.log import AdminEmailHandler\n"
        "mailed = any(isinstance(h, AdminEmailHandler) for h in logging.getLogger().handlers)\n"
        "print(sentry_sdk.get_client().is_active(), settings.ADMINS, mailed)"
    )
    shown = _run(probe, ADMINS="ops@scoreblok.example, Eva <eva@scoreblok.example>")
    assert shown == "False ['ops@scoreblok.example', 'Eva <eva@scoreblok.example>'] True"


@pytest.mark.django_db
def test_a_crash_is_mailed_to_the_admins(alice, settings, monkeypatch):
    settings.ADMINS = ["ops@scoreblok.example"]
    client = Client(raise_request_exception=False)
    client.force_login(alice)

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the bug the admins should hear of")

    monkeypatch.setattr("players.middleware.UserLanguageMiddleware.__call__", crash)
    assert client.get(reverse("home")).status_code == 500
    [sent] = mail.outbox
    assert sent.to == ["ops@scoreblok.example"]
    assert "the bug the admins should hear of" in sent.body


def test_a_log_format_nobody_knows_stops_the_start():
    result = run_with_settings(code="import django; django.setup()", DEBUG="1", LOG_FORMAT="jsno")
    assert result.returncode != 0
    assert "LOG_FORMAT='jsno'" in result.stderr


def test_with_log_format_json_every_log_line_is_json():
    probe = (
        "import logging\n"
        "logging.getLogger('matches').error('Export %s not queued', 7)\n"
        "print(logging.getLogger('scoreblok.requests').isEnabledFor(logging.INFO))"
    )
    result = run_with_settings(
        code="import django; django.setup()\n" + probe, **PRODUCTION, LOG_FORMAT="json"
    )
    assert result.stdout.strip() == "True"
    [line] = result.stderr.splitlines()
    assert json.loads(line) | {"time": None} == {
        "time": None,
        "level": "ERROR",
        "logger": "matches",
        "message": "Export 7 not queued",
    }


@pytest.fixture
def request_lines(caplog):
    """The request log lines written, as their JSON (the JSON formatter applied to each record)."""
    caplog.set_level(logging.INFO, logger="scoreblok.requests")
    formatter = JsonFormatter()

    def lines() -> list[dict[str, object]]:
        return [json.loads(formatter.format(r)) for r in caplog.records if r.name == "scoreblok.requests"]

    return lines


@pytest.mark.django_db
def test_each_request_is_one_line_with_method_path_status_duration_and_user(alice, request_lines):
    client = Client()
    client.force_login(alice)
    client.get("/?secret=in-the-query")
    api = Client()
    token = token_for(alice)
    api.post(
        "/api/matches/",
        {"name": "x"},
        content_type="application/json",
        headers={"Authorization": f"Token {token}"},
    )
    page, call = request_lines()
    assert page["method"] == "GET" and page["path"] == "/" and page["status"] == 200
    assert page["user_id"] == alice.pk
    assert isinstance(page["duration_ms"], float) and page["duration_ms"] >= 0
    assert call["method"] == "POST" and call["path"] == "/api/matches/" and call["status"] == 400
    assert call["user_id"] == alice.pk
    written = json.dumps([page, call])
    assert "in-the-query" not in written and token not in written and '"name"' not in written


@pytest.mark.django_db
def test_a_secret_in_the_address_is_logged_as_its_name(client, klaverclub, alice, request_lines):
    invitation = InvitationFactory(club=klaverclub)
    client.get(reverse("invitation_accept", args=[invitation.token]))
    client.get(reverse("rules_game", args=["canasta"]))
    [invite, rules] = request_lines()
    assert invite["path"] == "/invite/<token>/"
    assert invite["user_id"] is None
    assert rules["path"] == "/rules/canasta/"


@pytest.mark.django_db
def test_an_outage_is_mailed_once_not_once_a_request(alice, settings):
    """The database down answers every request 503; the admins hear of it once, not a mail a request."""
    from tests.test_outages import database_down

    settings.ADMINS = ["ops@scoreblok.example"]
    for handler in logging.getLogger().handlers:
        for once in handler.filters:
            if isinstance(once, OutageMailedOnce):
                once.last = None  # an outage of an earlier test in this process was mailed
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    with database_down():
        assert [client.get(reverse("home")).status_code for _ in range(3)] == [503] * 3
    assert len(mail.outbox) == 1
    assert "Service Unavailable" in mail.outbox[0].subject
