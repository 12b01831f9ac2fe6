"""Every address that carries a secret (a share link and its TV view and board, a club's TV link,
an invitation, a calendar link, a watch address, and their event streams) answers 404 to a token
the site could not have issued: a NUL, another control character, a space, or more letters than
a token has. The URL refuses it (``players/converters.py``), so no view and no query sees it;
a NUL that reached PostgreSQL was a 500."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.models import new_calendar_token
from live.models import new_token
from live.versions import watch_token
from players.converters import Signed, Token

pytestmark = pytest.mark.django_db

# (URL name, method): each address with a secret, as its page or stream is asked for.
TOKEN_URLS = [
    ("live_viewer", "get"),
    ("live_tv", "get"),
    ("live_board", "get"),
    ("club_tv_shared", "get"),
    ("live_share_stream", "get"),
    ("live_watch", "get"),
    ("live_watch_stream", "get"),
    ("invitation_accept", "get"),
    ("invitation_accept", "post"),
    ("api-invitation-accept", "post"),
    ("league_calendar", "get"),
]
PLACEHOLDER = "T" * 43

NOT_TOKENS = {
    "nul": "ab%00cd",
    "nul-after-a-whole-token": "A" * 43 + "%00",
    "start-of-heading": "ab%01cd",
    "tab": "ab%09cd",
    "line-feed": "ab%0Acd",
    "escape": "ab%1Bcd",
    "delete": "ab%7Fcd",
    "space": "ab%20cd",
    "over-long": "A" * 600,
}


@pytest.mark.parametrize(("name", "method"), TOKEN_URLS, ids=[f"{n}-{m}" for n, m in TOKEN_URLS])
@pytest.mark.parametrize("token", NOT_TOKENS.values(), ids=NOT_TOKENS.keys())
def test_an_address_whose_token_the_site_could_not_have_issued_is_a_404(name, method, token):
    address = reverse(name, args=[PLACEHOLDER]).replace(PLACEHOLDER, token)
    response = getattr(Client(), method)(address)
    assert response.status_code == 404


def test_every_token_the_site_issues_fits_its_address(klaverclub, alice):
    """The converters refuse nothing the site hands out: share and TV links, calendar links,
    invitations (``token``) and watch tokens (``signed``)."""
    _invitation, invitation = klaverclub.invite("member", by=alice)
    for token in (new_token(), new_calendar_token(), invitation):
        assert re.fullmatch(Token.regex, token), token
    for watched in (watch_token("m", 2**31, 2**31), watch_token("s", 7)):
        assert re.fullmatch(Signed.regex, watched), watched
