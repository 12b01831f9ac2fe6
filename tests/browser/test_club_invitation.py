"""A club on two phones: Alice founds it and invites Bob as scorekeeper with a link; Bob signs
up from the link, joins, and keeps the score of a match that Alice then sees at home."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from matches.models import Match
from players.models import Club, Membership
from tests.browser.conftest import PHONE, assert_fits_the_phone
from tests.factories import PASSWORD

pytestmark = pytest.mark.browser


def assert_thumb_sized(page: Page, selector: str) -> None:
    for box in [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]:
        assert box is not None and box["height"] >= 44, f"{selector} is {box} "


def test_owner_invites_a_scorekeeper_who_keeps_score_the_owner_sees(
    logged_in: Page, browser: Browser, live_server
):
    alice = logged_in
    alice.click(".topbar .menu summary")
    alice.click("nav >> text=Clubs")
    alice.click("text=New club")
    alice.fill("#id_name", "De Klaverclub")
    alice.click("button:has-text('Create the club')")
    expect(alice.locator("h1")).to_have_text("De Klaverclub")
    alice.select_option("#id_role", label="scorekeeper")
    alice.click("button:has-text('Make an invitation link')")
    link = alice.locator("#invitation-url")
    expect(link).to_be_visible()
    url = link.input_value()
    assert url.startswith(f"{live_server.url}/invite/")
    assert_fits_the_phone(alice)
    assert_thumb_sized(alice, "#club .button:visible, #club summary:visible")

    phone = browser.new_context(viewport={"width": PHONE["width"], "height": PHONE["height"]}, locale="en-GB")
    bob = phone.new_page()
    bob.set_default_timeout(10_000)
    bob.goto(url)
    expect(bob.locator("h1")).to_have_text("Join De Klaverclub")
    bob.click("a:has-text('Create an account')")
    bob.fill("#id_username", "bob")
    bob.fill("#id_password1", PASSWORD)
    bob.fill("#id_password2", PASSWORD)
    bob.click("button:has-text('Create an account')")
    bob.wait_for_url(url)
    bob.click("button:has-text('Join the club')")
    expect(bob.locator(".flash")).to_contain_text("Welcome to De Klaverclub")
    club = Club.objects.get(name="De Klaverclub")
    assert club.memberships.get(user__username="bob").role == Membership.Role.SCORER

    bob.click("nav >> text=New match")
    bob.click("text=Frustration (11 contracts)")
    bob.select_option("#id_club", label="De Klaverclub")
    bob.fill("#id_player_0", "Anna")
    bob.fill("#id_player_1", "Bram")
    bob.click("button:has-text('Start the match')")
    form = bob.locator("#round-form")
    form.locator("input[name='@went_out'][value='0']").check()
    form.locator("input[name='entries.0.laid_down:bool'][value='1']").check()
    form.locator("input[name='entries.0.points:int']").fill("0")
    form.locator("input[name='entries.1.points:int']").fill("55")
    form.locator("input[name='entries.1.laid_down:bool'][value='0']").check()
    form.locator("button[type=submit]").click()
    expect(bob.locator(".grid tbody tr[data-round]")).to_have_count(1)
    match = Match.objects.get()
    assert match.club == club and match.created_by is not None and match.created_by.username == "bob"
    phone.close()

    alice.click(".brand")
    alice.click(f"a[href='/matches/{match.pk}/']")
    expect(alice.locator(".grid tbody tr[data-round]")).to_have_count(1)
    expect(alice.locator(".grid")).to_contain_text("55")
    assert_fits_the_phone(alice)
