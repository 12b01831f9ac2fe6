"""A scoresheet opens at its top, on a touch phone at 360 x 740: the title and the first field
of the round form on the first screen, on every way in (opening it, after a correction, a club
evening's table link), and a second phone left resting on the sheet is not moved when the other
one saves a deal. Only a refused round is brought into view.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from games.registry import home_for
from league.models import Evening
from matches.models import Match
from players.models import Club, Membership
from tests.browser import waits
from tests.browser.conftest import PHONE
from tests.factories import (
    CompetitionFactory,
    EveningFactory,
    HouseGameFactory,
    MembershipFactory,
    PlayerFactory,
    demo_match,
)

pytestmark = pytest.mark.browser

GAMES = ["frustration-nl", "frustration-fr", "duizenden", "canasta", "barbuse"]
SHOTS = "test-results/sheet-opens"


def house_match(alice) -> Match:
    """Hartenjagen at Alice's own table, one deal played."""
    club = Club.personal_for(alice)
    game = HouseGameFactory.create(club=club, template="hartenjagen")
    match = Match.start(club=club, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    match.add_round({"entries": [{"points": p} for p in (10, 6, 4, 6)]}, by=alice)
    return match


def assert_at_its_top(page: Page) -> None:
    """Scrolled to 0, once what the page's scripts do after the load is done, with the title and
    the first field of the round form on the first screen."""
    assert waits.scroll_settled(page) == 0
    for selector in (".sheet-head h1", "#round-form input:not([type=hidden])"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)


@pytest.mark.parametrize("game", GAMES)
def test_each_games_sheet_opens_at_its_top_mid_match(phone: Page, live_server, game):
    match = demo_match(home_for(game), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    assert_at_its_top(phone)
    phone.screenshot(path=f"{SHOTS}/{game}.png")
    phone.reload()
    assert_at_its_top(phone)


def test_a_house_games_sheet_opens_at_its_top(phone: Page, live_server):
    match = house_match(phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    assert_at_its_top(phone)
    # Each player's distance to 100 beside the total in the sticky bar, as in the five games.
    items = phone.locator("#scorebar .standings .item [aria-hidden=true]")
    expect(items).to_have_text(["96 left", "94 left", "94 left", "90 left"])  # the lowest first
    expect(items.first).to_be_in_viewport()
    expect(phone.locator("fieldset[data-entry='0'] .next-item")).to_have_text("90 before 100")
    phone.screenshot(path=f"{SHOTS}/hartenjagen.png")


def test_the_sheet_opens_at_its_top_after_a_correction_with_its_notice_on_screen(phone: Page, live_server):
    match = demo_match(home_for("duizenden"), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/rounds/1/edit/")
    phone.click("button:has-text('Save correction')")
    phone.wait_for_url(f"{live_server.url}/matches/{match.pk}/")
    assert_at_its_top(phone)
    notice = phone.locator(".flash", has_text="Deal 1 corrected.")
    expect(notice).to_be_in_viewport()
    phone.screenshot(path=f"{SHOTS}/after-correction.png")


def test_a_refused_round_is_still_brought_into_view_and_focused(phone: Page, live_server):
    match = demo_match(home_for("duizenden"), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    assert_at_its_top(phone)
    phone.evaluate("scrollTo(0, document.body.scrollHeight)")
    phone.locator("#round-form button.save").click()
    reasons = phone.locator("#round-form [data-refused]")
    expect(reasons).to_be_focused()
    expect(reasons).to_be_in_viewport()


def test_an_idle_phone_is_not_moved_when_the_other_phone_saves(phone: Page, live_server):
    match = demo_match(home_for("duizenden"), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    assert_at_its_top(phone)
    phone.evaluate("scrollTo(0, 300)")
    rows = phone.locator(".grid tbody tr[data-round]")
    played = rows.count()
    body = home_for("duizenden").demo().rounds[0]  # type: ignore[union-attr]
    for deal in range(3):
        match.add_round(body, by=phone.alice)  # type: ignore[attr-defined]  # the other phone
        expect(rows).to_have_count(played + deal + 1, timeout=5_000)
        waits.htmx_idle(phone)  # the refresh that brought it has settled, and scrolled if it would
        assert phone.evaluate("scrollY") == 300, deal


def test_the_sheet_opens_at_its_top_after_the_colour_switch(phone: Page, live_server):
    match = demo_match(home_for("canasta"), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    phone.locator(".theme button", has_text="Dark").click()
    expect(phone.locator("html")).to_have_attribute("data-theme", "dark")
    assert_at_its_top(phone)


def test_a_club_evenings_table_opens_at_its_top_with_its_way_back_on_screen(phone: Page, live_server):
    competition = CompetitionFactory.create(name="Winter")
    MembershipFactory.create(club=competition.club, user=phone.alice, role=Membership.Role.OWNER)  # type: ignore[attr-defined]
    evening: Evening = EveningFactory.create(competition=competition)
    players = PlayerFactory.create_batch(4, club=competition.club)
    (table,) = evening.start_tables([[player.pk for player in players]], by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")
    phone.locator(f"#table-{table.pk} a").click()
    phone.wait_for_url(f"{live_server.url}/matches/{table.match_id}/")
    assert_at_its_top(phone)
    expect(phone.locator(".sheet-table a")).to_be_in_viewport()
    phone.screenshot(path=f"{SHOTS}/evening-table.png")
