"""The Content-Security-Policy breaks nothing: the pages and the API docs run without a single
violation in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def watch_violations(page: Page) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return violations


def test_the_scorepad_runs_without_csp_violations(logged_in: Page, live_server):
    violations = watch_violations(logged_in)
    logged_in.goto(f"{live_server.url}/matches/new/")
    logged_in.goto(f"{live_server.url}/rules/")
    logged_in.goto(f"{live_server.url}/")
    assert violations == []


def test_the_api_docs_run_under_their_policy(page: Page, live_server):
    violations = watch_violations(page)
    page.goto(f"{live_server.url}/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Scoreblok API")
    expect(page.locator(".opblock").first).to_be_visible()
    assert violations == []
