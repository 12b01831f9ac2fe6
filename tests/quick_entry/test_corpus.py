"""The quick-entry corpus read in each language (``corpus_en``, ``corpus_nl``, ``corpus_fr``):
every sentence fills its form exactly, or is refused with the words it could not place named
and no field holding a value the sentence did not say; and at least 95 % of each language's
sentences fill their form exactly. Pure: no database.

The rates: ``.venv/bin/pytest -p no:xdist tests/quick_entry/test_corpus.py -q -s -k percent``."""

from __future__ import annotations

from typing import Any

import pytest

from games.quick_entry import Heard, read
from tests.quick_entry import corpus_en, corpus_fr, corpus_nl
from tests.quick_entry.corpus import Case, form

CORPORA = {"en": corpus_en.CASES, "nl": corpus_nl.CASES, "fr": corpus_fr.CASES}
SMALLEST = 60
EXACT = 0.95


def hear(language: str, case: Case) -> Heard:
    shape = form(case.game)
    return read(case.line, language, shape.lines, shape.entry, sitting_out=shape.sitting_out)


def wrong_values(heard: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The fields the form holds with a value the sentence did not say (an empty field is not
    wrong: it is left for the table to fill in)."""
    wrong = [key for key in heard if key != "entries" and heard[key] != expected.get(key)]
    for index, (got, meant) in enumerate(zip(heard["entries"], expected["entries"], strict=True)):
        for key, value in (got or {}).items():
            if key not in (meant or {}) or meant[key] != value:
                wrong.append(f"entries.{index}.{key}={value!r}")
    return wrong


@pytest.mark.parametrize(
    ("language", "case"),
    [pytest.param(language, case, id=f"{language}: {case.line}") for language, cases in CORPORA.items()
     for case in cases],
)  # fmt: skip
def test_each_sentence_fills_its_form_exactly_or_names_what_it_left_and_fills_nothing_wrong(
    language: str, case: Case
):
    heard = hear(language, case)
    if heard.body == case.body:
        assert heard.unplaced == ()
        return
    assert heard.unplaced, f"silently wrong: {heard.body}"
    assert wrong_values(heard.body, case.body) == []


@pytest.mark.parametrize("language", list(CORPORA))
def test_at_least_95_percent_of_each_languages_corpus_fills_its_form_exactly(language: str):
    cases = CORPORA[language]
    exact = [case for case in cases if hear(language, case).body == case.body]
    rate = len(exact) / len(cases)
    print(f"{language}: {len(exact)} of {len(cases)} exact ({rate:.1%})")
    assert len(cases) >= SMALLEST
    assert rate >= EXACT


@pytest.mark.parametrize("language", list(CORPORA))
def test_the_corpus_covers_every_game_and_house_template(language: str):
    from tests.quick_entry.corpus import GAMES

    assert {case.game for case in CORPORA[language]} == set(GAMES)
