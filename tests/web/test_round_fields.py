"""The round form's fields are remembered while the form is blank (``matches/round_fields.py``):
what comes from the memo is what a fresh render writes, deal after deal, in every game and
language; a form holding typed values or errors is never remembered."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.registry import all_homes
from matches import round_fields
from matches.models import Match
from matches.round_fields import fields_context, render_fields
from matches.sheets import build_sheet, entry_rows

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "nl", "fr")


def blank_fields(match: Match) -> dict[str, object]:
    sheet = build_sheet(match, match.recorded())
    return fields_context(sheet, entry_rows(sheet, None, {}), None, {}, None)


@pytest.fixture
def renders(monkeypatch) -> list[object]:
    """Each real render of the fields, in order."""
    done: list[object] = []
    real = round_fields._render

    def counted(fields):
        done.append(fields)
        return real(fields)

    monkeypatch.setattr(round_fields, "_render", counted)
    round_fields.forget()
    return done


@pytest.mark.parametrize("home", all_homes(), ids=lambda home: home.slug)
def test_a_remembered_blank_form_is_the_one_a_fresh_render_writes_at_every_deal(home, alice, club):
    demo = home.demo()
    assert demo is not None
    match = Match.start(
        club=club,
        game=home.slug,
        players=list(demo.players),
        teams=demo.teams,
        options=demo.options,
        by=alice,
    )
    for body in (*demo.rounds, None):
        for language in LANGUAGES:
            with translation.override(language):
                fields = blank_fields(match)
                first, again = render_fields(fields), render_fields(fields)
                assert first == again == round_fields._render(fields)
        if body is not None:
            match.add_round(body, by=alice)


def test_the_same_blank_form_is_rendered_once_per_language(renders, alice, club):
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram", "Cor"], by=alice)
    for _ in range(3):
        for language in LANGUAGES:
            with translation.override(language):
                render_fields(blank_fields(match))
    assert len(renders) == len(LANGUAGES)


def test_a_deal_that_leaves_the_form_as_it_was_costs_no_render(renders, alice, club):
    """Duizenden's form has the same lines at every deal: the answer to a saved deal reuses it."""
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram", "Cor"], by=alice)
    render_fields(blank_fields(match))
    match.add_round(
        {
            "entries": [
                {"went_out": True, "table_points": 60, "hand_points": 0},
                {"went_out": False, "table_points": 30, "hand_points": 10},
                {"went_out": False, "table_points": 0, "hand_points": 25},
            ]
        },
        by=alice,
    )
    render_fields(blank_fields(match))
    assert len(renders) == 1


def test_a_form_holding_what_was_typed_or_refused_is_rendered_every_time(renders, alice, club):
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice)
    sheet = build_sheet(match, match.recorded())
    typed = {"entries": [{"went_out": True, "table_points": 50}, {"went_out": False}]}
    errors = {"entries.1.hand_points": ["Required."]}
    filled = fields_context(sheet, entry_rows(sheet, typed, errors), typed, errors, None)
    render_fields(filled)
    render_fields(filled)
    assert len(renders) == 2
    assert "Required." in render_fields(filled)


def test_a_context_the_key_cannot_read_is_rendered_rather_than_guessed(renders, alice, club):
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice)
    fields = {**blank_fields(match), "opaque": object()}
    render_fields(fields)
    render_fields(fields)
    assert len(renders) == 2


def test_mappings_whose_keys_differ_only_in_type_are_different_forms():
    assert round_fields._plain({1: "a", "1": "b"}) != round_fields._plain({1: "b", "1": "a"})
