"""Browser tests: Playwright driving Debian's chromium against the site served as in
production's streams: the ASGI application on uvicorn (``live_server`` below replaces
pytest-django's WSGI one, whose answers cannot stream: a live page's events would never come).

CI sets ``SCOREBLOK_BROWSER_TESTS=required``: there a missing browser fails the run instead of
skipping the tests. On a developer machine without chromium they are skipped, with the reason.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.test.utils import modify_settings

from tests.factories import PASSWORD, UserFactory

# Playwright's sync API runs an event loop in this thread; the ORM calls made by the tests
# themselves (creating users) are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# A service worker's own requests reach context.route (test_live.go_offline): Chromium's
# offline emulation alone lets them through (microsoft/playwright#2311). Read when the
# Playwright driver starts, which is after this module is imported.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRED = os.environ.get("SCOREBLOK_BROWSER_TESTS") == "required"
PHONE = {"width": 360, "height": 740}


def pytest_collection_modifyitems(config, items):
    if CHROMIUM:
        return
    if REQUIRED:
        raise pytest.UsageError("Browser tests are required here but Debian's chromium is not installed.")
    skip = pytest.mark.skip(reason="chromium is not installed (apt-get install chromium)")
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(skip)


# Set on a browser context by test_live.go_offline: see AsgiLiveServer._unless_offline.
OFFLINE_COOKIE = "scoreblok-test-offline"


class AsgiLiveServer:
    """uvicorn in a thread, serving the Django ASGI application (and the static files, as the
    WSGI live server did) on a free port, against the test database. Shaped like
    pytest-django's ``LiveServer`` (``url``, and the settings its autouse helper turns on for
    each test), which it replaces."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, 0))
        port = listening.getsockname()[1]
        from config.asgi import application  # its streams as in production

        config = uvicorn.Config(
            self._unless_offline(ASGIStaticFilesHandler(application)),  # type: ignore[arg-type]
            log_level="warning",
            lifespan="off",
            # Open streams are cut at once when the session ends.
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [listening]}, daemon=True)
        self.url = f"http://{host}:{port}"
        self._live_server_modified_settings = modify_settings(ALLOWED_HOSTS={"append": host})
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the ASGI live server did not start")
            # allow: time: uvicorn announces no event when it has started, only its flag.
            time.sleep(0.05)  # allow: time

    def _unless_offline(self, app):
        """A request that would change something, from a phone the test took offline (its
        OFFLINE_COOKIE), is answered 503 unread, as a dead gateway would: Chromium's offline
        emulation and Playwright's routes can let a request from a page its service worker
        controls through for a moment (a round was stored once while the test's phone was
        offline, on a loaded CI machine)."""

        async def gated(scope, receive, send):
            cookies = b"; ".join(value for name, value in scope.get("headers", []) if name == b"cookie")
            offline = f"{OFFLINE_COOKIE}=1".encode() in cookies
            if scope["type"] == "http" and scope["method"] != "GET" and offline:
                await send({"type": "http.response.start", "status": 503, "headers": []})
                await send({"type": "http.response.body", "body": b""})
                return
            await app(scope, receive, send)

        return gated

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def __str__(self) -> str:
        return self.url


@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest) -> Iterator[AsgiLiveServer]:
    """The site on uvicorn for the whole session (pytest-django's helper still asks each test
    using it for ``transactional_db``, the server's requests seeing what the test wrote)."""
    server = AsgiLiveServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "locale": "en-GB"}


@pytest.fixture
def logged_in(page, live_server, transactional_db):
    """A page logged in as Alice, at the home page."""
    UserFactory(username="alice")
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    return page


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """A touch phone (360 x 740, ``is_mobile``) logged in as Alice, who is ``phone.alice``."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.alice = UserFactory(username="alice")
    log_in_as_alice(page, live_server)
    yield page
    context.close()


def log_in_as_alice(page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("main button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")


def assert_fits_the_phone(page) -> None:
    """Nothing sticks out sideways at 360 px (the grid scrolls inside its own box)."""
    page.wait_for_load_state()
    width = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        """(limit) => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > limit + 0.5)
            .slice(0, 5)
            .map((e) => e.tagName + '.' + e.className + ': ' + e.textContent.trim().slice(0, 40))""",
        PHONE["width"],
    )
    assert width <= PHONE["width"], f"{page.url} is {width}px wide: {wide}"


def fill_seats(page, names: list[str]) -> None:
    """Type the players on the new-match page, adding a seat where the game shows too few (the
    button found by its data attribute, in any language)."""
    for seat, name in enumerate(names):
        field = page.locator(f"#id_player_{seat}")
        if not field.is_visible():
            page.locator("button[data-add-seat]").click()
        field.fill(name)


def open_calculator(page, name: str):
    """The round form's card calculator, opened by the key beside the points field ``name``."""
    page.locator(f"#round-form label:has(input[name='{name}']) + .cards-key").click()
    calc = page.locator("#round-form [data-calculator]")
    calc.wait_for(state="visible")
    return calc
