"""Alice sets up a ladder on her phone at 360 px: she ticks two games, switches "What counts"
to every match and the form words best N and the minimum attendance in matches at once; she
picks two tie-breaks in order and the standings page states them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Competition
from players.models import Membership
from tests.browser.conftest import assert_fits_the_phone
from tests.factories import ClubFactory, MembershipFactory

pytestmark = pytest.mark.browser


def test_the_form_words_what_counts_and_the_standings_state_the_tie_breaks(logged_in: Page, live_server):
    club = ClubFactory.create(name="De Klaverclub")
    alice = get_user_model().objects.get(username="alice")
    MembershipFactory.create(club=club, user=alice, role=Membership.Role.OWNER)
    page = logged_in
    page.goto(f"{live_server.url}{reverse('league_competitions', args=[club.pk])}")
    expect(page.locator("label[for=id_best_of]")).to_have_text("Best evenings that count")

    page.fill("#id_name", "Ladder")
    page.get_by_label("Duizenden").check()
    page.get_by_label("Barbuse").check()
    page.fill("#id_starts_on", "2026-09-01")
    page.fill("#id_ends_on", "2027-06-30")
    page.select_option("#id_counts", "matches")
    expect(page.locator("label[for=id_best_of]")).to_have_text("Best matches that count")
    expect(page.locator("label[for=id_min_evenings]")).to_have_text("Minimum matches played")
    page.select_option("#id_kind", "relative")
    page.select_option("#id_tie_break_1", "average_place")
    page.select_option("#id_tie_break_2", "wins")
    assert_fits_the_phone(page)
    page.get_by_role("button", name="Create the competition").click()

    competition = Competition.objects.get(name="Ladder")
    assert (competition.games, competition.counts, competition.tie_breaks) == (
        ["duizenden", "barbuse"],
        "matches",
        ["average_place", "wins"],
    )
    expect(page.locator("#tie-breaks")).to_have_text(
        "Equal points: decided by 1. best average place, 2. most wins"
    )
