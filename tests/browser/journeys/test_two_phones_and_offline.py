"""Two phones on one sheet, and one phone that loses its connection mid-deal: what each screen
shows, and that every deal is stored exactly once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match
from players.models import Club
from tests.browser import waits
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import Sheet
from tests.browser.test_live import go_offline, go_online, open_with_service_worker
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.journey]

TWO = ["Anna", "Bram"]


def enter_duizenden(phone: Phone, sheet: Sheet, went_out: int, numbers: list[str]) -> None:
    """Who went out, then the points on the Enter path; the last Enter sends the deal."""
    phone.tap(sheet.chip(went_out))
    phone.type_each(numbers)


def rounds(match: Match) -> list[int]:
    return list(match.rounds.order_by("number").values_list("number", flat=True))


def test_two_phones_on_one_deal(open_phone, lang):
    user = UserFactory()
    match = Match.start(club=Club.personal_for(user), game="duizenden", players=TWO, by=user)
    first: Phone = open_phone("two-phones", lang, user, who="first")
    second: Phone = open_phone("two-phones", lang, user, who="second")
    for phone in (first, second):
        phone.page.goto(f"/matches/{match.pk}/")
        Sheet(phone).assert_opened()
        phone.screenshot("the sheet")
    a, b = Sheet(first), Sheet(second)

    # The second phone lies idle at the top while the first saves deal 1: it follows, unmoved.
    enter_duizenden(first, a, 0, ["230", "60", "35"])
    a.assert_saved(1)
    first.screenshot("deal 1 saved")
    expect(second.page.locator(".grid tbody tr[data-round='1']")).to_have_count(1, timeout=3_000)
    waits.htmx_idle(second.page)  # the refresh that brought it has settled, and scrolled if it would
    second.check(second.scroll_y() == 0, f"the idle phone still at its top (scrollY {second.scroll_y():.0f})")
    second.assert_first_screen(title=b.title, first_field=b.first_field())
    second.screenshot("followed deal 1")

    # Both enter deal 2, with different numbers; the first phone saves first.
    enter_duizenden(second, b, 1, ["40", "15"])
    second.type("210")  # Bram's table points, not sent yet
    enter_duizenden(first, a, 1, ["50", "10"])
    first.type("200")
    first.enter()
    a.assert_saved(2)
    second.enter()
    duplicate = second.page.locator("#round-form [data-duplicate]")
    expect(duplicate).to_be_focused()
    second.assert_on_screen(duplicate, "the other phone's deal, beside mine")
    expect(b.field("entries.1.table_points:int")).to_have_value("210")  # mine is kept
    second.assert_on_screen(b.save, "Enter mine as the next deal", reach=True)
    second.screenshot("the same deal from the other phone")
    assert rounds(match) == [1, 2]

    second.tap(b.save, leaves=True)
    Sheet(second).assert_saved(3)
    second.screenshot("mine as deal 3")
    assert rounds(match) == [1, 2, 3]


def test_a_deal_entered_offline_is_sent_once_the_connection_is_back(open_phone, lang):
    user = UserFactory()
    match = Match.start(club=Club.personal_for(user), game="duizenden", players=TWO, by=user)
    phone: Phone = open_phone("offline-and-back", lang, user)
    page = phone.page
    open_with_service_worker(page, f"/matches/{match.pk}/")
    sheet = Sheet(phone)
    sheet.assert_opened()
    phone.screenshot("the sheet")

    go_offline(page.context)
    enter_duizenden(phone, sheet, 0, ["230", "60", "35"])
    waiting = page.locator("[data-pending='1']")
    expect(waiting).to_be_visible()
    phone.assert_on_screen(waiting, "the deal kept on the phone")
    phone.screenshot("offline, the deal kept")
    assert rounds(match) == []

    go_online(page.context)
    sent = page.locator("[data-sent-rounds]")
    expect(sent).to_be_visible(timeout=10_000)
    phone.assert_on_screen(sent, "the deal sent")
    expect(page.locator(".grid tbody tr[data-round='1']")).to_have_count(1)
    phone.screenshot("back online, sent")
    assert rounds(match) == [1]
