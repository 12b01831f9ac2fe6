"""A house game on a phone: a club admin declares Hartenjagen from the rule blocks, starts a
match of four, has a deal that does not add up to 26 refused (the reason shown, what was typed
kept), enters a shoot-the-moon deal and plays on to 100, where the lowest total wins."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from house.models import HouseGame
from matches.models import Match
from players.models import Membership
from tests.browser.conftest import assert_fits_the_phone, fill_seats
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.browser


def enter_deal(page: Page, taken: list[int]) -> None:
    form = page.locator("#round-form")
    for seat, points in enumerate(taken):
        form.locator(f"input[name='entries.{seat}.points:int']").fill(str(points))
    form.locator("button[type=submit]").click()


def test_a_club_admin_declares_hartenjagen_and_the_club_plays_it_to_100(logged_in: Page, live_server):
    page = logged_in
    club = ClubFactory.create(name="De Klaverclub")
    MembershipFactory.create(
        club=club, user=get_user_model().objects.get(username="alice"), role=Membership.Role.ADMIN
    )

    page.goto(f"{live_server.url}/clubs/{club.pk}/")
    page.click("text=House games: every other game the club plays")
    page.click("text=From the blocks")
    # The click starts a navigation; measure the new page, not the one being left.
    expect(page.locator("input[name='name']")).to_be_visible()
    assert_fits_the_phone(page)
    # Declaring is on the first screen, and only the chosen block's fields are on the page.
    declare = page.locator("button:has-text('Declare the game')").first.bounding_box()
    assert declare is not None and declare["y"] + declare["height"] <= 740
    expect(page.locator("input[name^='bids.']")).to_have_count(0)
    page.check("input[name='entry.kind'][value='bids']")
    expect(page.locator("input[name='bids.cards']")).to_be_visible()
    expect(page.locator("input[name^='points.']")).to_have_count(0)
    page.fill("input[name='name']", "Hartenjagen")
    page.fill("input[name='players.min']", "3")
    page.fill("input[name='players.max']", "6")
    page.check("input[name='entry.kind'][value='points']")
    page.fill("input[name='points.minimum']", "0")
    page.fill("input[name='points.maximum']", "26")
    page.fill("input[name='points.total']", "26")
    page.check("input[name='points.shoot_the_moon']")
    page.select_option("select[name='end.kind']", "threshold")
    page.fill("input[name='end.value']", "100")
    page.click("button:has-text('Declare the game')")
    expect(page.locator("body")).to_contain_text("Hartenjagen is ready to play.")
    assert HouseGame.objects.get(club=club).definition["end"] == {
        "kind": "threshold",
        "value": 100,
        "winner": "lowest",
    }

    # The links under each game are thumb-sized.
    for link in page.locator(".house-game-links a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44

    # Alice also has a table of her own; the house game starts in its club with the page's defaults.
    page.click(".house-games a:has-text('Hartenjagen')")
    fill_seats(page, ["Anna", "Bram", "Cor", "Dirk"])
    page.click("button:has-text('Start the match')")
    expect(page.locator("h1")).to_have_text("Hartenjagen")
    expect(page.locator(".declared-hints")).to_contain_text("Deal 1, dealt by Anna.")
    expect(page.locator(".declared-hints .still")).to_have_text(["100 before 100"] * 4)
    assert_fits_the_phone(page)

    enter_deal(page, [10, 6, 4, 5])
    expect(page.locator("#round-form")).to_contain_text("A deal adds up to 26; these entries add up to 25.")
    expect(page.locator("input[name='entries.3.points:int']")).to_have_value("5")
    expect(page.locator("input[name='entries.0.points:int']")).to_have_value("10")
    assert not Match.objects.get().rounds.exists()

    # Anna takes every heart and the queen: the others get 26 each.
    enter_deal(page, [26, 0, 0, 0])
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    expect(page.locator(".declared-hints .still")).to_have_text(
        ["100 before 100", "74 before 100", "74 before 100", "74 before 100"]
    )
    for number, deal in enumerate(([26, 0, 0, 0], [0, 20, 6, 0], [0, 20, 0, 6], [0, 10, 16, 0]), start=2):
        enter_deal(page, deal)
        expect(page.locator(".grid tbody tr[data-round]")).to_have_count(number)
    expect(page.locator(".winners")).to_contain_text("Anna")
    expect(page.locator("#round-form")).to_have_count(0)
    assert_fits_the_phone(page)
    match = Match.objects.get()
    assert match.state().totals == (0, 102, 74, 58)
    assert [seat.final_rank for seat in match.seats.order_by("position")] == [1, 4, 3, 2]


def test_declaring_a_template_twice_warns_and_names_the_copy(logged_in: Page, live_server):
    """The second "Start from Hartenjagen" does not make a second Hartenjagen without a word: the
    warning is on the first screen, with the first game one tap away and the copy named."""
    page = logged_in
    club = ClubFactory.create(name="De Klaverclub")
    MembershipFactory.create(
        club=club, user=get_user_model().objects.get(username="alice"), role=Membership.Role.ADMIN
    )
    for _ in range(2):
        page.goto(f"{live_server.url}/clubs/{club.pk}/games/")
        page.click("text=Start from Hartenjagen")
        page.click("button:has-text('Declare the game') >> nth=0")
    warning = page.locator("[role=alert]:has-text('already has a game called Hartenjagen')")
    expect(warning).to_be_visible()
    box = warning.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740
    expect(warning.locator("a:has-text('Open Hartenjagen')")).to_be_visible()
    warning.locator("button:has-text('Hartenjagen 2')").click()
    expect(page.locator("body")).to_contain_text("Hartenjagen 2 is ready to play.")
    assert sorted(HouseGame.objects.filter(club=club).values_list("name", flat=True)) == [
        "Hartenjagen",
        "Hartenjagen 2",
    ]
