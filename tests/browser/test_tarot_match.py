"""A short Tarot match on a phone, in English, Dutch and French: four players, four deals, the
deal's score shown before Save with the rule that made it (the engine's, drawn by the server as
the deal is typed), a refused poignée, and the winner."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Match
from tests.browser.conftest import assert_fits_the_phone, fill_seats

pytestmark = pytest.mark.browser

LANGUAGES = {"en": None, "nl": "Nederlands", "fr": "français"}
# What the score shown before Save says of deal 1 (garde, 2 oudlers, 47 points), per language.
MADE_BY_6 = {
    "en": "Garde, 2 oudlers, 47 points: made by 6 → (25 + 6) × 2 = 62",  # noqa: RUF001 (the page's signs)
    "nl": "Garde, 2 oudlers, 47 punten: gehaald met 6 → (25 + 6) × 2 = 62",  # noqa: RUF001 (the page's signs)
    "fr": "Garde, 2 bouts, 47 points : fait de 6 → (25 + 6) × 2 = 62",  # noqa: RUF001 (the page's signs)
}
POIGNEE_REFUSED = {
    "en": "A poignée at 4 players shows at least 10 trumps.",
    "nl": "Een poignée toont bij 4 spelers minstens 10 troeven.",
    "fr": "Une poignée à 4 joueurs montre au moins 10 atouts.",
}


def choose(page: Page, name: str, value: str) -> None:
    page.locator(f"#round-form input[name='{name}'][value='{value}']").check()


def deal(page: Page, taker: int, contract: str, points: int, oudlers: int, **extra: str) -> None:
    """Taker and contract first, then the count, then the bonuses (opened only when used)."""
    choose(page, "taker:int", str(taker))
    choose(page, "contract:str", contract)
    page.locator("#round-form input[name='points:int']").fill(str(points))
    choose(page, "oudlers:int", str(oudlers))
    if extra.get("half"):
        page.locator("#round-form input[type=checkbox][name='half:bool']").check()
    bonuses = {key: value for key, value in extra.items() if key != "half"}
    if bonuses:
        details = page.locator("#round-form details.tarot-bonuses")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        if "petit_au_bout" in bonuses:
            choose(page, "petit_au_bout:str", bonuses["petit_au_bout"])
        if "poignee" in bonuses:
            page.locator("#round-form input[name='poignee:int']").fill(bonuses["poignee"])


def start_tarot(
    page: Page, live_server, language: str, press: Callable[[Locator], None], deals: str | None = None
) -> None:
    """In ``language``, a Tarot match for Anna, Bram, Cor and Dirk, each button pressed with
    ``press`` (a click, or a finger's tap on a touch phone)."""
    if LANGUAGES[language]:
        page.select_option("#language", label=LANGUAGES[language])
        press(page.locator("form.lang button"))
        expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"{live_server.url}/matches/new/tarot/")
    fill_seats(page, ["Anna", "Bram", "Cor", "Dirk"])
    if deals is not None:
        press(page.locator("details.options summary"))
        page.locator("input[name$='deals']").fill(deals)
    press(page.locator("form button[type=submit]").last)
    expect(page.locator("h1")).to_have_text("Tarot")


def save(page: Page) -> None:
    page.locator("#round-form button[type=submit]").click()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_plays_a_four_deal_tarot_match_at_phone_size(logged_in: Page, live_server, language):
    page = logged_in
    start_tarot(page, live_server, language, Locator.click, deals="4")
    expect(page.locator(".tarot-hints strong")).to_have_text("Anna")
    assert_fits_the_phone(page)

    # Deal 1: Bram's garde, 47 with 2 oudlers. The score shows before Save, with its rule.
    deal(page, 1, "garde", 47, 2)
    # The server's preview: the engine's rule, then every player's share of the deal.
    preview = page.locator("#round-form [data-preview]")
    expect(preview).to_contain_text(MADE_BY_6[language])
    expect(preview.locator(".tarot-shares li")).to_have_text(["Anna −62", "Bram +186", "Cor −62", "Dirk −62"])  # noqa: RUF001
    preview.scroll_into_view_if_needed()
    assert_fits_the_phone(page)
    page.screenshot(path=f"/tmp/tarot-preview-{language}.png")
    save(page)
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    expect(page.locator(".tarot-hints strong")).to_have_text("Bram")

    # A poignée of 9 trumps at 4 players is refused, with its rule; nothing is stored.
    deal(page, 2, "prise", 50, 1, half="1", petit_au_bout="defence", poignee="9")
    save(page)
    expect(page.locator("#round-form")).to_contain_text(POIGNEE_REFUSED[language])
    expect(page.locator("a[href='/rules/tarot/#check-poignee']").first).to_be_visible()
    assert Match.objects.get().rounds.count() == 1
    assert_fits_the_phone(page)

    # Deal 2 again without the poignée: 50½ with 1 oudler, lost by 1, petit au bout to the
    # defence: -(25 + 1) - 10 = -36.
    page.locator("#round-form input[name='poignee:int']").fill("")
    expect(preview).to_contain_text("= −36")  # noqa: RUF001 (the page's signs)
    save(page)
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(2)

    # Deal 3: Dirk's garde sans, exactly 36 with 3 oudlers, petit au bout, a simple poignée:
    # (25 + 0 + 10) x 4 + 20 = 160.
    deal(page, 3, "garde_sans", 36, 3, petit_au_bout="taker", poignee="10")
    expect(preview).to_contain_text("= 160")
    save(page)
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(3)

    # Deal 4: Anna's garde contre, 30 with 2 oudlers: -(25 + 11) x 6 = -216. The match is over.
    deal(page, 0, "garde_contre", 30, 2)
    expect(preview).to_contain_text("= −216")  # noqa: RUF001 (the page's signs)
    save(page)
    expect(page.locator(".winners")).to_contain_text("Dirk")
    expect(page.locator("#round-form")).to_have_count(0)
    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")] == [
        [-62, 186, -62, -62],
        [36, 36, -108, 36],
        [-160, -160, -160, 480],
        [-648, 216, 216, 216],
    ]
    assert_fits_the_phone(page)
    page.screenshot(path=f"/tmp/tarot-end-{language}.png", full_page=True)


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
    start_tarot(page, live_server, language, Locator.tap)
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
