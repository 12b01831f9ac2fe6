"""A guest's first round, for each of the games the site offers: from the home page, "Keep score
now", the game, four names, Start, and deal 1 on the Enter path; each screen as the guest sees it.
The guest of the first game then keeps the match by signing up from the menu (the same for every
game, so once per language)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.registry import all_homes
from matches.models import Match
from players.models import Guest
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import FIRST_DEALS, FOUR, Sheet, game_name, say
from tests.factories import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.journey]

# Every game on the guest's "Which game?" page, in its order: a game added to the registry has
# no first round until FIRST_DEALS has its deal 1 (its journey fails on the missing key).
GAMES = [home.slug for home in all_homes()]
SIGNS_UP = GAMES[0]


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


def keep_by_signing_up(phone: Phone, game: str) -> None:
    """The menu's Sign up, told the matches so far are kept; a name and a password twice; the
    new account's home lists the match, and it opens with deal 1 in it."""
    page, lang = phone.page, phone.lang
    guest = Guest.objects.get()
    phone.tap(page.locator(".topbar .menu summary"))
    sign_up = page.locator(".topbar .menu-list a[href$='/accounts/signup/']")
    phone.assert_on_screen(sign_up, "Sign up in the menu")
    phone.screenshot("the menu")
    phone.tap(sign_up, loads=True)
    kept = page.locator("main p").first
    expect(kept).to_have_text(say(lang, "Your matches so far are kept: they move into your new account."))
    username = page.locator("#id_username")
    phone.assert_first_screen(title=page.locator("h1"), first_field=username, notice=kept)
    for field, text in (("#id_username", "gerda"), ("#id_password1", PASSWORD), ("#id_password2", PASSWORD)):
        phone.tap_field(page.locator(field), text)
    phone.screenshot("signing up")
    phone.tap(page.locator("main form button.primary"), loads=True)
    flash = page.locator(".flash").first
    expect(flash).to_have_text(say(lang, "Your account is ready; your matches are kept."))
    match = page.locator("main ul.cards a", has_text=game_name(game, lang))
    phone.assert_first_screen(notice=flash, first_field=match)
    phone.screenshot("the new account")
    phone.tap(match, loads=True)
    expect(Sheet(phone).rows).to_have_count(1)
    phone.screenshot("the match kept")
    assert not Guest.objects.exists()
    owner = Match.objects.select_related("club__personal_owner").get().club.personal_owner
    assert owner is not None and owner.pk == guest.user_id and owner.username == "gerda"


@pytest.mark.parametrize("game", GAMES)
def test_a_guests_first_round(open_phone, lang, game):
    first_deal = FIRST_DEALS[game]
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
    sheet.assert_opened(next_items=first_deal.next_items)
    phone.screenshot("the empty sheet")
    first_deal.enter_path(sheet)
    sheet.assert_saved(1)
    phone.screenshot("deal 1 saved")
    assert Match.objects.get().rounds.count() == 1
    if game == SIGNS_UP:
        keep_by_signing_up(phone, game)
