"""Belote's and Contrée's quick entry: a line per pair says that it took, its card points, belote
and capot, and for Contrée the contract and its doubling, in English, Dutch and French; the form
then lifts the taker, the contract and the doubling to the round."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.belote import said, taker_of
from games.belote.quick_entry import CONTREE_QUICK_ENTRY, QUICK_ENTRY
from games.quick_entry import read

LINES = [["Anna", "Cor"], ["Bram", "Dirk"]]


def line(takes: bool, points: int, belote: bool = False, capot: bool = False) -> dict[str, object]:
    return {"takes": takes, "points": points, "belote": belote, "capot": capot}


@pytest.mark.parametrize(
    ("said_line", "language", "entries"),
    [
        ("Anna takes 98 belote, Bram 64", "en", [line(True, 98, True), line(False, 64)]),
        ("Bram neemt 162 capot, Anna 0", "nl", [line(False, 0), line(True, 162, capot=True)]),
        ("Cor prend 81, Dirk 81 belote", "fr", [line(True, 81), line(False, 81, True)]),
    ],
)
def test_a_line_per_pair_fills_the_belote_form(
    said_line: str, language: str, entries: list[dict[str, object]]
):
    heard = read(said_line, language, LINES, QUICK_ENTRY)
    assert heard.unplaced == ()
    assert heard.body == {"entries": entries}
    assert taker_of(heard.body) == next(i for i, entry in enumerate(entries) if entry["takes"])


@pytest.mark.parametrize(
    ("said_line", "language", "contract", "contre"),
    [
        ("Bram takes contract 100 contré 90, Anna 72", "en", 100, True),
        ("Bram prend contrat 120 90, Anna 72", "fr", 120, False),
    ],
)
def test_a_contree_line_says_the_contract_and_the_form_lifts_it(
    said_line: str, language: str, contract: int, contre: bool
):
    heard = read(said_line, language, LINES, CONTREE_QUICK_ENTRY)
    assert heard.unplaced == ()
    assert taker_of(heard.body) == 1
    assert said(heard.body, "contract") == contract
    assert said(heard.body, "contre") is (True if contre else None)


def test_the_form_keeps_a_posted_taker_and_contract():
    body = {"taker": 1, "contract": 90, "entries": [line(True, 1), line(False, 2)]}
    assert taker_of(body) == 1 and said(body, "contract") == 90
    assert taker_of({"entries": [line(False, 1), line(False, 2)]}) is None


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_the_empty_line_shows_a_deal_that_the_form_reads_whole(language: str):
    with translation.override(language):
        example = str(QUICK_ENTRY.example) % {"first": "Anna", "second": "Bram"}
        contree = str(CONTREE_QUICK_ENTRY.example) % {"first": "Anna", "second": "Bram"}
    heard = read(example.removesuffix("…"), language, LINES, QUICK_ENTRY)
    assert heard.unplaced == ()
    assert heard.body == {"entries": [line(True, 98, True), line(False, 64)]}
    heard = read(contree.removesuffix("…"), language, LINES, CONTREE_QUICK_ENTRY)
    assert heard.unplaced == ()
    assert said(heard.body, "contract") == 100 and taker_of(heard.body) == 0
