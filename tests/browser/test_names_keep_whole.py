"""Names at 360 px: the sheet's title shows the game's variant, and Barbuse's contract names
wrap between words, never inside one, and stay inside their cards and cells."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.registry import home_for
from players.models import Club
from tests.browser.test_sheet_opens_at_its_top import SHOTS
from tests.factories import demo_match

pytestmark = pytest.mark.browser

# Per element: the words split across two lines, and how far it sticks out of its box.
BROKEN = """(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const split = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) split.push(match[0]);
    }
  }
  const box = element.closest("label, th, td, li, .contract") || element.parentElement;
  const inner = element.getBoundingClientRect();
  const outer = box.getBoundingClientRect();
  return {text: element.textContent.trim(), split,
          out: Math.max(0, Math.round(inner.right - outer.right), Math.round(outer.left - inner.left))};
})"""


@pytest.mark.parametrize("language", ["en-GB", "nl", "fr"])
def test_barbuse_names_break_between_words_and_stay_inside(phone: Page, live_server, language):
    match = demo_match(home_for("barbuse"), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.context.set_extra_http_headers({"Accept-Language": language})
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    phone.screenshot(path=f"{SHOTS}/barbuse-{language}.png", full_page=True)
    found = []
    for selector in (
        ".barbuse-entry .contract span",
        ".barbuse-grid tbody th a",
        ".grid tbody th small",
        ".barbuse-hints a",
    ):
        found += [
            (selector, line) for line in phone.evaluate(BROKEN, selector) if line["split"] or line["out"]
        ]
    assert found == []


@pytest.mark.parametrize(
    ("game", "variant"), [("frustration-nl", "(11 contracts)"), ("frustration-fr", "(10 levels)")]
)
def test_the_sheet_title_shows_the_games_variant_at_360_px(phone: Page, live_server, game, variant):
    match = demo_match(home_for(game), Club.personal_for(phone.alice), by=phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    title = phone.locator(".sheet-head h1")
    expect(title).to_contain_text(variant)
    assert title.evaluate("(e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")
    box = title.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
    phone.screenshot(path=f"{SHOTS}/title-{game}.png")
