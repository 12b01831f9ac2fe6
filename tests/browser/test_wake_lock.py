"""The screen stays awake while a scoresheet is open: the page asks for a Screen Wake Lock, asks
again when it comes back after the browser dropped the lock (the phone was locked, another app
was shown), and does not ask on other pages. Where the API is missing nothing breaks.

Headless Chromium grants no real lock, so ``navigator.wakeLock`` is replaced before the page's
scripts run by a recorder with the same shape (``request`` resolving to a sentinel that fires
``release``).
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from tests.browser.pages import log_in, make_demo

pytestmark = pytest.mark.browser

RECORDER = """
window.__locks = [];
Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: {
  request: async (type) => {
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.release = async () => sentinel.dispatchEvent(new Event('release'));
    window.__locks.push(sentinel);
    return sentinel;
  },
}});
"""

# A browser without the API (older Firefox and Safari).
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def test_a_scoresheet_keeps_the_screen_awake_and_asks_again_after_a_release(
    page: Page, live_server, transactional_db
):
    demo = make_demo()
    page.add_init_script(RECORDER)
    log_in(page, live_server.url)
    assert page.evaluate("window.__locks.length") == 0  # the home page does not ask

    page.goto(f"{live_server.url}{reverse('match_detail', args=[demo.matches['duizenden'].pk])}")
    page.wait_for_function("() => window.__locks.length === 1")
    assert page.evaluate("window.__locks[0].type") == "screen"

    # The browser drops the lock when the page is hidden; showing it again asks anew.
    page.evaluate("window.__locks[0].release()")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__locks.length === 2")

    # While the lock is held, a visibility change does not ask twice. The page's listener runs
    # inside dispatchEvent, and would ask before its first await: the count is final here.
    assert (
        page.evaluate(
            "() => { document.dispatchEvent(new Event('visibilitychange')); return __locks.length; }"
        )
        == 2
    )


def test_a_browser_without_wake_lock_shows_the_sheet_without_errors(
    page: Page, live_server, transactional_db
):
    demo = make_demo()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(NO_WAKE_LOCK)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}{reverse('match_detail', args=[demo.matches['duizenden'].pk])}")
    assert page.evaluate("'wakeLock' in navigator") is False
    assert page.locator("#sheet").is_visible()
    assert errors == []
