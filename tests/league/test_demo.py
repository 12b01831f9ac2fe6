"""``make run``'s demo club gets a season in progress, and a ladder where every match counts."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from league.models import Competition, Standing, roll_of_honour
from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_club_has_past_evenings_with_standings_and_an_evening_still_playing():
    call_command("load_demo", verbosity=0)
    competition = Competition.objects.get(name="Winter")
    evenings = list(competition.evenings.all())
    assert len(evenings) == 4
    finished = [t.match.status == Match.Status.FINISHED for e in evenings[:3] for t in e.tables.all()]
    assert finished and all(finished)
    assert any(t.match.status == Match.Status.IN_PROGRESS for t in evenings[3].tables.all())
    rows = Standing.objects.filter(competition=competition)
    assert rows.count() == 8 and rows.filter(rank=1).exists() and rows.filter(booby=True).exists()
    call_command("load_demo", verbosity=0)  # again: nothing changes
    assert Competition.objects.count() == 3


def test_the_demo_ladder_counts_every_finished_match_of_its_two_games():
    """The evenings' six finished tables and one loose match of the second game: seven units."""
    call_command("load_demo", verbosity=0)
    season, ladder = Competition.objects.get(name="Winter"), Competition.objects.get(name="Ladder")
    assert ladder.counts_matches and len(ladder.games) == 2 and ladder.games[0] == season.games[0]
    loose = Match.objects.filter(game=ladder.games[1], status=Match.Status.FINISHED, league_table=None)
    assert loose.count() == 1
    units = {int(unit) for row in Standing.objects.filter(competition=ladder) for unit in row.evenings}
    tables = Match.objects.filter(league_table__evening__competition=season, status=Match.Status.FINISHED)
    assert units == {*tables.values_list("pk", flat=True), loose.get().pk}
    assert len(units) == 7


def test_the_demo_club_has_last_season_archived_on_its_roll_of_honour():
    call_command("load_demo", verbosity=0)
    past = Competition.objects.get(name="Autumn")
    assert past.archived_at is not None and past.events.get().by_name
    seated = Match.objects.filter(league_table__evening__competition=past)
    assert all(match.closed_at is not None for match in seated)
    assert seated.count() == 4 and len(past.final_standings) == 8
    (honour,) = roll_of_honour(past.club)
    assert honour.competition == past and honour.podium[0][0] == 1
