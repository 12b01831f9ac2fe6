"""``scoring.end_early``: a match stopped before its planned end is over as it stands, its
running standings final. A Klaverjassen table of four deals stopped after two (Dirk & Gijs 123,
Hans & Lot 241: tests/league/test_early_end.py works the deals out)."""

from __future__ import annotations

import pytest

from scoring import end_early, play_round
from tests.scoring.support import new_match, play_all, ranks_in_unit_order, refusal, totals_in_unit_order

DEALS = (
    {"playing": 1, "entries": [{"points": 60}, {"points": 102, "roem": 20}]},
    {"playing": 1, "entries": [{"points": 63}, {"points": 99, "roem": 20}]},
)
FULL = {"playing": 0, "entries": [{"points": 100}, {"points": 62}]}


def after_two_deals():
    return play_all(new_match("klaverjassen", 4, options={"deals": 4}), DEALS)


def test_a_match_ended_early_is_over_with_its_running_standings():
    playing = after_two_deals()
    ended = end_early(playing)
    assert not playing.finished and ended.finished
    assert ended.standings == playing.standings and ended.totals == playing.totals == (123, 241)
    assert totals_in_unit_order(ended) == [123, 241] and ranks_in_unit_order(ended) == [2, 1]
    assert ended.winners == (1,) and ended.next is None and ended.played == 2


def test_no_deal_is_played_after_the_end():
    assert refusal(end_early(after_two_deals()), FULL) == [("match_finished", "")]


def test_a_match_over_already_is_left_as_it_is():
    over = play_all(after_two_deals(), [FULL, FULL])
    assert over.finished and end_early(over) is over


@pytest.mark.parametrize("deals", [1, 2, 3])
def test_ending_never_changes_the_totals(deals):
    state = new_match("klaverjassen", 4, options={"deals": 4})
    for _ in range(deals):
        state = play_round(state, FULL)
    assert end_early(state).totals == (100 * deals, 62 * deals)
