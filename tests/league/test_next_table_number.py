"""The evening page numbers the next table seated by hand from the tables it has read already
(``Evening.next_table_number`` with ``tables``); asking the database instead gives the same
number, whoever is about to sit: a new evening, the latest round going on, a new round."""

from __future__ import annotations

import pytest
from django.db.models import Prefetch

from league.models import Evening
from matches.models import Seat
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def both_ways(evening: Evening, players: list[int]) -> tuple[int, int]:
    named = [(pk, "") for pk in players]
    tables = list(
        evening.tables.select_related("match").prefetch_related(
            Prefetch("match__seats", queryset=Seat.objects.select_related("player"))
        )
    )
    return evening.next_table_number(named, tables), evening.next_table_number(named)


def test_the_next_tables_number_is_the_same_read_from_the_page_or_asked_again(klaverclub):
    competition = CompetitionFactory.create(club=klaverclub)
    evening = EveningFactory.create(competition=competition)
    players = [player.pk for player in PlayerFactory.create_batch(12, club=klaverclub)]
    assert both_ways(evening, players[:4]) == (1, 1)  # nothing played yet
    evening.start_tables([players[:4]])
    assert both_ways(evening, players[4:8]) == (2, 2)  # others join the round going on
    evening.start_tables([players[4:8]])
    assert both_ways(evening, players[8:]) == (3, 3)
    assert both_ways(evening, [players[0], *players[8:11]]) == (1, 1)  # one sat in it: a new round
