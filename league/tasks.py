"""A competition's stored standings are rebuilt in a task (Django's tasks framework), like the
ratings: where every match of a club counts, a season of thousands of matches takes most of a
second to rebuild, which the phone that finished a table should not wait for in production.
Without a worker (tests, ``make run``) Django's ImmediateBackend runs it at once.

A rebuild that fails is recorded on the competition (``standings_failed_at``, which its page
shows the secretary), fails its task (the worker lists it FAILED, with the error) and is tried
again by ``retry_standings``, queued to run a while later (``retry_after``) by the receiver of
``league.signals.standings_failed``, until one succeeds. Only a backend that can hold a task
until a given time can (``supports_defer``: django-tasks-db, production's); with the immediate
backend the next write that rebuilds the standings is the next attempt."""

from __future__ import annotations

import datetime

from django.core.mail import EmailMessage, mailers
from django.tasks import task
from django.template.loader import render_to_string
from django.utils import translation

from league.models import Competition, Evening

# A lost deadlock is over in a moment; a scheme the database cannot hold waits for a secretary
# to correct it, and is tried again less and less often meanwhile.
FIRST_RETRY = datetime.timedelta(minutes=1)
LONGEST_RETRY = datetime.timedelta(hours=1)


def retry_after(failed_at: datetime.datetime, previous: datetime.datetime | None) -> datetime.datetime:
    """When to try again a rebuild that failed at ``failed_at``: ``FIRST_RETRY`` later after a
    first failure; after another (``previous``, the failure before it), twice the time between
    the two, so that a run of failures backs off, within ``FIRST_RETRY`` and ``LONGEST_RETRY``."""
    if previous is None:
        return failed_at + FIRST_RETRY
    return failed_at + min(max(2 * (failed_at - previous), FIRST_RETRY), LONGEST_RETRY)


@task
def rebuild_standings(competition_id: int) -> None:
    """Rebuild the competition's stored standings; a rebuild that fails fails the task, once it
    is recorded and its retry queued (``Competition.refresh_standings``)."""
    # Gone by the time the worker gets to it (the competition was deleted): nothing to rebuild.
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is not None:
        competition.refresh_standings(raise_failure=True)


@task
def retry_standings(competition_id: int, failed_at: str) -> None:
    """Try again the rebuild that failed at ``failed_at`` (ISO 8601), unless the standings were
    rebuilt since or another rebuild failed since (that one queued its own retry): one retry at
    a time waits for a competition, however many rebuilds failed."""
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is None or competition.standings_failed_at != datetime.datetime.fromisoformat(failed_at):
        return
    competition.refresh_standings(raise_failure=True)


@task
def mail_evening_report(evening_id: int, language: str, base_url: str) -> int:
    """Mail the evening's report to the club's members who gave an e-mail address, in the
    language the secretary used; how many were mailed. A task: a club of sixty members should
    not keep the secretary's phone waiting for the mail server."""
    evening = Evening.objects.select_related("competition__club").filter(pk=evening_id).first()
    if evening is None:
        return 0
    club = evening.competition.club
    addresses = sorted({email for email in club.memberships.values_list("user__email", flat=True) if email})
    if not addresses:
        return 0
    with translation.override(language):
        context = {"report": evening.report(), "club": club, "url": base_url}
        # Plain text (autoescape off in the template): a club named "Ten & Aas" is not "&amp;".
        # One line: a subject cannot hold a line break.
        subject = " ".join(render_to_string("league/report_subject.txt", context).split())
        body = render_to_string("league/report_mail.txt", context)
    # One message per member, so nobody sees the others' addresses; all over one connection to
    # the mail server, not one each.
    messages = [EmailMessage(subject, body, to=[address]) for address in addresses]
    return mailers.default.send_messages(messages) or 0
