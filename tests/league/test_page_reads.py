"""The standings page's prepared reads (``league.page_reads``) give what the ORM's queries gave:
the evenings with their number of tables, and the matches still playing that would count."""

from __future__ import annotations

import datetime

import pytest
from django.db.models import Count
from django.utils import timezone

from league.models import Competition, Evening, Table
from league.page_reads import evenings_with_tables, open_matches
from league.provisional import OpenMatch
from matches.models import Match
from players.models import Club
from tests.factories import ClubFactory, CompetitionFactory, EveningFactory

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()
OPEN_MATCH_FIELDS = (
    "pk",
    "updated_at",
    "created_at",
    "game",
    "league_table__round",
    "league_table__number",
    "league_table__evening__date",
)


def _orm_open_matches(competition: Competition) -> list[OpenMatch]:
    found = competition.open_matches().order_by("created_at", "pk").values_list(*OPEN_MATCH_FIELDS)
    return [OpenMatch._make(row) for row in found]


def _start(club: Club, game: str = "duizenden") -> Match:
    players = ["Ann", "Bas", "Cas", "Dre"]
    options = {"target": 100} if game == "duizenden" else {}
    return Match.start(club=club, game=game, players=players, options=options)


def _seat(evening: Evening, match: Match, number: int) -> None:
    Table.objects.create(evening=evening, round=1, number=number, match=match)


@pytest.fixture
def club() -> Club:
    return ClubFactory.create()


def test_evenings_come_in_order_with_their_number_of_tables(club):
    competition = CompetitionFactory.create(club=club)
    late = EveningFactory.create(competition=competition, date=datetime.date(2026, 10, 8))
    early = EveningFactory.create(competition=competition, date=datetime.date(2026, 9, 3), counts=False)
    EveningFactory.create(competition=competition, date=datetime.date(2026, 9, 17))
    EveningFactory.create(date=datetime.date(2026, 9, 10))  # another competition's
    for number in range(3):
        _seat(late, _start(club), number + 1)
    _seat(early, _start(club), 1)

    read = evenings_with_tables(competition)
    # In date order: the ORM's aggregate left ``Meta.ordering`` out (Django drops it from GROUP
    # BY queries), so the page listed evenings in the order they were made.
    orm = list(competition.evenings.annotate(table_count=Count("tables")).order_by("date", "pk"))

    assert [(e.pk, e.date, e.game, e.counts, e.table_count) for e in read] == [
        (e.pk, e.date, e.game, e.counts, e.table_count) for e in orm
    ]
    assert [e.table_count for e in read] == [1, 0, 3]
    assert read[0].competition is competition  # no query to reach it


def test_open_tables_of_counted_evenings_are_the_ones_the_orm_finds(club):
    competition = CompetitionFactory.create(club=club)
    counted = EveningFactory.create(competition=competition)
    left_out = EveningFactory.create(competition=competition, counts=False)
    other = EveningFactory.create(competition=CompetitionFactory.create(club=club))
    playing = [_start(club) for _ in range(3)]
    _seat(counted, playing[0], 1)
    _seat(counted, playing[1], 2)
    _seat(left_out, playing[2], 1)
    _seat(other, _start(club), 1)
    finished = _start(club)
    _seat(counted, finished, 3)
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    deleted = _start(club)
    _seat(counted, deleted, 4)
    deleted.soft_delete(by=None)

    read = open_matches(competition)

    assert read == _orm_open_matches(competition)
    assert [(m.pk, m.round, m.number, m.day) for m in read] == [
        (playing[0].pk, 1, 1, counted.date),
        (playing[1].pk, 1, 2, counted.date),
    ]


def test_where_every_match_counts_the_clubs_open_matches_in_its_games_are_read(club):
    competition = CompetitionFactory.create(
        club=club,
        counts=Competition.Counts.MATCHES,
        starts_on=TODAY - datetime.timedelta(days=3),
        ends_on=TODAY + datetime.timedelta(days=3),
    )
    first, second = _start(club), _start(club)
    _start(club, game="canasta")  # not one of its games
    _start(ClubFactory.create())  # another club's
    _seat(EveningFactory.create(competition=CompetitionFactory.create(club=club)), second, 5)

    read = open_matches(competition)

    assert read == _orm_open_matches(competition)
    assert [(m.pk, m.number) for m in read] == [(first.pk, None), (second.pk, 5)]


def test_outside_its_dates_a_ladder_has_no_open_tables(club):
    competition = CompetitionFactory.create(
        club=club,
        counts=Competition.Counts.MATCHES,
        starts_on=TODAY - datetime.timedelta(days=9),
        ends_on=TODAY - datetime.timedelta(days=1),
    )
    _start(club)

    assert open_matches(competition) == _orm_open_matches(competition) == []
