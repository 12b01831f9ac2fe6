"""A rule found in seconds during a dispute, on a 360 px phone: the search box under the glance
card finds the queen of spades' exception in French and Dutch. (The search opened from the
scoresheet is the journey tests/browser/journeys/test_quick_entry_and_rules.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PHONE, assert_fits_the_phone

pytestmark = pytest.mark.browser


def _in_language(page: Page, live_server, language: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])


@pytest.mark.parametrize(
    ("language", "query", "exception"),
    [
        ("fr", "dame de pique", "sauf si elle est piochée comme dernière carte"),
        ("nl", "schoppenvrouw", "tenzij ze getrokken wordt in de laatste ronde als laatste kaart"),
    ],
)
def test_the_queen_of_spades_exception_is_found_from_the_glance_card(
    page: Page, live_server, transactional_db, language, query, exception
):
    assert page.viewport_size == PHONE
    _in_language(page, live_server, language)
    page.goto(f"{live_server.url}/rules/canasta/")
    box = page.locator("#glance form[role='search'] input[type='search']")
    box.fill(query)
    box.press("Enter")
    page.wait_for_url("**/rules/search/**")
    first = page.locator(".rules-search-hits li").first
    expect(first).to_have_attribute("data-anchor", "queen-of-spades")
    expect(first.locator("mark").first).to_be_visible()
    assert_fits_the_phone(page)
    first.locator("a").click()
    page.wait_for_url("**/rules/duizenden/#queen-of-spades")
    section = page.locator("#queen-of-spades")
    expect(section).to_contain_text(exception)
    expect(section).to_be_in_viewport()
