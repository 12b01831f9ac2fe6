"""Dora (admin of De Klaverclub) mails an evening's report to the members: once. Pressing again
(a double tap, a stale page) sends nothing and asks "The report was mailed at 21:40; send it
again?"; she confirms and it goes again, at most three times in an hour, after which the page
says when it can go again. Bob reads the report but is not offered the mail."""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from league.models import REPORT_MAILS_PER_HOUR, Evening, ReportMail, ReportMailedAlready
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(klaverclub) -> Evening:
    """A finished evening: one table of four, one deal to 100; every member has an address."""
    competition = CompetitionFactory.create(club=klaverclub)
    PlayerFactory.create_batch(4, club=klaverclub)
    evening = EveningFactory.create(competition=competition)
    evening.present.set(klaverclub.players.all())
    [table] = evening.draw_and_start(rng=random.Random(5))
    table.match.add_round(deal(winner=0))
    for user in get_user_model().objects.filter(memberships__club=klaverclub):
        user.email = f"{user.username}@example.org"
        user.save()
    return evening


@pytest.fixture
def secretary(client, dora):
    client.force_login(dora)
    return client


def press(client, evening: Evening, *, again: bool = False):
    return client.post(
        reverse("league_evening_report_mail", args=[evening.pk]), {"again": "1"} if again else {}
    )


def report_page(client, evening: Evening) -> str:
    return " ".join(client.get(reverse("league_evening_report", args=[evening.pk])).content.decode().split())


def at_local(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def test_the_first_press_mails_every_member_once_and_the_page_offers_to_send_it_again(
    secretary, evening, klaverclub
):
    assert 'id="mail-report"' in report_page(secretary, evening)
    response = press(secretary, evening)
    assert response.status_code == 302 and response["Location"] == reverse(
        "league_evening_report", args=[evening.pk]
    )
    assert len(mail.outbox) == klaverclub.memberships.count()
    [mailing] = evening.report_mails.all()
    page = report_page(secretary, evening)
    assert (
        f'<p id="report-mailed">The report was mailed at {at_local(mailing.at)}; send it again?</p>' in page
    )
    assert '<input type="hidden" name="again" value="1">' in page and 'id="mail-report"' not in page


def test_a_second_press_without_confirming_sends_nothing_and_asks(secretary, evening):
    press(secretary, evening)
    sent = len(mail.outbox)
    response = press(secretary, evening)  # a double tap, or the page from before the first
    assert response.status_code == 302
    assert response["Location"].endswith(f"/evenings/{evening.pk}/report/#report-mail")
    assert len(mail.outbox) == sent
    assert evening.report_mails.count() == 1
    assert "The report was mailed at" in report_page(secretary, evening)


def test_confirming_sends_it_again(secretary, evening, klaverclub):
    press(secretary, evening)
    press(secretary, evening, again=True)
    assert len(mail.outbox) == 2 * klaverclub.memberships.count()
    assert evening.report_mails.count() == 2


def test_a_fourth_mailing_within_the_hour_is_refused_with_the_time_it_may_go(secretary, evening):
    for _ in range(REPORT_MAILS_PER_HOUR):
        press(secretary, evening, again=True)
    sent = len(mail.outbox)
    first = evening.report_mails.order_by("at").first()
    assert first is not None
    response = press(secretary, evening, again=True)
    assert response["Location"].endswith("#report-mail")
    assert len(mail.outbox) == sent and evening.report_mails.count() == REPORT_MAILS_PER_HOUR
    page = report_page(secretary, evening)
    again_at = at_local(first.at + datetime.timedelta(hours=1))
    held = f"The report was mailed as often as an hour allows; it can be sent again at {again_at}."
    assert f'<p id="report-mail-held">{held}</p>' in page
    assert 'id="mail-report-again"' not in page


def test_an_hour_after_the_first_of_three_it_may_go_again(secretary, evening):
    hour_ago = timezone.now() - datetime.timedelta(minutes=61)
    ReportMail.objects.create(evening=evening, at=hour_ago)
    ReportMail.objects.bulk_create(ReportMail(evening=evening) for _ in range(REPORT_MAILS_PER_HOUR - 1))
    assert press(secretary, evening, again=True)["Location"] == reverse(
        "league_evening_report", args=[evening.pk]
    )
    assert mail.outbox and evening.report_mails.count() == REPORT_MAILS_PER_HOUR + 1


def test_a_mailing_of_another_day_is_named_by_its_date(secretary, evening):
    ReportMail.objects.create(evening=evening, at=timezone.now() - datetime.timedelta(days=3))
    page = report_page(secretary, evening)
    assert re.search(r"The report was mailed on \d+ \w+ \d{4} at \d\d:\d\d; send it again\?", page)


def test_the_model_refuses_a_second_mailing_unless_asked_again(evening):
    evening.record_report_mail()
    with pytest.raises(ReportMailedAlready):
        evening.record_report_mail()
    evening.record_report_mail(again=True)
    assert evening.report_mails.count() == 2


def test_a_member_who_reads_the_report_is_not_offered_the_mail(client, bob, evening):
    client.force_login(bob)
    page = report_page(client, evening)
    assert 'id="report-mail"' not in page
    assert press(client, evening).status_code == 403
    assert mail.outbox == []
