"""What an error tells the admins and Sentry: never a password or a cookie, and one report per kind
of error per interval (with the count of the rest), however many requests fail; a bad ``Host`` is
never mailed at all."""

from __future__ import annotations

import logging
import re

import pytest
import sentry_sdk
from django.core import mail
from django.test import Client
from sentry_sdk.transport import Transport

from config.reports import REPORT_INTERVAL, forget_sent, sentry_options
from tests.factories import PASSWORD
from tests.settings_runs import production_setting

pytestmark = pytest.mark.django_db
SECRET = "Secret-9c26d5c739fc"


class Kept(Transport):
    """A Sentry transport that keeps what it would send."""

    def __init__(self, options: dict) -> None:
        super().__init__(options)
        self.events: list[dict] = []

    def capture_envelope(self, envelope) -> None:
        for item in envelope.items:
            if item.type == "event":
                self.events.append(item.payload.json)


@pytest.fixture
def sentry():
    """Sentry started with the site's own options, its events kept instead of sent."""
    options = sentry_options("http://public@127.0.0.1:9/1", "test")
    transport = Kept(options)
    sentry_sdk.init(**options, transport=transport)
    yield transport
    sentry_sdk.init()  # no DSN: nothing is sent any more


@pytest.fixture
def admins(settings):
    settings.ADMINS = ["ops@scoreblok.example"]


def crash(*args: object, **kwargs: object) -> None:
    raise RuntimeError("the database said no")


def test_a_failed_sign_up_mails_and_sends_no_password(admins, sentry, monkeypatch):
    """The sign-up fails inside the form's ``create``, whose frame holds the password: neither the
    mail nor Sentry's event carries it, nor the CSRF token or a cookie."""
    monkeypatch.setattr("players.forms.Club.personal_for", crash)
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = "a-session-key-nobody-may-see"
    response = client.post(
        "/accounts/signup/",
        {"username": "newbie", "email": "", "password1": SECRET, "password2": SECRET},
    )
    assert response.status_code == 500
    [sent] = mail.outbox
    assert "the database said no" in sent.body
    [event] = sentry.events
    assert event["exception"]["values"][-1]["type"] == "RuntimeError"
    for text in (sent.subject, sent.body, repr(event)):
        assert SECRET not in text
        assert "a-session-key-nobody-may-see" not in text
    assert "data" not in event["request"] and "cookies" not in event["request"]
    assert "vars" not in repr(event["exception"])  # no local variables


def test_a_failed_account_deletion_mails_and_sends_no_password(admins, sentry, alice, monkeypatch):
    monkeypatch.setattr("players.views.delete_account", crash)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    response = client.post("/account/delete/", {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 500
    [sent] = mail.outbox
    [event] = sentry.events
    for text in (sent.body, repr(event)):
        assert PASSWORD not in text
    assert "********************" in sent.body  # the POST's values are there, hidden


def test_a_failed_api_log_in_sends_no_password(admins, sentry, alice, monkeypatch):
    monkeypatch.setattr("players.api.authenticate", crash)
    client = Client(raise_request_exception=False)
    response = client.post(
        "/api/auth/token/", {"username": "alice", "password": SECRET}, content_type="application/json"
    )
    assert response.status_code == 500
    [sent] = mail.outbox
    [event] = sentry.events
    assert SECRET not in sent.body and SECRET not in repr(event)


def test_sentry_keeps_no_cache_key_in_its_breadcrumbs():
    from config.reports import before_breadcrumb

    crumb = {"category": "redis", "message": "GET :1:django.contrib.sessions.cached_dbabc123"}
    assert before_breadcrumb(crumb, {}) is None
    kept = before_breadcrumb({"category": "query", "data": {"session_key": "abc"}}, {})
    assert kept == {"category": "query", "data": {"session_key": "********************"}}


def test_production_starts_sentry_without_bodies_or_local_variables():
    probe = (
        "import django; django.setup(); import sentry_sdk\n"
        "options = sentry_sdk.get_client().options\n"
        "print(options['max_request_body_size'], options['include_local_variables'],"
        " options['send_default_pii'], options['before_send'].__name__,"
        " options['before_breadcrumb'].__name__)"
    )
    shown = production_setting(probe, unset={"ADMINS"}, SENTRY_DSN="http://public@127.0.0.1:9/1")
    assert shown == "never False False before_send before_breadcrumb"


def test_a_hundred_bad_hosts_send_no_mail(admins, caplog):
    client = Client()
    with caplog.at_level(logging.INFO, logger="django.security.DisallowedHost"):
        codes = {client.get("/", HTTP_HOST=f"evil{n}.example").status_code for n in range(100)}
    assert codes == {400}
    assert mail.outbox == []
    bad_hosts = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert len(bad_hosts) == 100 and {r.levelname for r in bad_hosts} == {"INFO"}


def test_a_bad_host_never_reaches_sentry(sentry):
    for n in range(5):
        Client().get("/", HTTP_HOST=f"evil{n}.example")
    assert sentry.events == []


def test_the_same_error_a_hundred_times_is_mailed_once_then_with_a_count(admins, alice, monkeypatch):
    monkeypatch.setattr("players.views.delete_account", crash)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    for _ in range(100):
        client.post("/account/delete/", {"password": PASSWORD, "confirm": "on"})
    assert len(mail.outbox) == 1
    # The interval over (for this process, and for the others through the shared cache): the
    # next one is mailed, saying how many were held back.
    forget_sent()
    from django.core.cache import cache

    held = [key.split(":", 2)[2] for key in cache._cache if ":reports:" in key]
    cache.delete_many([key for key in held if not key.endswith(":unsent")])
    client.post("/account/delete/", {"password": PASSWORD, "confirm": "on"})
    assert len(mail.outbox) == 2
    assert "(and 99 more like it since the last mail)" in mail.outbox[1].subject


def test_another_error_is_mailed_although_the_first_kind_is_held(admins, alice, monkeypatch):
    monkeypatch.setattr("players.views.delete_account", crash)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    for _ in range(3):
        client.post("/account/delete/", {"password": PASSWORD, "confirm": "on"})
    logging.getLogger("backup.tasks").error("Export %s not queued", 7)
    logging.getLogger("backup.tasks").error("Export %s not queued", 8)
    subjects = [message.subject for message in mail.outbox]
    assert len(subjects) == 2 and "Export 7 not queued" in subjects[1]


def test_one_server_s_report_holds_back_the_others_through_the_cache(admins):
    """Another app server is another process: it forgets nothing in the cache they share."""
    logging.getLogger("backup.tasks").error("Export %s not queued", 7)
    forget_sent()  # as a second process would start
    logging.getLogger("backup.tasks").error("Export %s not queued", 7)
    assert len(mail.outbox) == 1
    assert REPORT_INTERVAL == 600


def test_sentry_events_of_one_kind_are_sent_once(sentry):
    for n in range(20):
        logging.getLogger("backup.tasks").error("Export %s not queued", n)
    assert len(sentry.events) == 1


def test_a_cache_that_is_down_logs_a_warning_once_and_mails_nothing(admins, unreachable_cache, caplog):
    """Redis stopped: every page still works, and the admins get no mail per request for it."""
    from django.core.cache import caches

    with caplog.at_level(logging.WARNING):
        for _ in range(12):
            caches["default"].get("anything")
    assert mail.outbox == []
    ignored = [r for r in caplog.records if r.name.startswith("django_redis")]
    assert len(ignored) <= 1 and all(r.levelname == "WARNING" for r in ignored)


def test_the_mail_subject_names_the_route_not_the_token(admins, klaverclub, monkeypatch):
    from tests.factories import InvitationFactory

    invitation = InvitationFactory(club=klaverclub)
    monkeypatch.setattr("players.views.Invitation.for_token", crash)
    client = Client(raise_request_exception=False)
    client.get(f"/invite/{invitation.token}/?next=/invite/{invitation.token}/")
    [sent] = mail.outbox
    assert "/invite/<token>/" in sent.subject
    assert invitation.token not in sent.subject + sent.body
    assert not re.search(r"sessionid = '[^*]", sent.body)
