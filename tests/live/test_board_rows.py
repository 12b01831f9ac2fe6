"""A board's grid is written by ``{% board_rows %}`` (``live/templatetags/live.py``): the rows
must say what the template loops said (``intcomma`` per number, the game's label per deal), in
every game's demo match and every language."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from games.registry import all_homes
from live.templatetags.live import board_rows
from matches.sheets import build_sheet
from tests.factories import demo_match

pytestmark = pytest.mark.django_db

# The loops the tag replaced, as the viewer and the TV had them.
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


def _squeezed(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


@pytest.mark.parametrize("home", all_homes(), ids=lambda home: home.slug)
def test_the_rows_read_as_the_template_loops_wrote_them(home, club):
    match = demo_match(home, club)
    for language in ("en", "nl", "fr"):
        with translation.override(language):
            sheet = build_sheet(match, match.replayed())
            context = Context({"sheet": sheet})
            assert _squeezed(board_rows(sheet)) == _squeezed(VIEWER_LOOP.render(context))
            assert _squeezed(board_rows(sheet, running=False)) == _squeezed(TV_LOOP.render(context))
    assert len(sheet.rounds) == len(home.demo().rounds)
