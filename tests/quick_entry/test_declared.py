"""The round of a declared (house) game said or typed in one line, for each entry block in each
language: points per player or team, who went out and the others' hand points, bids and tricks.
Pure: no database."""

from __future__ import annotations

from typing import Any

import pytest

from games.declared.quick_entry import quick_entry
from games.quick_entry import POINTS_PER_PLAYER, QuickEntry, read
from scoring.declared import BidsBlock, PointsBlock, WentOutBlock

THREE = [["Anna"], ["Bram"], ["Cor"]]
FOUR = [["Anna"], ["Bram"], ["Cor"], ["Dirk"]]
TEAMS = [["Anna", "Cor"], ["Bram", "Dirk"]]
POINTS = quick_entry(PointsBlock(total=26))
WENT_OUT = quick_entry(WentOutBlock(out_score=-10))
BIDS = quick_entry(BidsBlock())


def _points(*values: int) -> list[dict[str, Any]]:
    return [{"points": value} for value in values]


def _hand(out: int, *hands: int) -> list[dict[str, Any]]:
    """Seat ``out`` went out holding nothing; the others' hand points in seat order."""
    left = iter(hands)
    return [
        {"went_out": seat == out, "hand_points": 0 if seat == out else next(left)}
        for seat in range(len(hands) + 1)
    ]


def _bids(*pairs: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"bid": bid, "tricks": tricks} for bid, tricks in pairs]


SAID = _bids((2, 2), (1, 0), (0, 1))  # Anna bid 2 took 2, Bram bid 1 took 0, Cor bid 0 took 1
SECOND_OUT = [{}, {"hand_points": 15}, {}]  # neither is marked out


# (language, entry, lines, the line, entries, unplaced)
LINES = [
    # Points per player, and per team (a team's players each name its line).
    ("en", POINTS, FOUR, "Anna 5, Bram 13, Cor 8, Dirk 0", _points(5, 13, 8, 0), ()),
    ("en", POINTS, TEAMS, "Anna 120, Dirk minus 20", _points(120, -20), ()),
    ("nl", POINTS, FOUR, "Anna vijf, Bram dertien, Cor acht, Dirk nul", _points(5, 13, 8, 0), ()),
    ("nl", POINTS, TEAMS, "Cor honderdtwintig, Bram min twintig", _points(120, -20), ()),
    ("fr", POINTS, FOUR, "Anna cinq, Bram treize, Cor huit, Dirk zéro", _points(5, 13, 8, 0), ()),
    ("fr", POINTS, TEAMS, "Anna cent vingt, Bram moins vingt", _points(120, -20), ()),
    # Who went out, and the others' hand points (bare, "min 30", or after "hand").
    ("en", WENT_OUT, THREE, "Anna out, Bram 15, Cor 30", _hand(0, 15, 30), ()),
    ("en", WENT_OUT, THREE, "Bram went out, Anna hand 12, Cor minus 40", _hand(1, 12, 40), ()),
    ("nl", WENT_OUT, THREE, "Anna uit, Bram vijftien, Cor dertig", _hand(0, 15, 30), ()),
    ("nl", WENT_OUT, THREE, "Anna twaalf in de hand, Bram gaat uit, Cor min veertig", _hand(1, 12, 40), ()),
    ("fr", WENT_OUT, THREE, "Anna sort, Bram quinze, Cor trente", _hand(0, 15, 30), ()),
    ("fr", WENT_OUT, THREE, "Anna douze en main, Bram est sorti, Cor moins quarante", _hand(1, 12, 40), ()),
    ("en", WENT_OUT, THREE, "Anna out, Bram 15, Cor out", SECOND_OUT, ("out", "out")),
    # Bids and tricks.
    ("en", BIDS, THREE, "Anna bid 2 took 2, Bram bid 1 took 0, Cor bid 0 took 1", SAID, ()),
    ("en", BIDS, THREE, "Anna 2 2, Bram 1 0, Cor 0 1", SAID, ()),
    ("nl", BIDS, THREE, "Anna bod twee gehaald twee, Bram bod een gehaald nul, Cor nul een", SAID, ()),
    ("nl", BIDS, THREE, "Anna biedt 2 haalt 2, Bram 1 bod 0 slagen, Cor bod 0 slagen 1", SAID, ()),
    ("fr", BIDS, THREE, "Anna annonce deux plis deux, Bram annonce un plis zéro, Cor zéro un", SAID, ()),
    ("fr", BIDS, THREE, "Anna demande 2 realise 2, Bram 1 0, Cor 0 1 2", [*SAID[:2], {}], ("2",)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "entry", "lines", "line", "entries", "unplaced"),
    [pytest.param(*case, id=f"{case[0]}: {case[3]}") for case in LINES],
)
def test_reads_a_declared_deal_in_the_shape_of_its_entry_block(
    language: str,
    entry: QuickEntry,
    lines: list[list[str]],
    line: str,
    entries: list[Any],
    unplaced: tuple[str, ...],
):
    heard = read(line, language, lines, entry)
    assert heard.body == {"entries": entries}
    assert heard.unplaced == unplaced


def test_points_per_player_or_team_are_one_number_per_line():
    assert quick_entry(PointsBlock()).shape == POINTS_PER_PLAYER.shape


def test_a_bids_game_has_no_went_out_to_say():
    heard = read("Anna out, Bram 1 1", "en", THREE, BIDS)
    assert heard.unplaced == ("out",)
    assert heard.body == {"entries": [{}, {"bid": 1, "tricks": 1}, {}]}
