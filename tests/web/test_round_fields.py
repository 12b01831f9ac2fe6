"""The round form's fields (``{% round_fields fields %}``): the game's entry and the card
calculator, drawn from the fields' own context."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template

from games.base import KEY_ORDER
from matches.models import Match
from matches.round_fields import fields_context
from matches.sheets import build_sheet, entry_rows

pytestmark = pytest.mark.django_db

FIELDS = Template("{% load matches_extras %}{% round_fields fields %}")


def test_the_fields_keep_what_was_typed_and_show_each_error_beside_its_line(alice, club):
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice)
    sheet = build_sheet(match, match.replayed())
    typed = {"entries": [{"went_out": True, "table_points": 50}, {"went_out": False}]}
    errors = {"entries.1.hand_points": ["Required."]}
    fields = fields_context(sheet, entry_rows(sheet, typed, errors), typed, errors, None)
    html = FIELDS.render(Context({"fields": fields}))
    assert 'name="entries.0.table_points:int"' in html and 'value="50"' in html
    assert "Required." in html
    assert 'data-rank="QS"' in html  # the calculator follows the entry


def test_the_fields_see_only_their_own_context(alice, club):
    """A page's own errors or lines never reach the fields, and the fields leave the page's
    context as it was."""
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice)
    sheet = build_sheet(match, match.replayed())
    fields = fields_context(sheet, entry_rows(sheet, None, {}), None, {}, None)
    before = dict(fields)
    html = FIELDS.render(Context({"fields": fields, "errors": {"entries.0.table_points": ["Page error."]}}))
    assert "Page error." not in html and 'name="entries.1.hand_points:int"' in html
    assert fields == before


@pytest.mark.parametrize("game", ["frustration-nl", "frustration-fr", "duizenden", "canasta"])
def test_the_calculator_keys_come_in_rank_order_with_jokers_last_in_every_game(alice, club, game):
    players = ["Anna", "Bram", "Cor", "Dirk"]
    match = Match.start(club=club, game=game, players=players, by=alice)
    sheet = build_sheet(match, match.replayed())
    html = FIELDS.render(
        Context({"fields": fields_context(sheet, entry_rows(sheet, None, {}), None, {}, None)})
    )
    ranks = re.findall(r'data-rank="([^"]+)"', html)
    assert ranks == [rank for rank in KEY_ORDER if rank in ranks]
    assert ranks[:2] == ["2", "3"] or ranks[:2] == ["3", "4"]  # low to high, whatever the game keeps
    if "joker" in ranks:
        assert ranks[-1] == "joker"
