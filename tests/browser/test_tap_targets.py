"""One-handed at 360 px: every control on the pages a table uses is at least 44 x 44 px, no text
on a scoresheet is under 14 px, and the Barbuse grid shows every column without scrolling.

Exceptions, as WCAG 2.5.8 allows: a link inside running text (an inline link with words of the
same sentence around it), whose height is the line's. A checkbox or radio inside a label is
measured by its label, which is what the thumb taps. Controls that are not shown (hidden, or a
visually hidden input behind a label) are not measured.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from tests.browser.conftest import PHONE
from tests.browser.pages import PAGES, log_in, make_demo

pytestmark = pytest.mark.browser

TAP = 44
MIN_TEXT = 14

SMALL_TARGETS = """(tap) => {
  const shown = (e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    return s.display !== 'none' && s.visibility !== 'hidden' && r.width > 1 && r.height > 1
      && !e.closest('[hidden], .sr-only, details:not([open]) > :not(summary)');
  };
  const inRunningText = (e) => {
    if (e.tagName !== 'A' || getComputedStyle(e).display !== 'inline') return false;
    const block = e.parentElement;
    return block.textContent.trim().length > e.textContent.trim().length;
  };
  const small = [];
  for (const e of document.querySelectorAll('a[href], button, input, select, textarea, summary')) {
    if (e.type === 'hidden' || inRunningText(e)) continue;
    let target = e;
    if ((e.type === 'checkbox' || e.type === 'radio') && e.closest('label')) target = e.closest('label');
    if (!shown(target)) continue;
    const r = target.getBoundingClientRect();
    if (r.width < tap - 0.5 || r.height < tap - 0.5) {
      const what = (e.textContent || e.name || e.value || '').trim().slice(0, 30);
      small.push(`${e.tagName.toLowerCase()}${e.className ? '.' + e.className : ''} "${what}" `
        + `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return small;
}"""

SMALL_TEXT = """(min) => {
  const small = [];
  for (const e of document.querySelectorAll('#sheet *')) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || e.closest('.sr-only, [hidden]') || !e.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    const what = e.textContent.trim().slice(0, 20);
    if (size < min - 0.01) small.push(`${e.tagName.toLowerCase()}.${e.className} "${what}" ${size}px`);
  }
  return small;
}"""


def test_every_control_is_big_enough_for_a_thumb_and_sheets_are_readable(
    page: Page, live_server, transactional_db
):
    demo = make_demo()
    page.set_default_timeout(15_000)
    problems: dict[str, list[str]] = {}
    for signed_in in (False, True):
        if signed_in:
            log_in(page, live_server.url)
        for visit in (v for v in PAGES if v.main and v.signed_in == signed_in):
            page.goto(f"{live_server.url}{visit.path(demo)}")
            found = page.evaluate(SMALL_TARGETS, TAP)
            if "/matches/" in page.url and page.locator("#sheet").count():
                found += page.evaluate(SMALL_TEXT, MIN_TEXT)
            if found:
                problems[visit.name] = found
    report = "\n".join(f"{name}: {item}" for name, items in problems.items() for item in items)
    assert not problems, f"too small at {PHONE['width']} px:\n{report}"


def test_the_barbuse_grid_shows_every_column_at_360_px(page: Page, live_server, transactional_db):
    demo = make_demo()
    page.goto(f"{live_server.url}{reverse('login')}")
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}{reverse('match_detail', args=[demo.matches['barbuse'].pk])}")
    # Its contracts grid and its rounds grid (with a row header per contract played).
    grids = page.locator(".barbuse-grid, .grid")
    assert grids.count() >= 2
    for index in range(grids.count()):
        box = grids.nth(index).evaluate(
            "(g) => { const w = g.closest('.grid-wrap') || g.parentElement;"
            " return [w.scrollWidth, w.clientWidth, g.getBoundingClientRect().right]; }"
        )
        scroll_width, client_width, right = box
        assert scroll_width <= client_width, f"the grid scrolls sideways: {scroll_width} > {client_width}"
        assert right <= PHONE["width"], f"the grid ends at {right}px"
