"""The Belote and Contrée scoresheets on the phone: the taker's pair (and Contrée's contract) first,
a line per pair, the deal's score previewed with its rule before Save, refusals with their rule
links, the dealer and points to go, the paper sheet, quick entry and the statistics."""

from __future__ import annotations

from typing import Any

import pytest

from games.belote import BELOTE, CONTREE
from games.protocol import PlayedMatch
from matches.models import Match, Round
from scoring import get_game
from scoring.match import create_setup
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(club) -> Match:
    """Amélie and Claire against Bruno and Denis (partners opposite); a game to 501."""
    return MatchFactory.create(
        club=club, game="belote", players=["Amélie", "Bruno", "Claire", "Denis"], options={"target": 501}
    )


@pytest.fixture
def contree(club) -> Match:
    return MatchFactory.create(
        club=club, game="belote-contree", players=["Amélie", "Bruno", "Claire", "Denis"]
    )


@pytest.fixture
def scorer(client, alice):
    client.force_login(alice)
    return client


def pair(index: int, points: int | str = "", belote: bool = False, capot: bool = False) -> dict[str, Any]:
    """One pair's inputs, as the phone form posts them (hidden "0" before a ticked box's "1")."""
    prefix = f"entries.{index}"
    return {
        f"{prefix}.points:int": points,
        f"{prefix}.belote:bool": ["0", "1"] if belote else "0",
        f"{prefix}.capot:bool": ["0", "1"] if capot else "0",
    }


def bid(contract: int | str, contre: bool = False, surcontre: bool = False) -> dict[str, Any]:
    return {
        "contract:int": str(contract),
        "contre:bool": ["0", "1"] if contre else "0",
        "surcontre:bool": ["0", "1"] if surcontre else "0",
    }


def form(taker: int | str, *parts: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {"taker:int": str(taker)}
    for part in parts:
        data.update(part)
    return data


def post_deal(client, match: Match, taker: int | str, *parts: dict[str, Any]):
    return client.post(f"/matches/{match.pk}/rounds/", form(taker, *parts))


def preview(client, match: Match, taker: int | str, *parts: dict[str, Any], language: str = "en") -> str:
    response = client.post(
        f"/matches/{match.pk}/rounds/preview/",
        form(taker, *parts),
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_the_form_asks_the_taker_first_then_each_pair_with_the_calculator(scorer, match):
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert html.index('name="taker:int"') < html.index('name="entries.0.points:int"')
    assert html.index('name="entries.0.points:int"') < html.index('name="entries.1.points:int"')
    assert 'name="contract:int"' not in html
    assert "Amélie &amp; Claire" in html and "Bruno &amp; Denis" in html
    assert 'data-card-points="162"' in html
    assert f'hx-post="/matches/{match.pk}/rounds/preview/"' in html
    assert "Amélie deals; the game is to 501." in html
    # The calculator's keys carry the engine's values: the jack is 20 in trumps, 2 elsewhere.
    assert 'aria-label="J of trumps, 20"' in html and 'aria-label="J, 2"' in html


def test_contree_asks_the_contract_and_its_doubling_before_the_card_points(scorer, contree):
    html = scorer.get(f"/matches/{contree.pk}/").content.decode()
    assert html.index('name="taker:int"') < html.index('name="contract:int"')
    assert html.index('name="contract:int"') < html.index('name="contre:bool"')
    assert html.index('name="surcontre:bool"') < html.index('name="entries.0.points:int"')
    assert html.count('name="contract:int"') == 10  # 80 to 160 in tens, and capot


def test_a_made_deal_is_stored_with_each_pairs_points(scorer, match):
    assert post_deal(scorer, match, 0, pair(0, 98, belote=True), pair(1, 64)).status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.scores == [118, 64]
    assert stored.body == {
        "taker": 0,
        "entries": [
            {"points": 98, "belote": True, "capot": False},
            {"points": 64, "belote": False, "capot": False},
        ],
    }
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert "Bruno deals" in html and "Amélie &amp; Claire: 383 to go" in html


@pytest.mark.parametrize(
    ("language", "made", "dedans"),
    [
        (
            "en",
            "Made: Amélie &amp; Claire has 118 against 64; each pair scores its own points.",
            "Bruno &amp; Denis has 81 against 81: not more, dedans. Dedans: 162 to Amélie &amp; Claire.",
        ),
        ("nl", "Gehaald: Amélie &amp; Claire heeft 118 tegen 64", "Dedans: 162 voor Amélie &amp; Claire."),
        ("fr", "Réussi : Amélie &amp; Claire a 118 contre 64", "Dedans : 162 à Amélie &amp; Claire."),
    ],
)
def test_the_belote_deal_is_previewed_as_the_engine_scores_it(scorer, match, language, made, dedans):
    assert made in preview(scorer, match, 0, pair(0, 98, belote=True), pair(1, 64), language=language)
    # 81 each: equal is dedans, the defence takes the 162.
    assert dedans in preview(scorer, match, 1, pair(0, 81), pair(1, 81), language=language)
    assert not Round.objects.filter(match=match).exists()


def test_a_dedans_preview_names_the_defences_belote_and_the_belote_the_taker_keeps(scorer, match):
    text = preview(scorer, match, 0, pair(0, 60, belote=True), pair(1, 102))
    assert "Amélie &amp; Claire has 80 against 102: not more, dedans." in text
    assert "Dedans: 162 to Bruno &amp; Denis. Amélie &amp; Claire keeps its belote: 20." in text
    text = preview(scorer, match, 0, pair(0, 80), pair(1, 82, belote=True))
    assert "Dedans: 162 + 20 belote to Bruno &amp; Denis." in text


@pytest.mark.parametrize(
    ("language", "made", "down"),
    [
        (
            "en",
            "Made: Amélie &amp; Claire has 100 for a contract of 90. (contré, \N{MULTIPLICATION SIGN} 2) "
            "Amélie &amp; Claire scores 500, Bruno &amp; Denis 0.",
            "Down: Amélie &amp; Claire has 99 for a contract of 100. Bruno &amp; Denis scores 260, "
            "Amélie &amp; Claire 0.",
        ),
        (
            "nl",
            "Gehaald: Amélie &amp; Claire heeft 100 voor een contract van 90.",
            "Mislukt: Amélie &amp; Claire",
        ),
        (
            "fr",
            "Réussi : Amélie &amp; Claire a 100 pour un contrat de 90.",
            "Chute : Amélie &amp; Claire a 99",
        ),
    ],
)
def test_the_contree_deal_is_previewed_with_its_contract(scorer, contree, language, made, down):
    assert made in preview(
        scorer, contree, 0, bid(90, contre=True), pair(0, 100), pair(1, 62), language=language
    )
    assert down in preview(scorer, contree, 0, bid(100), pair(0, 99), pair(1, 63), language=language)


@pytest.mark.parametrize(
    ("taker", "parts"),
    [
        ("", (pair(0, 100), pair(1, 62))),  # no taker yet
        (0, (pair(0, 100), pair(1))),  # the other pair's points not typed
        (0, (pair(0, 100, belote=True), pair(1, 62, belote=True))),  # belote twice: Save will say so
    ],
)
def test_a_deal_the_engine_would_refuse_has_no_preview(scorer, match, taker, parts):
    assert preview(scorer, match, taker, *parts) == ""


def test_no_one_outside_the_club_is_told_what_a_deal_would_score(client, match, charlie):
    client.force_login(charlie)
    assert (
        client.post(f"/matches/{match.pk}/rounds/preview/", form(0, pair(0, 98), pair(1, 64))).status_code
        == 404
    )


@pytest.mark.parametrize(
    ("taker", "parts", "message", "anchor"),
    [
        ("", (pair(0, 100), pair(1, 62)), "Say which pair took (chose trumps).", "check-taker"),
        (0, (pair(0, 150), pair(1, 62)), "add up to 212; every deal has 162", "check-card-points"),
        (
            0,
            (pair(0, 100, belote=True), pair(1, 62, belote=True)),
            "only one pair can have it",
            "check-belote",
        ),
        (0, (pair(0, 157, capot=True), pair(1, 5)), "the other pair has 5 card points", "check-capot"),
    ],
)
def test_each_refusal_is_worded_and_links_its_rule(scorer, match, taker, parts, message, anchor):
    html = post_deal(scorer, match, taker, *parts).content.decode()
    assert message in html
    assert f"/rules/belote/#{anchor}" in html
    assert not Round.objects.filter(match=match).exists()


@pytest.mark.parametrize(
    ("parts", "message", "anchor"),
    [
        ((bid(85), pair(0, 100), pair(1, 62)), "85 is no contract", "check-contract"),
        ((pair(0, 100), pair(1, 62)), "Say the contract", "check-contract"),
        ((bid(100, surcontre=True), pair(0, 100), pair(1, 62)), "Only a contré contract", "check-contre"),
    ],
)
def test_contree_refusals_name_their_rule(scorer, contree, parts, message, anchor):
    html = post_deal(scorer, contree, 0, *parts).content.decode()
    assert message in html
    assert f"/rules/belote-contree/#{anchor}" in html
    assert not Round.objects.filter(match=contree).exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("nl", "Zeg welk paar nam (troef koos)."), ("fr", "Indiquez quelle paire a pris")],
)
def test_refusals_are_translated(scorer, match, language, words):
    data: dict[str, Any] = {**pair(0, 100), **pair(1, 62)}
    response = scorer.post(f"/matches/{match.pk}/rounds/", data, HTTP_ACCEPT_LANGUAGE=language)
    assert words in response.content.decode()


def test_the_game_ends_when_a_pair_passes_the_target(scorer, match):
    for taker, first, second in ((0, 162, 0), (0, 162, 0), (1, 100, 62)):
        capot = first == 162
        assert (
            post_deal(scorer, match, taker, pair(0, first, capot=capot), pair(1, second)).status_code == 302
        )
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert 'name="taker:int"' not in html
    scores = list(Round.objects.filter(match=match).order_by("number").values_list("scores", flat=True))
    assert scores == [[250, 0], [250, 0], [162, 0]]  # 100 against 62 for the defence: dedans


def test_a_contree_deal_contre_and_surcontre_is_stored_multiplied(scorer, contree):
    parts = (bid(120, contre=True, surcontre=True), pair(0, 60), pair(1, 102))
    assert post_deal(scorer, contree, 1, *parts).status_code == 302
    assert Round.objects.get(match=contree).scores == [(160 + 120) * 4, 0]


@pytest.mark.parametrize(
    ("slug", "words"), [("belote", "dedans"), ("belote-contree", "surcontré \N{MULTIPLICATION SIGN} 4")]
)
def test_the_paper_sheet_has_a_column_per_pair_and_the_rules_reminder(client, slug, words):
    html = " ".join(client.get(f"/rules/{slug}/paper/").content.decode().split())
    assert "Pair 1" in html and "Pair 2" in html and "Pair 3" not in html
    assert words in html and "Belote-rebelote: +20" in html


@pytest.mark.parametrize("slug", ["belote", "belote-contree"])
@pytest.mark.parametrize(
    ("language", "source"), [("en", "Fédération Française de Belote"), ("fr", "ffbelote.org")]
)
def test_the_rules_pages_name_their_sources(client, slug, language, source):
    html = client.get(f"/rules/{slug}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert source in html


def test_quick_entry_marks_the_taker_and_reads_belote(scorer, match):
    response = scorer.post(
        f"/matches/{match.pk}/rounds/quick/",
        {"line": "Amélie takes 98 belote, Bruno 64"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert 'name="taker:int" value="0" checked' in html
    assert 'name="entries.0.points:int"' in html and 'value="98"' in html


def test_belote_statistics_count_takes_dedans_belotes_and_capots():
    setup = create_setup(get_game("belote"), 4)
    bodies = (
        {"taker": 0, "entries": [{"points": 98, "belote": True}, {"points": 64}]},
        {"taker": 0, "entries": [{"points": 81}, {"points": 81}]},
        {"taker": 1, "entries": [{"points": 162, "capot": True}, {"points": 0}]},
    )
    played = PlayedMatch(setup, 0, bodies, ((118, 64), (0, 162), (250, 0)))
    shown = {str(stat.label): stat.value for stat in BELOTE.statistics([played])}
    assert shown == {"Took the deal": "67%", "Dedans when taking": "50%", "Belotes": "1", "Capots": "1"}


def test_contree_statistics_add_the_average_contract():
    setup = create_setup(get_game("belote-contree"), 4)
    bodies = (
        {"taker": 0, "contract": 80, "entries": [{"points": 98}, {"points": 64}]},
        {"taker": 0, "contract": 120, "entries": [{"points": 81}, {"points": 81}]},
    )
    played = PlayedMatch(setup, 2, bodies, ((178, 64), (0, 280)))
    shown = {str(stat.label): stat.value for stat in CONTREE.statistics([played])}
    assert shown == {
        "Took the deal": "100%",
        "Down when taking": "50%",
        "Belotes": "0",
        "Capots": "0",
        "Contract when taking": "100.0",
    }


def test_contree_quick_entry_fills_the_contract_and_the_doubling(scorer, contree):
    response = scorer.post(
        f"/matches/{contree.pk}/rounds/quick/",
        {"line": "Bruno takes contract 100 contré 90, Amélie 72"},
        HTTP_HX_REQUEST="true",
    )
    html = " ".join(response.content.decode().split())
    assert 'name="taker:int" value="1" checked' in html
    assert 'name="contract:int" value="100" checked' in html
    assert 'name="contre:bool" value="1" checked' in html
    assert not Round.objects.filter(match=contree).exists()
