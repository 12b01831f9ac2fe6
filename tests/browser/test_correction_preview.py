"""Correcting a round at the table: the form holds the round as stored, and "Show the new totals"
shows what the change would do to the totals, in place, before anything is saved."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from matches.models import Round
from players.models import Club
from tests.browser.conftest import assert_fits_the_phone
from tests.factories import MatchFactory

pytestmark = pytest.mark.browser

DEAL_1 = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 30},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
}


def test_a_correction_shows_the_totals_it_changes_before_it_is_saved(logged_in: Page, live_server):
    alice = get_user_model().objects.get(username="alice")
    match = MatchFactory.create(club=Club.personal_for(alice), players=["Anna", "Bram", "Cor"], by=alice)
    match.add_round(DEAL_1, by=alice)
    page = logged_in
    page.goto(f"{live_server.url}/matches/{match.pk}/rounds/1/edit/")
    cor = page.locator("input[name='entries.2.points:int']")
    expect(cor).to_have_value("95")
    expect(page.locator("#totals-change")).to_contain_text("Totals now")

    cor.fill("120")
    page.evaluate("window.stillTheSamePage = true")
    page.click("button:has-text('Show the new totals')")
    change = page.locator("#totals-change tr.changed")
    expect(change).to_have_count(1)
    expect(change).to_contain_text("Cor")
    expect(change.locator("del")).to_have_text("95")
    expect(change.locator("ins")).to_have_text("120")
    expect(cor).to_have_value("120")  # only the totals came back: what was typed stays
    assert page.evaluate("window.stillTheSamePage") is True
    assert_fits_the_phone(page)
    assert Round.objects.get(match=match).scores == [0, 30, 95]

    page.click("button:has-text('Save correction')")
    expect(page.locator(".flash")).to_contain_text("Deal 1 corrected")
    assert Round.objects.get(match=match).scores == [0, 30, 120]


def test_retyping_a_players_points_keeps_the_stored_laid_down_answer(logged_in: Page, live_server):
    """Cor's 95 (not laid down) retyped as 90 passes through "9", which only "yes" allows: the
    stored "no" comes back with 90, which allows both, and the correction is saved."""
    alice = get_user_model().objects.get(username="alice")
    match = MatchFactory.create(club=Club.personal_for(alice), players=["Anna", "Bram", "Cor"], by=alice)
    match.add_round(DEAL_1, by=alice)
    page = logged_in
    page.goto(f"{live_server.url}/matches/{match.pk}/rounds/1/edit/")
    cor = page.locator("input[name='entries.2.points:int']")
    no = page.locator("fieldset[data-entry='2'] input[data-no]")
    expect(no).to_be_checked()
    cor.click()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(page.locator("fieldset[data-entry='2'] input[data-yes]")).to_be_checked()  # 9: only yes
    page.keyboard.type("0")
    expect(no).to_be_checked()
    page.click("button:has-text('Save correction')")
    expect(page.locator(".flash")).to_contain_text("Deal 1 corrected.")
    stored = Round.objects.get(match=match).body["entries"][2]
    assert (stored["laid_down"], stored["points"]) == (False, 90)
