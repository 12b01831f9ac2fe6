"""No log line holds a secret of its address: Django's CSRF warning ("Forbidden (CSRF cookie not
set.): …", an invitation posted from a stale page or with cookies blocked) and its request log
line for a 404 or a 500 name the address by its route, ``/invite/<token>/``; an address no URL
matches (a token with a NUL beside it) keeps no token-like part, ``/live/<?>/``."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from config.logs import JsonFormatter
from league.models import ClubCalendar
from live.models import ClubScreen, MatchShare
from live.versions import watch_token
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def tokens(klaverclub, alice) -> dict[str, str]:
    match = MatchFactory.create(club=klaverclub)
    _invitation, invitation = klaverclub.invite("member", by=alice)
    return {
        "share": MatchShare.share(match, by=alice).token,
        "tv": ClubScreen.share(klaverclub, by=alice).token,
        "invitation": invitation,
        "calendar": ClubCalendar.renew(klaverclub).token,
        "watch": watch_token("m", match.pk, alice.pk),
    }


# Each address with a secret, as (its kind of token, the address with ``{}`` for the token).
ADDRESSES = [
    ("invitation", "/invite/{}/"),
    ("share", "/live/{}/"),
    ("share", "/live/{}/tv/"),
    ("share", "/live/{}/board/"),
    ("share", "/events/live/{}/"),
    ("tv", "/tv/{}/"),
    ("calendar", "/calendar/{}.ics"),
    ("watch", "/watch/{}/"),
    ("watch", "/events/watch/{}/"),
]


def written(records: list[logging.LogRecord]) -> list[str]:
    """Each record as the console writes it, in text and in JSON."""
    text, json_lines = logging.Formatter(), JsonFormatter()
    return [text.format(record) + json_lines.format(record) for record in records]


@pytest.mark.parametrize(("kind", "address"), ADDRESSES, ids=[address for _kind, address in ADDRESSES])
def test_a_csrf_failure_on_an_address_with_a_token_logs_its_route(tokens, caplog, kind, address):
    token = tokens[kind]
    client = Client(enforce_csrf_checks=True)  # no CSRF cookie: a stale page, or cookies blocked
    with caplog.at_level(logging.WARNING):
        assert client.post(address.format(token)).status_code == 403
    [warning] = [record for record in caplog.records if record.name == "django.security.csrf"]
    route = address.format("<signed>" if kind == "watch" else "<token>")
    assert warning.getMessage() == f"Forbidden (CSRF cookie not set.): {route}"
    assert not [line for line in written(caplog.records) if token in line]


@pytest.mark.parametrize(
    "wrapped",
    ["/live/{}%00/", "/live/{}%00/tv/", "/tv/%01{}/", "/invite/{}%7F/", "/events/live/{}%00/"],
)
def test_a_not_found_line_for_a_token_beside_a_control_character_keeps_no_token(tokens, caplog, wrapped):
    token = tokens["invitation" if "invite" in wrapped else "share"]
    with caplog.at_level(logging.WARNING):
        assert Client().get(wrapped.format(token)).status_code == 404
    [warning] = [record for record in caplog.records if record.name == "django.request"]
    assert warning.getMessage().startswith("Not Found: /")
    assert "<?>" in warning.getMessage()
    assert not [line for line in written(caplog.records) if token in line]


def test_an_error_on_an_address_with_a_token_logs_its_route(tokens, caplog, monkeypatch):
    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug on the way")

    monkeypatch.setattr("live.views.render", crash)
    with caplog.at_level(logging.WARNING):
        assert Client(raise_request_exception=False).get(f"/live/{tokens['share']}/").status_code == 500
    [error] = [record for record in caplog.records if record.name == "django.request"]
    assert error.getMessage() == "Internal Server Error: /live/<token>/"
    assert not [line for line in written(caplog.records) if tokens["share"] in line]
