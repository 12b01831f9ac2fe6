"""The whole site in Dutch and French: a user switches language once, then walks the main pages
and finds no English UI text and nothing wider than the phone; a refused round is explained in
the chosen language."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from matches.models import Match
from players.models import Club
from scoring import all_games
from tests.browser.conftest import assert_fits_the_phone
from tests.i18n.catalogues import read_po

pytestmark = pytest.mark.browser

ROUND_ONE = {
    "frustration-nl": {
        "entries": [
            {"laid_down": True, "went_out": True, "points": 0},
            {"laid_down": False, "went_out": False, "points": 70},
        ]
    },
    "duizenden": {
        "entries": [
            {"went_out": True, "table_points": 60, "hand_points": 0},
            {"went_out": False, "table_points": 0, "hand_points": 10},
        ]
    },
}


def english_fragments(language: str) -> set[str]:
    """Pieces of English UI text (two words or more) that the catalogue translates differently."""
    fragments: set[str] = set()
    for entry in read_po(language):
        if entry.msgid in entry.translations:
            continue
        for piece in re.split(r"%\(\w+\)[sd]|%[sd]|<[^>]+>|\n", entry.msgid):
            piece = piece.strip(" .,:;()")
            if len(piece) >= 12 and " " in piece:
                fragments.add(piece)
    return fragments


def english_on(page: Page, fragments: set[str]) -> list[str]:
    text = " ".join(page.inner_text("body").split())
    return sorted(fragment for fragment in fragments if fragment in text)


@pytest.mark.parametrize(("language", "label"), [("nl", "Nederlands"), ("fr", "français")])
def test_main_pages_show_no_english_after_switching_language(logged_in: Page, live_server, language, label):
    page = logged_in
    page.select_option("#language", label=label)
    page.locator("form.lang button").click()
    expect(page.locator("html")).to_have_attribute("lang", language)

    user = get_user_model().objects.get(username="alice")
    club = Club.personal_for(user)
    sheets = []
    for game in all_games():
        four = game.slug in {"barbuse", "canasta"} or min(game.player_counts) > 2
        players = ["Anna", "Bram", "Cor", "Dirk"] if four else ["Anna", "Bram"]
        match = Match.start(club=club, game=game.slug, players=players, by=user)
        if game.slug in ROUND_ONE:
            match.add_round(ROUND_ONE[game.slug], by=user)
        sheets.append(f"/matches/{match.pk}/")

    fragments = english_fragments(language)
    paths = ["/", "/matches/new/", "/rules/", "/accounts/password_reset/", *sheets]
    paths += [f"/matches/new/{game.slug}/" for game in all_games()]
    paths += [f"/rules/{game.slug}/" for game in all_games()]
    paths += [f"/rules/{game.slug}/paper/" for game in all_games()]
    paths += [f"{sheets[0]}rounds/1/edit/"]
    for path in paths:
        page.goto(f"{live_server.url}{path}")
        assert page.url == f"{live_server.url}{path}"  # still signed in, not sent to the login page
        assert english_on(page, fragments) == [], path
        assert_fits_the_phone(page)


def test_refused_round_is_explained_in_dutch_on_the_phone(logged_in: Page, live_server):
    page = logged_in
    page.select_option("#language", label="Nederlands")
    page.locator("form.lang button").click()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    user = get_user_model().objects.get(username="alice")
    match = Match.start(
        club=Club.personal_for(user), game="frustration-nl", players=["Anna", "Bram"], by=user
    )
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    form = page.locator("#round-form")
    form.locator("input[name='@went_out'][value='0']").check()
    form.locator("input[name='entries.0.laid_down:bool'][value='1']").check()
    form.locator("input[name='entries.0.points:int']").fill("0")
    form.locator("input[name='entries.1.points:int']").fill("72")
    form.locator("input[name='entries.1.laid_down:bool'][value='0']").check()
    form.locator("button[type=submit]").click()
    expect(page.locator("fieldset[data-entry='1'] .error")).to_contain_text(
        "Punten moeten een veelvoud van 5 zijn."
    )
