"""Dutch and French are complete: every entry translated, none fuzzy, every engine code worded."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.messages import MESSAGES, message_for
from games.registry import home_for
from scoring import RuleError, all_games, get_game
from scoring.errors import GENERIC_CODES, Code
from scoring.games.canasta import CanastaCode
from tests.i18n.catalogues import LANGUAGES, read_po

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_has_no_untranslated_or_fuzzy_entry(language: str):
    entries = read_po(language)
    assert len(entries) > 100
    untranslated = [e.msgid for e in entries if not all(e.translations)]
    fuzzy = [e.msgid for e in entries if e.fuzzy]
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_every_placeholder(language: str):
    for entry in read_po(language):
        wanted = sorted(PLACEHOLDER.findall(entry.msgid))
        for text in entry.translations:
            assert sorted(PLACEHOLDER.findall(text)) == wanted or entry.plural, entry.msgid


@pytest.mark.parametrize("game", [game.slug for game in all_games()])
def test_every_error_code_of_a_game_has_a_message(game: str):
    """The game's home words its own codes; the shared table words the rest."""
    home = home_for(game)
    codes = set(GENERIC_CODES) | set(get_game(game).codes)
    unworded = {code for code in codes if home.message(RuleError(code)) is None and code not in MESSAGES}
    assert unworded == set()


def test_an_unknown_code_is_an_error_not_a_generic_message():
    with pytest.raises(KeyError):
        message_for(RuleError("no_such_code"))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("nl", "Punten moeten een veelvoud van 5 zijn."),
        ("fr", "Les points doivent être un multiple de 5."),
        ("en", "Points must be a multiple of 5."),
    ],
)
def test_engine_messages_follow_the_active_language(language: str, expected: str):
    with translation.override(language):
        assert message_for(RuleError(Code.NOT_MULTIPLE_OF_5, "entries.0.points")) == expected


@pytest.mark.parametrize(
    ("language", "required", "expected"),
    [
        ("en", 1, "A side needs 1 canasta to go out; this one has 0."),
        ("en", 2, "A side needs 2 canastas to go out; this one has 1."),
        ("nl", 1, "Een team heeft 1 canasta nodig om uit te gaan; dit team heeft er 0."),
        ("nl", 2, "Een team heeft 2 canasta's nodig om uit te gaan; dit team heeft er 1."),
        ("fr", 2, "Un camp a besoin de 2 canastas pour sortir\u00a0; celui-ci en a 1."),
    ],
)
def test_a_message_about_a_number_of_canastas_follows_that_number(language, required, expected):
    params = {"required": required, "canastas": required - 1}
    error = RuleError(CanastaCode.WENT_OUT_WITHOUT_CANASTA, "entries.0.went_out", params)
    with translation.override(language):
        assert message_for(error, "canasta") == expected
