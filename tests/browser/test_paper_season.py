"""The done-when of the club's paper rules, at 360 x 740 as a secretary enters them: a
competition "best 3 of 4 evenings, at least 3, ties by points over all evenings then first
places, Duizenden to 300, 10-8-6-5 for four, 10-7-4 for three, a booby prize", four dated
evenings; the newcomer Ilse added at the door of evening 2, whose tables are seated by hand; the
other evenings drawn and their tables then set to the paper's; one table corrected. The tables
are scored through the API, as the scorekeepers' phones would. The standings page shows the
order computed by hand (``tests/league/test_schemes.py``, ``PAPER_SEASON``), each player's
dropped evening struck through, the booby prize and "best 3 of 4"."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Competition
from players.models import Club, Membership
from tests.browser.conftest import assert_fits_the_phone
from tests.conftest import _api_client
from tests.factories import MembershipFactory, PlayerFactory
from tests.league.test_paper_season import DATES, EXPECTED, NAMES, TABLES, deal, seated_order

pytestmark = pytest.mark.browser


def _fill_competition_form(page: Page) -> None:
    page.fill("#id_name", "Winter 2026")
    page.check("input[name=games][value=duizenden]")
    page.fill("#id_starts_on", "2026-10-01")
    page.fill("#id_ends_on", "2026-12-31")
    page.fill("#id_evening_dates", " ".join(DATES))
    page.fill("#id_placement_points", "10,8,6,5")
    page.fill("#id_placement_points_3", "10,7,4")
    page.fill("#id_placement_points_4", "10,8,6,5")
    page.fill("#id_best_of", "3")
    page.fill("#id_min_evenings", "3")
    page.select_option("#id_tie_break_1", "all_points")
    page.select_option("#id_tie_break_2", "wins")
    page.select_option("#id_tie_break_3", "")
    page.select_option("#id_tie_break_4", "")
    page.check("#id_booby_prize")
    page.click("#options-duizenden summary")
    page.fill("#id_option_duizenden_target", "300")


def _tick_present(page: Page, names: set[str]) -> None:
    for label in page.locator(".presence label.tick").all():
        box = label.locator("input")
        if label.inner_text().strip() in names:
            box.check()
        else:
            box.uncheck()
    page.click("#save-presence")
    expect(page.locator(".flash")).to_contain_text("Presence saved.")


def _seat(page: Page, tables: list[list[str]]) -> None:
    for number, order in enumerate(tables, start=1):
        for seat, name in enumerate(seated_order(order), start=1):
            page.select_option(f"#id_tables-{number - 1}-seat_{seat}", label=name)


def test_a_paper_season_entered_as_a_secretary_would(logged_in: Page, live_server):
    alice = get_user_model().objects.get(username="alice")
    club = Club.objects.create(name="De Klaverclub")
    MembershipFactory.create(club=club, user=alice, role=Membership.Role.OWNER)
    for name in NAMES:
        PlayerFactory.create(club=club, name=name)
    page = logged_in
    base = live_server.url

    page.goto(f"{base}{reverse('league_competitions', args=[club.pk])}")
    _fill_competition_form(page)
    page.click("text=Create the competition")
    expect(page.locator("#best-of")).to_have_text("best 3 of 4 evenings count")
    competition = Competition.objects.get(name="Winter 2026")
    evenings = list(competition.evenings.order_by("date"))
    assert len(evenings) == 4 and competition.options == {"duizenden": {"target": 300}}

    scorer = _api_client(alice)
    for index, (evening, tables) in enumerate(zip(evenings, TABLES, strict=True)):
        page.goto(f"{base}{reverse('league_evening', args=[evening.pk])}")
        present = {name for order in tables for name in order}
        if "Ilse" in present:
            page.fill("#id_name", "Ilse")  # the newcomer at the door
            page.click("text=Add the newcomer")
            expect(page.locator(".flash")).to_contain_text("Ilse is added and ticked present.")
        _tick_present(page, present)
        if index == 1:
            # Seated by hand, a table at a time: they all join round 1.
            for order in tables:
                _seat(page, [order])
                page.click("#start-tables")
                expect(page.locator(".flash")).to_contain_text("1 table started.")
        else:
            page.click("#draw-adjust")
            expect(page.locator("#seat-by-hand")).to_contain_text("The draw's tables")
            _seat(page, tables)
            page.click("#start-tables")
            expect(page.locator(".flash")).to_contain_text(f"{len(tables)} tables started.")
        assert_fits_the_phone(page)
        for table in evening.tables.select_related("match").order_by("number"):
            players = table.match.player_count
            if index == 3 and table.number == 1:
                # One correction: the deal was first entered with the last seat (Hanna) going out.
                wrong = deal(players)
                wrong["entries"][0], wrong["entries"][-1] = wrong["entries"][-1], wrong["entries"][0]
                answer = scorer.post(reverse("api-rounds", args=[table.match_id]), wrong, format="json")
                assert answer.status_code == 201
                fixed = scorer.put(
                    reverse("api-round", args=[table.match_id, 1]), deal(players), format="json"
                )
                assert fixed.status_code == 200, fixed.json()
                continue
            answer = scorer.post(reverse("api-rounds", args=[table.match_id]), deal(players), format="json")
            assert answer.status_code == 201, answer.json()

    page.goto(f"{base}{reverse('league_standings', args=[competition.pk])}")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(EXPECTED))
    for row, (name, rank, points, _dropped) in zip(rows.all(), EXPECTED, strict=True):
        cells = row.locator("td, th")
        assert cells.nth(0).inner_text() == (str(rank) if rank else "–")  # noqa: RUF001
        assert cells.nth(1).inner_text().startswith(name)
        assert cells.nth(2).inner_text() == str(points)
    expect(page.locator("#standings .badge")).to_have_text("booby prize")
    expect(rows.nth(7).locator(".badge")).to_have_text("booby prize")  # Hanna
    expect(page.locator("#best-of")).to_have_text("best 3 of 4 evenings count")
    progression = page.locator("#progression tbody tr")
    for row, (_name, _rank, _points, dropped) in zip(progression.all(), EXPECTED, strict=True):
        struck = row.locator("td").nth(dropped - 1).locator("del.dropped") if dropped else row.locator("del")
        expect(struck).to_have_count(1 if dropped else 0)
    expect(page.locator("#dropped-help")).to_be_visible()
    assert_fits_the_phone(page)
