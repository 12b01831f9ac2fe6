"""The journeys' phones: one touch phone (360 x 740) per player and language, in the worker's one
browser, signed in by a session cookie when the journey is not about signing in.

``pytest -m journey`` runs only the journeys; every step's screenshot lands in
test-results/journeys/<journey>/<lang>/NN-step.png.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, expect

from tests.browser.journeys.player import HEIGHT, WIDTH, Phone

LOCALES = {"en": "en-GB", "nl": "nl-NL", "fr": "fr-FR"}
LANGUAGES = list(LOCALES)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    """A journey that fails keeps a last screenshot of every phone, where it stopped."""
    phones: list[Phone] = []
    pyfuncitem.journey_phones = phones
    try:
        result = yield
    except BaseException:
        for phone in phones:
            with contextlib.suppress(Exception):  # a closed page has no screen left to keep
                phone.screenshot("failed here")
        raise
    return result


OpenPhone = Callable[..., Phone]


@pytest.fixture
def open_phone(request, browser: Browser, live_server, transactional_db, settings) -> Iterator[OpenPhone]:
    """``open_phone(journey, lang, user=None)``: a new phone (its own browser context), in the
    language's locale, signed in as ``user`` when given."""
    settings.GUEST_STARTS_PER_HOUR = 10_000  # every journey starts guests from the one address
    # A journey waits on what a player waits for (a save, the other phone following): on a CI
    # machine shared by two workers that may take longer than Playwright's 5 s default.
    expect.set_options(timeout=10_000)
    contexts = []

    cleared: set[tuple[str, str]] = set()

    def open_one(
        journey: str, lang: str, user=None, *, who: str = "", size: tuple[int, int] | None = None
    ) -> Phone:
        """A phone; or with ``size``, a screen of that size without touch (a TV)."""
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]} if size else {"width": WIDTH, "height": HEIGHT},
            has_touch=size is None,
            is_mobile=size is None,
            device_scale_factor=1,
            locale=LOCALES[lang],
            base_url=live_server.url,
        )
        contexts.append(context)
        cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}]
        if user is not None:
            client = Client()
            client.force_login(user)
            session = client.cookies[settings.SESSION_COOKIE_NAME].value
            cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url})
        context.add_cookies(cookies)  # type: ignore[arg-type]
        page = context.new_page()
        page.set_default_timeout(10_000)
        if (journey, lang) not in cleared:
            Phone.clear(journey, lang)
            cleared.add((journey, lang))
        phone = Phone(page, journey, lang, who)
        request.node.journey_phones.append(phone)
        return phone

    yield open_one
    expect.set_options(timeout=5_000)
    for context in contexts:
        context.close()


@pytest.fixture(params=LANGUAGES)
def lang(request) -> str:
    return request.param


__all__ = ["LANGUAGES", "settings"]
