"""Why was this refused? Every refusal of a game's rules on the sheet links to the section of its
rules page the refusal enforces, in the reader's language; each game names those sections in its
own home."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.refusals import SiteCode, rule_link
from scoring import all_games
from scoring.errors import GENERIC_CODES
from tests.factories import MatchFactory
from tests.web.test_match_pages import deal_form
from tests.web.test_rules_pages import dom

CODES = [(game.slug, code) for game in all_games() for code in sorted(set(GENERIC_CODES) | set(game.codes))]


@pytest.mark.parametrize(("game", "code"), CODES)
def test_every_refusal_code_links_to_an_existing_section_of_its_game(client, game, code):
    link = rule_link(code, game)
    assert link is not None, (game, code)
    path, anchor = link.page.split("#")
    assert path == reverse("rules_game", args=[game]) and anchor == link.anchor
    section = dom(client.get(path)).find("section", id=anchor)
    assert section.find("h2").text == link.title
    fragment = client.get(link.section, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    assert dom(fragment).find("div", data_anchor=anchor)


@pytest.mark.parametrize(
    ("game", "code", "anchor"),
    [
        ("canasta", "below_minimum_meld", "minimum-meld"),
        ("canasta", "too_many_red_threes", "threes"),
        ("barbuse", "tricks_total", "contract-knobbelen"),
        ("barbuse", "contract_already_played", "spelmaker"),
        ("frustration-nl", "points_too_high", "contracts"),
        ("frustration-fr", "finished_player_entry", "end"),
        ("duizenden", "more_points_than_cards", "cards"),
        ("duizenden", "match_finished", "end"),
    ],
)
def test_a_refusal_names_the_rule_it_enforces(game, code, anchor):
    link = rule_link(code, game)
    assert link is not None and link.anchor == anchor


@pytest.mark.parametrize("code", sorted(set(SiteCode) - set(GENERIC_CODES)))
def test_the_sites_own_refusals_enforce_no_rule_of_the_game(code):
    assert rule_link(code, "canasta") is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "The rule: Contracts"), ("nl", "De regel: Contracten"), ("fr", "La règle : Contrats")],
)
def test_a_refused_deal_on_the_sheet_links_to_its_rule_in_the_readers_language(
    client, alice, club, language, title
):
    match = MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)
    client.force_login(alice)
    # Bram laid contract 1 down and kept 105: more than 5 cards can be worth (at most 100).
    form = deal_form(0, [(True, 0), (True, 105), (False, 95)])
    response = client.post(reverse("round_add", args=[match.pk]), form, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    refused = dom(response).find("div", data_refused=True)
    link = refused.find("a", **{"class": "refusal-rule"})
    assert link.attrs["data-rule"] == "contracts"
    assert link.attrs["href"] == "/rules/frustration-nl/#contracts"
    assert link.attrs["hx-get"] == "/rules/frustration-nl/section/contracts/"
    assert link.attrs["hx-target"] == "#rules-panel"
    assert link.text.replace("\u00a0", " ").startswith(title.split(":")[0])
