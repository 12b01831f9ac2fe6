"""The rules search forgives what players type: a table of questions per language, typos,
ligatures, plurals and the words players use included, each with the section that must come
first."""

from __future__ import annotations

import pytest

from rulebook.search import one_edit, search

QUESTIONS = [
    ("en", "jokr", "duizenden#jokers"),
    ("en", "joker", "duizenden#jokers"),
    ("en", "queen of spades", "duizenden#queen-of-spades"),
    ("en", "qeen of spades", "duizenden#queen-of-spades"),
    ("en", "red threes", "canasta#threes"),
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
]


@pytest.mark.parametrize(("language", "question", "first"), QUESTIONS)
def test_the_right_section_comes_first(language, question, first):
    hits = search(question, language=language)
    assert hits, question
    assert f"{hits[0].game}#{hits[0].anchor}" == first, [f"{h.game}#{h.anchor}" for h in hits[:3]]


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
