"""axe-core finds no violation on any page, in English, Dutch and French, light and dark.

axe-core comes from npm (tests/browser/axe, installed by ``make test``), never a CDN; it is
in each page from its start (an init script), with the CSP bypassed for this test only (the
site allows no inline script). The colour scheme is the device's (``prefers-color-scheme``),
which is what the dark set of variables follows; an explicit choice (``data-theme``) uses the
same variables. Every rule axe runs by default (WCAG 2.x A/AA and best practices) must pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browser.conftest import PHONE
from tests.browser.pages import PAGES, log_in, make_demo

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def _violations(page) -> list[dict]:
    # axe is in every page from its first script on (the context's init script): sending its
    # 500 KB to each page after it loaded cost more than running every rule. Only violations
    # are gathered in full; passes are still checked, not listed.
    return page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map(
                (n) => n.target.join(' ') + ': ' + n.failureSummary.replace(/\\n/g, ' ')),
        }))"""
    )


def _report(failures: dict[str, list[dict]]) -> str:
    lines = []
    for name, violations in failures.items():
        for v in violations:
            lines.append(f"{name}: [{v['impact']}] {v['id']}: {v['help']}")
            lines.extend(f"    {node}" for node in v["nodes"])
    return "\n".join(lines)


# (language, the device's colour scheme, the visitor's explicit choice or "" for none)
CASES = [
    *((language, scheme, "") for language in ("en", "nl", "fr") for scheme in ("light", "dark")),
    ("en", "light", "dark"),  # dark chosen with the switch on a light device: data-theme="dark"
    ("en", "dark", "light"),
]


@pytest.mark.parametrize(("language", "device", "choice"), CASES)
def test_no_page_has_an_axe_violation(
    browser: Browser, live_server, transactional_db, language: str, device: str, choice: str
):
    assert AXE.exists(), "axe-core is missing: npm ci --prefix tests/browser/axe (make test does it)"
    demo = make_demo()
    scheme = choice or device
    context = browser.new_context(
        bypass_csp=True,
        viewport=ViewportSize(width=PHONE["width"], height=PHONE["height"]),
        color_scheme="dark" if device == "dark" else "light",
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    if choice:
        # The visitor's cookie; the demo user's choice is stored as theirs (Preference) below.
        context.add_cookies([{"name": "theme", "value": choice, "url": live_server.url}])
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.set_default_timeout(15_000)
    failures: dict[str, list[dict]] = {}
    try:
        for signed_in in (False, True):
            if signed_in:
                log_in(page, live_server.url)
                if choice:
                    page.locator(f".theme button[value='{choice}']").click()
            # The switch's two crossings restyle every page alike (one stylesheet, one attribute):
            # the main pages prove it; every page is checked in both schemes by the device runs.
            pages = [v for v in PAGES if v.signed_in == signed_in and (v.main or not choice)]
            for visit in pages:
                response = page.goto(f"{live_server.url}{visit.path(demo)}")
                assert response is not None and response.status == visit.status, visit.name
                assert page.evaluate("document.documentElement.lang") == language, visit.name
                # The page really is in the scheme under test (the variables' color-scheme).
                shown = page.evaluate("getComputedStyle(document.documentElement).colorScheme")
                assert shown == (visit.scheme or scheme), visit.name
                if violations := _violations(page):
                    failures[visit.name] = violations
    finally:
        context.close()
    case = f"{language}, {device} device, {choice or 'no'} choice"
    assert not failures, f"axe violations ({case}):\n{_report(failures)}\n" + json.dumps(sorted(failures))
