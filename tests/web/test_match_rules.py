"""A match's own rules: the glance card of exactly the options it was set up with, one tap from the
sheet, and its paper sheet printing them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match
from scoring.games import canasta
from tests.factories import MatchFactory
from tests.web.test_rules_pages import dom

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def start(alice, club, game: str, players: list[str], **options: object) -> Match:
    return MatchFactory.create(club=club, game=game, players=players, options=options, by=alice)


def card(client, match: Match, language: str = "en"):
    response = client.get(reverse("match_rules", args=[match.pk]), HTTP_ACCEPT_LANGUAGE=language, **HTMX)
    assert response.status_code == 200
    return dom(response).find("div", **{"class": "rules-fragment match-rules-card"})


def test_the_sheets_glance_link_opens_the_matchs_own_card(alice_client, alice, club):
    match = start(alice, club, "duizenden", ["Anna", "Bram"], target=1500)
    sheet = dom(alice_client.get(reverse("match_detail", args=[match.pk])))
    link = sheet.find("a", **{"class": "glance-link"})
    assert link.attrs["href"] == link.attrs["hx-get"] == reverse("match_rules", args=[match.pk])
    assert link.attrs["hx-target"] == "#rules-panel"
    glance = card(alice_client, match)
    assert glance.attrs["data-anchor"] == "glance"
    assert glance.find("div", data_option="target").find("dd").text == "1500"
    assert "reaches 1500" in glance.find("div", data_glance="end").text


def test_frustration_levels_card_shows_the_matchs_list_end_rule_and_bonus(alice_client, alice, club):
    match = start(
        alice,
        club,
        "frustration-fr",
        ["Eva", "Fien"],
        levels="as_written",
        end="first_finish",
        finish_bonus=50,
    )
    glance = card(alice_client, match)
    levels = [li.text for li in glance.find("div", data_glance="levels").find_all("li")]
    assert levels[6] == "set of 5 + set of 2" and levels[7] == "two sets of 4"
    assert "corrected" not in glance.find("div", data_glance="levels").text
    assert (
        glance.find("div", data_glance="end")
        .find("dd")
        .text.startswith("after the deal in which the first player completes level 10")
    )
    assert "50 taken off the total" in glance.find("div", data_glance="finish-bonus").text
    options = {
        div.attrs["data-option"]: div.find("dd").text for div in glance.find_all("div", data_option=True)
    }
    assert options == {
        "packs": "2",
        "levels": "As in the original text",
        "end": "When the first player finishes level 10",
        "finish_bonus": "50",
    }


def test_frustration_levels_card_in_dutch_and_french(alice_client, alice, club):
    match = start(alice, club, "frustration-fr", ["Eva", "Fien"], levels="as_written", end="first_finish")
    assert "na de ronde waarin de eerste speler niveau 10 voltooit" in card(alice_client, match, "nl").text
    assert "après la donne où le premier joueur réussit le niveau 10" in card(alice_client, match, "fr").text


def test_a_default_frustration_match_card_has_the_corrected_list_and_no_bonus(alice_client, alice, club):
    match = start(alice, club, "frustration-fr", ["Eva", "Fien"])
    glance = card(alice_client, match)
    assert glance.find("li", data_level="7").text == "two sets of 4"
    assert not glance.find_all("div", data_glance="finish-bonus")
    assert "when every player has completed level 10" in glance.find("div", data_glance="end").text


def test_frustration_contracts_card_has_no_joker_without_real_jokers(alice_client, alice, club):
    match = start(alice, club, "frustration-nl", ["Anna", "Bram", "Cor"], real_jokers=0)
    cards = card(alice_client, match).find("div", data_glance="cards")
    assert not cards.find_all("span", data_rank="joker")
    assert card(alice_client, start(alice, club, "frustration-nl", ["A", "B"])).find_all(
        "span", data_rank="joker"
    )


def test_canasta_card_shows_the_house_rules_of_the_match(alice_client, alice, club):
    match = start(
        alice,
        club,
        "canasta",
        ["Anna", "Bram", "Cor", "Dirk"],
        special_canastas=False,
        concealed_bonus=100,
        canastas_to_go_out=2,
        target=3000,
    )
    glance = card(alice_client, match)
    kinds = {span.attrs["data-kind"] for span in glance.find("div", data_glance="canastas").find_all("span")}
    assert kinds == set(canasta.ORDINARY_CANASTAS)
    going_out = glance.find("div", data_glance="going-out").text
    assert "(concealed 100)" in going_out and "only with at least 2 canastas" in going_out
    assert "reaches 3000" in glance.find("div", data_glance="end").text
    assert glance.find("div", data_option="special_canastas").find("dd").text == "no"


def test_the_paper_sheet_of_a_match_prints_its_options_and_numbers(alice_client, alice, club):
    match = start(
        alice, club, "frustration-fr", ["Eva", "Fien", "Gijs"], levels="as_written", finish_bonus=25
    )
    root = dom(alice_client.get(reverse("match_paper", args=[match.pk])))
    head = root.find("p", **{"class": "paper-fields"})
    assert head.find("span", data_option="levels").find("b").text == "As in the original text"
    assert head.find("span", data_option="finish_bonus").find("b").text == "25"
    assert len(root.find_all("th", **{"class": "name"})) == 3
    reminder = root.find("section", **{"class": "paper-reminder"})
    assert [tr.attrs["data-level-list"] for tr in reminder.find_all("tr", data_level="7")] == ["as_written"]
    assert "25 taken off the total" in reminder.find("div", data_glance="finish-bonus").text
    assert not root.find_all("form", **{"class": "paper-columns"})


def test_the_paper_sheet_of_a_canasta_match_in_three_pairs(alice_client, alice, club):
    teams = [[0, 3], [1, 4], [2, 5]]
    match = MatchFactory.create(
        club=club, game="canasta", players=list("ABCDEF"), teams=teams, options={"target": 4000}, by=alice
    )
    root = dom(alice_client.get(reverse("match_paper", args=[match.pk])))
    assert [th.text for th in root.find_all("th", **{"class": "name"})] == ["Team 1", "Team 2", "Team 3"]
    assert root.find("span", data_option="target").find("b").text == "4000"


def test_the_duizenden_paper_sheet_of_a_team_match_adds_team_totals(alice_client, alice, club):
    teams = [[0, 2], [1, 3]]
    options = {"queen_of_spades": 50}
    match = MatchFactory.create(
        club=club, game="duizenden", players=list("ABCD"), teams=teams, options=options, by=alice
    )
    root = dom(alice_client.get(reverse("match_paper", args=[match.pk])))
    assert len(root.find_all("th", **{"class": "name team-total"})) == 2
    assert "50" in root.find("p", **{"class": "paper-queen"}).text


def test_without_javascript_the_card_is_a_page_with_a_way_back(alice_client, alice, club):
    match = start(alice, club, "barbuse", ["A", "B", "C", "D"], king_of_hearts_penalty=60)
    response = alice_client.get(reverse("match_rules", args=[match.pk]))
    root = dom(response)
    assert root.find("a", href=reverse("match_detail", args=[match.pk]))
    assert "60" in root.find("div", data_glance="contract-no_king_of_hearts").text
    assert "HX-Request" in response["Vary"]
