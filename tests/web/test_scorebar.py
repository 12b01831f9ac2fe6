"""The scoresheet's scorebar and the grid's foot: a place per side with its total, a total per
column, and a player's name escaped."""

from __future__ import annotations

import re

import pytest

from matches.models import Match

pytestmark = pytest.mark.django_db


def test_the_scorebar_names_each_place_and_the_foot_each_total(client, alice, club):
    match = Match.start(club=club, game="duizenden", players=["<b>Anna</b>", "Bram & Co"], by=alice)
    match.add_round(
        {
            "entries": [
                {"went_out": True, "table_points": 60, "hand_points": 0},
                {"went_out": False, "table_points": 30, "hand_points": 10},
            ]
        },
        by=alice,
    )
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    scorebar = page.split('<ol class="standings"')[1].split("</ol>")[0]
    assert '<span class="who">&lt;b&gt;Anna&lt;/b&gt;</span>' in scorebar
    assert '<span class="who">Bram &amp; Co</span>' in scorebar and "<b>" not in scorebar
    assert '<li class="rank-1">' in scorebar and '<span class="total">60</span>' in scorebar
    foot = page.split('<tfoot id="totals"')[1].split("</tfoot>")[0]
    assert "<td><strong>60</strong></td><td><strong>20</strong></td>" in foot


def scorebar_of(page: str) -> str:
    return page.split('id="scorebar"')[1].split("</ol>")[0]


def entry_legends(page: str) -> list[str]:
    legend = r'<fieldset class="entry[^"]*" data-entry="\d+"[^>]*>\s*<legend>(.*?)</legend>'
    return re.findall(legend, page, re.S)


def test_frustration_standings_show_the_contract_they_are_ranked_by(client, alice, club):
    """Dirk (contract 2, 410) stands above Bram (contract 1, 380): the bar says why."""
    match = Match.start(club=club, game="frustration-nl", players=["Anna", "Bram"], by=alice)
    match.add_round(
        {
            "entries": [
                {"laid_down": False, "went_out": False, "points": 95},
                {"laid_down": True, "went_out": True, "points": 0},
            ]
        },
        by=alice,
    )
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    bar = scorebar_of(page)
    assert bar.index("Bram") < bar.index("Anna")
    assert '<span class="sr-only">Contract 2: ' in bar and '<span aria-hidden="true">#2</span>' in bar
    assert '<span class="sr-only">Contract 1: ' in bar and '<span aria-hidden="true">#1</span>' in bar
    legends = entry_legends(page)
    assert "Anna" in legends[0] and "Contract 1: " in legends[0]
    assert "Bram" in legends[1] and "Contract 2: " in legends[1]


def test_the_ten_levels_say_level(client, alice, club):
    match = Match.start(club=club, game="frustration-fr", players=["Anna", "Bram"], by=alice)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Level 1: " in scorebar_of(page) and "Contract" not in scorebar_of(page)
    assert all("Level 1: " in legend for legend in entry_legends(page))
    assert "Levels this deal" in page and "Contracts this deal" not in page


def test_canasta_sides_see_their_minimum_first_meld_in_the_bar_and_on_their_line(client, alice, club):
    match = Match.start(club=club, game="canasta", players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert scorebar_of(page).count("First meld this deal: at least 50.") == 2
    assert all("First meld this deal: at least 50." in legend for legend in entry_legends(page))


def test_barbuse_spelmaker_sees_the_contracts_left(client, alice, club):
    match = Match.start(club=club, game="barbuse", players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    client.force_login(alice)
    bar = scorebar_of(client.get(f"/matches/{match.pk}/").content.decode())
    assert bar.count("Spelmaker: 5 contracts left to choose") == 1
    anna = bar.split('<span class="who">Anna</span>')[1].split("</li>")[0]
    assert "5 left" in anna


def test_a_correction_form_shows_no_next_items(client, alice, club):
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice)
    match.add_round(
        {
            "entries": [
                {"went_out": True, "table_points": 60, "hand_points": 0},
                {"went_out": False, "table_points": 30, "hand_points": 10},
            ]
        },
        by=alice,
    )
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/rounds/1/edit/").content.decode()
    assert 'class="next-item"' not in page
