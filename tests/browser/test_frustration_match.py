"""A whole Frustration match on a phone: set up, rounds, a refusal, a correction, the winner."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match, Round
from tests.browser.conftest import assert_fits_the_phone, open_calculator

pytestmark = pytest.mark.browser


def enter_deal(page: Page, went_out: int, points: list[int], laid_down: list[bool]) -> None:
    form = page.locator("#round-form")
    form.locator(f"input[name='@went_out'][value='{went_out}']").check()
    for seat, (value, laid) in enumerate(zip(points, laid_down, strict=True)):
        form.locator(f"input[name='entries.{seat}.points:int']").fill(str(value))
        form.locator(f"input[name='entries.{seat}.laid_down:bool'][value='{int(laid)}']").check()
    form.locator("button[type=submit]").click()


def test_plays_a_frustration_match_to_a_winner_at_phone_size(logged_in: Page, live_server):
    page = logged_in
    page.click("text=New match")
    page.click("text=Frustration (11 contracts)")
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Bram")
    page.click("button:has-text('Start the match')")
    expect(page.locator("h1")).to_have_text("Frustration (11 contracts)")
    expect(page.locator(".hints")).to_contain_text("two sets of 3")
    assert_fits_the_phone(page)

    # Deal 1, with Bram's hand counted on the calculator: K + 5 = 15.
    form = page.locator("#round-form")
    form.locator("input[name='@went_out'][value='0']").check()
    form.locator("input[name='entries.0.laid_down:bool'][value='1']").check()
    form.locator("input[name='entries.0.points:int']").fill("0")
    form.locator("input[name='entries.1.laid_down:bool'][value='1']").check()
    bram = form.locator("fieldset[data-entry='1']")
    calculator = open_calculator(page, "entries.1.points:int")
    calculator.locator("button[data-rank='K']").click()
    calculator.locator("button[data-rank='5']").click()
    expect(bram.locator("input[name='entries.1.points:int']")).to_have_value("15")
    form.locator("button[type=submit]").click()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    expect(page.locator(".hints")).to_contain_text("two runs of 3")

    # A refused deal: Bram laid down two runs of 3, so he kept at most 5 cards, 100 points.
    # Nothing stored, what was typed stays, the reason sits next to the field.
    enter_deal(page, went_out=0, points=[0, 150], laid_down=[True, True])
    expect(page.locator("fieldset[data-entry='1'] .error")).to_contain_text("at most 100")
    expect(page.locator("input[name='entries.1.points:int']")).to_have_value("150")
    assert Round.objects.count() == 1

    # The corrected deal 2, then deals 3 to 11 with both laying down every time.
    enter_deal(page, went_out=0, points=[0, 55], laid_down=[True, False])
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(2)
    for deal in range(3, 12):
        enter_deal(
            page, went_out=deal % 2, points=[0, 20] if deal % 2 == 0 else [10, 0], laid_down=[True, True]
        )
        expect(page.locator(".grid tbody tr[data-round]")).to_have_count(deal)

    # Bram laid down contract 11 in deal 11 but Anna is a contract ahead: Anna finished first.
    # Correct deal 2 so that Bram laid down as well; then both finish in deal 11... instead we
    # correct deal 1's points to check the replay: Bram's 15 becomes 30.
    page.locator("a.edit").first.click()
    expect(page.locator("h1")).to_contain_text("Correct deal 1")
    page.locator("input[name='entries.1.points:int']").fill("30")
    page.click("button:has-text('Save correction')")
    expect(page.locator(".flash")).to_contain_text("Deal 1 corrected")

    match = Match.objects.get()
    assert match.status == "finished"
    expect(page.locator(".winners")).to_contain_text("Anna")
    expect(page.locator("#round-form")).to_have_count(0)
    assert_fits_the_phone(page)
    assert re.search(r"/matches/\d+/$", page.url)
