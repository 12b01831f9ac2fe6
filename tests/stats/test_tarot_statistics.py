"""Tarot's statistics for a player: the average deal score, the deals taken and the contracts
made (the engine's scores of the home's demo match)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.registry import home_for
from tests.stats.test_game_statistics import lines, played


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_tarot_counts_deals_taken_and_contracts_made_with_the_average_score():
    """Demo: Bram's garde made, Cor's prise lost, Dirk's garde sans made."""
    demo = home_for("tarot").demo()
    assert demo is not None
    bram = played("tarot", 4, list(demo.rounds), seat=1)
    cor = played("tarot", 4, list(demo.rounds), seat=2)
    assert lines("tarot", [bram])["Deals taken"] == "1 of 3"
    assert lines("tarot", [bram])["Contracts made"] == "1 of 1"
    assert lines("tarot", [cor])["Contracts made"] == "0 of 1"
    # Cor: -62 (Bram's garde), -108 (his lost prise), -120 (Dirk's garde sans with a poignée:
    # (25 + 0) x 4 + 20 = 120 from each defender): (-62 - 108 - 120) / 3 = -96.7.
    assert lines("tarot", [cor])["Average deal score"] == "-96.7"
