"""The review's low findings, tried as a new user would: odd inputs answered without a 500, a
guest limit that says when to come back, a calendar feed no shared cache keeps, sign-up's
question throttled per client (an IPv6 /64 is one), a competition's name cleaned on the API as on
the form, a report mail whose subject reads as typed, and evenings with a time of day in the
calendar feed."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from league.models import ClubCalendar
from league.tasks import mail_evening_report
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(client, alice, klaverclub):
    client.force_login(alice)
    return client


@pytest.mark.parametrize("typed", ["abc", "1e3", "9" * 5000, "-1", "²"])
def test_an_odd_table_count_is_no_500(owner, klaverclub, typed):
    evening = EveningFactory(competition=CompetitionFactory(club=klaverclub))
    response = owner.post(reverse("league_tables", args=[evening.pk]), {"tables": typed})
    assert response.status_code == 400


@pytest.mark.parametrize("into", ["abc", "9" * 40, ""])
def test_merging_into_no_player_is_refused_not_a_500(owner, klaverclub, into):
    gone = PlayerFactory(club=klaverclub, name="Gone")
    response = owner.post(reverse("player_merge", args=[klaverclub.pk, gone.pk]), {"into": into})
    assert response.status_code == 302
    assert klaverclub.players.filter(pk=gone.pk).exists()


@pytest.mark.parametrize("token", ["ab%00cd", "a" * 42, "a" * 44, "a%2Fb" * 11])
def test_an_anonymous_calendar_address_that_is_no_token_is_a_404(token):
    assert Client().get(f"/calendar/{token}.ics").status_code == 404


def test_the_calendar_feed_is_kept_by_no_shared_cache(klaverclub):
    calendar = ClubCalendar.renew(klaverclub)
    response = Client().get(f"/calendar/{calendar.token}.ics")
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-cache"


def test_the_guest_limit_says_when_to_come_back(settings):
    settings.GUEST_STARTS_PER_HOUR = 2
    answers = [Client().post("/try/", REMOTE_ADDR="198.51.100.20") for _ in range(3)]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    assert 3500 <= int(answers[-1]["Retry-After"]) <= 3600


def test_asking_which_usernames_are_taken_is_throttled_per_slash_64(settings):
    """Sign-up names a taken username; from one /64 the question is asked ten times an hour,
    not ten times per address."""
    UserFactory(username="taken")
    password = "Long-enough-9c26"
    form = {"username": "taken", "email": "", "password1": password, "password2": password}
    codes = [
        Client().post("/accounts/signup/", form, REMOTE_ADDR=f"2001:db8:0:7::{n:x}").status_code
        for n in range(1, 13)
    ]
    assert codes[:10] == [200] * 10 and codes[10:] == [429, 429]


def test_a_competition_name_loses_its_line_breaks_on_the_api_as_on_the_form(alice, klaverclub):
    competition = CompetitionFactory(club=klaverclub)
    api = _api_client(alice)
    url = reverse("api-competition", args=[competition.pk])
    response = api.patch(url, {"name": "Season\r\nBEGIN:VEVENT\r\nSUMMARY:pwn"}, format="json")
    assert response.status_code == 200, response.json()
    competition.refresh_from_db()
    assert competition.name == response.json()["name"] == "Season BEGIN:VEVENT SUMMARY:pwn"
    refused = api.patch(url, {"name": "Season\x07"}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "name"


def test_the_report_mail_subject_reads_as_typed(alice, klaverclub, settings):
    klaverclub.name = 'Ten & <Aas> "club"'
    klaverclub.save()
    alice.email = "alice@example.org"
    alice.save()
    evening = EveningFactory(competition=CompetitionFactory(club=klaverclub), date=datetime.date(2026, 12, 3))
    assert mail_evening_report.call(evening.pk, "en", "https://scoreblok.example") >= 1
    assert mail.outbox[0].subject == 'Ten & <Aas> "club": the evening of 3 December 2026'


def test_an_evening_time_reaches_the_calendar_in_the_club_s_time_zone(owner, klaverclub):
    competition = CompetitionFactory(club=klaverclub, name="Winter")
    created = owner.post(
        reverse("league_evening_create", args=[competition.pk]),
        {"date": "2026-12-10", "starts_at": "19:30"},
    )
    assert created.status_code == 302
    EveningFactory(competition=competition, date=datetime.date(2026, 12, 17))  # no time: all day
    feed = Client().get(f"/calendar/{ClubCalendar.renew(klaverclub).token}.ics").content.decode()
    assert "DTSTART;TZID=Europe/Amsterdam:20261210T193000" in feed
    assert "BEGIN:VTIMEZONE" in feed and "TZID:Europe/Amsterdam" in feed
    assert "DTSTART;VALUE=DATE:20261217" in feed


def test_the_api_takes_and_shows_an_evening_s_time(alice, klaverclub):
    competition = CompetitionFactory(club=klaverclub)
    api = _api_client(alice)
    url = reverse("api-evenings", args=[competition.pk])
    created = api.post(url, {"date": "2026-12-10", "starts_at": "20:00"}, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["starts_at"] == "20:00:00"
