"""A competition's stored standings are rebuilt in a task (Django's tasks framework), like the
ratings: where every match of a club counts, a season of thousands of matches takes most of a
second to rebuild, which the phone that finished a table should not wait for in production.
Without a worker (tests, ``make run``) Django's ImmediateBackend runs it at once."""

from __future__ import annotations

from django.core.mail import EmailMessage, mailers
from django.tasks import task
from django.template.loader import render_to_string
from django.utils import translation

from league.models import Competition, Evening


@task
def rebuild_standings(competition_id: int) -> None:
    # Gone by the time the worker gets to it (the competition was deleted): nothing to rebuild.
    competition = Competition.objects.filter(pk=competition_id).first()
    if competition is not None:
        competition.refresh_standings()


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
