"""The scorebar's places and the grid's totals are written by tags (``matches_extras``): they
must say what the template loops said, in every game's demo match and every language, and a
player's name is escaped."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from games.registry import all_homes
from matches.models import Match
from matches.sheets import build_sheet
from tests.factories import demo_match

pytestmark = pytest.mark.django_db

# The loops the tags replaced, as match_detail.html had them.
STANDINGS_LOOP = Template(
    "{% for row in sheet.standings %}"
    '<li class="rank-{{ row.rank }}"><span class="rank">{{ row.rank }}</span> '
    '<span class="who">{{ row.label }}</span> <span class="total">{{ row.total_text }}</span></li>'
    "{% endfor %}"
)
TOTALS_LOOP = Template(
    "{% for column in sheet.columns %}<td><strong>{{ column.total_text }}</strong></td>{% endfor %}"
)
STANDINGS_TAG = Template("{% load matches_extras %}{% standing_items sheet %}")
TOTALS_TAG = Template("{% load matches_extras %}{% total_cells sheet %}")


@pytest.mark.parametrize("home", all_homes(), ids=lambda home: home.slug)
def test_the_places_and_totals_read_as_the_template_loops_wrote_them(home, club):
    match = demo_match(home, club)
    for language in ("en", "nl", "fr"):
        with translation.override(language):
            context = Context({"sheet": build_sheet(match, match.replayed())})
            assert STANDINGS_TAG.render(context) == STANDINGS_LOOP.render(context)
            assert TOTALS_TAG.render(context) == TOTALS_LOOP.render(context)


def test_a_players_name_in_the_places_is_escaped(club):
    match = Match.start(club=club, game="duizenden", players=["<b>Anna</b>", "Bram & Co"])
    html = STANDINGS_TAG.render(Context({"sheet": build_sheet(match, match.replayed())}))
    assert "&lt;b&gt;Anna&lt;/b&gt;" in html and "Bram &amp; Co" in html and "<b>" not in html
