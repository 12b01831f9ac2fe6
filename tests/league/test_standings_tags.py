"""The standings page's tables are drawn by inclusion tags (``league/templatetags/standings.py``):
they escape every name and follow the reader's language."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.utils import translation

from league.provisional import OpenMatch, OpenTable


def _drawn(tag: str, **context: object) -> str:
    return Template("{% load standings %}" + tag).render(Context(context))


def standing_rows(rows) -> str:
    return _drawn("{% standing_rows rows %}", rows=rows)


def progression_rows(progression) -> str:
    return _drawn("{% progression_rows progression %}", progression=progression)


def open_table_rows(open_tables) -> str:
    return _drawn("{% open_table_rows open_tables %}", open_tables=open_tables)


def evening_rows(evenings, several_games: bool) -> str:
    return _drawn(
        "{% evening_rows evenings several_games=several_games %}",
        evenings=evenings,
        several_games=several_games,
    )


def _row(**values):
    fields = {
        "rank": 1,
        "name": "Anna",
        "points": Decimal("12.00"),
        "played": 3,
        "wins": 2,
        "average_place": Decimal("1.50"),
        "trend": 0,
        "booby": False,
    }
    return SimpleNamespace(**{**fields, **values})


def _match(**table) -> OpenMatch:
    started = datetime(2026, 12, 1, 19, tzinfo=UTC)
    where = {"round": None, "number": None, "day": None, **table}
    return OpenMatch(pk=1, created_at=started, game="duizenden", **where, name="Duizenden")


def test_ranks_points_and_trends_read_as_before():
    html = standing_rows(
        [
            _row(),
            _row(rank=2, name="Bram", trend=2, points=Decimal("7.50")),
            _row(rank=None, name="Cor", trend=-3, booby=True),
            _row(rank=4, name="Dirk", trend=None),
        ]
    )
    assert "<td>1</td>" in html and '<td class="num">12</td>' in html and "<td>=</td>" in html
    assert '<td class="num">7.50</td>' in html and "▲ 2" in html
    assert '<tr class="unranked">' in html and "<td>–</td>" in html and "▼ 3" in html  # noqa: RUF001
    assert '<span class="badge">booby prize</span>' in html
    assert '<span class="muted">new</span>' in html


def test_names_are_escaped_everywhere():
    evil = "<script>x</script>"
    assert "<script>" not in standing_rows([_row(name=evil)])
    assert "<script>" not in progression_rows([(_row(name=evil), [("1", False), ("", False)])])
    html = open_table_rows([(_match(), OpenTable(2, (("<b>Bram</b>", "3"),)))])
    assert "<b>" not in html and "&lt;b&gt;Bram&lt;/b&gt; 3" in html


def test_numbers_and_words_follow_the_language():
    with translation.override("en"):
        english = open_table_rows([(_match(), OpenTable(1, (("Anna", "3"),)))])
    assert "1 deal · points if it ended now:" in english and "Duizenden · started 1 Dec 2026" in english
    with translation.override("en"):
        evening = open_table_rows([(_match(round=2, number=3, day=date(2026, 12, 4)), OpenTable(0, ()))])
    assert "4 Dec 2026 · round 2, table 3</a>" in evening and 'href="/matches/1/"' in evening
    with translation.override("nl"):
        assert '<td class="num">7,50</td>' in standing_rows([_row(points=Decimal("7.50"))])
        dutch = open_table_rows([(_match(), OpenTable(1, (("Anna", "3"),)))])
    assert "1 ronde · punten als het nu afliep:" in dutch and "begonnen op 1 dec. 2026" in dutch


def test_a_players_points_per_evening_are_a_row_with_a_cell_per_evening():
    html = progression_rows([(_row(), [("4.00", False), ("", False)])])
    assert html.strip() == '<tr><th scope="row">Anna</th><td class="num">4</td><td class="num"></td></tr>'


def test_an_evening_dropped_by_best_n_is_struck_through_and_said():
    html = progression_rows([(_row(), [("6.00", True), ("7.50", False)])])
    assert (
        '<td class="num"><del class="dropped">6</del><span class="sr-only"> (does not count)</span></td>'
        in html
    )
    assert '<td class="num">7.50</td>' in html


@pytest.mark.parametrize(("language", "written"), [("en", "-3.25"), ("nl", "-3,25"), ("fr", "-3,25")])
def test_points_are_whole_numbers_bare_and_others_with_two_places(language, written):
    with translation.override(language):
        html = standing_rows([_row(points=Decimal("-3.25"), average_place=Decimal("2.00"))])
    assert f'<td class="num">{written}</td>' in html and '<td class="num">2</td>' in html


EVENING_LOOP = Template(
    "{% load i18n %}{% for evening in evenings %}"
    '<li class="row"><a href="{% url \'league_evening\' evening.pk %}">'
    '{{ evening.date|date:"SHORT_DATE_FORMAT" }}</a>\n'
    '    <small class="muted">{% if several_games %}{{ evening.game_name }} · {% endif %}'
    "{% blocktranslate count tables=evening.table_count %}{{ tables }} table{% plural %}{{ tables }} tables"
    "{% endblocktranslate %}"
    '{% if not evening.counts %} · {% translate "does not count" %}{% endif %}</small></li>\n'
    "{% endfor %}"
)


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
@pytest.mark.parametrize("several_games", [False, True])
def test_evenings_read_as_the_template_loop_wrote_them(language, several_games):
    evenings = [
        SimpleNamespace(pk=7, date=date(2026, 12, 4), game_name="Barbuse", table_count=1, counts=True),
        SimpleNamespace(pk=8, date=date(2026, 12, 11), game_name="<Duizenden>", table_count=3, counts=False),
    ]
    with translation.override(language):
        expected = EVENING_LOOP.render(Context({"evenings": evenings, "several_games": several_games}))
        assert evening_rows(evenings, several_games).strip() == expected.strip()
