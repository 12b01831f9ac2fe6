"""Dates as Alice reads and types them in English, Dutch and French: every date field holds ISO
(the date picker reads nothing else, and shows it in her own form), pages write one long and
one short form per language, and a second evening on one date is made only on a second press."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Evening
from tests.factories import CompetitionFactory, EveningFactory

pytestmark = pytest.mark.django_db

DECEMBER_4 = datetime.date(2026, 12, 4)
LONG = {"en": "4 December 2026", "nl": "4 december 2026", "fr": "4 décembre 2026"}
SHORT = {"en": "4 Dec 2026", "nl": "4 dec. 2026", "fr": "4 déc. 2026"}


def _date_inputs(html: str) -> dict[str, str]:
    """Each date field's name and the value it holds."""
    found = {}
    for tag in re.findall(r"<input[^>]*type=\"date\"[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        assert name is not None
        found[name.group(1)] = value.group(1) if value else ""
    return found


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_every_date_field_holds_iso_in_every_language(client, alice, klaverclub, language):
    client.force_login(alice)
    competition = CompetitionFactory.create(
        club=klaverclub, starts_on=datetime.date(2026, 10, 1), ends_on=datetime.date(2027, 3, 31)
    )
    evening = EveningFactory.create(competition=competition, date=DECEMBER_4)
    headers = {"Accept-Language": language}
    standings = client.get(reverse("league_standings", args=[competition.pk]), headers=headers)
    assert _date_inputs(standings.content.decode()) == {"date": timezone.localdate().isoformat()}
    edit = client.get(reverse("league_evening_edit", args=[evening.pk]), headers=headers)
    assert _date_inputs(edit.content.decode()) == {"date": "2026-12-04"}
    season = client.get(reverse("league_competition_edit", args=[competition.pk]), headers=headers)
    assert _date_inputs(season.content.decode()) == {"starts_on": "2026-10-01", "ends_on": "2027-03-31"}
    new = client.get(reverse("league_competitions", args=[klaverclub.pk]), headers=headers)
    assert set(_date_inputs(new.content.decode())) == {"starts_on", "ends_on"}


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_an_iso_date_is_read_in_every_language(client, alice, klaverclub, language):
    client.force_login(alice)
    competition = CompetitionFactory.create(club=klaverclub)
    response = client.post(
        reverse("league_evening_create", args=[competition.pk]),
        {"date": "2026-12-04", "counts": "on"},
        headers={"Accept-Language": language},
    )
    assert response.status_code == 302
    assert Evening.objects.get(competition=competition).date == DECEMBER_4


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_pages_write_the_long_form_in_titles_and_the_short_form_in_lists(client, alice, klaverclub, language):
    client.force_login(alice)
    competition = CompetitionFactory.create(club=klaverclub, name="Winter")
    evening = EveningFactory.create(competition=competition, date=DECEMBER_4)
    headers = {"Accept-Language": language}
    page = client.get(reverse("league_evening", args=[evening.pk]), headers=headers).content.decode()
    assert f"<h1>{LONG[language]}</h1>" in page
    standings = client.get(
        reverse("league_standings", args=[competition.pk]), headers=headers
    ).content.decode()
    assert f">{SHORT[language]}</a>" in standings  # the season's evenings, a list
    assert "2026-12-04" not in re.sub(r"<input[^>]*>", "", standings)  # ISO only in the date field


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_a_second_evening_on_one_date_is_made_on_a_second_press(client, alice, klaverclub, language):
    client.force_login(alice)
    competition = CompetitionFactory.create(club=klaverclub)
    first = EveningFactory.create(competition=competition, date=DECEMBER_4)
    url = reverse("league_evening_create", args=[competition.pk])
    asked = client.post(url, {"date": "2026-12-04", "counts": "on"}, headers={"Accept-Language": language})
    html = asked.content.decode()
    assert asked.status_code == 400 and Evening.objects.count() == 1
    assert reverse("league_evening", args=[first.pk]) in html and LONG[language] in html
    assert '<input type="hidden" name="again" value="1">' in html and 'value="2026-12-04"' in html
    again = client.post(url, {"date": "2026-12-04", "counts": "on", "again": "1"})
    assert again.status_code == 302 and Evening.objects.filter(date=DECEMBER_4).count() == 2
