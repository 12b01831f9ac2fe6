"""The club's record on the secretary's phone, in English, Dutch and French: a table that stops
at closing time is ended early from its own sheet, with a reason, and the evening goes on (the
next round is drawn); the season is then archived, its final table leading its page, and is
reopened only through a page that says what reopening does and asks to confirm."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.models import Competition, SeasonEvent
from matches.models import Match
from players.models import Membership
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import Sheet
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EveningFactory,
    MembershipFactory,
    PlayerFactory,
    UserFactory,
)
from tests.league.test_stored_standings import deal

pytestmark = [pytest.mark.browser, pytest.mark.journey]

NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna"]
REASON = "23:00"


def test_a_table_ends_early_the_evening_goes_on_and_the_season_is_archived_then_reopened(open_phone, lang):
    owner = UserFactory()
    club = ClubFactory(name="De Klaverclub")
    MembershipFactory(club=club, user=owner, role=Membership.Role.OWNER)
    # Duizenden to 1000: a few deals end no table, so the evening must end them early.
    competition = CompetitionFactory.create(club=club, name="Winter", options={"duizenden": {"target": 1000}})
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    evening = EveningFactory.create(competition=competition, date=datetime.date.today())
    evening.present.set(players)
    first, second = evening.start_tables([[p.pk for p in players[:4]], [p.pk for p in players[4:]]], by=owner)
    for table in (first, second):
        table.match.add_round(deal(winner=1), by=owner)
    second.match.end_early("closing time", by=owner)  # the other table's scorer, on their phone
    phone: Phone = open_phone("season-record", lang, owner)
    page = phone.page

    page.goto(reverse("match_detail", args=[first.match_id]))
    sheet = Sheet(phone)
    sheet.assert_opened()
    ending = page.locator("#end-early")
    phone.tap(ending.locator("summary"))
    phone.tap_field(page.locator("#end-reason"), REASON)
    phone.screenshot("the table's sheet, ending it early")
    page.once("dialog", lambda dialog: dialog.accept())  # "End this table now, as it stands?"
    phone.tap(page.locator("#end-table"), leaves=True)
    ended = page.locator("#ended-early")
    expect(ended).to_contain_text(REASON)
    phone.assert_on_screen(ended, "the sheet says the table ended early, and why")
    expect(page.locator("#resume")).to_be_visible()
    phone.screenshot("the table ended early")
    assert Match.objects.get(pk=first.match_id).ended_early_at is not None

    phone.tap(page.locator(".sheet-table a"), loads=True)
    phone.tap(page.locator("#draw"), loads=True)
    expect(page.locator(".league-tables .row")).to_have_count(4)  # round 2 drawn beside round 1
    phone.assert_on_screen(page.locator(".flash").first, "the draw's tables started")
    phone.screenshot("the next round drawn")
    for table in evening.tables.filter(round=2):
        table.match.add_round(deal(winner=0), by=owner)
        table.match.end_early("closing time", by=owner)

    page.goto(reverse("league_standings", args=[competition.pk]))
    phone.tap(page.locator("#archive"), loads=True)
    archived_on = page.locator("#archived-on")
    phone.assert_first_screen(title=page.locator("h1"))
    phone.assert_on_screen(archived_on, "when the season was archived, and by whom")
    expect(page.locator("#new-evening")).to_have_count(0)
    phone.screenshot("the archived season")
    final = Competition.objects.get(pk=competition.pk).final_standings
    assert final and {row["name"] for row in final} == set(NAMES)

    phone.tap(page.locator("#reopen"), loads=True)
    confirm = page.locator("button#reopen")
    phone.assert_first_screen(title=page.locator("h1"), save=confirm)
    phone.screenshot("reopen: what it does, then confirm")
    phone.tap(confirm, loads=True)
    expect(page.locator("#archived-on")).to_have_count(0)
    expect(page.locator("#archive")).to_be_visible()
    assert Competition.objects.get(pk=competition.pk).archived_at is None
    assert list(SeasonEvent.objects.filter(competition=competition).values_list("action", flat=True)) == [
        SeasonEvent.Action.ARCHIVED,
        SeasonEvent.Action.REOPENED,
    ]


def test_a_second_secretary_s_stale_save_is_shown_beside_the_first_and_applied_on_purpose(open_phone, lang):
    """Finding 3: the first secretary sets "best 3 evenings"; the second, on a page read before,
    renames the competition. Her save changes nothing and shows both versions; "Apply mine"
    then stores her whole form, knowingly."""
    owner = UserFactory()
    club = ClubFactory(name="De Klaverclub")
    MembershipFactory(club=club, user=owner, role=Membership.Role.OWNER)
    competition = CompetitionFactory.create(club=club, name="Winter")
    phone: Phone = open_phone("two-secretaries", lang, owner)
    page = phone.page

    page.goto(reverse("league_competition_edit", args=[competition.pk]))
    Competition.objects.filter(pk=competition.pk).update(best_of=3, version=competition.version + 1)
    phone.tap_field(page.locator("#id_name"), "Winter 2026")
    phone.tap(page.locator("main form button.primary").first, loads=True)
    phone.assert_first_screen(
        title=page.locator("h1"),
        notice=page.locator(".stale-edit [role=alert]"),
        save=page.locator("#apply-mine"),
    )
    changed = page.locator(".stale-changed")
    expect(changed).to_have_count(2)  # the name (mine) and best-of (theirs)
    phone.screenshot("changed meanwhile: both versions")
    assert Competition.objects.get(pk=competition.pk).name == "Winter"  # nothing of mine stored

    phone.tap(page.locator("#apply-mine"), loads=True)
    stored = Competition.objects.get(pk=competition.pk)
    assert (stored.name, stored.best_of) == ("Winter 2026", None)
    phone.screenshot("mine applied")
