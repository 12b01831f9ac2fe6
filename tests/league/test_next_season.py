""" "New season like this one": each planned evening keeps its weekday and its time of day."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import Competition
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory

pytestmark = pytest.mark.django_db

THURSDAY = 3  # date.weekday()
EIGHT_PM = datetime.time(20, 0)


def thursdays_at_eight(club) -> Competition:
    """The review's season: 1 September to 31 December 2026 (122 days, 17 weeks and 3 days), an
    evening every Thursday at 20:00, from 3 September to 31 December: 18 evenings."""
    competition = CompetitionFactory.create(
        club=club,
        name="Klaverjassen najaar 2026",
        starts_on=datetime.date(2026, 9, 1),
        ends_on=datetime.date(2026, 12, 31),
        sit_out=Competition.SitOutScore.FIXED,
        sit_out_points=Decimal(40),
    )
    day = datetime.date(2026, 9, 3)
    while day <= competition.ends_on:
        EveningFactory.create(competition=competition, date=day, starts_at=EIGHT_PM)
        day += datetime.timedelta(weeks=1)
    return competition


def test_thursday_evenings_at_eight_stay_thursday_evenings_at_eight(alice, club):
    autumn = thursdays_at_eight(club)
    answer = _api_client(alice).post(reverse("api-competition-next", args=[autumn.pk]))
    assert answer.status_code == 201, answer.json()
    spring = Competition.objects.get(pk=answer.json()["id"])
    evenings = list(spring.evenings.order_by("date"))
    assert len(evenings) == 18
    assert {evening.date.weekday() for evening in evenings} == {THURSDAY}
    assert {evening.starts_at for evening in evenings} == {EIGHT_PM}
    # Moved 18 weeks (the fewest whole weeks past 122 days): 3 September 2026 is 7 January 2027,
    # and the last Thursday of 2026 is 6 May 2027; the new season starts the day after the old
    # one and ends 18 weeks after it, holding them all.
    assert (evenings[0].date, evenings[-1].date) == (datetime.date(2027, 1, 7), datetime.date(2027, 5, 6))
    assert (spring.starts_on, spring.ends_on) == (datetime.date(2027, 1, 1), datetime.date(2027, 5, 6))
    assert spring.name == "Klaverjassen najaar 2027"
    assert (spring.sit_out, spring.sit_out_points) == (Competition.SitOutScore.FIXED, Decimal(40))


def test_a_season_of_whole_weeks_moves_by_exactly_its_length(club):
    """Twelve weeks from a Monday: the next season is the next twelve weeks, evenings alike."""
    winter = CompetitionFactory.create(
        club=club, starts_on=datetime.date(2027, 1, 4), ends_on=datetime.date(2027, 3, 28)
    )
    EveningFactory.create(competition=winter, date=datetime.date(2027, 1, 8))
    spring = winter.next_season()
    assert (spring.starts_on, spring.ends_on) == (datetime.date(2027, 3, 29), datetime.date(2027, 6, 20))
    assert [evening.date for evening in spring.evenings.all()] == [datetime.date(2027, 4, 2)]
    assert spring.evenings.get().starts_at is None
