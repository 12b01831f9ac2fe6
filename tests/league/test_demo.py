"""``make run``'s demo club gets a season in progress."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from league.models import Competition, Standing
from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_demo_club_has_past_evenings_with_standings_and_an_evening_still_playing():
    call_command("load_demo", verbosity=0)
    competition = Competition.objects.get()
    evenings = list(competition.evenings.all())
    assert len(evenings) == 4
    finished = [t.match.status == Match.Status.FINISHED for e in evenings[:3] for t in e.tables.all()]
    assert finished and all(finished)
    assert any(t.match.status == Match.Status.IN_PROGRESS for t in evenings[3].tables.all())
    rows = Standing.objects.filter(competition=competition)
    assert rows.count() == 8 and rows.filter(rank=1).exists() and rows.filter(booby=True).exists()
    call_command("load_demo", verbosity=0)  # again: nothing changes
    assert Competition.objects.count() == 1
