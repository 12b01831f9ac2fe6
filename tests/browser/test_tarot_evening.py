"""A Tarot club evening on a touch phone (360 x 740) in English, Dutch and French: nine players
present, the secretary taps "Draw", and the evening seats a table of five and a table of four;
once both have played, the page shows each table's size and every player's place and points."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Table
from players.models import Club
from tests.browser.conftest import assert_fits_the_phone
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

pytestmark = pytest.mark.browser

LANGUAGES = {"en": None, "nl": "Nederlands", "fr": "français"}
PLAYERS = {"en": "players", "nl": "spelers", "fr": "joueurs"}
NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ilse"]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_tarot_evening_seats_a_table_of_five_and_one_of_four(phone: Page, live_server, language, tmp_path):
    page = phone
    competition = CompetitionFactory.create(
        club=Club.personal_for(page.alice),  # type: ignore[attr-defined]
        name="Tarot",
        games=["tarot"],
        options={"tarot": {"deals": 1}},
        kind="relative",
    )
    evening = EveningFactory.create(competition=competition, date=datetime.date(2026, 12, 4))
    evening.present.set([PlayerFactory.create(club=competition.club, name=name) for name in NAMES])
    if LANGUAGES[language]:
        page.select_option("#language", label=LANGUAGES[language])
        page.locator("form.lang button").click()
        expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")
    page.locator("#draw").tap()
    sizes = page.locator(".league-tables .table-size")
    expect(sizes).to_have_text([f"5 {PLAYERS[language]}", f"4 {PLAYERS[language]}"])

    # Each table plays its one deal: a garde made by 6 (62), the first seat taking; at five he
    # calls the second seat's king.
    for table in Table.objects.order_by("number"):
        five = table.match.seats.count() == 5
        deal = {"taker": 0, "contract": "garde", "points": 47, "oudlers": 2}
        table.match.add_round({**deal, "partner": 1} if five else deal)
    page.reload()
    sides = page.locator(".league-tables .table-sides li")
    expect(sides).to_have_count(9)
    # Table-relative points: at five 100, 75 and three times 25; at four 100 and three 33.33.
    points = [text.rsplit(" ", 1)[-1] for text in sides.all_inner_texts()]
    decimal = "33.33" if language == "en" else "33,33"
    assert points == ["100", "75", "25", "25", "25", "100", decimal, decimal, decimal]
    assert_fits_the_phone(page)
    folder = Path(os.environ.get("SCOREBLOK_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    page.locator("#tables").evaluate("heading => heading.scrollIntoView()")
    page.screenshot(path=str(folder / f"tarot-evening-{language}.png"))
