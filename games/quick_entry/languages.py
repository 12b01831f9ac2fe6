"""The languages a line is read in, each from its own module (``en``, ``nl``, ``fr``, each holding
one ``language.Words``). Kept apart from ``language`` so that the modules of the languages import
the type and this table imports them: no import circle, none deferred into a function."""

from __future__ import annotations

from games.quick_entry import en, fr, nl
from games.quick_entry.language import Words

LANGUAGES: dict[str, Words] = {words.code: words for words in (en.WORDS, nl.WORDS, fr.WORDS)}


def words_for(language: str) -> Words:
    """The words of ``language`` ("nl", "nl-be"), English for a language without its module."""
    return LANGUAGES.get(language.split("-")[0].lower(), LANGUAGES["en"])
