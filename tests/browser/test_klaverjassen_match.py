"""A short Klaverjassen match (four deals) on a phone in English, Dutch and French: the playing
pair first, a pair's card points counted on the calculator, the other pair's filled in from 162,
the deal's score shown before Save
(made, and nat with the roem going to the other pair), a refusal, and the winner."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Match
from tests.browser.conftest import assert_fits_the_phone, fill_seats

pytestmark = pytest.mark.browser

# Per language: the language picker's label, the start button, and the words the test reads.
LANGUAGES = {
    "en": (
        "English",
        "Start the match",
        "Made: Anna & Cor has 118 of 182",
        "Nat: 162 + 20 roem to Anna & Cor.",
        "30 is no roem",
    ),
    "nl": (
        "Nederlands",
        "Partij starten",
        "Gehaald: Anna & Cor heeft 118 van 182",
        "Nat: 162 + 20 roem voor Anna & Cor.",
        "30 is geen roem",
    ),
    "fr": (
        "français",
        "Commencer la partie",
        "Réussi : Anna & Cor a 118 sur 182",
        "Nat : 162 + 20 de roem pour Anna & Cor.",
        "30 n'est pas un roem",
    ),
}


def side(page: Page, index: int) -> Locator:
    return page.locator(f"#round-form fieldset[data-entry='{index}']")


def deal(
    page: Page, playing: int, points: int, roem: tuple[int, int] = (0, 0), pit: int | None = None
) -> None:
    """Choose the playing pair, type pair 0's card points (pair 1's follow) and the roem."""
    page.locator(f"#round-form input[name='playing:int'][value='{playing}']").check()
    side(page, 0).locator("[name='entries.0.points:int']").fill(str(points))
    expect(side(page, 1).locator("[name='entries.1.points:int']")).to_have_value(str(162 - points))
    for index, value in enumerate(roem):
        side(page, index).locator(f"[name='entries.{index}.roem:int']").fill(str(value) if value else "")
    if pit is not None:
        side(page, pit).locator(f"[name='entries.{pit}.pit:bool'][type=checkbox]").check()


def save(page: Page, rounds: int) -> None:
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(rounds)
    if rounds < 4:  # the blank form for the next deal has replaced the one just sent
        expect(side(page, 0).locator("[name='entries.0.points:int']")).to_have_value("")


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_plays_a_four_deal_klaverjassen_match_at_phone_size(logged_in: Page, live_server, language):
    label, start, made, nat, refused = LANGUAGES[language]
    page = logged_in
    if language != "en":
        page.select_option("#language", label=label)
        page.locator("form.lang button").click()
        expect(page.locator("html")).to_have_attribute("lang", language)
    page.goto(f"{live_server.url}/matches/new/klaverjassen/")
    fill_seats(page, ["Anna", "Bram", "Cor", "Dirk"])
    page.click("details.options summary")
    page.fill("#id_option_deals", "4")
    page.click(f"button:has-text('{start}')")
    expect(page.locator("#round-form input[name='playing:int']")).to_have_count(2)
    assert_fits_the_phone(page)

    # Deal 1: Anna & Cor play. Their tricks counted on the calculator: every trump (20 + 14 + 11 +
    # 10 + 4 + 3), two aces and a king (11 + 11 + 4) and the last trick (10) = 98; Bram & Dirk's
    # 64 follow from 162. With 20 roem, 118 of 182: made, 118 and 64.
    page.locator("#round-form input[name='playing:int'][value='0']").check()
    calculator = page.locator("[data-card-calculator]")
    calculator.locator("summary").click()
    trumps, plain, extra = (calculator.locator(".calc-row").nth(row) for row in range(3))
    trumps.locator(".key").first.click()
    extra.locator("[data-clear]").click()  # a slip, cleared
    expect(calculator.locator("[data-sum]")).to_have_text("0")
    for key in range(6):  # J 9 A 10 K Q of trumps
        trumps.locator(".key").nth(key).click()
    for key in (0, 0, 2):  # A, A, K
        plain.locator(".key").nth(key).click()
    extra.locator(".key").first.click()  # the last trick
    expect(calculator.locator("[data-sum]")).to_have_text("98")
    assert_fits_the_phone(page)
    page.screenshot(path=f"/tmp/klaverjassen-{language}-calculator.png", full_page=True)
    calculator.locator("[data-use='entries.0.points:int']").click()
    expect(side(page, 0).locator("[name='entries.0.points:int']")).to_have_value("98")
    expect(side(page, 1).locator("[name='entries.1.points:int']")).to_have_value("64")
    expect(calculator).not_to_have_attribute("open", "")
    for index, value in enumerate(("20", "")):
        side(page, index).locator(f"[name='entries.{index}.roem:int']").fill(value)
    expect(page.locator("[data-preview]")).to_contain_text(made)
    page.screenshot(path=f"/tmp/klaverjassen-{language}-made.png", full_page=True)
    # Focused before the click: after Playwright's fill() on a mobile-emulated page, the first
    # focus that leaves the typed field scrolls that field back into view (the page always lands
    # at the same place, 121 px up here), so the click's mouseup would land beside Save. Measured:
    # blur() alone, focus({preventScroll: true}), and the same focus after a field focused by
    # script all leave the page where it is, and nothing on the page listens for focus: the
    # emulation's, not the sheet's.
    page.locator("#round-form button[type=submit]").focus()
    save(page, 1)

    # A refused deal 2: 30 roem is no sum of the combinations; nothing is stored.
    deal(page, 1, 90, (30, 0))
    page.locator("#round-form button[type=submit]").click()
    expect(side(page, 0).locator(".error")).to_contain_text(refused)
    assert Match.objects.get().rounds.count() == 1

    # Deal 2: Bram & Dirk play: 71 card points + 20 roem = 91 of 182, exactly half: nat, so
    # Anna & Cor score 162 + 20 roem = 182.
    deal(page, 1, 91, (0, 20))
    expect(page.locator("[data-preview]")).to_contain_text(nat)
    page.screenshot(path=f"/tmp/klaverjassen-{language}-nat.png", full_page=True)
    assert_fits_the_phone(page)
    save(page, 2)

    # Deal 3: Anna & Cor take every trick with 50 roem: 162 + 50 + 100 = 312.
    deal(page, 0, 162, (50, 0), pit=0)
    save(page, 3)

    # Deal 4: Bram & Dirk play and make 100 of 162.
    deal(page, 1, 62)
    save(page, 4)

    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")] == [[118, 64], [182, 0], [312, 0], [62, 100]]
    expect(page.locator(".winners")).to_contain_text("Anna & Cor")
    expect(page.locator("#round-form")).to_have_count(0)
    assert_fits_the_phone(page)
