"""The browser tests' waits, one per kind: each waits for a state the player would see, or for an
event the page gives, never for a length of time (issue 47: tests that slept raced the page on a
loaded CI machine). A wait that runs out fails, saying what it waited for. tests/test_browser_waits.py
keeps fixed sleeps out of tests/browser/.

The predicates are functions, never bare expressions: Playwright evaluates a bare expression with
``eval``, which the site's Content-Security-Policy refuses as soon as a first check came out false.
A predicate polled by ``wait_for_function`` must answer at once (a promise counts as true), so one
that needs two frames keeps what it measured on the element (or the window) under its call's key.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import ElementHandle, Page, Response
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# What the tests' own conditions get before they fail (a page's waits use its default timeout).
TIMEOUT_S = 10.0
# Elements htmx marks while a request, a swap or the settle after it is under way.
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"

_keys = itertools.count(1)

# Each call counts its own frames: the first check is made at once, the next ones a frame apart.
_FRAMES = """(key) => {
    const seen = (window.__waitFrames ||= {});
    seen[key] = (seen[key] || 0) + 1;
    return seen[key] > 2;
}"""

# The element's box (or, without one, the page's scroll and height) the same in three checks a
# frame apart. An element that left the page is done with: the caller finds it gone.
_STILL = """([e, key]) => {
    if (e && !e.isConnected) return true;
    let now;
    if (e) {
        const r = e.getBoundingClientRect();
        now = [r.left, r.top, r.width, r.height].join();
    } else {
        now = [scrollX, scrollY, document.documentElement.scrollHeight].join();
    }
    const holder = e || window;
    if (!holder.__still || holder.__still.key !== key) holder.__still = { key, at: null, frames: 0 };
    const still = holder.__still;
    still.frames = still.at === now ? still.frames + 1 : 0;
    still.at = now;
    return still.frames >= 2;
}"""

# Wholly inside the screen and the thing drawn at its middle (not under the sticky bar or a
# panel); with ``reach``, its middle on the screen and drawn there (where a finger taps it).
_ON_SCREEN = """(e, w, h, reach) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    if (r.left < -0.5 || r.right > w + 0.5) return false;
    const middle = r.top + r.height / 2;
    const inside = reach ? middle >= 0 && middle <= h - 1 : r.top >= -0.5 && r.bottom <= h + 0.5;
    if (!inside) return false;
    const x = Math.min(Math.max(r.left + r.width / 2, 0), w - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), h - 1);
    const top = document.elementFromPoint(x, y);
    if (!top) return false;
    // A control's own label (or the label around it) is the control for a finger.
    const label = top.closest("label");
    return e.contains(top) || top.contains(e) || (label !== null && label.contains(e))
        || (e.labels && [...e.labels].some((l) => l.contains(top)));
}"""
ON_SCREEN = f"([e, w, h, reach]) => ({_ON_SCREEN})(e, w, h, reach)"

# On screen, no htmx work under way, and the box unchanged over two frames: where it rests.
_SETTLED_ON_SCREEN = f"""([e, w, h, reach, key]) => {{
    if (!e.isConnected) return "gone";
    const r = e.getBoundingClientRect();
    const now = [r.left, r.top, r.width, r.height].join();
    const on = !document.querySelector("{HTMX_BUSY}") && ({_ON_SCREEN})(e, w, h, reach);
    if (!e.__onScreen || e.__onScreen.key !== key) e.__onScreen = {{ key, at: null, frames: 0 }};
    const seen = e.__onScreen;
    seen.frames = on && seen.at === now ? seen.frames + 1 : 0;
    seen.at = now;
    return seen.frames >= 2;
}}"""


def _wait(page: Page, what: str, predicate: str, arg: Any = None) -> Any:
    """The predicate's first true answer, checked once a frame; fails saying what it waited for."""
    try:
        return page.wait_for_function(predicate, arg=arg, polling="raf").json_value()
    except PlaywrightTimeoutError as timeout:
        raise AssertionError(f"waited in vain for {what} on {page.url}") from timeout


def frames_drawn(page: Page) -> None:
    """The page has drawn two more frames: what was sent to it before is handled and laid out."""
    _wait(page, "two frames drawn", _FRAMES, next(_keys))


def htmx_idle(page: Page) -> None:
    """No htmx request, swap or settle under way: its answer is on the page, its scroll done."""
    _wait(page, "htmx to be idle", f"() => !document.querySelector('{HTMX_BUSY}')")


def held_still(page: Page, handle: ElementHandle) -> None:
    """The element's box has held still across two animation frames (or it left the page)."""
    _wait(page, "the element to hold still", _STILL, [handle, next(_keys)])


def scroll_settled(page: Page) -> float:
    """scrollY once the page has loaded, htmx is idle and the scroll held across two frames."""
    page.wait_for_load_state()
    htmx_idle(page)
    _wait(page, "the scroll to hold still", _STILL, [None, next(_keys)])
    return float(page.evaluate("() => scrollY"))


def settled_on_screen(page: Page, handle: ElementHandle, width: int, height: int, reach: bool) -> str:
    """Whether the element comes to rest on the screen (see ``_ON_SCREEN``) with htmx idle:
    "on screen", "not on screen" once the page's timeout ran out, or "gone" when it left the
    page meanwhile (the caller looks it up again)."""
    try:
        done = page.wait_for_function(
            _SETTLED_ON_SCREEN, arg=[handle, width, height, reach, next(_keys)], polling="raf"
        ).json_value()
    except PlaywrightTimeoutError:
        return "not on screen"
    return "gone" if done == "gone" else "on screen"


@contextmanager
def clicked(page: Page) -> Iterator[None]:
    """Around a touch: afterwards, waits for the click it makes to have reached the page."""
    key = next(_keys)
    page.evaluate(
        "(key) => document.addEventListener('click', () => { window.__clicked = key; },"
        " { capture: true, once: true })",
        key,
    )
    yield
    _wait(page, "the tap's click", "(key) => window.__clicked === key", key)


@contextmanager
def answered(page: Page, path: str, status: int | None = None) -> Iterator[None]:
    """Around an action: afterwards, waits for a request it led to, whose path matches the regex
    ``path``, to be answered (with ``status``, when given)."""
    wanted = re.compile(path)

    def matches(response: Response) -> bool:
        return bool(wanted.search(urlsplit(response.url).path)) and status in (None, response.status)

    # The answer's head is enough: Response.finished(), which has no timeout, never returned
    # for a poll's 304 here.
    with page.expect_response(matches):
        yield


def until(page: Page, condition: Callable[[], bool], what: str) -> None:
    """Frame by frame until ``condition()`` holds: a state the test's own handlers keep (a route
    that caught a request), which Playwright hands over while the test waits on the page."""
    deadline = time.monotonic() + TIMEOUT_S
    while not condition():
        assert time.monotonic() < deadline, f"waited {TIMEOUT_S:.0f} s for {what}"
        frames_drawn(page)


def worker_controls(page: Page) -> None:
    """The service worker controls the page: what it loads from now on passes the worker."""
    _wait(
        page, "the service worker", "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
    )


def copy_kept(page: Page) -> None:
    """The service worker holds its copy of the page (what a reload without a connection shows)."""
    kept = (
        "async () => !!(await caches.match(location.href,"
        " { ignoreVary: true, cacheName: 'scoreblok-pages' }))"
    )
    until(page, lambda: bool(page.evaluate(kept)), f"the service worker's copy of {page.url}")
