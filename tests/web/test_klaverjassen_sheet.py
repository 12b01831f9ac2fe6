"""The Klaverjassen scoresheet on the phone: the playing pair first, a line per pair, refusals
with their rule links, the dealer and deals left, the paper sheet and the statistics."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.klaverjassen import HOME
from games.protocol import PlayedMatch
from matches.models import Match, Round
from scoring import get_game
from scoring.match import create_setup
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(club) -> Match:
    """Anna and Cor against Bram and Dirk (partners opposite); Anna deals first; four deals."""
    return MatchFactory.create(
        club=club, game="klaverjassen", players=["Anna", "Bram", "Cor", "Dirk"], options={"deals": 4}
    )


@pytest.fixture
def scorer(client, alice):
    client.force_login(alice)
    return client


def pair(index: int, points: int | str = "", roem: int | str = "", pit: bool = False) -> dict[str, Any]:
    """One pair's inputs, as the phone form posts them (hidden "0" before a ticked box's "1")."""
    prefix = f"entries.{index}"
    return {
        f"{prefix}.points:int": points,
        f"{prefix}.roem:int": roem,
        f"{prefix}.pit:bool": ["0", "1"] if pit else "0",
    }


def post_deal(client, match: Match, playing: int | str, *pairs: dict[str, Any]):
    data: dict[str, Any] = {"playing:int": str(playing)}
    for entry in pairs:
        data.update(entry)
    return client.post(f"/matches/{match.pk}/rounds/", data)


def test_the_form_asks_the_playing_pair_first_then_each_pair(scorer, match):
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert html.index('name="playing:int"') < html.index('name="entries.0.points:int"')
    assert html.index('name="entries.0.points:int"') < html.index('name="entries.1.points:int"')
    assert "Anna &amp; Cor" in html and "Bram &amp; Dirk" in html
    assert 'data-card-points="162"' in html
    assert f'hx-post="/matches/{match.pk}/rounds/preview/"' in html
    assert "Anna deals; 4 deals left, this one included." in html


def test_the_form_carries_a_calculator_with_the_engines_card_values(scorer, match):
    """Each key of the calculator is a card worth points, with the engine's value; the last trick
    has its key, and each pair a button that puts the sum in its card points."""
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    start = html.index("data-card-calculator")
    calculator = html[start : html.index("</details>", start)]
    labels = re.findall(r'aria-label="([^"]+)"', calculator)
    assert labels == [
        "J of trumps, 20",
        "9 of trumps, 14",
        "A of trumps, 11",
        "10 of trumps, 10",
        "K of trumps, 4",
        "Q of trumps, 3",
        "A, 11",
        "10, 10",
        "K, 4",
        "Q, 3",
        "J, 2",
    ]
    assert 'data-value="10">Last trick<small>10</small>' in calculator
    assert re.findall(r'data-use="([^"]+)">Use for ([^<]+)<', calculator) == [
        ("entries.0.points:int", "Anna &amp; Cor"),
        ("entries.1.points:int", "Bram &amp; Dirk"),
    ]
    # Every card of a suit, tapped, makes the deal's total with the last trick.
    values = [int(value) for value in re.findall(r'data-value="(\d+)"', calculator)]
    assert sum(values[:6]) + 3 * sum(values[6:11]) + values[11] == 162


def test_a_made_deal_is_stored_with_each_pairs_points(scorer, match):
    assert post_deal(scorer, match, 0, pair(0, 98, 20), pair(1, 64)).status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.scores == [118, 64]
    assert stored.body == {
        "playing": 0,
        "entries": [{"points": 98, "roem": 20, "pit": False}, {"points": 64, "pit": False}],
    }
    assert "Bram deals; 3 deals left" in scorer.get(f"/matches/{match.pk}/").content.decode()


def preview(client, match: Match, playing: int | str, *pairs: dict[str, Any], language: str = "en") -> str:
    data: dict[str, Any] = {"playing:int": str(playing)}
    for entry in pairs:
        data.update(entry)
    response = client.post(
        f"/matches/{match.pk}/rounds/preview/", data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


@pytest.mark.parametrize(
    ("language", "made", "nat"),
    [
        (
            "en",
            "Made: Anna &amp; Cor has 118 of 182, more than half; each pair scores its own points.",
            "Bram &amp; Dirk has 91 of 182: not more than half. Nat: 162 + 20 roem to Anna &amp; Cor.",
        ),
        ("nl", "Gehaald: Anna &amp; Cor heeft 118 van 182", "Nat: 162 + 20 roem voor Anna &amp; Cor."),
        ("fr", "Réussi : Anna &amp; Cor a 118 sur 182", "Nat : 162 + 20 de roem pour Anna &amp; Cor."),
    ],
)
def test_the_deal_typed_so_far_is_previewed_as_the_engine_scores_it(scorer, match, language, made, nat):
    assert made in preview(scorer, match, 0, pair(0, 98, 20), pair(1, 64), language=language)
    # 71 card points and 20 roem are 91 of 182, exactly half: nat, 162 and both roem to the others.
    assert nat in preview(scorer, match, 1, pair(0, 91), pair(1, 71, 20), language=language)
    assert not Round.objects.filter(match=match).exists()


@pytest.mark.parametrize(
    ("playing", "pairs"),
    [
        ("", (pair(0, 100), pair(1, 62))),  # no playing pair yet
        (0, (pair(0, 100), pair(1))),  # the other pair's points not typed
        (0, (pair(0, 100, 30), pair(1, 62))),  # 30 is no roem: Save will say so
    ],
)
def test_a_deal_the_engine_would_refuse_has_no_preview(scorer, match, playing, pairs):
    assert preview(scorer, match, playing, *pairs) == ""


def test_no_one_outside_the_club_is_told_what_a_deal_would_score(client, match, charlie):
    client.force_login(charlie)
    data = {"playing:int": "0", **pair(0, 98), **pair(1, 64)}
    assert client.post(f"/matches/{match.pk}/rounds/preview/", data).status_code == 404


def test_a_game_whose_form_shows_no_preview_gets_an_empty_one(scorer, club):
    other = MatchFactory.create(club=club, game="duizenden", players=["Anna", "Bram"])
    response = scorer.post(f"/matches/{other.pk}/rounds/preview/", {})
    assert response.status_code == 200 and response.content == b""


def test_a_nat_deal_gives_the_other_pair_everything(scorer, match):
    assert post_deal(scorer, match, 0, pair(0, 60, 40), pair(1, 102, 20)).status_code == 302
    assert Round.objects.get(match=match).scores == [0, 222]


def test_pit_for_the_playing_pair(scorer, match):
    assert post_deal(scorer, match, 1, pair(0, 0), pair(1, 162, 50, pit=True)).status_code == 302
    assert Round.objects.get(match=match).scores == [0, 312]


@pytest.mark.parametrize(
    ("playing", "pairs", "message", "anchor"),
    [
        ("", (pair(0, 100), pair(1, 62)), "Say which pair played (chose trumps).", "check-playing"),
        (0, (pair(0, 150), pair(1, 62)), "add up to 212; every deal has 162", "check-card-points"),
        (0, (pair(0, 100, 30), pair(1, 62)), "30 is no roem", "check-roem"),
        (0, (pair(0, 157, 0, pit=True), pair(1, 5)), "the other pair has 5 card points", "check-pit"),
    ],
)
def test_each_refusal_is_worded_and_links_its_rule(scorer, match, playing, pairs, message, anchor):
    response = post_deal(scorer, match, playing, *pairs)
    html = response.content.decode()
    assert response.status_code in (400, 422, 200), response.status_code
    assert message in html
    assert f"/rules/klaverjassen/#{anchor}" in html
    assert not Round.objects.filter(match=match).exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("nl", "Zeg welk paar speelde"), ("fr", "Dites quelle paire a joué")],
)
def test_refusals_are_translated(scorer, match, language, words):
    data: dict[str, Any] = {**pair(0, 100), **pair(1, 62)}
    response = scorer.post(f"/matches/{match.pk}/rounds/", data, HTTP_ACCEPT_LANGUAGE=language)
    assert words in response.content.decode()


def test_the_match_ends_after_its_deals(scorer, match):
    for playing, first, second in ((0, 100, 62), (1, 62, 100), (0, 71, 91), (1, 0, 162)):
        assert post_deal(scorer, match, playing, pair(0, first), pair(1, second)).status_code == 302
    match.refresh_from_db()
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert not re.search(r'name="playing:int"', html)
    assert list(Round.objects.filter(match=match).order_by("number").values_list("scores", flat=True)) == [
        [100, 62],
        [62, 100],
        [0, 162],
        [0, 162],
    ]


def test_the_paper_sheet_has_a_column_per_pair_and_sixteen_deals(client):
    html = client.get("/rules/klaverjassen/paper/").content.decode()
    assert "Pair 1" in html and "Pair 2" in html and "Pair 3" not in html
    assert "Four jacks" in html


def test_statistics_count_plays_nats_roem_and_pits():
    setup = create_setup(get_game("klaverjassen"), 4)
    bodies = (
        {"playing": 0, "entries": [{"points": 98, "roem": 20}, {"points": 64}]},
        {"playing": 0, "entries": [{"points": 60, "roem": 40}, {"points": 102}]},
        {"playing": 1, "entries": [{"points": 162, "pit": True}, {"points": 0}]},
    )
    played = PlayedMatch(setup, 0, bodies, ((118, 64), (0, 202), (262, 0)))
    shown = {str(stat.label): stat.value for stat in HOME.statistics([played])}
    assert shown == {
        "Played the deal": "67%",
        "Nat when playing": "50%",
        "Roem per deal": "20.0",
        "Pits": "1",
    }
