"""The scoresheet's scorebar and the grid's foot: a place per side with its total, a total per
column, and a player's name escaped."""

from __future__ import annotations

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
