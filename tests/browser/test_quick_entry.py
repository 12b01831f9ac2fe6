"""A round typed in one line on a phone (360 by 740), for every game in every language: the line
fills the round form for the table to check, nothing is saved until Save is tapped. The Web
Speech API cannot listen in a headless browser; a transcript takes the same path as the typed
line (static/js/speech.js puts it in the line and sends it)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from matches.models import Match, Round
from players.models import Club
from tests.browser import waits
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

THREE = ["Anna", "Bram", "Cor"]
FOUR = ["Anna", "Bram", "Cor", "Dirk"]
LABELS = {"en": "English", "nl": "Nederlands", "fr": "français"}

FRUSTRATION_LINES = {
    "en": "Anna out, Bram fifteen, Cor ninety-five",
    "nl": "Anna uit, Bram vijftien, Cor vijfennegentig",
    "fr": "Anna sort, Bram quinze, Cor quatre-vingt-quinze",
}
FRUSTRATION = {
    "values": {"entries.0.points:int": "0", "entries.1.points:int": "15", "entries.2.points:int": "95"},
    "checked": [("@went_out", "0")],
}

# game: (players, the line in each language, the fields it fills, the radios and boxes it ticks)
GAMES: dict[str, tuple[list[str], dict[str, str], dict[str, Any]]] = {
    "frustration-nl": (THREE, FRUSTRATION_LINES, FRUSTRATION),
    "frustration-fr": (THREE, FRUSTRATION_LINES, FRUSTRATION),
    "duizenden": (
        THREE,
        {
            "en": "Anna 85 minus 40, Bram out 230, Cor minus 30",
            "nl": "Anna vijfentachtig min veertig, Bram uit tweehonderddertig, Cor min dertig",
            "fr": "Anna quatre-vingt-cinq moins quarante, Bram sort deux cent trente, Cor moins trente",
        },
        {
            "values": {
                "entries.0.table_points:int": "85",
                "entries.0.hand_points:int": "40",
                "entries.1.table_points:int": "230",
                "entries.1.hand_points:int": "0",
                "entries.2.table_points:int": "0",
                "entries.2.hand_points:int": "30",
            },
            "checked": [("@went_out", "1")],
        },
    ),
    "canasta": (
        FOUR,
        {
            "en": "Anna out 2 natural 1 mixed 1 red three 310 minus 25, Bram 1 dirty 120 minus 60",
            "nl": "Anna uit twee schone een vuile een rode drie driehonderdtien min vijfentwintig, "
            "Bram een vuile honderdtwintig min zestig",
            "fr": "Anna sort deux naturelles une mixte un trois rouge trois cent dix moins vingt-cinq, "
            "Bram une mixte cent vingt moins soixante",
        },
        {
            "values": {
                "entries.0.natural_canastas:int": "2",
                "entries.0.mixed_canastas:int": "1",
                "entries.0.red_threes:int": "1",
                "entries.0.meld_points:int": "310",
                "entries.0.hand_points:int": "25",
                "entries.1.natural_canastas:int": "0",
                "entries.1.mixed_canastas:int": "1",
                "entries.1.meld_points:int": "120",
                "entries.1.hand_points:int": "60",
            },
            "checked": [("@went_out", "0")],
        },
    ),
    "barbuse": (
        FOUR,
        {
            "en": "no hearts, Anna 2, Bram four, Cor none, Dirk three",
            "nl": "geen harten, Anna twee, Bram vier, Cor nul, Dirk drie",
            "fr": "pas de cœurs, Anna deux, Bram quatre, Cor zéro, Dirk trois",
        },
        {
            "values": {
                f"[contract=no_hearts]entries.{i}.hearts:int": str(n) for i, n in enumerate((2, 4, 0, 3))
            },
            "checked": [("contract:str", "no_hearts")],
        },
    ),
}


def switch_language(page: Page, language: str) -> None:
    page.select_option("#language", label=LABELS[language])
    page.locator("form.lang button").click()
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_typed_line_fills_the_round_form_in_every_language(logged_in: Page, live_server, game: str):
    page = logged_in
    players, lines, filled = GAMES[game]
    user = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(user), game=game, players=players, by=user)
    for language, line in lines.items():
        switch_language(page, language)
        page.goto(f"{live_server.url}/matches/{match.pk}/")
        page.fill("#quick-line", line)
        page.press("#quick-line", "Enter")  # one tap on the keyboard's Go
        form = page.locator("#round-form")
        for name, value in filled["values"].items():
            expect(form.locator(f"input[name='{name}']:not([type=hidden])")).to_have_value(value)
        for name, value in filled["checked"]:
            expect(form.locator(f"input[name='{name}'][value='{value}']")).to_be_checked()
        expect(page.locator("#quick-line")).to_have_value(line)  # what was typed stays
        # Everything was placed: the status says so (in the page's language), nothing is saved.
        expect(page.locator("#quick-status .done")).to_be_visible()
        expect(page.locator("#quick-status .done")).to_be_in_viewport()
        expect(page.locator("#quick-status .error")).to_have_count(0)
        quick_entry = page.locator("#quick-entry").bounding_box()
        assert quick_entry is not None and quick_entry["x"] + quick_entry["width"] <= PHONE["width"]
    assert not Round.objects.filter(match=match).exists()


def test_the_filled_form_is_saved_only_by_save_and_then_the_line_clears(logged_in: Page, live_server):
    page = logged_in
    user = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(user), game="frustration-nl", players=THREE, by=user)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.fill("#quick-line", "Anna out, Bram 15, Cor 95 not laid down banana")
    page.click("#quick-entry button[type=submit]")
    expect(page.locator("#quick-status .error")).to_contain_text("“banana”")
    expect(page.locator("#round-form input[name='entries.1.points:int']")).to_have_value("15")
    # "banana" was said for Cor: Cor's line is left for the table, not guessed.
    expect(page.locator("#round-form input[name='entries.2.points:int']")).to_have_value("")
    assert not Round.objects.filter(match=match).exists()
    page.fill("#round-form input[name='entries.2.points:int']", "95")
    page.locator("#round-form input[name='entries.2.laid_down:bool'][value='0']").check()
    page.locator("#round-form button.save").click()
    expect(page.locator("#no-rounds")).to_have_count(0)
    stored = Round.objects.get(match=match).body["entries"]
    assert stored[1:] == [
        {"laid_down": True, "went_out": False, "points": 15},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
    expect(page.locator("#quick-line")).to_have_value("")


def test_the_microphone_key_shows_only_where_the_browser_can_listen(logged_in: Page, live_server):
    page = logged_in
    user = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(user), game="duizenden", players=THREE, by=user)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    listens = page.evaluate("'SpeechRecognition' in window || 'webkitSpeechRecognition' in window")
    key = page.locator("#quick-entry [data-speech]")
    expect(key).to_be_visible() if listens else expect(key).to_be_hidden()
    # A browser without the Web Speech API: the line alone, typed.
    page.add_init_script("delete window.SpeechRecognition; delete window.webkitSpeechRecognition;")
    page.reload()
    expect(key).to_be_hidden()
    expect(page.locator("#quick-line")).to_be_visible()


def test_a_line_that_fits_nothing_leaves_what_was_typed_in_the_form(logged_in: Page, live_server):
    page = logged_in
    user = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(user), game="frustration-nl", players=THREE, by=user)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.fill("#round-form input[name='entries.1.points:int']", "30")
    page.fill("#quick-line", "good evening")
    page.press("#quick-line", "Enter")
    expect(page.locator("#quick-status .error")).to_contain_text("Nothing in this line fits the round")
    expect(page.locator("#round-form input[name='entries.1.points:int']")).to_have_value("30")


def _in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


@pytest.mark.parametrize(
    ("game", "players", "line", "first_field"),
    [
        # A short form: the first filled field and the status fit on one screen together.
        (
            "frustration-nl",
            THREE,
            "Anna out, Bram 15, Cor 95 banana",
            "#round-form input[name='@went_out']:checked",
        ),
        # Canasta's form is taller than the screen: the status and its warning come first.
        (
            "canasta",
            FOUR,
            "Anna out 2 natural 310 minus 0, Bram 1 mixed 120 minus 60 banana",
            None,
        ),
    ],
)
def test_after_fill_in_the_status_and_its_warnings_are_on_screen(
    logged_in: Page, live_server, game: str, players: list[str], line: str, first_field: str | None
):
    page = logged_in
    user = get_user_model().objects.get(username="alice")
    match = Match.start(club=Club.personal_for(user), game=game, players=players, by=user)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.fill("#quick-line", line)
    page.click("#quick-entry button[type=submit]")
    status = page.locator("#quick-status .error")
    expect(status).to_contain_text("“banana”")
    expect(status).to_contain_text("above")  # the status sits under the form it filled
    waits.htmx_idle(page)  # the scroll comes once htmx has settled the form
    assert _in_viewport(page, "#quick-status")
    if first_field is not None:
        assert _in_viewport(page, first_field)
