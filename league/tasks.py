"""A competition's stored standings are rebuilt in a task (Django's tasks framework), like the
ratings: where every match of a club counts, a season of thousands of matches takes most of a
second to rebuild, which the phone that finished a table should not wait for in production.
Without a worker (tests, ``make run``) Django's ImmediateBackend runs it at once."""

from __future__ import annotations

from django.tasks import task

from league.models import Competition


@task
def rebuild_standings(competition_id: int) -> None:
    # Gone by the time the worker gets to it (the competition was deleted): nothing to rebuild.
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is not None:
        competition.refresh_standings()
