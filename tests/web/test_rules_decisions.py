"""The rules pages against their originals: every decision a page marks is listed in
docs/rules.md with the original's line and words, the glance card condenses only sections of the
full page, and the corrections of the comparison with the originals (issue 29) hold in all three
languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from scoring import all_games
from scoring.games import barbuse
from tests.web.test_rules_pages import dom, page

GAMES = [game.slug for game in all_games()]
RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
DOC_ROW = re.compile(
    r"^\| `(?P<decision>[\w-]+)` \| `(?P<section>[\w-]+)` \| (?P<original>[^|]+) \| (?P<what>[^|]+) \|$"
)
ORIGINAL = re.compile(r"^l\.\d+: “.{8,}”$")


def documented(game: str) -> dict[tuple[str, str], str]:
    """The decisions docs/rules.md lists for one game: (decision, section) -> the original's words."""
    text = RULES_DOC.read_text(encoding="utf-8")
    part = text.split(f"### `{game}`", 1)[1].split("\n### ", 1)[0]
    rows = {}
    for line in part.splitlines():
        if found := DOC_ROW.match(line):
            rows[(found["decision"], found["section"])] = found["original"].strip()
    return rows


def marked(client, game: str, language: str = "en") -> set[tuple[str, str]]:
    response = client.get(reverse("rules_game", args=[game]), HTTP_ACCEPT_LANGUAGE=language)
    root = dom(response)
    return {
        (span.attrs["data-decision"], section.attrs["id"])
        for section in root.find_all("section", **{"class": "rules-section"})
        for span in section.find_all("span", data_decision=True)
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_marked_on_the_page_is_documented_with_the_originals_line(client, game):
    on_page = marked(client, game)
    in_doc = documented(game)
    assert on_page, game
    assert on_page == set(in_doc)
    for key, original in in_doc.items():
        assert ORIGINAL.match(original), (key, original)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["nl", "fr"])
def test_every_language_marks_the_same_decisions(client, game, language):
    assert marked(client, game, language) == marked(client, game)


@pytest.mark.parametrize("game", GAMES)
def test_every_glance_row_condenses_a_section_of_the_full_page(client, game):
    root = page(client, game)
    anchors = {section.attrs["id"] for section in root.find_all("section", **{"class": "rules-section"})}
    rows = root.find("section", id="glance").find_all("div", **{"class": "glance-row"})
    assert rows
    for row in rows:
        rule = row.attrs["data-rule"]
        assert rule in anchors and rule != "glance", (game, rule)


def test_a_glance_row_without_a_section_would_be_caught(client):
    """The check above reads real anchors: a row naming a section that does not exist fails it."""
    root = page(client, "canasta")
    anchors = {section.attrs["id"] for section in root.find_all("section", **{"class": "rules-section"})}
    assert "threes" in anchors and "red-threes" not in anchors


# --- the corrections, each in the reader's language --------------------------------------------


def text_of(client, game: str, anchor: str, language: str = "en") -> str:
    response = client.get(reverse("rules_game", args=[game]), HTTP_ACCEPT_LANGUAGE=language)
    return dom(response).find("section", id=anchor).text


@pytest.mark.parametrize(
    ("language", "exception"),
    [
        ("en", "unless drawn as the last card in the last deal"),
        ("nl", "tenzij ze in de laatste ronde als laatste kaart getrokken wordt"),
        ("fr", "sauf si elle est piochée comme dernière carte à la dernière donne"),
    ],
)
def test_duizenden_glance_card_keeps_the_queen_of_spades_exception(client, language, exception):
    glance = text_of(client, "duizenden", "glance", language)
    assert exception in glance
    assert "never discarded" not in glance


def test_duizenden_decisions_keep_the_queen_of_spades_exception(client):
    decisions = text_of(client, "duizenden", "decisions")
    assert "(unless she is drawn as the last card in the last deal)" in decisions
    assert "Never discarding" not in decisions


def test_duizenden_french_says_donne_for_the_originals_ronde(client):
    queen = text_of(client, "duizenden", "queen-of-spades", "fr")
    assert "à la dernière donne" in queen and "au dernier tour" not in queen


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_frustration_nl_decisions_quote_uitgelegd_not_out(client, language):
    decisions = text_of(client, "frustration-nl", "decisions", language)
    assert "als eerste uitgelegd heeft in ronde 11" in decisions
    assert "Out in contract" not in decisions and "Sortir au contrat" not in decisions


@pytest.mark.parametrize(
    ("language", "waiting"),
    [
        ("en", "From your next turn on"),
        ("nl", "Vanaf je volgende beurt"),
        ("fr", "À partir de votre tour suivant"),
    ],
)
def test_frustration_nl_adding_cards_has_no_waiting_turn_and_no_one_turn_rule(client, language, waiting):
    assert waiting not in text_of(client, "frustration-nl", "laying-down", language)
    assert "in one turn" not in text_of(client, "frustration-nl", "contracts")


def test_frustration_fr_adds_to_the_other_players_melds_and_marks_the_dealer_and_the_bonus(client):
    completing = text_of(client, "frustration-fr", "completing")
    assert "only add cards to the other players' sets and runs" in completing and "yours or" not in completing
    assert "des autres joueurs" in completing
    deal = dom(client.get(reverse("rules_game", args=["frustration-fr"]))).find("section", id="deal")
    assert "clockwise" in deal.find("span", data_decision="dealer").text
    assert "The score is the same either way" not in deal.text
    assert "12 minus the level's cards" in deal.find("span", data_decision="turn-order").text
    bonus = dom(client.get(reverse("rules_game", args=["frustration-fr"]))).find(
        "span", data_decision="finish-bonus"
    )
    assert "le premier joueur" in bonus.text and "each of them gets it" in bonus.text


def test_frustration_fr_glance_labels_the_levels_where_the_lists_differ(client):
    glance = dom(client.get(reverse("rules_game", args=["frustration-fr"]))).find("section", id="glance")
    seventh = glance.find("li", data_level="7").text
    assert seventh == "two sets of 4 (corrected list; list as written: set of 5 + set of 2)"
    assert glance.find("li", data_level="1").text == "run of 7"


@pytest.mark.parametrize("game", ["frustration-fr", "duizenden"])
def test_sources_name_no_unnamed_description(client, game):
    source = dom(client.get(reverse("rules_game", args=[game]))).find("p", **{"class": "rules-source"}).text
    assert "description" not in source and "Scoreblok's" in source


@pytest.mark.parametrize(
    ("language", "nine"),
    [("en", "2 each when the fingers add up to 9"), ("nl", "2 ieder als de vingers samen 9 zijn"),
     ("fr", "2 chacun quand les doigts font 9 en tout")],
)  # fmt: skip
def test_barbuse_knobbelen_gloss_has_the_nine_rule_on_the_page_and_the_paper(client, language, nine):
    for path in (reverse("rules_game", args=["barbuse"]), reverse("rules_paper", args=["barbuse"])):
        root = dom(client.get(path, HTTP_ACCEPT_LANGUAGE=language))
        row = root.find("tr", data_contract=barbuse.KNOBBELEN)
        assert nine in row.text and "exactly" not in row.text
        assert "from the tens" not in root.find("tr", data_contract=barbuse.AANLEGGEN).text


def test_barbuse_king_of_hearts_stop_is_inside_the_decision(client):
    section = dom(client.get(reverse("rules_game", args=["barbuse"]))).find(
        "section", id="contract-no_king_of_hearts"
    )
    decision = section.find("span", data_decision="king-of-hearts").text
    assert "the deal can stop there" in decision
    assert section.text.count("the deal can stop there") == 1


def test_barbuse_french_calls_the_role_meneur_everywhere(client):
    text = dom(client.get(reverse("rules_game", args=["barbuse"]), HTTP_ACCEPT_LANGUAGE="fr")).text
    assert "par meneur" in text and "le meneur (spelmaker) choisit" in text
    assert "par spelmaker" not in text and "le spelmaker choisit" not in text


def test_canasta_marks_its_first_meld_and_wild_canasta_readings_and_squares_the_pile(client):
    root = dom(client.get(reverse("rules_game", args=["canasta"])))
    assert "cannot be seen" in root.find("section", id="turn").text
    assert "or one and a wild card" not in root.find("section", id="turn").text
    minimum = root.find("section", id="minimum-meld")
    assert "Several melds put down" not in minimum.find("p").text
    assert "bonuses do not count" in minimum.find("span", data_decision="first-meld").text
    assert "exception" in root.find("section", id="melds").find("span", data_decision="wild-canasta").text
    assert "count against it" in root.find("section", id="glance").find("div", data_glance="red-threes").text


def test_canasta_french_keeps_joker_for_jokers(client):
    text = dom(client.get(reverse("rules_game", args=["canasta"]), HTTP_ACCEPT_LANGUAGE="fr")).text
    assert "Canasta de cartes sauvages" in text and "Canasta de jokers" not in text


# --- paper sheets -------------------------------------------------------------------------------


def test_frustration_fr_paper_sheet_has_a_line_for_the_list_the_end_and_the_bonus(client):
    root = dom(client.get(reverse("rules_paper", args=["frustration-fr"])))
    head = root.find("p", **{"class": "paper-fields"})
    for option in ("levels", "end", "finish_bonus", "packs"):
        assert head.find("span", data_option=option).text
    reminder = root.find("section", **{"class": "paper-reminder"})
    assert reminder.find("div", data_glance="end")


def test_frustration_nl_paper_reminder_has_the_going_out_and_end_rules(client):
    reminder = dom(client.get(reverse("rules_paper", args=["frustration-nl"]))).find(
        "section", **{"class": "paper-reminder"}
    )
    assert "not in the turn you lay down, until contract 10" in reminder.text
    assert reminder.find("div", data_glance="end")


def test_duizenden_paper_sheet_adds_a_total_per_team(client):
    url = reverse("rules_paper", args=["duizenden"])
    alone = dom(client.get(url, {"columns": "4"}))
    assert not alone.find_all("th", **{"class": "name team-total"})
    teams = dom(client.get(url, {"columns": "6", "teams": "3"}))
    assert len(teams.find_all("th", **{"class": "name team-total"})) == 3
    assert len(teams.find_all("th", **{"class": "name"})) == 6
    assert len(teams.find("tbody").find("tr").find_all("td", **{"class": "total team-total"})) == 3
    reminder = teams.find("section", **{"class": "paper-reminder"}).text
    assert "unless drawn as the last card in the last deal" in reminder


@pytest.mark.parametrize(("teams", "sides"), [("2", 2), ("3", 3), ("5", 2)])
def test_canasta_paper_sheet_at_six_prints_two_teams_of_three_or_three_pairs(client, teams, sides):
    root = dom(client.get(reverse("rules_paper", args=["canasta"]), {"columns": "6", "teams": teams}))
    headings = [th.text for th in root.find_all("th", **{"class": "name"})]
    assert headings == [f"Team {n}" for n in range(1, sides + 1)]
    assert [o.attrs["value"] for o in root.find("select", id="paper-teams").find_all("option")] == ["2", "3"]
