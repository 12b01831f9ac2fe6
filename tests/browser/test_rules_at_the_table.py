"""Looking a rule up at the table: the rules at a glance are one tap from the scoresheet, and the
Duizenden page answers "what is a joker worth" on the first screen of a phone."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.registry import home_for
from matches.models import Match
from players.models import Club
from scoring.cards import JOKER
from scoring.games import duizenden
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def test_the_joker_of_duizenden_is_on_the_first_screen_of_its_rules(
    page: Page, live_server, transactional_db
):
    page.goto(f"{live_server.url}/rules/duizenden/")
    joker = page.locator("#glance [data-glance='cards'] [data-rank='joker']").first
    expect(joker).to_be_visible()
    box = joker.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    row = page.locator("#glance [data-glance='cards'] .glance-item").filter(
        has=page.locator("[data-rank='joker']")
    )
    expect(row).to_contain_text(str(duizenden.CARD_VALUES[JOKER]))


def test_the_rules_at_a_glance_open_from_the_sheet_in_one_tap(logged_in: Page, live_server):
    alice = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(alice), game="duizenden", players=["Anna", "Bram"], by=alice)
    logged_in.goto(f"{live_server.url}/matches/{match.pk}/")
    logged_in.get_by_role("link", name="Rules at a glance").click()
    panel = logged_in.locator("#rules-panel [data-anchor='glance']")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(str(home_for("duizenden").name))
    assert logged_in.url.endswith(f"/matches/{match.pk}/")  # still on the sheet


def on_screen_below_the_bar(page: Page, selector: str) -> None:
    """``selector`` is inside the first screen and not under the sticky standings bar."""
    box = page.locator(selector).bounding_box()
    bar = page.locator("#scorebar").bounding_box()
    assert box is not None and bar is not None
    assert bar["y"] + bar["height"] <= box["y"] + 1, (box, bar)
    assert box["y"] + box["height"] <= PHONE["height"], box


def test_the_sheets_rules_link_brings_the_rules_card_on_screen_with_its_heading_focused(
    logged_in: Page, live_server
):
    alice = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(alice), game="canasta", players=["A", "B", "C", "D"], by=alice)
    page = logged_in
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.get_by_role("link", name="Rules at a glance").click()
    heading = page.locator("#rules-panel h2")
    expect(heading).to_be_focused()
    on_screen_below_the_bar(page, "#rules-panel h2")
    page.screenshot(path="test-results/sheet-opens/rules-card.png")

    page.locator("[data-rules-back]").click()
    expect(page.locator("#rules-panel")).to_be_empty()
    assert page.evaluate("scrollY") == 0
    expect(page.locator(".sheet-head h1")).to_be_focused()


def test_a_refusals_rule_link_brings_its_section_on_screen_and_the_close_goes_back_to_the_refusal(
    logged_in: Page, live_server
):
    alice = get_user_model().objects.get(username="alice")
    match = Match.start(
        club=Club.personal_for(alice), game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice
    )
    page = logged_in
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.locator("#round-form label.chip", has_text="Anna").click()
    page.fill("input[name='entries.1.points:int']", "7")
    page.fill("input[name='entries.2.points:int']", "20")
    page.locator("#round-form button.save").click()
    rule = page.locator("#round-form a.refusal-rule").first
    expect(rule).to_be_visible()
    title = rule.inner_text().removeprefix("The rule: ")
    rule.click()
    heading = page.locator("#rules-panel h2")
    expect(heading).to_contain_text(title)
    expect(heading).to_be_focused()
    on_screen_below_the_bar(page, "#rules-panel h2")
    page.screenshot(path="test-results/sheet-opens/refusal-rule.png")

    page.locator("#rules-panel .rules-close").click()
    expect(page.locator("#rules-panel")).to_be_empty()
    expect(page.locator("#round-form [data-refused]")).to_be_focused()
    expect(page.locator("#round-form [data-refused]")).to_be_in_viewport()
    expect(page.locator("input[name='entries.1.points:int']")).to_have_value("7")  # still as typed
