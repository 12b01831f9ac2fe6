"""The SVG line chart: plain data in, coordinates inside the box out, and the same numbers as a
table beside it."""

from __future__ import annotations

import itertools
import re

import pytest
from django.template import Context, Template

from stats import charts
from stats.charts import HEIGHT, WIDTH, LineChart, Series, draw, nice_ticks, running_totals


def test_ticks_are_round_numbers_that_cover_the_values():
    assert nice_ticks(-35, 180) == [-100, 0, 100, 200]
    assert nice_ticks(-3.2, 14.7) == [-5, 0, 5, 10, 15]
    assert nice_ticks(-125, 150) == [-200, -100, 0, 100, 200]  # the top value stays inside
    assert nice_ticks(3, 3) == [3, 3.5, 4]  # a flat line still gets a scale


def test_every_point_lies_inside_the_drawing_and_gaps_are_skipped():
    chart = LineChart("t", ("1", "2", "3"), (Series("Anna", (0, 50, 100)), Series("Bram", (None, 20, -10))))
    drawing = draw(chart)
    anna, bram = drawing.lines
    assert len(anna.points.split()) == 3 and len(bram.points.split()) == 2
    for line in drawing.lines:
        for point in line.points.split():
            x, y = map(float, point.split(","))
            assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT
    assert drawing.rows == (("1", ("0", "")), ("2", ("50", "20")), ("3", ("100", "-10")))


def test_a_higher_value_is_drawn_higher():
    (line,) = draw(LineChart("t", ("a", "b"), (Series("x", (10, 20)),))).lines
    (_x1, y1), (_x2, y2) = (map(float, p.split(",")) for p in line.points.split())
    assert y2 < y1


def test_running_totals_start_at_zero_and_follow_the_sheet():
    chart = running_totals(
        ["Anna", "Bram"], [{"number": 1, "running": [30, -5]}, {"number": 2, "running": [45, 60]}], "s"
    )
    assert chart.labels == ("0", "1", "2")
    assert [s.values for s in chart.series] == [(0.0, 30.0, 45.0), (0.0, -5.0, 60.0)]


def test_the_include_is_an_accessible_image_with_a_table():
    chart = LineChart("Rating", ("1", "2"), (Series("Anna", (1.5, 2.5)),), decimals=1)
    html = Template("{% load charts %}{% line_chart chart %}").render(Context({"chart": chart}))
    assert 'role="img"' in html and "<title>Rating</title>" in html
    assert "<table>" in html and ">2.5<" in html
    assert "style=" not in html  # colours come from the stylesheet (the CSP allows no inline style)


def test_a_matchs_chart_points_to_its_grid_instead_of_repeating_the_numbers():
    """The score progression's numbers are the running totals the grid shows deal by deal."""
    from django.utils import translation

    def score_progression(sheet) -> str:
        return Template("{% load charts %}{% score_progression sheet %}").render(Context({"sheet": sheet}))

    class Sheet:
        columns = [type("Column", (), {"label": name})() for name in ("Anna", "Bram")]
        rounds = [{"number": 1, "running": [30, -5]}, {"number": 2, "running": [45, 60]}]

    html = score_progression(Sheet())
    assert 'role="img"' in html and "<table>" not in html and "chart-line-1" in html
    assert '<a href="#rounds">The numbers: the running totals in the grid of deals</a>' in html
    with translation.override("nl"):
        assert "De getallen: de tussenstanden" in score_progression(Sheet())
        chart = LineChart("Rating", ("1", "2"), (Series("Anna", (1.5, 2.5)),), decimals=1)
        assert "<summary>De getallen</summary>" in Template("{% load charts %}{% line_chart chart %}").render(
            Context({"chart": chart})
        )


def test_coordinates_stay_svg_numbers_in_dutch_and_french():
    """The reader's locale would print 12.5 as "12,5" in Dutch and French, which SVG cannot read."""
    from django.utils import translation

    chart = LineChart("Rating", ("1", "2", "3"), (Series("Anna", (1.5, 2.25, 7.75)),), decimals=2)
    for language in ("nl", "fr"):
        with translation.override(language):
            html = Template("{% load charts %}{% line_chart chart %}").render(Context({"chart": chart}))
        svg = html.split("</svg>")[0]
        for attribute in ("y1", "y2", "cx", "cy", "x"):
            values = re.findall(rf' {attribute}="([^"]*)"', svg)
            assert values
            for value in values:
                float(value)  # a comma would not parse
        assert re.search(r'points="[\d.]+,[\d.]+ ', svg)


def test_a_match_of_one_deal_draws_no_chart():
    class Sheet:
        columns = [type("Column", (), {"label": "Anna"})()]
        rounds = [{"number": 1, "running": [30]}]

    html = Template("{% load charts %}{% score_progression sheet %}").render(Context({"sheet": Sheet()}))
    assert html.strip() == ""


def test_labels_are_escaped():
    chart = LineChart("<b>t</b>", ("<i>", "b"), (Series("A & B", (1, 2)),))
    html = Template("{% load charts %}{% line_chart chart %}").render(Context({"chart": chart}))
    assert "<b>" not in html and "<i>" not in html
    assert "&lt;b&gt;t&lt;/b&gt;" in html and "A &amp; B" in html


def _label_boxes(drawing: charts.Drawing) -> list[tuple[float, float, str]]:
    boxes = []
    for x, label, anchor in drawing.x_ticks:
        width = len(label) * charts.CHARACTER
        left = {"start": x, "end": x - width, "middle": x - width / 2}[anchor]
        boxes.append((left, left + width, label))
    return boxes


@pytest.mark.parametrize(
    "labels",
    [
        ("6 Nov", "13 Nov", "20 Nov", "27 Nov", "4 Dec", "11 Dec"),  # "13 Nov20 Nov" at the review
        ("13 nov.", "20 nov.", "27 nov.", "4 déc.", "4 déc.", "4 déc.", "11 déc."),
        tuple(str(n) for n in range(41)),
        ("4 Dec", "4 Dec"),
    ],
)
def test_date_labels_never_overlap_nor_repeat(labels):
    series = (charts.Series("Anna", tuple(float(n) for n in range(len(labels)))),)
    drawing = charts.draw(charts.LineChart("t", labels, series))
    boxes = _label_boxes(drawing)
    assert all(left >= 0 and right <= charts.WIDTH for left, right, _label in boxes)
    for (_l1, right, first), (left, _r2, second) in itertools.pairwise(boxes):
        assert left >= right + charts.GAP  # no "13 Nov20 Nov"
        assert first != second  # no "4 Dec" twice
    assert boxes[0][2] == labels[0] and boxes[-1][2] == labels[-1]  # the season's ends are named
