"""A club night on a touch phone (360 x 740) in English, Dutch and French, as the secretary
lives it: "New evening" with the date the page offers, the tables seated by tapping names, the
standings read in a 336 px column; and the room's TV at 1920 x 1080, filled by its tables."""

from __future__ import annotations

import datetime
import os
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Browser, Page, ViewportSize, expect

from league.models import Competition, Evening, Table
from players.models import Membership
from tests.browser.conftest import PHONE, assert_fits_the_phone
from tests.factories import (
    PASSWORD,
    CompetitionFactory,
    EveningFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
)
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.browser

LOCALES = {"en": "en-GB", "nl": "nl-NL", "fr": "fr-FR"}
NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna"]


def _phone(browser: Browser, live_server, language: str) -> Page:
    """A touch phone in ``language``, logged in as Alice, owner of the club of ``Winter``."""
    context = browser.new_context(
        viewport=ViewportSize(width=PHONE["width"], height=PHONE["height"]),
        has_touch=True,
        is_mobile=True,
        locale=LOCALES[language],
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.set_default_navigation_timeout(30_000)  # the session's first page warms the server up
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button.primary").tap()
    page.wait_for_url(f"{live_server.url}/")
    return page


def _folder(tmp_path: Path) -> Path:
    """Where the screenshots go for a person to look at: $SCOREBLOK_SCREENSHOTS, else the test's
    own temporary folder."""
    folder = Path(os.environ.get("SCOREBLOK_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def winter(transactional_db) -> Competition:
    alice = UserFactory(username="alice")
    competition = CompetitionFactory.create(name="Winter")
    MembershipFactory.create(club=competition.club, user=alice, role=Membership.Role.OWNER)
    for name in NAMES:
        PlayerFactory.create(club=competition.club, name=name)
    return competition


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_new_evening_is_made_with_the_date_the_page_offers(browser: Browser, live_server, winter, language):
    page = _phone(browser, live_server, language)
    page.goto(f"{live_server.url}{reverse('league_standings', args=[winter.pk])}")
    today = timezone.localdate()
    # The field holds ISO, which the date picker reads (and shows in the reader's own form).
    expect(page.locator("#id_date")).to_have_value(today.isoformat())
    assert page.evaluate("document.querySelector('#id_date').valueAsDate !== null")
    page.locator("#new-evening-button").tap()
    page.wait_for_url(re.compile(r"/evenings/\d+/$"))
    assert page.url == f"{live_server.url}/evenings/{Evening.objects.get().pk}/"
    long_date = {"en": "December", "nl": "december", "fr": "décembre"}
    heading = page.locator("h1").inner_text()
    assert str(today.day) in heading and str(today.year) in heading
    if today.month == 12:
        assert long_date[language] in heading
    assert_fits_the_phone(page)
    # A second evening on the same date asks first, then is made on a second tap.
    page.goto(f"{live_server.url}{reverse('league_standings', args=[winter.pk])}")
    page.locator("#new-evening-button").tap()
    expect(page.locator("#same-day-evening")).to_be_visible()
    assert Evening.objects.count() == 1
    page.locator("#new-evening-button").tap()
    page.wait_for_url(re.compile(r"/evenings/\d+/$"))
    assert Evening.objects.count() == 2
    page.context.close()


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_two_tables_are_seated_by_tapping_names(browser: Browser, live_server, winter, language, tmp_path):
    evening = EveningFactory.create(competition=winter, date=datetime.date(2026, 12, 4))
    absent = PlayerFactory.create(club=winter.club, name="Ilse")
    evening.present.set(winter.club.players.exclude(pk=absent.pk))
    page = _phone(browser, live_server, language)
    page.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")
    chips = page.locator("[data-seat-picker] [data-player]")
    expect(chips).to_have_count(8)  # the eight present; absent Ilse is not offered
    expect(page.locator("[data-seat-picker]")).not_to_contain_text("Ilse")
    word = {"en": "Table", "nl": "Tafel", "fr": "Table"}[language]
    table_2 = f"{word} 2"
    expect(page.locator(".seating-table legend")).to_have_text([f"{word} 1", table_2])
    ids = dict(winter.club.players.values_list("name", "pk"))

    def chip(name: str):
        return page.locator(f'[data-seat-picker] [data-player="{ids[name]}"]')

    taps = 0
    for name in NAMES:
        chip(name).tap()
        taps += 1
    expect(chip("Eva")).to_contain_text(table_2)
    # A second tap takes a player off again; a third puts her back in the open seat.
    chip("Hanna").tap()
    expect(chip("Hanna")).to_have_attribute("aria-pressed", "false")
    chip("Hanna").tap()
    expect(chip("Hanna")).to_have_attribute("aria-pressed", "true")
    assert_fits_the_phone(page)
    page.locator("#seating").screenshot(path=str(_folder(tmp_path) / f"seating-{language}.png"))
    page.locator("#start-tables").tap()
    taps += 1
    expect(page.locator(".league-tables .row")).to_have_count(2)
    assert taps == 9  # a tap per seat and one to start: 18 through selects before
    tables = [
        (table.round, table.number, [seat.player.name for seat in table.match.seats.order_by("position")])
        for table in Table.objects.order_by("number")
    ]
    assert tables == [(1, 1, NAMES[:4]), (1, 2, NAMES[4:])]
    page.context.close()


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_the_standings_fit_the_phone_in_every_language(browser: Browser, live_server, winter, language):
    PlayerFactory.create(club=winter.club, name="Anne-Catharina")
    winter.booby_prize = True
    winter.save()
    evening = EveningFactory.create(competition=winter, date=datetime.date(2026, 12, 4))
    evening.present.set(winter.club.players.all())
    for table in evening.draw_and_start(rng=random.Random(1)):
        table.match.add_round(deal(winner=0, players=table.match.player_count))
    page = _phone(browser, live_server, language)
    page.goto(f"{live_server.url}{reverse('league_standings', args=[winter.pk])}")
    expect(page.locator("#standings tbody tr")).to_have_count(9)
    table, column = page.evaluate(
        "[document.querySelector('#standings').getBoundingClientRect().width,"
        " document.querySelector('#standings').parentElement.clientWidth]"
    )
    cells = page.evaluate(
        "[...document.querySelectorAll('#standings thead th')]"
        ".map(e => e.textContent + ' ' + e.getBoundingClientRect().width)"
    )
    assert table <= column <= 336, f"{language}: standings {table}px in a {column}px column: {cells}"
    assert_fits_the_phone(page)
    page.context.close()


def test_the_evening_tv_fills_the_screen_with_its_tables(browser: Browser, live_server, winter, tmp_path):
    evening = EveningFactory.create(competition=winter, date=datetime.date(2026, 12, 4))
    evening.present.set(winter.club.players.all())
    evening.draw_and_start(rng=random.Random(2))
    context = browser.new_context(viewport=ViewportSize(width=1920, height=1080), locale="nl-NL")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.locator("main form button.primary").click()
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}{reverse('evening_tv', args=[evening.pk])}")
    expect(page.locator(".tv-title")).to_have_text(f"{winter.club.name} · Winter · 4 december 2026")
    expect(page.locator(".tv-table-number")).to_have_text(["Tafel 1", "Tafel 2"])
    boxes = [card.bounding_box() for card in page.locator(".tv-table").all()]
    assert all(box is not None for box in boxes)
    bottom = max(box["y"] + box["height"] for box in boxes if box)
    assert bottom > 1080 * 0.9, f"the cards end at {bottom}px of 1080"
    total = page.locator(".tv-table .standings .total").first
    size = float(total.evaluate("element => getComputedStyle(element).fontSize").removesuffix("px"))
    assert size >= 0.056 * 1080, f"totals at {size}px"
    page.screenshot(path=str(_folder(tmp_path) / "evening-tv-1920x1080.png"))
    context.close()


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_the_competition_form_is_thumb_sized(browser: Browser, live_server, winter, language):
    """Each game's folded options and the season's dates are at least 44 px tall (22 and 36 before)."""
    page = _phone(browser, live_server, language)
    page.goto(f"{live_server.url}{reverse('league_competition_edit', args=[winter.pk])}")
    heights = page.evaluate(
        "[...document.querySelectorAll('.league-options > summary, #id_evening_dates')]"
        ".map(e => e.getBoundingClientRect().height)"
    )
    assert len(heights) >= 5 and min(heights) >= 44, heights
    folded = page.locator(f"#{page.locator('.league-options:not([open])').first.get_attribute('id')}")
    folded.locator("summary").tap()
    expect(folded.locator("input, select").first).to_be_visible()
    assert_fits_the_phone(page)
    page.context.close()
