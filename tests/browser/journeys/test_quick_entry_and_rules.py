"""The round said in one line, and a rule looked up from the sheet during a dispute: what the
player sees after each tap, in the player's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match
from players.models import Club
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import Sheet
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.journey]

# Anna went out with 310 on the table; Bram has 120 on the table and 85 in hand; Cor 45 and 20.
LINES = {
    "en": "Anna out with three hundred and ten, Bram 120 on the table, 85 in hand, "
    "Cor 45 on the table 20 in hand",
    "nl": "Anna uit met driehonderdtien, Bram 120 op tafel, 85 in de hand, Cor 45 op tafel 20 in de hand",
    "fr": "Anna sort avec trois cent dix, Bram 120 sur la table, 85 en main, Cor 45 sur la table 20 en main",
}
# Each field and what it may hold (an empty hand beside "out" is the engine's 0).
FILLED = {
    "entries.0.table_points:int": "310",
    "entries.0.hand_points:int": ("", "0"),
    "entries.1.table_points:int": "120",
    "entries.1.hand_points:int": "85",
    "entries.2.table_points:int": "45",
    "entries.2.hand_points:int": "20",
}
NONSENSE = {"en": "good evening everyone", "nl": "goedenavond allemaal", "fr": "bonsoir tout le monde"}


def open_duizenden(open_phone, journey: str, lang: str) -> tuple[Phone, Sheet, Match]:
    user = UserFactory()
    match = Match.start(
        club=Club.personal_for(user), game="duizenden", players=["Anna", "Bram", "Cor"], by=user
    )
    phone: Phone = open_phone(journey, lang, user)
    phone.page.goto(f"/matches/{match.pk}/")
    return phone, Sheet(phone), match


def test_a_round_said_in_one_line(open_phone, lang):
    phone, sheet, match = open_duizenden(open_phone, "quick-entry", lang)
    page = phone.page
    sheet.assert_opened()
    line = page.locator("#quick-line")
    status = page.locator("#quick-status")

    # A line that fits nothing: refused beside the line, the form left as it was.
    phone.tap_field(line, NONSENSE[lang])
    phone.enter()
    expect(status.locator(".error")).to_be_visible()
    phone.assert_on_screen(status, "the warning beside the line")
    expect(sheet.field("entries.0.table_points:int")).to_have_value("")
    phone.screenshot("a line that fits nothing")

    phone.tap_field(line, LINES[lang])
    phone.enter()
    expect(status.locator(".done, .error")).to_be_visible()
    phone.assert_on_screen(status, "the status of the line")
    phone.screenshot("the line read")
    expect(sheet.form.locator("input[name='@went_out'][value='0']")).to_be_checked()
    for name, value in FILLED.items():
        field = sheet.field(name)
        read, allowed = field.input_value(), value if isinstance(value, tuple) else (value,)
        phone.check(read in allowed, f"{name} filled with {value} (it holds {read!r})")
    assert not match.rounds.exists()  # nothing is stored until Save

    phone.tap(sheet.save, leaves=True)
    sheet.assert_saved(1)
    phone.screenshot("saved")
    entries = match.rounds.get().body["entries"]
    assert [(e["table_points"], e["hand_points"]) for e in entries] == [(310, 0), (120, 85), (45, 20)]


SEARCHES = {
    # lang: (the sheet's game, the words, the section that must come first)
    "en": ("canasta", "red three", "threes"),
    "nl": ("duizenden", "schoppenvrouw", "queen-of-spades"),
    "fr": ("duizenden", "dame de pique", "queen-of-spades"),
}


def test_the_rules_searched_from_the_sheet(open_phone, lang):
    game, words, anchor = SEARCHES[lang]
    user = UserFactory()
    match = Match.start(club=Club.personal_for(user), game=game, players=["Anna", "Bram"], by=user)
    phone: Phone = open_phone("rules-search", lang, user)
    page = phone.page
    page.goto(f"/matches/{match.pk}/")
    sheet = Sheet(phone)
    search = page.locator(".sheet-head a.rules-search-link")
    phone.assert_first_screen(title=sheet.title, first_field=search)
    phone.screenshot("the sheet")

    phone.tap(search, loads=True)
    box = page.locator("#rules-search-q")
    phone.assert_first_screen(first_field=box, focused=box)
    phone.screenshot("the search")
    phone.type(words)
    with page.expect_navigation():
        phone.enter()
    first = page.locator(".rules-search-hits li").first
    expect(first).to_have_attribute("data-anchor", anchor)
    expect(first).to_have_attribute("data-game", game)
    phone.assert_first_screen(first_field=first.locator("a"))
    expect(first.locator("mark").first).to_be_visible()
    phone.screenshot("the hits")

    phone.tap(first.locator("a"), loads=True)
    heading = page.locator(f"[id='{anchor}'] :is(h2, h3, h4)").first
    phone.assert_first_screen(top=False, title=heading)
    phone.screenshot("the section")
