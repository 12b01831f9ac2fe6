"""The rules search forgives what players type: a table of questions per language, typos,
ligatures, plurals and the words players use included, each with the section that must come
first."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rulebook.search import one_edit, search
from tests.factories import HouseGameFactory, UserFactory
from tests.web.test_rules_pages import dom

QUESTIONS = [
    ("en", "jokr", "duizenden#jokers"),
    ("en", "joker", "duizenden#jokers"),
    ("en", "queen of spades", "duizenden#queen-of-spades"),
    ("en", "qeen of spades", "duizenden#queen-of-spades"),
    ("en", "red threes", "canasta#threes"),
    ("en", "minimum meld", "canasta#minimum-meld"),
    ("en", "minimum", "canasta#minimum-meld"),
    ("en", "frozen pile", "canasta#frozen-pile"),
    ("en", "frozn pile", "canasta#frozen-pile"),
    ("en", "black threes", "canasta#threes"),
    ("en", "canasta", "canasta#canastas"),
    ("en", "knobbelen", "barbuse#contract-knobbelen"),
    ("en", "knobelen", "barbuse#contract-knobbelen"),
    ("en", "aanleggen", "barbuse#contract-aanleggen"),
    ("en", "king of hearts", "barbuse#contract-no_king_of_hearts"),
    ("en", "kings", "barbuse#contract-no_king_of_hearts"),
    ("en", "queens", "barbuse#contract-no_queens"),
    ("en", "spelmaker", "barbuse#spelmaker"),
    ("en", "spelmakr", "barbuse#spelmaker"),
    ("en", "contracts", "frustration-nl#contracts"),
    ("en", "contract 7", "frustration-nl#contracts"),
    ("en", "levels", "frustration-fr#levels"),
    ("en", "stock runs out", "canasta#stock-out"),
    ("en", "going out concealed", "canasta#going-out"),
    ("en", "twos wild no limit level", "frustration-fr#players"),
    ("en", "run of 9", "frustration-fr#levels"),
    ("en", "sets and runs", "frustration-nl#melds"),
    ("en", "laying down", "frustration-nl#laying-down"),
    ("en", "lay down", "frustration-nl#laying-down"),
    ("en", "going out canasta bonus", "canasta#going-out"),
    ("en", "real jokers", "frustration-nl#players"),
    ("en", "three packs", "frustration-nl#players"),
    ("en", "finish bonus", "frustration-fr#end"),
    ("en", "sits out the following deals", "frustration-fr#end"),
    ("en", "knocking", "frustration-fr#completing"),
    ("en", "completing a level", "frustration-fr#completing"),
    ("en", "teams", "duizenden#players"),
    ("en", "joker exchange", "duizenden#jokers"),
    ("en", "card values", "duizenden#cards"),
    ("en", "pile of discards duizenden", "duizenden#turn"),
    ("en", "hartenheer", "barbuse#contract-no_king_of_hearts"),
    ("en", "geen harten", "barbuse#contract-no_hearts"),
    ("en", "all hearts bonus", "barbuse#contract-no_hearts"),
    ("en", "fist", "barbuse#contract-knobbelen"),
    ("en", "fingers add up to 9", "barbuse#contract-knobbelen"),
    ("en", "fingrs", "barbuse#contract-knobbelen"),
    ("en", "36 cards", "barbuse#players"),
    ("en", "follow suit", "barbuse#tricks"),
    ("en", "red three penalty", "canasta#threes"),
    ("en", "mixed canasta", "canasta#canastas"),
    ("en", "natural canasta", "canasta#canastas"),
    ("en", "partnerships", "canasta#players"),
    ("en", "target 5000 highest total", "canasta#end"),
    ("en", "concealed", "canasta#going-out"),
    ("en", "black three blocks", "canasta#threes"),
    ("en", "stock is empty", "canasta#stock-out"),
    ("en", "jokres", "duizenden#jokers"),
    ("en", "canastsa", "canasta#canastas"),
    ("en", "minimun meld", "canasta#minimum-meld"),
    ("en", "spelmaekr", "barbuse#spelmaker"),
    ("en", "knobblen", "barbuse#contract-knobbelen"),
    ("en", "aanlegen", "barbuse#contract-aanleggen"),
    ("en", "partnreships", "canasta#players"),
    ("en", "hartenher", "barbuse#contract-no_king_of_hearts"),
    ("en", "frozen", "canasta#frozen-pile"),
    ("en", "red threes penalty", "canasta#threes"),
    ("nl", "jokr", "duizenden#jokers"),
    ("nl", "schopenvrouw", "duizenden#queen-of-spades"),
    ("nl", "schoppenvrouw", "duizenden#queen-of-spades"),
    ("nl", "schoppendame", "duizenden#queen-of-spades"),
    ("nl", "koningen", "barbuse#contract-no_king_of_hearts"),
    ("nl", "heren", "barbuse#contract-no_king_of_hearts"),
    ("nl", "hartenheer", "barbuse#contract-no_king_of_hearts"),
    ("nl", "hartenher", "barbuse#contract-no_king_of_hearts"),
    ("nl", "bevroren", "canasta#frozen-pile"),
    ("nl", "bevroren stapel", "canasta#frozen-pile"),
    ("nl", "rode drie", "canasta#threes"),
    ("nl", "rode drieen", "canasta#threes"),
    ("nl", "vrouwen", "barbuse#contract-no_queens"),
    ("nl", "koninginnen", "barbuse#contract-no_queens"),
    ("nl", "knobbelen", "barbuse#contract-knobbelen"),
    ("nl", "spelmaker", "barbuse#spelmaker"),
    ("nl", "minimum", "canasta#minimum-meld"),
    ("nl", "canasta", "canasta#canastas"),
    ("nl", "contracten", "frustration-nl#contracts"),
    ("nl", "niveaus", "frustration-fr#levels"),
    ("nl", "jokers", "duizenden#jokers"),
    ("nl", "jokres", "duizenden#jokers"),
    ("nl", "spelmakre", "barbuse#spelmaker"),
    ("nl", "knobelen", "barbuse#contract-knobbelen"),
    ("nl", "aanleggen", "barbuse#contract-aanleggen"),
    ("nl", "aanlegen", "barbuse#contract-aanleggen"),
    ("nl", "geen harten", "barbuse#contract-no_hearts"),
    ("nl", "geen vrouwen", "barbuse#contract-no_queens"),
    ("nl", "geen hartenheer", "barbuse#contract-no_king_of_hearts"),
    ("nl", "vuist", "barbuse#contract-knobbelen"),
    ("nl", "vingers", "barbuse#contract-knobbelen"),
    ("nl", "zwarte drie", "canasta#threes"),
    ("nl", "zwarte drieen", "canasta#threes"),
    ("nl", "canastas", "canasta#canastas"),
    ("nl", "canasta's", "canasta#canastas"),
    ("nl", "zuivere canasta", "canasta#canastas"),
    ("nl", "onzuivere canasta", "canasta#canastas"),
    ("nl", "minimum eerste uitleg", "canasta#minimum-meld"),
    ("nl", "uit de hand uitgaan", "canasta#going-out"),
    ("nl", "stock op", "canasta#stock-out"),
    ("nl", "geblokkeerd", "canasta#frozen-pile"),
    ("nl", "geblokeerd", "canasta#frozen-pile"),
    ("nl", "teams", "duizenden#players"),
    ("nl", "contract 7", "frustration-nl#contracts"),
    ("nl", "contracen", "frustration-nl#contracts"),
    ("nl", "niveau 7", "frustration-fr#levels"),
    ("nl", "niveuas", "frustration-fr#levels"),
    ("nl", "echte jokers", "frustration-nl#players"),
    ("nl", "1000 punten", "duizenden#end"),
    ("nl", "koningin", "barbuse#contract-no_queens"),
    ("nl", "dames", "barbuse#contract-no_queens"),
    ("nl", "rode drieen straf", "canasta#threes"),
    ("nl", "natuurlijke canasta", "canasta#canastas"),
    ("nl", "gemengde canasta", "canasta#canastas"),
    ("nl", "harten", "barbuse#contract-no_hearts"),
    ("nl", "hartn", "barbuse#contract-no_hearts"),
    ("nl", "schoppenvouw", "duizenden#queen-of-spades"),
    ("nl", "jokrs", "duizenden#jokers"),
    ("nl", "minimun", "canasta#minimum-meld"),
    ("nl", "spelmakr", "barbuse#spelmaker"),
    ("nl", "hartenheeer", "barbuse#contract-no_king_of_hearts"),
    ("fr", "coeur", "barbuse#contract-no_hearts"),
    ("fr", "cœur", "barbuse#contract-no_hearts"),
    ("fr", "rois", "barbuse#contract-no_king_of_hearts"),
    ("fr", "roi de coeur", "barbuse#contract-no_king_of_hearts"),
    ("fr", "dame de pique", "duizenden#queen-of-spades"),
    ("fr", "reine de pique", "duizenden#queen-of-spades"),
    ("fr", "dames", "barbuse#contract-no_queens"),
    ("fr", "trois rouges", "canasta#threes"),
    ("fr", "trois rouge", "canasta#threes"),
    ("fr", "jokr", "duizenden#jokers"),
    ("fr", "degele", "canasta#frozen-pile"),
    ("fr", "premiere pose", "canasta#minimum-meld"),
    ("fr", "canasta", "canasta#canastas"),
    ("fr", "knobbelen", "barbuse#contract-knobbelen"),
    ("fr", "meneur", "barbuse#spelmaker"),
    ("fr", "niveaux", "frustration-fr#levels"),
    ("fr", "contrats", "frustration-nl#contracts"),
    ("fr", "roi de cœur", "barbuse#contract-no_king_of_hearts"),
    ("fr", "roi de ceour", "barbuse#contract-no_king_of_hearts"),
    ("fr", "coeurs", "barbuse#contract-no_hearts"),
    ("fr", "dame de piqeu", "duizenden#queen-of-spades"),
    ("fr", "reines", "barbuse#contract-no_queens"),
    ("fr", "jokers", "duizenden#jokers"),
    ("fr", "jokres", "duizenden#jokers"),
    ("fr", "trois noirs", "canasta#threes"),
    ("fr", "troi rouges", "canasta#threes"),
    ("fr", "canastas", "canasta#canastas"),
    ("fr", "canasta naturelle", "canasta#canastas"),
    ("fr", "canasta mixte", "canasta#canastas"),
    ("fr", "sortie en main", "canasta#going-out"),
    ("fr", "pioche épuisée", "canasta#stock-out"),
    ("fr", "pioche epuisee", "canasta#stock-out"),
    ("fr", "niveau 7", "frustration-fr#levels"),
    ("fr", "niveuax", "frustration-fr#levels"),
    ("fr", "contrat 7", "frustration-nl#contracts"),
    ("fr", "contrast", "frustration-nl#contracts"),
    ("fr", "vrais jokers", "frustration-nl#players"),
    ("fr", "meneru", "barbuse#spelmaker"),
    ("fr", "poing", "barbuse#contract-knobbelen"),
    ("fr", "doigts", "barbuse#contract-knobbelen"),
    ("fr", "knobelen", "barbuse#contract-knobbelen"),
    ("fr", "aanleggen", "barbuse#contract-aanleggen"),
    ("fr", "geen harten", "barbuse#contract-no_hearts"),
    ("fr", "geen vrouwen", "barbuse#contract-no_queens"),
    ("fr", "hartenheer", "barbuse#contract-no_king_of_hearts"),
    ("fr", "frapper", "frustration-fr#completing"),
    ("fr", "équipes", "duizenden#players"),
    ("fr", "equipes", "duizenden#players"),
    ("fr", "cœurs", "barbuse#contract-no_hearts"),
    ("fr", "ceour", "barbuse#contract-no_hearts"),
    ("fr", "reine", "barbuse#contract-no_queens"),
    ("fr", "roi", "barbuse#contract-no_king_of_hearts"),
    ("fr", "degèle", "canasta#frozen-pile"),
    ("fr", "dégele", "canasta#frozen-pile"),
    ("fr", "premiere pose minimum", "canasta#minimum-meld"),
    ("fr", "trois rouge penalite", "canasta#threes"),
    ("fr", "canata", "canasta#canastas"),
    ("fr", "spelmaker", "barbuse#spelmaker"),
    ("fr", "dame de pique défausse", "duizenden#queen-of-spades"),
    ("fr", "jokre", "duizenden#jokers"),
    ("fr", "canasta de cartes sauvages", "canasta#canastas"),
    ("fr", "roi de coeru", "barbuse#contract-no_king_of_hearts"),
]


@pytest.mark.parametrize(("language", "question", "first"), QUESTIONS)
def test_the_right_section_comes_first(language, question, first):
    hits = search(question, language=language)
    assert hits, question
    assert f"{hits[0].game}#{hits[0].anchor}" == first, [f"{h.game}#{h.anchor}" for h in hits[:3]]


def test_the_table_asks_at_least_sixty_questions_per_language():
    assert all(sum(language == asked for asked, _, _ in QUESTIONS) >= 60 for language in ("en", "nl", "fr"))


def test_table_cells_stay_word_boundaries_in_the_highlights():
    hits = search("queen of spades", language="en")
    marked = [part.text for hit in hits for part in (*hit.title, *hit.snippet) if part.found]
    assert marked and all(word.lower().startswith(("queen", "spade")) for word in marked), marked


@pytest.mark.parametrize(
    ("a", "b", "near"),
    [
        ("jokr", "joker", True),
        ("schopenvrouw", "schoppenvrouw", True),
        ("hatren", "harten", True),
        ("joker", "poker", True),
        ("jokr", "jokers", False),
    ],
)
def test_one_edit_is_a_letter_left_out_added_changed_or_two_swapped(a, b, near):
    assert one_edit(a, b) is near


@pytest.mark.django_db
def test_a_clubs_house_games_are_searched_for_its_members_only(client, alice, club):
    """Alice's club plays Boerenbridge: she finds its rules; a visitor and Charlie, of no club, do not."""
    house = HouseGameFactory.create(club=club, template="boerenbridge")
    url = reverse("rules_search")
    client.force_login(alice)
    found = dom(client.get(url, {"q": "boerenbridge dealer bids last"}))
    first = found.find("li", data_game=house.slug)
    assert first.attrs["data-anchor"] == "deal"
    assert dom(client.get(url, {"q": "boerenbrige"})).find_all("li", data_game=house.slug)
    scoped = dom(client.get(url, {"q": "tricks", "game": house.slug}))
    assert {hit.attrs["data-game"] for hit in scoped.find_all("li", data_game=True)} == {house.slug}
    client.logout()
    assert not dom(client.get(url, {"q": "boerenbridge"})).find_all("li", data_game=house.slug)
    client.force_login(UserFactory.create(username="charlie"))
    assert not dom(client.get(url, {"q": "boerenbridge"})).find_all("li", data_game=house.slug)
