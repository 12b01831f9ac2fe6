"""The rules search: sections of every rules page in the reader's language, ranked, the words found
marked, each hit opening its section; scoped to one game from the scoresheet."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse

from rulebook.search import Analyzer, _sources_digest, fold, search
from tests.factories import MatchFactory
from tests.web.test_rules_pages import dom, page


def hits(client, query: str, language: str = "en", **params: str):
    response = client.get(reverse("rules_search"), {"q": query, **params}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return dom(response).find("ol", **{"class": "rules-search-hits"}).find_all("li")


@pytest.mark.parametrize(
    ("language", "query", "exception"),
    [
        ("fr", "dame de pique", "sauf si elle est piochée comme dernière carte à la dernière donne"),
        ("nl", "schoppenvrouw", "tenzij ze getrokken wordt in de laatste ronde als laatste kaart"),
        ("en", "queen of spades", "unless it is drawn as the last card in the last deal"),
    ],
)
def test_finds_the_queen_of_spades_exception_first_in_the_readers_language(
    client, language, query, exception
):
    first = hits(client, query, language)[0]
    assert (first.attrs["data-game"], first.attrs["data-anchor"]) == ("duizenden", "queen-of-spades")
    link = first.find("a").attrs["href"]
    assert link == "/rules/duizenden/#queen-of-spades"
    response = client.get(link.split("#")[0], HTTP_ACCEPT_LANGUAGE=language)
    assert exception in dom(response).find("section", id="queen-of-spades").text


@pytest.mark.parametrize(
    ("language", "query", "game", "anchor"),
    [
        ("nl", "rode drie", "canasta", "threes"),
        ("en", "red three", "canasta", "threes"),
        ("fr", "trois rouge", "canasta", "threes"),
        ("en", "minimum", "canasta", "minimum-meld"),
        ("nl", "minimum", "canasta", "minimum-meld"),
        ("fr", "minimum", "canasta", "minimum-meld"),
        ("en", "joker", "duizenden", "jokers"),
        ("nl", "joker", "duizenden", "jokers"),
        ("fr", "joker", "duizenden", "jokers"),
    ],
)
def test_finds_the_section_a_table_looks_for_first(client, language, query, game, anchor):
    first = hits(client, query, language)[0]
    assert (first.attrs["data-game"], first.attrs["data-anchor"]) == (game, anchor)
    assert first.find_all("mark")


def test_ranks_across_all_games_and_every_link_opens_an_existing_section(client):
    found = hits(client, "joker")
    assert len({hit.attrs["data-game"] for hit in found}) >= 3
    for hit in found:
        path, anchor = hit.find("a").attrs["href"].split("#")
        assert path == reverse("rules_game", args=[hit.attrs["data-game"]])
        assert page(client, hit.attrs["data-game"]).find("section", id=anchor)


def test_marks_exactly_the_words_found_and_escapes_the_rest(client):
    found = hits(client, "rode drie", "nl")
    analyzer = Analyzer("nl")
    marked = [mark.text for hit in found for mark in hit.find_all("mark")]
    assert marked
    assert {analyzer.stem(word)[:4] for word in marked} <= {"rode", "drie"}
    response = client.get(reverse("rules_search"), {"q": "<b>joker</b>"})
    assert b"<b>joker</b>" not in response.content
    assert b"&lt;b&gt;joker&lt;/b&gt;" in response.content


def test_a_game_keeps_the_search_to_that_game(client):
    found = hits(client, "joker", game="canasta")
    assert found and {hit.attrs["data-game"] for hit in found} == {"canasta"}
    response = client.get(reverse("rules_search"), {"q": "joker", "game": "canasta"})
    assert (
        dom(response)
        .find("select", id="rules-search-game")
        .find("option", value="canasta")
        .attrs.get("selected")
        == ""
    )


def test_an_unknown_game_searches_every_game(client):
    found = hits(client, "joker", game="poker")
    assert len({hit.attrs["data-game"] for hit in found}) >= 3


def test_no_query_shows_the_box_and_no_hits(client):
    root = dom(client.get(reverse("rules_search")))
    assert root.find("input", id="rules-search-q")
    assert not root.find_all("ol", **{"class": "rules-search-hits"})


def test_words_in_no_section_find_nothing(client):
    assert hits(client, "blackjack roulette") == []


def test_search_only_answers_reads(client):
    assert client.post(reverse("rules_search"), {"q": "joker"}).status_code == 405


@pytest.mark.django_db
def test_search_reads_no_database(django_assert_num_queries):
    """The sections are the pages' text, not rows: one code path on SQLite and PostgreSQL."""
    with django_assert_num_queries(0):
        assert search("dame de pique", language="fr")[0].anchor == "queen-of-spades"


def test_accents_and_case_fold_like_unaccent():
    assert fold("Drieën DÉFAUSSE") == "drieen defausse"
    assert Analyzer("fr").query("Défausser la DAME") == Analyzer("fr").query("defausser dame")


@pytest.mark.parametrize("game", ["canasta", "duizenden", "frustration-fr"])
def test_a_search_box_sits_under_every_glance_card(client, game):
    glance = page(client, game).find("section", id="glance")
    form = glance.find("form", role="search")
    assert form.attrs["action"] == reverse("rules_search")
    assert not form.find_all("input", type="hidden")
    fragment = client.get(reverse("rules_section", args=[game, "glance"]), HTTP_HX_REQUEST="true")
    scoped = dom(fragment).find("form", role="search")
    assert scoped.find("input", type="hidden").attrs == {"type": "hidden", "name": "game", "value": game}


@pytest.mark.django_db
def test_the_scoresheet_opens_the_search_scoped_to_its_game(client, alice, club):
    match = MatchFactory(club=club, game="barbuse", players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    client.force_login(alice)
    sheet = dom(client.get(reverse("match_detail", args=[match.pk])))
    link = sheet.find("a", **{"class": "rules-search-link"}).attrs["href"]
    assert link == f"{reverse('rules_search')}?game=barbuse"
    found = hits(client, "harten", "nl", game="barbuse")
    assert found and {hit.attrs["data-game"] for hit in found} == {"barbuse"}


def test_a_changed_catalogue_is_searched_anew_not_from_the_cache(settings):
    """The kept sections are keyed by the files their text comes from: a deploy that changes a
    translation or a rules template changes the key."""
    catalogue = Path(settings.LOCALE_PATHS[0]) / "nl" / "LC_MESSAGES" / "django.mo"
    before = _sources_digest("nl")
    stat = catalogue.stat()
    try:
        os.utime(catalogue, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        assert _sources_digest("nl") != before
        assert _sources_digest("fr") == _sources_digest("fr")
    finally:
        os.utime(catalogue, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert _sources_digest("nl") == before
