"""The Canasta scoresheet on the phone: a line per side, counters, calculators, the minimum meld."""

from __future__ import annotations

import re
from typing import Any

import pytest

from matches.models import Match, Round
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db

SPECIAL = ("natural_ace_canastas", "mixed_ace_canastas", "wild_canastas")


@pytest.fixture
def match(club) -> Match:
    """Anna and Cor against Bram and Dirk (the default partnerships); Dirk deals first."""
    return MatchFactory.create(club=club, game="canasta", players=["Anna", "Bram", "Cor", "Dirk"], dealer=3)


@pytest.fixture
def scorer(client, alice):
    client.force_login(alice)
    return client


def side(
    index: int,
    *,
    natural: int = 0,
    mixed: int = 0,
    red_threes: int = 0,
    meld: int | str = "",
    hand: int | str = "",
    concealed: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """One side's inputs, as the phone form posts them (hidden "0" before a ticked box's "1")."""
    prefix = f"entries.{index}"
    data: dict[str, Any] = {
        f"{prefix}.concealed:bool": ["0", "1"] if concealed else "0",
        f"{prefix}.natural_canastas:int": natural,
        f"{prefix}.mixed_canastas:int": mixed,
        f"{prefix}.red_threes:int": red_threes,
        f"{prefix}.meld_points:int": meld,
        f"{prefix}.hand_points:int": hand,
    }
    data.update({f"{prefix}.{key}": value for key, value in extra.items()})
    return data


def post_deal(client, match: Match, went_out: int | str, *sides: dict[str, Any], **headers: Any):
    data: dict[str, Any] = {"@went_out": str(went_out)}
    for entry in sides:
        data.update(entry)
    return client.post(f"/matches/{match.pk}/rounds/", data, **headers)


def fieldset(html: str, index: int) -> str:
    """The HTML of side ``index``'s line of the round form."""
    found = re.search(rf'<fieldset[^>]*data-entry="{index}".*?</fieldset>', html, re.S)
    assert found, f"no line for side {index}"
    return found.group(0)


def typed(html: str, name: str) -> str:
    """The value an input of the form shows."""
    tag = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*>', html)
    assert tag, f"no input {name}"
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else ""


def minimum_melds(html: str) -> list[int]:
    return [int(value) for value in re.findall(r"data-minimum-meld>(-?\d+)<", html)]


def deal_1(client, match: Match):
    """Example 1, deal 1: Anna & Cor go out with 1285, Bram & Dirk melded nothing (-215)."""
    return post_deal(
        client,
        match,
        0,
        side(0, natural=1, mixed=1, red_threes=1, meld=310, hand=25),
        side(1, red_threes=1, meld=0, hand=115),
    )


def test_shows_one_line_per_partnership_with_both_partners(scorer, match):
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert "Anna &amp; Cor" in fieldset(html, 0)
    assert "Bram &amp; Dirk" in fieldset(html, 1)
    assert 'data-entry="2"' not in html
    assert 'name="@went_out" value=""' in html
    assert "Nobody (the stock ran out)" in html
    for name in ("concealed:bool", "natural_canastas:int", "red_threes:int", "meld_points:int"):
        assert f'name="entries.0.{name}"' in html
    assert 'data-rank="joker"' in html
    assert 'data-cards="entries.1.meld_cards"' in html
    assert minimum_melds(html) == [50, 50]
    assert 'href="/rules/canasta/#minimum-meld"' in html


def test_stores_a_deal_and_shows_the_new_totals_and_minimum_meld(scorer, match):
    response = deal_1(scorer, match)
    assert response.status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.scores == [1285, -215]
    assert stored.body["entries"][0]["went_out"] is True
    assert stored.body["entries"][1]["went_out"] is False
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert minimum_melds(html) == [50, 15]
    assert '<progress max="5000" value="1285"' in html
    assert '<progress max="5000" value="-215"' in html


def test_counts_melded_and_hand_cards_from_the_calculators(scorer, match):
    """Seven kings and three jokers melded (220); an ace and a five in hand (25)."""
    response = post_deal(
        scorer,
        match,
        0,
        side(0, natural=1, **{"meld_cards.K:int": 7, "meld_cards.joker:int": 3, "hand_cards.A:int": 1})
        | {"entries.0.meld_points:int": "", "entries.0.hand_points:int": "", "entries.0.hand_cards.5:int": 1},
        side(1, meld=0, hand=60),
    )
    assert response.status_code == 302
    stored = Round.objects.get(match=match)
    assert stored.body["entries"][0]["meld_cards"] == {"K": 7, "joker": 3}
    assert stored.body["entries"][0]["hand_cards"] == {"A": 1, "5": 1}
    assert stored.scores == [500 + 100 + 220 - 25, -60]


def test_stock_ran_out_means_nobody_went_out(scorer, match):
    response = post_deal(
        scorer, match, "", side(0, natural=1, meld=200, hand=30), side(1, mixed=1, meld=150, hand=20)
    )
    assert response.status_code == 302
    stored = Round.objects.get(match=match)
    assert [entry["went_out"] for entry in stored.body["entries"]] == [False, False]
    assert stored.scores == [500 + 200 - 30, 300 + 150 - 20]


def test_going_out_concealed_and_a_special_canasta_score_their_bonuses(scorer, match):
    response = post_deal(
        scorer,
        match,
        1,
        side(0, meld=120, hand=80),
        side(1, natural=1, concealed=True, meld=360, hand=0, **{"natural_ace_canastas:int": 1}),
    )
    assert response.status_code == 302
    assert Round.objects.get(match=match).scores == [120 - 80, 500 + 800 + 200 + 360]


def test_refuses_canastas_without_melded_points(scorer, match):
    response = post_deal(
        scorer, match, 0, side(0, natural=1, mixed=1, meld=0, hand=0), side(1, meld=90, hand=40)
    )
    assert response.status_code == 400
    html = response.content.decode()
    anna = fieldset(html, 0)
    assert "These canastas need at least 85 melded points." in anna
    assert typed(anna, "entries.0.meld_points:int") == "0"
    assert 'aria-invalid="true"' in anna
    assert typed(anna, "entries.0.natural_canastas:int") == "1"
    assert 'name="@went_out" value="0" checked' in html
    assert typed(html, "entries.1.meld_points:int") == "90"
    assert not Round.objects.filter(match=match).exists()


def test_refuses_five_red_threes_with_two_packs(scorer, match):
    response = post_deal(
        scorer,
        match,
        0,
        side(0, natural=1, red_threes=3, meld=200, hand=0),
        side(1, red_threes=2, meld=120, hand=40),
    )
    assert response.status_code == 400
    html = response.content.decode()
    top = re.search(r'<div class="errors" role="alert"[^>]*>(.*?)</div>', html, re.S)
    assert top and "There are only 4 red threes in the packs." in top.group(1)
    assert typed(html, "entries.0.red_threes:int") == "3"
    assert typed(html, "entries.1.red_threes:int") == "2"
    assert not Round.objects.filter(match=match).exists()


def test_refuses_two_sides_going_out(scorer, match):
    """The radio lets one side go out; a hand-made post that says two is refused all the same."""
    data = {**side(0, natural=1, meld=200, hand=0), **side(1, natural=1, meld=150, hand=0)}
    data |= {"entries.0.went_out:bool": "1", "entries.1.went_out:bool": "1"}
    response = scorer.post(f"/matches/{match.pk}/rounds/", data)
    assert response.status_code == 400
    html = response.content.decode()
    top = re.search(r'<div class="errors" role="alert"[^>]*>(.*?)</div>', html, re.S)
    assert top and "go out" in top.group(1)
    assert typed(html, "entries.1.meld_points:int") == "150"
    assert not Round.objects.filter(match=match).exists()


def test_refused_went_out_sits_with_the_who_went_out_choice(scorer, match):
    response = post_deal(scorer, match, 1, side(0, meld=90, hand=40), side(1, meld=200, hand=0))
    assert response.status_code == 400
    went_out = re.search(r'<fieldset class="went-out[^"]*">.*?</fieldset>', response.content.decode(), re.S)
    assert went_out and "Bram &amp; Dirk: A side needs 1 canasta to go out; this one has 0." in went_out[0]
    assert not Round.objects.filter(match=match).exists()


def test_no_choice_of_who_went_out_is_asked_for(scorer, match):
    data = {**side(0, meld=90, hand=40), **side(1, natural=1, meld=200, hand=0)}
    response = scorer.post(f"/matches/{match.pk}/rounds/", data)
    assert response.status_code == 400
    assert "This is required." in response.content.decode()
    assert not Round.objects.filter(match=match).exists()


def test_minimum_meld_rises_after_1500_and_3000(scorer, match):
    deal_1(scorer, match)  # 1285, -215
    post_deal(
        scorer,
        match,
        1,
        side(0, mixed=1, red_threes=2, meld=245, hand=60),
        side(1, natural=1, concealed=True, meld=180, hand=40),
    )  # 1970, 625
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert minimum_melds(html) == [90, 50]
    assert "First meld this deal: at least 90." in fieldset(html, 0)
    post_deal(
        scorer,
        match,
        0,
        side(0, natural=2, mixed=1, red_threes=4, meld=420, hand=0),
        side(1, mixed=1, meld=185, hand=95),
    )  # 4590, 1015
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert minimum_melds(html) == [120, 50]
    assert "Minimum first meld in deal 4" in html


def test_the_last_deal_shows_the_winner_and_no_form(scorer, match):
    deal_1(scorer, match)
    post_deal(scorer, match, 0, side(0, natural=5, red_threes=4, meld=900, hand=0), side(1, meld=0, hand=50))
    response = scorer.get(f"/matches/{match.pk}/")
    html = response.content.decode()
    assert Match.objects.get(pk=match.pk).status == "finished"
    assert 'class="winners"' in html and "Anna &amp; Cor" in html
    assert 'id="round-form"' not in html
    assert minimum_melds(html) == []
    assert '<progress max="5000" value="5585"' in html


def test_special_canasta_inputs_only_when_the_option_is_on(scorer, club, match):
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    for key in SPECIAL:
        assert f'name="entries.0.{key}:int"' in html
    plain = MatchFactory(
        club=club, game="canasta", players=["Eva", "Fien"], options={"special_canastas": False}
    )
    html = scorer.get(f"/matches/{plain.pk}/").content.decode()
    assert 'name="entries.0.natural_canastas:int"' in html
    for key in SPECIAL:
        assert key not in html


def test_a_deal_without_special_canastas_is_stored(scorer, club):
    plain = MatchFactory(
        club=club, game="canasta", players=["Eva", "Fien"], options={"special_canastas": False}
    )
    response = post_deal(scorer, plain, 0, side(0, natural=1, meld=150, hand=0), side(1, meld=60, hand=35))
    assert response.status_code == 302
    assert Round.objects.get(match=plain).scores == [500 + 100 + 150, 60 - 35]


def test_htmx_refusal_answers_the_form_only(scorer, match):
    response = post_deal(
        scorer,
        match,
        0,
        side(0, natural=1, meld=0, hand=0),
        side(1, meld=90, hand=40),
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert html.lstrip().startswith('<form id="round-form"')
    assert "These canastas need at least 35 melded points." in fieldset(html, 0)
    assert "canasta/canasta.js" in html


def test_correction_page_shows_the_stored_deal(scorer, match):
    deal_1(scorer, match)
    html = scorer.get(f"/matches/{match.pk}/rounds/1/edit/").content.decode()
    assert 'name="@went_out" value="0" checked' in html
    assert typed(html, "entries.0.meld_points:int") == "310"
    # A counter the deal did not count is shown empty, which the form reads as none.
    assert typed(html, "entries.0.natural_ace_canastas:int") == ""
    assert "First meld this deal" not in html
    response = scorer.post(
        f"/matches/{match.pk}/rounds/1/edit/",
        {
            "@went_out": "0",
            **side(0, natural=1, mixed=1, red_threes=1, meld=310, hand=45),
            **side(1, red_threes=1, meld=0, hand=115),
        },
    )
    assert response.status_code == 302
    assert Round.objects.get(match=match).scores == [1265, -215]


def test_other_clubs_cannot_see_or_score_the_match(client, charlie, match):
    client.force_login(charlie)
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    assert deal_1(client, match).status_code == 404
    assert not Round.objects.filter(match=match).exists()


def test_round_form_only_takes_posts(scorer, match):
    assert scorer.get(f"/matches/{match.pk}/rounds/").status_code == 405


def test_an_empty_counter_is_none(scorer, match):
    """The form shows each counter empty (a grey 0): left so, it counts no canasta."""
    html = scorer.get(f"/matches/{match.pk}/").content.decode()
    assert typed(html, "entries.0.natural_canastas:int") == ""
    assert 'placeholder="0" data-optional' in html
    data = {
        "@went_out": "0",
        "idempotency_key": "empty-counters",
        **{f"entries.{side}.{kind}:int": "" for side in (0, 1) for kind in ("mixed_canastas", "red_threes")},
        "entries.0.natural_canastas:int": "1",
        "entries.1.natural_canastas:int": "",
        "entries.0.meld_points:int": "200",
        "entries.0.hand_points:int": "0",
        "entries.1.meld_points:int": "90",
        "entries.1.hand_points:int": "40",
        "entries.0.concealed:bool": "0",
        "entries.1.concealed:bool": "0",
    }
    response = scorer.post(f"/matches/{match.pk}/rounds/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    entries = Round.objects.get(match=match).body["entries"]
    assert [(e["natural_canastas"], e["mixed_canastas"], e["red_threes"]) for e in entries] == [
        (1, 0, 0),
        (0, 0, 0),
    ]
