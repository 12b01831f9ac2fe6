"""The sheet's first screen at a real table, measured by touch at 360 x 740: each player's next
item is on it, the round form starts near the top, and no field moves under the finger between
a tap's touch and its release (with the card calculator open as well as closed).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from matches.models import Match
from players.models import Club
from tests.browser import waits
from tests.browser.conftest import PHONE, open_calculator
from tests.browser.test_accessibility import AXE, _violations
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.browser

GAMES = {
    "frustration-nl": ["Anna", "Bram", "Cor", "Dirk"],
    "frustration-fr": ["Anna", "Bram", "Cor", "Dirk"],
    "duizenden": ["Anna", "Bram", "Cor", "Dirk"],
    "canasta": ["Anna", "Bram", "Cor", "Dirk"],
    "barbuse": ["Anna", "Bram", "Cor", "Dirk"],
}
# The pixels a field may move between a tap's touch and its release.
STILL = 4


def open_sheet(page: Page, live_server, game: str) -> Match:
    match = Match.start(club=Club.personal_for(page.alice), game=game, players=GAMES[game], by=page.alice)  # type: ignore[attr-defined]
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#round-form")).to_be_visible()
    return match


def movement_of_a_tap(page: Page, selector: str) -> float:
    """How far the field moved between a touch at its middle and the page at rest after the
    release."""
    field = page.locator(selector)
    field.scroll_into_view_if_needed()
    handle = field.element_handle()
    waits.held_still(page, handle)
    before = field.bounding_box()
    assert before is not None
    x, y = before["x"] + min(before["width"] / 2, 40), before["y"] + before["height"] / 2
    cdp = page.context.new_cdp_session(page)
    with waits.clicked(page):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        waits.frames_drawn(page)  # the finger rests on the screen while the page draws
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    waits.htmx_idle(page)
    waits.held_still(page, handle)
    after = field.bounding_box()
    assert after is not None
    # The tap reached the field: it has the focus (and the keyboard), as on a phone.
    assert page.evaluate("document.activeElement && document.activeElement.name") == field.get_attribute(
        "name"
    )
    return max(abs(after["y"] - before["y"]), abs(after["x"] - before["x"]))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_players_next_item_is_on_the_first_screen(phone: Page, live_server, game):
    open_sheet(phone, live_server, game)
    items = phone.locator("#scorebar .standings .item")
    expect(items.first).to_be_visible()
    for index in range(items.count()):
        box = items.nth(index).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (index, box)
    for legend in phone.locator("#round-form .next-item").all()[:1]:
        box = legend.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box


@pytest.mark.parametrize("game", ["frustration-nl", "duizenden", "canasta"])
def test_no_field_moves_under_the_finger_with_the_calculator_open_or_closed(phone: Page, live_server, game):
    open_sheet(phone, live_server, game)
    fields = phone.locator("#round-form input[type=number]:visible")
    names = [str(fields.nth(i).get_attribute("name")) for i in range(fields.count())]
    moved = {name: movement_of_a_tap(phone, f"#round-form input[name='{name}']") for name in names}
    assert max(moved.values()) <= STILL, moved
    phone.evaluate("document.activeElement.blur()")
    calculator = open_calculator(phone, next(name for name in names if "points" in name))
    panel = calculator.bounding_box()
    assert panel is not None and panel["y"] + panel["height"] == pytest.approx(PHONE["height"], abs=1)
    moved = {}
    for name in names:
        selector = f"#round-form input[name='{name}']"
        # A field under the open calculator is scrolled above it first (a swipe, not a tap).
        phone.evaluate(
            "([sel, h]) => { const e = document.querySelector(sel); const r = e.getBoundingClientRect();"
            " if (r.bottom > innerHeight - h) scrollBy(0, r.bottom - innerHeight + h + 8); }",
            [selector, panel["height"]],
        )
        moved[name] = movement_of_a_tap(phone, selector)
        expect(calculator).to_be_visible()
    assert max(moved.values()) <= STILL, moved


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_round_form_starts_within_the_first_200_px(phone: Page, live_server, game):
    """A one-line top bar, the title and the standings bar leave the form near the top."""
    open_sheet(phone, live_server, game)
    tops = phone.evaluate(
        """() => Object.fromEntries(['.topbar', '.sheet-head', '#scorebar', '#round-form',
            '#round-form input:not([type=hidden])'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect(); return [s, [r.top, r.bottom]]; }))"""
    )
    print(game, tops)
    topbar = tops[".topbar"]
    assert topbar[1] - topbar[0] <= 60, tops  # one line
    assert tops["#round-form"][0] <= 200, tops


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is missing: npm ci --prefix tests/browser/axe")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_open_calculator_menu_and_asked_question_are_axe_clean(
    browser: Browser, live_server, transactional_db, scheme
):
    """The states a tap brings: the card calculator open, the top bar's menu open, a "laid
    down?" question waiting for its answer."""
    context = browser.new_context(
        bypass_csp=True,
        viewport=ViewportSize(width=PHONE["width"], height=PHONE["height"]),
        color_scheme=scheme,
        locale="en-GB",
    )
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.set_default_timeout(10_000)
    alice = UserFactory(username="alice")
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("main button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    match = Match.start(
        club=Club.personal_for(alice), game="frustration-nl", players=GAMES["frustration-nl"], by=alice
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.locator("#round-form label.chip", has_text="Anna").click()
    for text in ("15", "95", "30"):
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    expect(page.locator("fieldset[data-entry='2'] [data-ask]")).to_have_class(re.compile("asking"))
    open_calculator(page, "entries.3.points:int")
    page.click(".topbar .menu summary")
    expect(page.locator(".menu-list")).to_be_visible()
    violations = _violations(page)
    context.close()
    assert violations == [], violations
