"""The Tarot scoresheet on the phone: the deal in play order (taker and contract, the called
partner at 5, points and oudlers, the bonuses), the deal's score shown before Save as the engine
makes it, the dealer and deals left, refusals worded with their rule, quick entry and the rules
page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.tarot import card_calculator
from matches.models import Match, Round
from scoring.games import tarot
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(
        club=club, game="tarot", players=["Anna", "Bram", "Cor", "Dirk"], options={"deals": 4}, by=alice
    )


@pytest.fixture
def five(alice, club) -> Match:
    return MatchFactory.create(
        club=club, game="tarot", players=["Anna", "Bram", "Cor", "Dirk", "Eva"], by=alice
    )


def deal(key: str = "k1", **fields: object) -> dict[str, object]:
    """The POST the round form sends: the hidden falses of the checkboxes, then the choices."""
    data: dict[str, object] = {"idempotency_key": key, "half:bool": ["0"]}
    data.update({"taker:int": "1", "contract:str": "garde", "points:int": "47", "oudlers:int": "2"})
    data.update({name: value for name, value in fields.items()})
    return data


def add_url(match: Match) -> str:
    return reverse("round_add", args=[match.pk])


def sheet(client, match: Match, language: str = "en") -> str:
    return client.get(
        reverse("match_detail", args=[match.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()


def test_the_form_asks_taker_and_contract_first_then_the_count_then_the_bonuses(alice_client, match):
    page = sheet(alice_client, match)
    order = [
        page.index(name)
        for name in (
            'name="taker:int"',
            'name="contract:str"',
            'name="points:int"',
            'name="oudlers:int"',
            'name="petit_au_bout:str"',
            'name="poignee:int"',
            'name="chelem:str"',
        )
    ]
    assert order == sorted(order)
    assert 'name="partner:int"' not in page  # no called king at 4
    # The score before Save is the engine's, asked for as the deal is typed; no script adds up.
    assert f'hx-post="/matches/{match.pk}/rounds/preview/"' in page
    assert "tarot.js" not in page and "data-required" not in page


def test_the_calculators_keys_are_worth_what_the_engine_says_and_the_pack_makes_91():
    """Every key carries its kind's value from the engine (in half points); the three oudlers
    are counted apart, and every card of the pack tapped once makes the deal's 91."""
    calculator = card_calculator()
    oudlers, faces = calculator.rows
    (other,) = calculator.extra_keys
    assert [(key.rank, key.value, key.shown, key.tallied) for key in oudlers.keys] == [
        ("21", "4.5", "4½", True),
        ("1", "4.5", "4½", True),
        ("excuse", "4.5", "4½", True),
    ]
    assert [(key.label, key.value) for key in faces.keys] == [
        ("King", "4.5"),
        ("Queen", "3.5"),
        ("Knight", "2.5"),
        ("Jack", "1.5"),
    ]
    assert (other.value, other.shown, other.tallied) == ("0.5", "½", False)
    for key in (*oudlers.keys, *faces.keys, other):
        kind = tarot.CardKind.OUDLER if key.tallied else tarot.CardKind(key.rank)
        assert key.half_points == tarot.CARD_HALF_POINTS[kind]
    pack = sum(key.half_points for key in oudlers.keys) + sum(
        key.half_points * tarot.CARD_COUNTS[tarot.CardKind(key.rank)] for key in (*faces.keys, other)
    )
    assert pack == 2 * tarot.TOTAL_POINTS
    # "Use" fills the whole points, the half and the oudlers: the form's own fields.
    (use,) = calculator.uses
    assert (use.points, use.half, use.tally) == ("points:int", "half:bool", "oudlers:int")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Use for the taker", "Face cards", "King", "Other card", "Excuse, 4½", "21 of trumps, 4½")),
        ("nl", ("Gebruik voor de nemer", "Plaatjes", "Heer", "Andere kaart", "Excuse, 4½", "21 troef, 4½")),
        (
            "fr",
            (
                "Pour le preneur",
                "Têtes",
                "Roi",
                "Autre carte",
                "Excuse, 4½",
                "21 d\N{RIGHT SINGLE QUOTATION MARK}atout, 4½",
            ),
        ),
    ],
)
def test_the_form_carries_the_card_point_calculator_in_the_readers_language(
    alice_client, match, language, words
):
    page = sheet(alice_client, match, language)
    start = page.index("data-card-calculator")
    calculator = page[start : page.index("</details>", start)]
    assert page.index('name="oudlers:int"') < start < page.index('name="petit_au_bout:str"')
    for word in words:
        assert word in calculator
    assert calculator.count("data-tallied") == tarot.OUDLERS
    assert re.findall(r'data-value="([^"]+)"', calculator) == [
        "4.5",
        "4.5",
        "4.5",
        "4.5",
        "3.5",
        "2.5",
        "1.5",
        "0.5",
    ]
    assert 'data-use-half="half:bool" data-use-tally="oudlers:int" data-use="points:int"' in calculator
    assert "games/card-point-calculator.js" in page


def test_the_hints_name_the_dealer_and_the_deals_left(alice_client, match):
    page = sheet(alice_client, match)
    assert "Dealer: <strong>Anna</strong>" in page
    assert "4 deals left" in page
    assert 'href="/rules/tarot/#scoring"' in page


def test_a_garde_made_by_six_stores_62_a_defender(alice_client, match):
    response = alice_client.post(add_url(match), deal())
    assert response.status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.scores == [-62, 186, -62, -62]
    assert stored.body == {"taker": 1, "contract": "garde", "points": 47, "half": False, "oudlers": 2}
    page = sheet(alice_client, match)
    assert "Dealer: <strong>Bram</strong>" in page
    assert "3 deals left" in page


def preview(client, match: Match, language: str = "en", **fields: object) -> str:
    """What the preview partial says of the deal typed so far, whitespace folded."""
    response = client.post(
        reverse("round_preview", args=[match.pk]),
        {key: value for key, value in {**deal(), **fields}.items() if key != "idempotency_key"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


@pytest.mark.parametrize(
    ("language", "rule"),
    [
        ("en", "Garde, 2 oudlers, 47 points: made by 6 → (25 + 6) × 2 = 62"),  # noqa: RUF001 (the page's signs)
        ("nl", "Garde, 2 oudlers, 47 punten: gehaald met 6 → (25 + 6) × 2 = 62"),  # noqa: RUF001 (the page's signs)
        ("fr", "Garde, 2 bouts, 47 points : fait de 6 → (25 + 6) × 2 = 62"),  # noqa: RUF001 (the page's signs)
    ],
)
def test_the_deal_typed_so_far_is_scored_by_the_engine_with_its_rule(alice_client, match, language, rule):
    said = preview(alice_client, match, language)
    assert rule in said
    # Bram took: he receives three times 62, each defender pays 62.
    assert "Anna −62 Bram +186 Cor −62 Dirk −62" in said  # noqa: RUF001 (the page's signs)
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("fields", "rule", "shares"),
    [
        # 50½ with 1 oudler: short of 51 by a half, lost by 1; petit au bout to the defence; a
        # simple poignée to the defence: (-(25 + 1) - 10) x 1 - 20 = -56.
        (
            {
                "contract:str": "prise",
                "points:int": "50",
                "half:bool": ["0", "1"],
                "oudlers:int": "1",
                "petit_au_bout:str": "defence",
                "poignee:int": "10",
            },
            "Prise (petite), 1 oudlers, 50½ points: lost by 1 → (−(25 + 1) − 10) × 1 − 20 = −56",  # noqa: RUF001
            "Anna +56 Bram −168 Cor +56 Dirk +56",  # noqa: RUF001 (the page's signs)
        ),
        # Exactly 36 with 3 oudlers is made by 0; petit au bout to the taker, a chelem announced
        # and made: ((25 + 0) + 10) x 4 + 400 = 540.
        (
            {
                "contract:str": "garde_sans",
                "points:int": "36",
                "oudlers:int": "3",
                "petit_au_bout:str": "taker",
                "chelem:str": "announced_made",
            },
            "made by 0 → ((25 + 0) + 10) × 4 + 400 = 540",  # noqa: RUF001 (the page's signs)
            "Anna −540 Bram +1620 Cor −540 Dirk −540",  # noqa: RUF001 (the page's signs)
        ),
    ],
)
def test_the_preview_spells_out_the_bonuses_in_the_order_the_engine_adds_them(
    alice_client, match, fields, rule, shares
):
    said = preview(alice_client, match, **fields)
    assert rule in said and shares in said


def test_at_five_the_preview_gives_the_called_partner_one_share(alice_client, five):
    said = preview(alice_client, five, **{"partner:int": "3"})
    # Bram takes, Dirk holds the king: taker twice, partner once, each of three defenders pays.
    assert "Anna −62 Bram +124 Cor −62 Dirk +62 Eva −62" in said  # noqa: RUF001 (the page's signs)


@pytest.mark.parametrize(
    "fields",
    [
        {"points:int": ""},  # the count not typed yet
        {"poignee:int": "9"},  # too small a poignée: Save will say so
        {"oudlers:int": "0", "petit_au_bout:str": "taker"},  # petit au bout without the petit
    ],
)
def test_a_deal_the_engine_would_refuse_has_no_preview(alice_client, match, fields):
    assert preview(alice_client, match, **fields) == ""


def test_no_one_outside_the_club_is_told_what_a_deal_would_score(client, match, charlie):
    client.force_login(charlie)
    assert client.post(reverse("round_preview", args=[match.pk]), deal()).status_code == 404


def test_a_half_point_and_the_bonuses_are_posted_as_the_round_json(alice_client, match):
    data = deal(
        **{
            "contract:str": "prise",
            "points:int": "50",
            "oudlers:int": "1",
            "petit_au_bout:str": "defence",
            "poignee:int": "10",
            "chelem:str": "",
        }
    )
    data["half:bool"] = ["0", "1"]
    assert alice_client.post(add_url(match), data).status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.body["half"] is True and "chelem" not in stored.body
    # 50½ with 1 oudler: lost by 1; -(25 + 1) - 10 - 20 (poignée to the defence) = -56.
    assert stored.scores == [56, -168, 56, 56]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "A poignée at 4 players shows at least 10 trumps."),
        ("nl", "Een poignée toont bij 4 spelers minstens 10 troeven."),
        ("fr", "Une poignée à 4 joueurs montre au moins 10 atouts."),
    ],
)
def test_a_refusal_names_its_rule_in_each_language(alice_client, match, language, words):
    response = alice_client.post(add_url(match), deal(**{"poignee:int": "9"}), HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 400
    assert not Round.objects.exists()
    assert words in page
    assert re.search(r'href="/rules/tarot/#check-poignee"', page)


def test_five_players_ask_for_the_called_king_and_refuse_none(alice_client, five):
    page = sheet(alice_client, five)
    assert (
        page.index('name="contract:str"') < page.index('name="partner:int"') < page.index('name="points:int"')
    )
    response = alice_client.post(add_url(five), deal())
    assert response.status_code == 400
    assert "name the player holding the called king" in response.content.decode()
    assert alice_client.post(add_url(five), deal(key="k2", **{"partner:int": "3"})).status_code == 302
    assert Round.objects.get(match=five).scores == [-62, 124, -62, 62, -62]


def test_alone_at_five_receives_four_times(alice_client, five):
    data = deal(**{"alone:bool": ["0", "1"]})
    assert alice_client.post(add_url(five), data).status_code == 302
    assert Round.objects.get(match=five).scores == [-62, 248, -62, -62, -62]


def test_quick_entry_fills_taker_contract_points_and_oudlers(alice_client, match):
    url = reverse("round_quick_entry", args=[match.pk])
    page = alice_client.post(url, {"line": "garde sans Bram 47 2 oudlers"}).content.decode()
    assert re.search(r'name="taker:int" value="1" checked', page)
    assert re.search(r'name="contract:str" value="garde_sans"[^>]* checked', page)
    assert 'name="points:int" value="47"' in page
    assert re.search(r'name="oudlers:int" value="2" checked', page)


def test_the_match_ends_after_its_deals_with_the_highest_total_winning(alice_client, match):
    for number, taker in enumerate(("1", "2", "3", "0"), start=1):
        response = alice_client.post(add_url(match), deal(key=f"k{number}", **{"taker:int": taker}))
        assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == "finished"


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_the_rules_page_names_the_fft_as_its_source(client, language):
    page = client.get("/rules/tarot/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "Fédération Française de Tarot" in page
    assert "Règlement officiel" in page
    assert 'id="king"' in page and 'id="poignee"' in page


@pytest.mark.parametrize(
    ("language", "phrase"),
    [
        ("en", "“Use for the taker” puts the whole points in his points"),
        ("nl", "„Gebruik voor de nemer” zet de hele punten bij zijn punten"),
        ("fr", "«\N{NO-BREAK SPACE}Pour le preneur\N{NO-BREAK SPACE}» met les points entiers"),
    ],
)
def test_the_rules_page_says_how_the_calculator_counts(client, language, phrase):
    html = client.get("/rules/tarot/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    start = html.index('id="cards-calculator"')
    assert phrase in html[start : html.index("</p>", start)]
