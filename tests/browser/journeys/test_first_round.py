"""A guest's first round: from the home page, "Keep score now", the game, four names, Start, and
deal 1 on the Enter path; each screen as the guest sees it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match
from tests.browser.journeys.sheets import FOUR, GAMES, ROUNDS, Sheet, game_name

pytestmark = [pytest.mark.browser, pytest.mark.journey]


def fill_names(phone, names: list[str]) -> None:
    """Tap each seat and type its player, showing one more seat where the form shows too few."""
    page = phone.page
    for seat, name in enumerate(names):
        field = page.locator(f"#id_player_{seat}")
        if not field.is_visible():
            phone.tap(page.locator("button[data-add-seat]"), leaves=True)  # the new seat takes its place
            expect(field).to_be_visible()
        phone.tap(field)
        expect(field).to_be_focused()
        phone.type(name)


@pytest.mark.parametrize("game", GAMES)
def test_a_guests_first_round(open_phone, lang, game):
    phone = open_phone(f"first-round-{game}", lang)
    page = phone.page
    page.goto("/")
    keep = page.locator("form[action$='/guest/'] button, main form button.primary").first
    phone.assert_first_screen(title=page.locator("h1"), save=keep)
    phone.screenshot("home")
    phone.tap(keep, loads=True)

    choice = page.get_by_role("link", name=game_name(game, lang), exact=True)
    phone.assert_first_screen(title=page.locator("h1"), first_field=choice)
    phone.screenshot("which game")
    phone.tap(choice, loads=True)

    expect(page.locator("h1")).to_have_text(game_name(game, lang))
    phone.assert_first_screen(title=page.locator("h1"), first_field=page.locator("#id_player_0"))
    fill_names(phone, FOUR)
    phone.screenshot("four names")
    start = page.locator("main form button.primary")
    phone.tap(start, loads=True)

    sheet = Sheet(phone)
    expect(sheet.title).to_have_text(game_name(game, lang))
    sheet.assert_opened(next_items=game != "barbuse")
    phone.screenshot("the empty sheet")
    ROUNDS[game].enter_path(sheet)
    sheet.assert_saved(1)
    phone.screenshot("deal 1 saved")
    assert Match.objects.get().rounds.count() == 1
