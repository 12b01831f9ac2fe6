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
