"""Live pages told by push: a viewer at the next table follows Alice's rounds through the match's
events stream, catches up after a dropped connection, and falls back to refreshing by itself
when streams are blocked (an old proxy), saying so.

The rounds are stored by the test (another phone, or the API): the event is sent in this
process, as ``make run`` sends it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, Route, ViewportSize, expect

from live.models import MatchShare
from matches.models import Match
from players.models import Club
from tests.browser import waits
from tests.browser.conftest import PHONE
from tests.factories import UserFactory

pytestmark = pytest.mark.browser

SHOTS = Path("test-results/push")
BOARD = r"/board/$"  # a viewer's refresh
DEAL_1 = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 30},
    ]
}


@pytest.fixture
def viewer(browser: Browser, live_server, transactional_db) -> Iterator[Page]:
    """A touch phone with no account."""
    phone = ViewportSize(width=PHONE["width"], height=PHONE["height"])
    context = browser.new_context(viewport=phone, has_touch=True, is_mobile=True, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def match(transactional_db) -> Match:
    alice = UserFactory(username="alice")
    club = Club.personal_for(alice)
    return Match.start(club=club, game="frustration-nl", players=["Anna", "Bram"], by=alice)


def follow(viewer: Page, live_server, match: Match) -> list[Request]:
    """Open the share link, until the stream has opened and the one refresh it asks for (what
    changed before it opened) is answered; the requests the page sends from then on."""
    share = MatchShare.share(match)
    sent: list[Request] = []
    viewer.on("request", lambda request: sent.append(request))
    with waits.answered(viewer, BOARD):
        viewer.goto(f"{live_server.url}/live/{share.token}/")
    expect(viewer.locator(".grid tbody tr")).to_have_text("No rounds yet.")
    return sent


def test_a_viewer_follows_a_round_within_a_second_and_asks_nothing_while_idle(
    viewer: Page, live_server, match
):
    sent = follow(viewer, live_server, match)
    sent.clear()
    # allow: time: the span in which an idle page must ask nothing (three poll intervals); no
    # event marks the end of nothing happening.
    viewer.wait_for_timeout(3_000)  # allow: time
    assert [request.url for request in sent] == [], "an idle connected page sent requests"

    stored = time.monotonic()
    match.add_round(DEAL_1)
    expect(viewer.locator(".grid tbody tr[data-round='1']")).to_be_visible(timeout=1_000)
    seen = time.monotonic() - stored
    expect(viewer.locator(".standings")).to_contain_text("30")
    # One fetch of the board, nothing else.
    assert ["/board/" in request.url for request in sent] == [True], [request.url for request in sent]
    assert seen < 1.0
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewer.screenshot(path=SHOTS / "viewer-pushed.png")


def test_a_dropped_stream_comes_back_and_the_page_fetches_the_round_it_missed(
    viewer: Page, live_server, match, settings
):
    settings.LIVE_STREAM_MAX_AGE = 2  # the server ends the stream; the browser reconnects
    sent = follow(viewer, live_server, match)
    held: list[Route] = []
    viewer.route("**/events/**", lambda route: held.append(route))
    waits.until(viewer, lambda: bool(held), "the browser to reconnect")
    sent.clear()

    match.add_round(DEAL_1)  # while the viewer's stream is down
    # allow: time: the span in which the page, its stream down, must not poll instead; no event
    # marks the end of nothing happening.
    viewer.wait_for_timeout(1_500)  # allow: time
    expect(viewer.locator(".grid tbody tr")).to_have_text("No rounds yet.")
    assert not any("/board/" in request.url for request in sent), "the page polled instead of waiting"

    # The stream opens again and the page fetches the board once: the round it missed shows.
    held[0].continue_()
    viewer.unroute("**/events/**")
    expect(viewer.locator(".grid tbody tr[data-round='1']")).to_be_visible(timeout=2_000)
    expect(viewer.locator("[data-live-paused]")).to_be_hidden()


def test_a_page_whose_stream_is_blocked_refreshes_every_few_seconds_and_says_so(
    viewer: Page, live_server, match
):
    viewer.route("**/events/**", lambda route: route.abort("connectionrefused"))
    share = MatchShare.share(match)
    viewer.goto(f"{live_server.url}/live/{share.token}/")
    paused = viewer.locator("[data-live-paused]")
    expect(paused).to_be_visible(timeout=10_000)
    expect(paused).to_have_text("Live updates paused; refreshing every few seconds.")

    match.add_round(DEAL_1)
    expect(viewer.locator(".grid tbody tr[data-round='1']")).to_be_visible(timeout=10_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewer.screenshot(path=SHOTS / "viewer-polling.png")
