"""Setting up a table on a phone: seats added one at a time from the club's names, the first
dealer chosen by name, and the same table again in one tap."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match
from tests.browser.conftest import assert_fits_the_phone

pytestmark = pytest.mark.browser


def test_seats_one_at_a_time_the_dealer_by_name_and_a_rematch_in_one_tap(logged_in: Page, live_server):
    page = logged_in
    page.goto(f"{live_server.url}/matches/new/duizenden/")
    expect(page.locator(".seat:visible")).to_have_count(2)
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Bram")
    page.click("button:has-text('Add a seat')")
    expect(page.locator(".seat:visible")).to_have_count(3)
    expect(page.locator("#id_player_2")).to_be_focused()
    page.keyboard.type("Cor")
    dealer = page.locator("#id_dealer")
    expect(dealer.locator("option:not([hidden])")).to_have_text(["Anna", "Bram", "Cor"])
    dealer.select_option(label="Cor")
    assert_fits_the_phone(page)
    page.click("button:has-text('Start the match')")
    expect(page.locator(".next")).to_contain_text("Cor deals")
    first = Match.objects.get()
    assert first.dealer == 2

    page.click("button:has-text('Rematch')")
    expect(page.locator(".next")).to_contain_text("Anna deals")
    second = Match.objects.exclude(pk=first.pk).get()
    assert [seat.player.name for seat in second.seats.all()] == ["Anna", "Bram", "Cor"]
    assert page.url.endswith(f"/matches/{second.pk}/")
