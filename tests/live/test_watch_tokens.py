"""A watch address answers only while what it watches is still there for whoever was given it:
a revoked TV link, or a member removed from the club, gets 404 at the next poll. Its token and
the versions it compares (the ETags) name no match or club, and the token expires; each refresh
of the page brings a fresh one. Each poll is one query, so 304 stays cheap."""

from __future__ import annotations

import json
import re
import zlib
from base64 import urlsafe_b64decode
from binascii import Error as Base64Error
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from live import versions
from live.models import ClubScreen, MatchShare
from matches.models import Match
from tests.factories import CompetitionFactory, EveningFactory, MatchFactory
from tests.test_permissions import DEAL_1, DEAL_2

pytestmark = pytest.mark.django_db

WATCH = re.compile(r'data-live-watch="([^"]+)"')
NEXT = re.compile(r'data-live-watch-next="([^"]+)"')
OPAQUE = re.compile(r'"[0-9a-f]{32}"')


@pytest.fixture
def match(klaverclub, sam) -> Match:
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    match.add_round(DEAL_1, by=sam)
    return match


def watch_of(page: str) -> str:
    found = WATCH.search(page)
    assert found, "the page names no watch address"
    return unescape(found[1])


def page_of(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def as_member(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_revoked_tv_link_silences_its_watch_at_once(alice, klaverclub, match, sam):
    screen = ClubScreen.share(klaverclub, by=alice)
    watch = watch_of(page_of(Client(), reverse("club_tv_shared", args=[screen.token])))
    tag = Client().get(watch)["ETag"]
    assert Client().get(watch, headers={"If-None-Match": tag}).status_code == 304
    ClubScreen.revoke(klaverclub)
    assert Client().get(watch, headers={"If-None-Match": tag}).status_code == 404
    ClubScreen.share(klaverclub, by=alice)  # a new link is a new screen: the old watch stays dead
    match.add_round(DEAL_2, by=sam)
    assert Client().get(watch).status_code == 404


def test_a_removed_members_sheet_watch_answers_404(bob, klaverclub, match):
    watch = watch_of(page_of(as_member(bob), reverse("match_detail", args=[match.pk])))
    assert Client().get(watch).status_code == 204
    klaverclub.remove_member(klaverclub.memberships.get(user=bob))
    assert Client().get(watch).status_code == 404


def test_a_removed_members_club_tv_watch_answers_404(bob, klaverclub, match):
    watch = watch_of(page_of(as_member(bob), reverse("club_tv", args=[klaverclub.pk])))
    assert Client().get(watch).status_code == 204
    klaverclub.remove_member(klaverclub.memberships.get(user=bob))
    assert Client().get(watch).status_code == 404


def test_a_removed_members_evening_tv_watch_answers_404(bob, klaverclub):
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub))
    watch = watch_of(page_of(as_member(bob), reverse("evening_tv", args=[evening.pk])))
    assert Client().get(watch).status_code == 204
    klaverclub.remove_member(klaverclub.memberships.get(user=bob))
    assert Client().get(watch).status_code == 404


def test_a_deleted_matchs_watch_answers_404(bob, klaverclub, match, alice):
    watch = watch_of(page_of(as_member(bob), reverse("match_detail", args=[match.pk])))
    match.soft_delete(by=alice)
    assert Client().get(watch).status_code == 404


def _readings(token: str) -> list[str]:
    """Whatever a curious reader gets out of the token's parts: base64, then perhaps zlib."""
    found = []
    for part in re.split(r"[.:]", token):
        try:
            raw = urlsafe_b64decode(part + "=" * (-len(part) % 4))
        except (Base64Error, ValueError):
            continue
        for data in (raw, _inflated(raw)):
            found.append(data.decode("latin-1"))
    return found


def _inflated(raw: bytes) -> bytes:
    try:
        return zlib.decompress(raw)
    except zlib.error:
        return b""


def _names(text: str, pk: int) -> bool:
    try:
        value = json.loads(text)
    except ValueError:
        # A list written out by hand, as the review read one (``["c", 69]``): the number as an
        # item of it. A lone digit between two random bytes of a signed token is not a name.
        return re.search(rf"[\[,]\s*{pk}\s*[\],]", text) is not None
    return isinstance(value, list) and pk in value


def test_no_watch_token_or_version_names_the_match_or_the_club(alice, bob, klaverclub, match):
    """The review read ``["c", 69]`` out of a TV link's watch address and ``m<match id>`` out of
    the board's ETag."""
    screen = ClubScreen.share(klaverclub, by=alice)
    share = MatchShare.share(match, by=alice)
    pages = [
        page_of(Client(), reverse("club_tv_shared", args=[screen.token])),
        page_of(as_member(bob), reverse("club_tv", args=[klaverclub.pk])),
        page_of(as_member(bob), reverse("match_detail", args=[match.pk])),
    ]
    for page in pages:
        watch = watch_of(page)
        token = watch.removeprefix("/watch/").rstrip("/")
        for reading in _readings(token):
            assert not _names(reading, klaverclub.pk) and not _names(reading, match.pk), reading
        assert OPAQUE.fullmatch(Client().get(watch)["ETag"])
    board = Client().get(reverse("live_board", args=[share.token]))
    assert OPAQUE.fullmatch(board["ETag"].removeprefix("W/"))


def test_a_watch_address_expires(bob, klaverclub, match, monkeypatch):
    """A page left open longer than a club evening renews its address; an old one says nothing."""
    watch = watch_of(page_of(as_member(bob), reverse("match_detail", args=[match.pk])))
    monkeypatch.setattr(versions, "WATCH_MAX_AGE", -1)
    assert Client().get(watch).status_code == 404


def test_every_refresh_of_a_page_brings_a_fresh_watch_address(alice, bob, klaverclub, match):
    screen = ClubScreen.share(klaverclub, by=alice)
    for client, url in [
        (Client(), reverse("club_tv_shared", args=[screen.token]) + "?fragment=1"),
        (as_member(bob), reverse("club_tv", args=[klaverclub.pk]) + "?fragment=1"),
        (as_member(bob), reverse("match_detail", args=[match.pk])),
    ]:
        found = NEXT.search(page_of(client, url))
        assert found, url
        assert Client().get(unescape(found[1])).status_code == 204


def test_every_unchanged_watch_is_one_query(alice, bob, klaverclub, match, django_assert_num_queries):
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub))
    screen = ClubScreen.share(klaverclub, by=alice)
    watches = [
        watch_of(page_of(Client(), reverse("club_tv_shared", args=[screen.token]))),
        watch_of(page_of(as_member(bob), reverse("club_tv", args=[klaverclub.pk]))),
        watch_of(page_of(as_member(bob), reverse("evening_tv", args=[evening.pk]))),
        watch_of(page_of(as_member(bob), reverse("match_detail", args=[match.pk]))),
    ]
    for watch in watches:
        tag = Client().get(watch)["ETag"]
        with django_assert_num_queries(1):
            assert Client().get(watch, headers={"If-None-Match": tag}).status_code == 304
