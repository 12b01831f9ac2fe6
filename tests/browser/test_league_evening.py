"""A club evening on the secretary's phone at 360 px: Alice ticks who is present, draws the
seating, starts the four tables; the tables are scored to the end (through the API, as the
scorekeepers' phones would) and the standings page shows the new ranks."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Evening, Standing
from players.models import Membership
from tests.browser.conftest import assert_fits_the_phone
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, MembershipFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.browser


def test_an_evening_of_four_tables_from_presence_to_standings(logged_in: Page, live_server):
    alice = get_user_model().objects.get(username="alice")
    competition = CompetitionFactory.create(name="Winter")
    MembershipFactory.create(club=competition.club, user=alice, role=Membership.Role.OWNER)
    evening: Evening = EveningFactory.create(competition=competition)
    PlayerFactory.create_batch(16, club=competition.club)
    page = logged_in

    page.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")
    expect(page.locator("text=No tables drawn yet.")).to_be_visible()
    for box in page.locator(".presence input[type=checkbox]").all():
        box.check()
    page.click("#save-presence")
    expect(page.locator(".flash")).to_contain_text("Presence saved.")
    assert evening.present.count() == 16
    assert_fits_the_phone(page)

    page.click("#draw")
    expect(page.locator(".flash")).to_contain_text("4 tables started.")
    expect(page.locator(".league-tables .row")).to_have_count(4)
    assert_fits_the_phone(page)

    scorer = _api_client(alice)
    for table in evening.tables.select_related("match"):
        answer = scorer.post(
            reverse("api-rounds", args=[table.match_id]), deal(winner=table.number % 4), format="json"
        )
        assert answer.status_code == 201
    page.reload()
    expect(page.locator(".league-tables .row", has_text="finished")).to_have_count(4)

    page.goto(f"{live_server.url}{reverse('league_standings', args=[competition.pk])}")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(16)
    winners = set(
        Standing.objects.filter(competition=competition, rank=1).values_list("player__name", flat=True)
    )
    assert len(winners) == 4
    for name in winners:
        expect(page.locator("#standings tbody tr", has_text=name).locator("td").first).to_have_text("1")
    expect(page.locator("#progression tbody tr")).to_have_count(16)
    assert_fits_the_phone(page)
