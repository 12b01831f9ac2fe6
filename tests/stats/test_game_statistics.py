"""Each game's home says what it knows about a player, from small histories worked out by hand
(the demo matches of the homes, and a Frustration match of three deals)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

import scoring
from games.barbuse.words import contract_name
from games.protocol import PlayedMatch
from games.registry import home_for


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def played(game: str, players: int, bodies: list[Any], seat: int, teams: Any = None) -> PlayedMatch:
    rules = scoring.get_game(game)
    setup = scoring.create_setup(rules, players, teams=teams)
    state = scoring.replay(rules, setup, bodies)
    return PlayedMatch(setup, seat, tuple(bodies), tuple(tuple(s) for s in state.scores))


def lines(game: str, matches: list[PlayedMatch]) -> dict[str, str]:
    return {str(row.label): row.value for row in home_for(game).statistics(matches)}


def entry(laid_down: bool, went_out: bool, points: int) -> dict[str, Any]:
    return {"laid_down": laid_down, "went_out": went_out, "points": points}


def test_frustration_counts_the_deals_each_contract_took_and_names_the_hardest():
    """Anna lays down contract 1 in deal 1, then needs deals 2 and 3 for contract 2."""
    deals = [
        {"entries": [entry(True, True, 0), entry(True, False, 30), entry(False, False, 95)]},
        {"entries": [entry(False, False, 100), entry(True, True, 0), entry(True, False, 60)]},
        {"entries": [entry(True, True, 0), entry(False, False, 100), entry(False, False, 95)]},
    ]
    assert lines("frustration-nl", [played("frustration-nl", 3, deals, seat=0)]) == {
        "Hardest": "Contract 2",
        "Contract 1": "1.0 deals",
        "Contract 2": "2.0 deals",
    }


def test_barbuse_averages_per_contract_and_spelmaker_with_best_and_worst():
    """Anna (seat 0, spelmaker of deals 1-5) pays nothing at knobbelen, 20 for one queen and 20
    for two hearts."""
    demo = home_for("barbuse").demo()
    assert demo is not None
    knobbelen, no_queens, no_hearts = (contract_name(c) for c in ("knobbelen", "no_queens", "no_hearts"))
    assert lines("barbuse", [played("barbuse", 4, list(demo.rounds), seat=0)]) == {
        "Best contract": knobbelen,
        "Worst contract": no_queens,  # tied with no hearts; the first in the rules' order
        knobbelen: "0.0",
        no_queens: "20.0",
        no_hearts: "20.0",
        "As spelmaker": "13.3",
        "When another chose": "-",
    }


def test_canasta_counts_canastas_red_threes_and_going_out_per_deal():
    """Side 1 (Anna and Cor): 2 then 1 canastas, 1 then 2 red threes, out in the first deal."""
    demo = home_for("canasta").demo()
    assert demo is not None
    match = played("canasta", 4, list(demo.rounds), seat=2)
    assert lines("canasta", [match]) == {
        "Canastas per deal": "1.50",
        "Red threes per deal": "1.50",
        "Went out": "50%",
    }


def test_duizenden_averages_deal_scores_and_counts_queens_of_spades_caught():
    """Anna scores 85 - 40 and 120 - 15; Bram holds the queen of spades, counted by card, in deal 2."""
    demo = home_for("duizenden").demo()
    assert demo is not None
    anna = played("duizenden", 3, list(demo.rounds), seat=0)
    bram = played("duizenden", 3, list(demo.rounds), seat=1)
    assert lines("duizenden", [anna])["Average deal score"] == "75.0"  # (85 - 40 + 120 - 15) / 2
    assert lines("duizenden", [bram])["Queens of spades caught"] == "1 in 1 hands counted by card"
    assert lines("duizenden", [anna])["Queens of spades caught"] == "0 in 0 hands counted by card"


def test_a_game_without_its_own_statistics_averages_the_deal_scores():
    """The shared default (the toy game keeps it): the side's mean score per deal."""
    from games.base import BaseHome

    match = PlayedMatch(
        scoring.create_setup(scoring.get_game("duizenden"), 2), 1, ({}, {}), ((5, 10), (0, 20))
    )
    assert [(str(r.label), r.value) for r in BaseHome().statistics([match])] == [
        ("Average score per deal", "15.0")
    ]
    assert BaseHome().statistics([]) == ()
