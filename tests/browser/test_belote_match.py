"""A Belote game to 501 and a Contrée deal on a touch phone (360 x 740) in English, Dutch and
French: the taker's pair first, card points counted on the calculator and the other pair's filled
in from 162, the deal's score shown before Save with its rule (made, dedans; made contré), a
refusal naming its rule, and the winner."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Match
from tests.browser.conftest import assert_fits_the_phone, fill_seats

pytestmark = pytest.mark.browser

CONTRE = "(contré, \N{MULTIPLICATION SIGN} 2)"
# Per language: the picker's label, the start button, and the words the test reads.
WORDS = {
    "en": {
        "label": "English",
        "start": "Start the match",
        "made": "Made: Amélie & Claire has 107 against 75",
        "dedans": "Dedans: 162 to Amélie & Claire.",
        "belote_twice": "only one pair can have it",
        "contree_made": "Made: Bruno & Denis has 100 for a contract of 100. " + CONTRE,
        "surcontre": "Only a contré contract can be surcontré",
    },
    "nl": {
        "label": "Nederlands",
        "start": "Partij starten",
        "made": "Gehaald: Amélie & Claire heeft 107 tegen 75",
        "dedans": "Dedans: 162 voor Amélie & Claire.",
        "belote_twice": "maar één paar kan die in een spel hebben",
        "contree_made": "Gehaald: Bruno & Denis heeft 100 voor een contract van 100. " + CONTRE,
        "surcontre": "Alleen een contré contract kan surcontré worden",
    },
    "fr": {
        "label": "français",
        "start": "Commencer la partie",
        "made": "Réussi : Amélie & Claire a 107 contre 75",
        "dedans": "Dedans : 162 à Amélie & Claire.",
        "belote_twice": "une seule paire peut l\N{RIGHT SINGLE QUOTATION MARK}avoir dans une donne",
        "contree_made": "Réussi : Bruno & Denis a 100 pour un contrat de 100. " + CONTRE,
        "surcontre": "Seul un contrat contré peut être surcontré",
    },
}
PLAYERS = ["Amélie", "Bruno", "Claire", "Denis"]


def side(page: Page, index: int) -> Locator:
    return page.locator(f"#round-form fieldset[data-entry='{index}']")


def points(page: Page, index: int) -> Locator:
    return side(page, index).locator(f"[name='entries.{index}.points:int']")


def tick(page: Page, index: int, name: str) -> None:
    side(page, index).locator(f"[name='entries.{index}.{name}:bool'][type=checkbox]").tap()


def choose_language(page: Page, live_server, language: str) -> None:
    if language == "en":
        return
    page.goto(f"{live_server.url}/")
    page.select_option("#language", label=WORDS[language]["label"])
    page.locator("form.lang button").tap()
    expect(page.locator("html")).to_have_attribute("lang", language)


def start(page: Page, live_server, game: str, language: str, target: str | None = None) -> None:
    page.goto(f"{live_server.url}/matches/new/{game}/")
    fill_seats(page, PLAYERS)
    if target:
        page.locator("details.options summary").tap()
        page.fill("#id_option_target", target)
    page.locator(f"button:has-text('{WORDS[language]['start']}')").tap()
    expect(page.locator("#round-form input[name='taker:int']")).to_have_count(2)


def save(page: Page, rounds: int, finished: bool = False) -> None:
    page.locator("#round-form button[type=submit]").tap()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(rounds)
    if not finished:  # the blank form for the next deal has replaced the one just sent
        expect(points(page, 0)).to_have_value("")


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_plays_a_belote_game_to_501_on_a_touch_phone(phone: Page, live_server, language):
    words = WORDS[language]
    page = phone
    choose_language(page, live_server, language)
    start(page, live_server, "belote", language, target="501")
    assert_fits_the_phone(page)

    # Deal 1: Amélie & Claire take. Their tricks counted on the calculator: J 9 A of trumps
    # (20 + 14 + 11), two aces and a ten (11 + 11 + 10) and the last trick (10) = 87; the other
    # pair's 75 follow from 162. With belote: 107 against 75, made.
    page.locator("#round-form input[name='taker:int'][value='0']").check()
    calculator = page.locator("[data-card-calculator]")
    calculator.locator("summary").tap()
    trumps, plain, extra = (calculator.locator(".calc-row").nth(row) for row in range(3))
    for key in (0, 1, 2):  # J, 9, A of trumps
        trumps.locator(".key").nth(key).tap()
    for key in (0, 0, 1):  # A, A, 10
        plain.locator(".key").nth(key).tap()
    extra.locator(".key").first.tap()  # the last trick
    expect(calculator.locator("[data-sum]")).to_have_text("87")
    calculator.locator("[data-use='entries.0.points:int']").tap()
    expect(points(page, 0)).to_have_value("87")
    expect(points(page, 1)).to_have_value("75")
    tick(page, 0, "belote")
    expect(page.locator("[data-preview]")).to_contain_text(words["made"])
    page.screenshot(path=f"/tmp/belote-{language}-made.png", full_page=True)
    assert_fits_the_phone(page)
    save(page, 1)

    # A refused deal 2: belote ticked for both pairs; the refusal names the rule, nothing stored.
    page.locator("#round-form input[name='taker:int'][value='1']").check()
    points(page, 0).fill("81")
    tick(page, 0, "belote")
    tick(page, 1, "belote")
    page.locator("#round-form button[type=submit]").tap()
    expect(side(page, 1).locator(".error")).to_contain_text(words["belote_twice"])
    assert Match.objects.get().rounds.count() == 1

    # Deal 2: Bruno & Denis take; 81 each, and equal is dedans: 162 to Amélie & Claire.
    tick(page, 0, "belote")
    tick(page, 1, "belote")
    expect(points(page, 1)).to_have_value("81")
    expect(page.locator("[data-preview]")).to_contain_text(words["dedans"])
    page.screenshot(path=f"/tmp/belote-{language}-dedans.png", full_page=True)
    save(page, 2)

    # Deal 3: Amélie & Claire take every trick: capot, 250; 269 + 250 = 519 passes 501.
    page.locator("#round-form input[name='taker:int'][value='0']").check()
    points(page, 0).fill("162")
    tick(page, 0, "capot")
    save(page, 3, finished=True)

    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")] == [[107, 75], [162, 0], [250, 0]]
    expect(page.locator(".winners")).to_contain_text("Amélie & Claire")
    expect(page.locator("#round-form")).to_have_count(0)
    assert_fits_the_phone(page)


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_plays_a_contree_deal_contre_on_a_touch_phone(phone: Page, live_server, language):
    words = WORDS[language]
    page = phone
    choose_language(page, live_server, language)
    start(page, live_server, "belote-contree", language)
    form = page.locator("#round-form")

    # Bruno & Denis bid 100; surcontré ticked without contré is refused, naming the rule.
    form.locator("input[name='taker:int'][value='1']").check()
    form.locator("input[name='contract:int'][value='100']").check()
    form.locator("input[name='surcontre:bool'][type=checkbox]").tap()
    points(page, 1).fill("100")
    expect(points(page, 0)).to_have_value("62")
    form.locator("button[type=submit]").tap()
    expect(form.locator(".doubling .error")).to_contain_text(words["surcontre"])
    assert Match.objects.get().rounds.count() == 0

    # Contré, not surcontré: 100 reaches 100, made doubled: (160 + 100) times 2 = 520.
    form.locator("input[name='surcontre:bool'][type=checkbox]").tap()
    form.locator("input[name='contre:bool'][type=checkbox]").tap()
    expect(page.locator("[data-preview]")).to_contain_text(words["contree_made"])
    page.screenshot(path=f"/tmp/contree-{language}-made.png", full_page=True)
    assert_fits_the_phone(page)
    save(page, 1)
    assert [r.scores for r in Match.objects.get().rounds.all()] == [[0, 520]]
