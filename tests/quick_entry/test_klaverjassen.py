"""Klaverjassen's quick entry: a line per pair says that it played, its card points, its roem
(the number before the word) and pit, in English, Dutch and French; the form then chooses the
pair marked as playing."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.klaverjassen import playing_pair
from games.klaverjassen.quick_entry import QUICK_ENTRY
from games.quick_entry import read

LINES = [["Anna", "Cor"], ["Bram", "Dirk"]]


def line(plays: bool, points: int, roem: int = 0, pit: bool = False) -> dict[str, object]:
    return {"plays": plays, "points": points, "roem": roem, "pit": pit}


@pytest.mark.parametrize(
    ("said", "language", "entries"),
    [
        ("Anna speelt 98 20 roem, Bram 64", "nl", [line(True, 98, 20), line(False, 64)]),
        ("Bram plays 162 50 roem pit, Anna 0", "en", [line(False, 0), line(True, 162, 50, True)]),
        ("Dirk gaat 162 mars, Cor 0", "nl", [line(False, 0), line(True, 162, 0, True)]),
        ("Cor joue 71, 20 roem, Dirk 91", "fr", [line(True, 71, 20), line(False, 91)]),
    ],
)
def test_a_line_per_pair_fills_the_form(said: str, language: str, entries: list[dict[str, object]]):
    heard = read(said, language, LINES, QUICK_ENTRY)
    assert heard.unplaced == ()
    assert heard.body == {"entries": entries}
    assert playing_pair(heard.body) == next(i for i, entry in enumerate(entries) if entry["plays"])


def test_the_form_keeps_a_posted_playing_pair():
    assert playing_pair({"playing": 1, "entries": [line(True, 1), line(False, 2)]}) == 1
    assert playing_pair({"entries": [line(False, 1), line(False, 2)]}) is None


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_the_empty_line_shows_a_deal_of_klaverjassen_that_the_form_reads_whole(language: str):
    with translation.override(language):
        said = str(QUICK_ENTRY.example) % {"first": "Anna", "second": "Bram"}
    heard = read(said.removesuffix("…"), language, LINES, QUICK_ENTRY)
    assert heard.unplaced == ()
    assert heard.body == {"entries": [line(True, 98, 20), line(False, 64)]}
