"""A journey through every secret the site hands out (a share link and its TV view, a club's TV link,
an invitation, a calendar link, a watch address, an API token, a password-reset link), answered
200, 404 and 500 in turn: not one of them appears in any log line, in gunicorn's access log or in
the admins' mail. Each address is logged by its route, ``/live/<token>/``."""

from __future__ import annotations

import datetime
import logging
from types import SimpleNamespace

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from gunicorn.config import Config

from config.access_log import RouteAccessLogger
from config.logs import JsonFormatter
from config.reports import forget_sent
from league.models import ClubCalendar
from live.models import ClubScreen, MatchShare
from live.versions import watch_token
from tests.factories import InvitationFactory, MatchFactory, token_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def secrets(klaverclub, alice):
    match = MatchFactory(club=klaverclub)
    reset = default_token_generator.make_token(alice)
    found = {
        "share": MatchShare.share(match, by=alice).token,
        "tv": ClubScreen.share(klaverclub, by=alice).token,
        "invitation": InvitationFactory(club=klaverclub).token,
        "calendar": ClubCalendar.renew(klaverclub).token,
        "watch": watch_token("m", match.pk, alice.pk),
        "api": token_for(alice),
        "reset": reset,
    }
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    addresses = [
        f"/live/{found['share']}/",
        f"/live/{found['share']}/tv/",
        f"/live/{found['share']}/board/",
        f"/tv/{found['tv']}/",
        f"/invite/{found['invitation']}/",
        f"/calendar/{found['calendar']}.ics",
        f"/watch/{found['watch']}/",
        f"/accounts/reset/{uid}/{reset}/",
        f"/accounts/login/?next=/invite/{found['invitation']}/",
    ]
    return found, addresses


def crash(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a bug on the way")


def test_no_token_of_a_journey_reaches_a_log_line_or_a_mail(secrets, settings, caplog, monkeypatch):
    found, addresses = secrets
    settings.ADMINS = ["ops@scoreblok.example"]
    caplog.set_level(logging.DEBUG)
    client = Client(raise_request_exception=False)
    api = {"Authorization": f"Token {found['api']}"}
    seen = []
    for address in addresses:
        referer = {"Referer": f"https://scoreblok.example{address}"}
        seen.append(client.get(address, headers=referer).status_code)
        # A link one character short, or revoked: 404 (Django's warning names the address).
        seen.append(client.get(address.replace(".ics", "x.ics").rstrip("/") + "x/").status_code)
    seen.append(client.get("/api/matches/", headers=api).status_code)
    seen.append(client.post(f"/invite/{found['invitation']}/").status_code)  # to the log-in page
    monkeypatch.setattr("django_htmx.middleware.HtmxDetails", crash)
    for address in [*addresses, "/api/matches/"]:
        forget_sent()  # a mail for each crash, not one per kind
        cache.clear()
        seen.append(client.get(address, headers=api).status_code)
    assert 200 in seen and 404 in seen and 500 in seen and 302 in seen
    assert len(mail.outbox) == len(addresses) + 1

    formatter, json_lines = logging.Formatter(), JsonFormatter()
    written = [formatter.format(record) + json_lines.format(record) for record in caplog.records]
    written += [message.subject + message.body for message in mail.outbox]
    written += [access_log_line(address) for address in addresses]
    assert any("/live/<token>/" in line for line in written)
    for name, token in found.items():
        leaked = [line for line in written if token in line]
        assert leaked == [], f"the {name} token is in {leaked[0][:300]}"


def access_log_line(address: str) -> str:
    """gunicorn's access log line for a GET of ``address`` from a page that linked to it, with
    every atom that could hold the address, the query string or the referer in its format."""
    config = Config()
    config.set(
        "access_log_format",
        config.access_log_format
        + ' %(U)s %(q)s %(f)s "%({referer}i)s" %({raw_uri}e)s %({path_info}e)s %({query_string}e)s',
    )
    logger = RouteAccessLogger(config)
    path, _, query = address.partition("?")
    referer = f"https://scoreblok.example{address}"
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": address,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "203.0.113.5",
        "HTTP_REFERER": referer,
    }
    response = SimpleNamespace(status="200 OK", sent=120, headers=[])
    request = SimpleNamespace(headers=[("REFERER", referer)])
    atoms = logger.atoms(response, request, environ, datetime.timedelta(milliseconds=12))
    return config.access_log_format % atoms


def test_the_access_log_names_the_route():
    line = access_log_line("/live/0123456789abcdefghijABCDEFGHIJ-_0123456789/tv/?x=1")
    assert '"GET /live/<token>/tv/ HTTP/1.1" 200' in line
    assert "0123456789abcdefghij" not in line


def test_an_address_no_url_matches_keeps_no_token_like_part():
    line = access_log_line("/live/0123456789abcdefghijABCDEFGHIJ-_0123456789")
    assert '"GET /live/<?> HTTP/1.1"' in line


def test_django_s_not_found_warning_names_the_route(klaverclub, caplog):
    calendar = ClubCalendar.renew(klaverclub)
    ClubCalendar.objects.all().delete()
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert Client().get(f"/calendar/{calendar.token}.ics").status_code == 404
    [warning] = [r for r in caplog.records if r.name == "django.request"]
    assert warning.getMessage() == "Not Found: /calendar/<token>.ics"
