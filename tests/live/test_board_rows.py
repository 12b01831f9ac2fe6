"""A board's grid is drawn by ``{% board_rows %}`` (``live/board_rows.html``) from the sheet's
numbers as written once (``matches.sheets.grouped``): they must read as ``intcomma`` writes them,
with the game's label per deal, in every game's demo match and every language."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from games.registry import all_homes
from matches.sheets import build_sheet
from tests.factories import demo_match

pytestmark = pytest.mark.django_db

# The grid as the viewer and the TV would write it from the deals' scores and totals.
VIEWER_LOOP = Template(
    "{% load humanize matches_extras %}{% for round in sheet.rounds %}"
    '<tr data-round="{{ round.number }}"><th scope="row">{{ round.number }}{% if round.label %}<br>'
    "<small>{{ round.label }}</small>{% endif %}</th>{% for score in round.scores %}<td>"
    '<span class="score">{{ score|intcomma }}</span><small class="running">'
    "{{ round.running|get:forloop.counter0|intcomma }}</small></td>{% endfor %}</tr>{% endfor %}"
)
TV_LOOP = Template(
    '{% load humanize %}{% for round in sheet.rounds %}<tr><th scope="row">{{ round.number }}</th>'
    "{% for score in round.scores %}<td>{{ score|intcomma }}</td>{% endfor %}</tr>{% endfor %}"
)


VIEWER_ROWS = Template("{% load live %}{% board_rows sheet %}")
TV_ROWS = Template("{% load live %}{% board_rows sheet running=False %}")


def _squeezed(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


@pytest.mark.parametrize("home", all_homes(), ids=lambda home: home.slug)
def test_the_rows_read_as_the_template_loops_wrote_them(home, club):
    match = demo_match(home, club)
    for language in ("en", "nl", "fr"):
        with translation.override(language):
            sheet = build_sheet(match, match.replayed())
            context = Context({"sheet": sheet})
            assert _squeezed(VIEWER_ROWS.render(context)) == _squeezed(VIEWER_LOOP.render(context))
            assert _squeezed(TV_ROWS.render(context)) == _squeezed(TV_LOOP.render(context))
    assert len(sheet.rounds) == len(home.demo().rounds)
