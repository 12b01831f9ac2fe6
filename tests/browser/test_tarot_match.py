"""The taker's tricks counted on Tarot's card-point calculator on a touch phone, in English,
Dutch and French: the oudlers, heads and low cards at ½, "Use for the taker" filling the points,
"and a half" and the oudlers, and the engine's score before Save. (A Tarot match played to its
end is the journey tests/browser/journeys/test_klaverjassen_and_tarot_to_the_end.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match
from tests.browser.conftest import assert_fits_the_phone, fill_seats

pytestmark = pytest.mark.browser

LANGUAGES = {"en": None, "nl": "Nederlands", "fr": "français"}


def choose(page: Page, name: str, value: str) -> None:
    page.locator(f"#round-form input[name='{name}'][value='{value}']").check()


def start_tarot(page: Page, live_server, language: str) -> None:
    """In ``language``, a Tarot match for Anna, Bram, Cor and Dirk, each button tapped."""
    if LANGUAGES[language]:
        page.select_option("#language", label=LANGUAGES[language])
        page.locator("form.lang button").tap()
        expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"{live_server.url}/matches/new/tarot/")
    fill_seats(page, ["Anna", "Bram", "Cor", "Dirk"])
    page.locator("form button[type=submit]").last.tap()
    expect(page.locator("h1")).to_have_text("Tarot")


# What the score shown before Save says of a garde counted on the calculator: 47½ with 2 oudlers,
# made by 6½, which counts as 7 (the engine rounds the difference, not the count).
MADE_BY_7 = {
    "en": "Garde, 2 oudlers, 47½ points: made by 7 → (25 + 7) × 2 = 64",  # noqa: RUF001 (the page's signs)
    "nl": "Garde, 2 oudlers, 47½ punten: gehaald met 7 → (25 + 7) × 2 = 64",  # noqa: RUF001 (the page's signs)
    "fr": "Garde, 2 bouts, 47½ points : fait de 7 → (25 + 7) × 2 = 64",  # noqa: RUF001 (the page's signs)
}
USE_FOR_THE_TAKER = {"en": "Use for the taker", "nl": "Gebruik voor de nemer", "fr": "Pour le preneur"}


def tap_key(calculator, row: int, key: int, times: int = 1) -> None:
    for _ in range(times):
        calculator.locator(".calc-row").nth(row).locator(".key").nth(key).tap()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_takers_tricks_counted_on_the_calculator_fill_points_half_and_oudlers(
    phone: Page, live_server, language
):
    """On a touch phone: the taker's cards tapped (two oudlers, heads, low cards at ½) make 47½;
    "Use for the taker" puts 47, "and a half" and 2 oudlers in the form, and the engine's score
    shows before Save."""
    page = phone
    start_tarot(page, live_server, language)
    choose(page, "taker:int", "1")
    choose(page, "contract:str", "garde")

    calculator = page.locator("#round-form [data-card-calculator]")
    calculator.locator("summary").tap()
    # Oudlers: the 21 and the excuse (4½ each); a slip on the 1, cleared first.
    tap_key(calculator, 0, 1)
    calculator.locator("[data-clear]").tap()
    expect(calculator.locator("[data-sum]")).to_have_text("0")
    expect(calculator.locator("[data-tally]")).to_have_text("0")
    tap_key(calculator, 0, 0)
    tap_key(calculator, 0, 2)
    # Four kings (18), three queens (10½), a knight (2½), two jacks (3), nine other cards (4½).
    tap_key(calculator, 1, 0, 4)
    tap_key(calculator, 1, 1, 3)
    tap_key(calculator, 1, 2)
    tap_key(calculator, 1, 3, 2)
    tap_key(calculator, 2, 0, 9)
    expect(calculator.locator("[data-sum]")).to_have_text("47½")
    expect(calculator.locator("[data-tally]")).to_have_text("2")

    # Every key and the "Use" button are at least 44 px for a finger, nothing wider than the phone.
    for box in (
        *(key.bounding_box() for key in calculator.locator(".key").all()),
        calculator.locator("[data-use]").bounding_box(),
    ):
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert_fits_the_phone(page)
    page.screenshot(path=f"/tmp/tarot-calculator-{language}.png", full_page=True)

    use = calculator.locator("[data-use]")
    expect(use).to_have_text(USE_FOR_THE_TAKER[language])
    use.tap()
    expect(page.locator("#round-form input[name='points:int']")).to_have_value("47")
    expect(page.locator("#round-form input[type=checkbox][name='half:bool']")).to_be_checked()
    expect(page.locator("#round-form input[name='oudlers:int'][value='2']")).to_be_checked()
    expect(calculator).not_to_have_attribute("open", "")
    expect(calculator.locator("[data-sum]")).to_have_text("0")
    preview = page.locator("#round-form [data-preview]")
    expect(preview).to_contain_text(MADE_BY_7[language])
    expect(preview.locator(".tarot-shares li")).to_have_text(["Anna −64", "Bram +192", "Cor −64", "Dirk −64"])  # noqa: RUF001
    page.screenshot(path=f"/tmp/tarot-calculator-{language}-used.png", full_page=True)
    assert_fits_the_phone(page)

    page.locator("#round-form button[type=submit]").focus()
    page.locator("#round-form button[type=submit]").tap()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    expect(page.locator(".tarot-hints strong")).to_have_text("Bram")  # the next deal's dealer: saved
    stored = Match.objects.get().rounds.get()
    assert stored.scores == [-64, 192, -64, -64]
    assert stored.body["points"] == 47 and stored.body["half"] is True and stored.body["oudlers"] == 2
