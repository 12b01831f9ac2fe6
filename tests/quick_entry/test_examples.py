"""The example the empty quick-entry line shows is a round its own game's form reads, in each
language: a house game or Barbuse never shows "Anna out, Bram 15" where nobody goes out."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.barbuse.quick_entry import quick_entry as barbuse_entry
from games.quick_entry import QuickEntry, read
from scoring.games import barbuse
from tests.quick_entry.corpus import GAMES, form

LANGUAGES = ("en", "nl", "fr")


def example(entry: QuickEntry, lines: list[list[str]], language: str) -> str:
    with translation.override(language):
        text = str(entry.example) % {"first": lines[0][0], "second": lines[1][0]}
    return text.removesuffix("…")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_example_is_read_whole_by_its_own_form(game: str, language: str):
    shape = form(game)
    line = example(shape.entry, shape.lines, language)
    heard = read(line, language, shape.lines, shape.entry)
    assert heard.unplaced == ()
    assert heard.placed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("contract", barbuse.CONTRACTS)
def test_barbuse_shows_the_example_of_the_contract_the_form_preselects(contract: str, language: str):
    entry = barbuse_entry((contract,))
    lines = [["Anna"], ["Bram"], ["Cor"], ["Dirk"]]
    heard = read(example(entry, lines, language), language, lines, entry)
    assert heard.body["contract"] == contract
    assert heard.unplaced == ()
    assert heard.placed


def test_a_house_game_of_points_shows_points_not_who_went_out():
    with translation.override("en"):
        assert str(form("hartenjagen").entry.example) == "%(first)s 15, %(second)s minus 20…"
