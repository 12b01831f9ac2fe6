"""The scorer's own sheet and a club's TV refresh through a watch address; the TV shows
every table in progress; the web app's manifest, service worker and offline page."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from live import versions
from live.models import ClubScreen
from live.versions import watch_token
from matches.models import Match
from tests.factories import MatchFactory
from tests.test_permissions import DEAL_1, DEAL_2

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(klaverclub, sam) -> Match:
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    match.add_round(DEAL_1, by=sam)
    return match


def watch(kind: str, *ids: int) -> str:
    return reverse("live_watch", args=[watch_token(kind, *ids)])


def test_sheet_carries_its_version_and_watch_address(client: Client, sam, match):
    client.force_login(sam)
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert 'data-live-version="&quot;' in page
    assert "/watch/" in page


def test_unchanged_sheet_watch_is_one_query_and_changes_after_a_round(match, sam, django_assert_num_queries):
    url = watch("m", match.pk, sam.pk)
    tag = Client().get(url)["ETag"]
    with django_assert_num_queries(1):
        assert Client().get(url, headers={"If-None-Match": tag}).status_code == 304
    match.add_round(DEAL_2, by=sam)
    changed = Client().get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 204
    assert changed["ETag"] != tag


def test_a_forged_watch_address_says_nothing(match, sam):
    assert Client().get(reverse("live_watch", args=["not-a-token"])).status_code == 404
    assert Client().get(watch("m", match.pk, sam.pk).replace("/watch/g", "/watch/h")).status_code == 404


def test_club_tv_shows_every_table_in_progress(client: Client, bob, klaverclub, sam, match):
    finished = MatchFactory.create(club=klaverclub, game="frustration-nl", players=["Dirk", "Eva"], by=sam)
    finished.status = Match.Status.FINISHED
    finished.save()
    MatchFactory.create(club=klaverclub, players=["Fenna", "Gijs"], by=sam)
    client.force_login(bob)
    page = client.get(reverse("club_tv", args=[klaverclub.pk])).content.decode()
    assert "Anna" in page and "Fenna" in page and "Dirk" not in page
    assert "data-tv-cycle" in page


def test_club_tv_queries_do_not_grow_with_tables(
    client: Client, bob, klaverclub, sam, django_assert_max_num_queries
):
    client.force_login(bob)
    client.get("/")
    for index in range(5):
        game = MatchFactory.create(club=klaverclub, players=[f"A{index}", f"B{index}", f"C{index}"], by=sam)
        game.add_round(DEAL_1, by=sam)
    with django_assert_max_num_queries(CLUB_TV_QUERIES):
        assert client.get(reverse("club_tv", args=[klaverclub.pk]) + "?fragment=1").status_code == 200


# Session, user, the club, the matches, their rounds, their seats and players, the version.
CLUB_TV_QUERIES = 8


def test_club_tv_version_changes_when_a_table_plays_starts_or_ends(klaverclub, sam, match):
    url = watch("c", klaverclub.pk, sam.pk)
    tag = Client().get(url)["ETag"]
    assert Client().get(url, headers={"If-None-Match": tag}).status_code == 304
    match.add_round(DEAL_2, by=sam)
    tag2 = Client().get(url, headers={"If-None-Match": tag})["ETag"]
    assert tag2 != tag
    MatchFactory.create(club=klaverclub, players=["X", "Y"], by=sam)
    assert Client().get(url, headers={"If-None-Match": tag2}).status_code == 204


def test_manifest_names_the_app_and_its_icons():
    manifest = json.loads(Client().get(reverse("manifest")).content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes


def test_service_worker_is_served_from_the_root_with_its_shell():
    response = Client().get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert body.startswith("const SHELL = [") and reverse("offline") in body.splitlines()[0]


def test_offline_page_is_a_page_of_our_own():
    assert "No connection" in Client().get(reverse("offline")).content.decode()


def test_demo_shares_its_first_match_once(db, klaverclub, sam):
    """``load_demo`` prints these lines; running it again keeps the same link. (Tested on a club
    of its own: the demo club of another test in the same worker may have no match in progress.)"""
    from live.demo import share_demo_match

    MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    first, again = share_demo_match(klaverclub, by=sam), share_demo_match(klaverclub, by=sam)
    assert first == again
    token = first[0].rstrip("/").rsplit("/", 1)[1]
    assert Client().get(reverse("live_viewer", args=[token])).status_code == 200


def test_load_demo_prints_the_live_links_on_a_fresh_database(db):
    from live.management.commands.load_demo import CLUB
    from players.models import Club

    fresh = not Club.objects.filter(name=CLUB).exists()
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "Demo club ready" in out.getvalue()
    if fresh:  # a club left by another test of this worker may have no match in progress
        assert "/live/" in out.getvalue() and "/tv/" in out.getvalue()


def test_club_tv_link_shows_the_tables_without_a_login_until_revoked(
    client: Client, alice, klaverclub, match
):
    client.force_login(alice)
    client.post(reverse("club_tv_share", args=[klaverclub.pk]))
    page = client.get(reverse("club_tv_share", args=[klaverclub.pk])).content.decode()
    token = ClubScreen.objects.get(club=klaverclub).token
    shared = reverse("club_tv_shared", args=[token])
    assert shared in page and "<svg" in page
    screen = Client().get(shared).content.decode()
    assert "Anna" in screen and f'data-live-refresh="{shared}?fragment=1"' in screen
    client.post(reverse("club_tv_share_revoke", args=[klaverclub.pk]))
    assert Client().get(shared).status_code == 404


@pytest.mark.django_db(transaction=True)
def test_evening_tv_shows_the_tables_of_the_current_seating_and_its_version_follows_them(client: Client):
    """The room's screen on a league evening: only that evening's tables, finished ones marked,
    and a watch version that changes when one of them is played."""
    import random

    from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, UserFactory
    from tests.league.test_stored_standings import deal

    competition = CompetitionFactory.create()
    evening = EveningFactory.create(competition=competition)
    evening.present.set([PlayerFactory.create(club=competition.club, name=f"P{n}") for n in range(8)])
    first, second = evening.draw_and_start(rng=random.Random(3))
    elsewhere = MatchFactory.create(club=competition.club, players=["Outsider", "Other"])
    member = UserFactory.create()
    competition.club.memberships.create(user=member, role="member")
    client.force_login(member)
    before = versions.evening_version(evening.pk)
    first.match.add_round(deal(winner=0))
    assert versions.evening_version(evening.pk) != before
    page = client.get(reverse("evening_tv", args=[evening.pk])).content.decode()
    seated = [seat.player.name for table in (first, second) for seat in table.match.seats.all()]
    assert all(name in page for name in seated)
    assert "Outsider" not in page and elsewhere.pk
    assert "finished" in page
    changed = Client().get(watch("e", evening.pk, member.pk), headers={"If-None-Match": before})
    assert changed.status_code == 204


@pytest.mark.django_db(transaction=True)
def test_no_two_tv_cards_read_alike(client: Client, bob, klaverclub, sam):
    """The club TV with two evenings' tables (each with a "table 1") and two loose matches of two
    games: each card named by its table number plus what tells it apart, never twice the same."""
    import random

    from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

    players = [PlayerFactory.create(club=klaverclub, name=f"P{n}") for n in range(16)]
    for name, seated in (("Winter", players[:8]), ("Ladder", players[8:])):
        evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub, name=name))
        evening.present.set(seated)
        evening.draw_and_start(rng=random.Random(1))
    MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    MatchFactory.create(club=klaverclub, game="frustration-nl", players=["Dirk", "Eva"], by=sam)
    client.force_login(bob)
    page = client.get(reverse("club_tv", args=[klaverclub.pk])).content.decode()
    names = [
        " ".join(re.sub(r"<small>.*?</small>|<[^>]+>", " ", heading).split())
        for heading in re.findall(r"<h2 id=\"table-\d+\">(.*?)</h2>", page)
    ]
    assert len(names) == 6 and len(set(names)) == 6, names
    assert "Table 1 Winter" in " / ".join(names) and "Table 1 Ladder" in " / ".join(names)
    assert any(name.startswith("Match 1") for name in names) and any(
        name.startswith("Match 2") for name in names
    )


@pytest.mark.django_db(transaction=True)
def test_the_evening_tv_is_titled_with_the_long_date_in_the_readers_language(client: Client, bob, klaverclub):
    import datetime

    from tests.factories import CompetitionFactory, EveningFactory

    competition = CompetitionFactory.create(club=klaverclub, name="Winter")
    evening = EveningFactory.create(competition=competition, date=datetime.date(2026, 12, 4))
    client.force_login(bob)
    for language, title in (
        ("en", "De Klaverclub · Winter · 4 December 2026"),
        ("nl", "De Klaverclub · Winter · 4 december 2026"),
        ("fr", "De Klaverclub · Winter · 4 décembre 2026"),
    ):
        page = client.get(reverse("evening_tv", args=[evening.pk]), headers={"Accept-Language": language})
        assert f'<h1 class="tv-title">{title}</h1>' in page.content.decode()
