"""A club evening on the secretary's phone, end to end: a new evening, presence with a newcomer,
two tables seated by hand (a tap on each name), a round drawn, each hand-seated table's deal
entered at its sheet, the standings (who stands first, and each player's progression), the
evening's TV and its report."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.models import Evening, Standing
from players.models import Membership
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import Sheet, say
from tests.conftest import _api_client
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

REGULARS = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna"]
ABSENT = "Hanna"
NEWCOMER = "Ilse"
TABLES = [["Anna", "Bram", "Cor", "Dirk"], ["Eva", "Fien", "Gijs", NEWCOMER]]


def seat_two_tables_by_tapping_names(phone: Phone, lang: str) -> None:
    """The seating offers the players present as names to tap: one tap a seat, each name taking
    the next open seat, Table 1 filled before Table 2; then one tap starts both tables."""
    page = phone.page
    seating = page.locator("form.seating")
    labels = [say(lang, "Table %(number)s", number=number) for number in (1, 2)]
    expect(seating.locator(".seating-table legend")).to_have_text(labels)
    chips = seating.locator("[data-seat-picker] [data-player]")
    expect(chips.first).to_be_visible()
    offered = sorted(name.split()[0] for name in chips.all_inner_texts())
    present = sorted(name for players in TABLES for name in players)
    phone.check(offered == present, f"only the players present offered ({offered})")
    phone.screenshot("the seating, names to tap")
    for number, players in enumerate(TABLES):
        for player in players:
            chip = chips.filter(has_text=re.compile(rf"^\s*{player}\b"))
            phone.tap(chip)
            expect(chip).to_have_attribute("aria-pressed", "true")
            expect(chip.locator("[data-seat-of]")).to_have_text(labels[number])
    for number, players in enumerate(TABLES, start=1):
        # The seats' selects stay the form's values: the taken ones, in seat order.
        taken = seating.locator(f"#seating-table-{number} select").evaluate_all(
            "(seats) => seats.filter((s) => s.value).map((s) => s.selectedOptions[0].textContent.trim())"
        )
        assert taken == players, f"Table {number} seated {taken}"
    phone.screenshot("two tables seated by taps")
    phone.tap(page.locator("#start-tables"), loads=True)


def test_a_club_evening_end_to_end(open_phone, lang):
    owner = UserFactory()
    club = ClubFactory(name="De Klaverclub")
    MembershipFactory(club=club, user=owner, role=Membership.Role.OWNER)
    competition = CompetitionFactory(club=club, name="Winter")
    regulars = [PlayerFactory(club=club, name=name) for name in REGULARS]
    EveningFactory(
        competition=competition, date=datetime.date.today() - datetime.timedelta(days=7)
    ).present.set(regulars)
    phone: Phone = open_phone("club-evening", lang, owner)
    page = phone.page

    page.goto(reverse("league_standings", args=[competition.pk]))
    new_evening = page.locator("#new-evening button[type=submit]")
    phone.assert_first_screen(title=page.locator("h1"), save=new_evening)
    date = page.locator("#new-evening input[type=date]")
    held = date.input_value()
    phone.check(held == datetime.date.today().isoformat(), f"today's date, ISO, in the date field ({held!r})")
    phone.screenshot("standings, a new evening")
    phone.tap(new_evening, loads=True)
    evening = Evening.objects.filter(competition=competition).latest("pk")
    assert evening.date == datetime.date.today()
    phone.assert_first_screen(title=page.locator("h1"))
    phone.screenshot("the new evening")

    presence, seating = page.locator("form.presence"), page.locator("#seating")
    above, below = presence.bounding_box(), seating.bounding_box()
    assert above is not None and below is not None
    phone.check(above["y"] < below["y"], "who is present before the seating")
    absent = presence.locator("label", has_text=ABSENT)
    phone.tap(absent)
    expect(absent.locator("input")).not_to_be_checked()
    phone.tap(page.locator("#save-presence"), loads=True)
    phone.assert_on_screen(page.locator(".flash").first, "presence saved")
    phone.tap_field(page.locator("#newcomer input[name='name']"), NEWCOMER)
    phone.tap(page.locator("#newcomer button[type=submit]"), loads=True)
    newcomer = page.locator("form.presence label", has_text=NEWCOMER)
    expect(newcomer.locator("input")).to_be_checked()
    phone.assert_on_screen(newcomer, "the newcomer, ticked present")
    phone.screenshot("presence and the newcomer")
    assert set(evening.present.values_list("name", flat=True)) == (set(REGULARS) - {ABSENT}) | {NEWCOMER}

    seat_two_tables_by_tapping_names(phone, lang)
    tables = page.locator(".league-tables .row")
    expect(tables).to_have_count(2)
    for number, players in enumerate(TABLES):
        for player in players:
            expect(tables.nth(number)).to_contain_text(player)
    phone.screenshot("two tables by hand")

    for number, players in enumerate(TABLES, start=1):
        phone.tap(tables.nth(number - 1).locator("a").first, loads=True)
        sheet = Sheet(phone)
        back = page.locator(".sheet-table a")
        sheet.assert_opened()
        phone.assert_on_screen(back, "the way back to the evening")
        phone.screenshot(f"table {number}")
        phone.tap(sheet.chip(0))
        phone.type_each(["275", "40", "30", "50", "30", "60", "30"])  # Duizenden to 100: one deal ends it
        expect(page.locator(".winners")).to_contain_text(players[0])
        phone.screenshot(f"table {number} over")
        phone.tap(back, loads=True)
    expect(page.locator(".league-tables .row", has_text=re.compile(r"\(1\)"))).to_have_count(2)

    phone.tap(page.locator("#draw"), loads=True)
    expect(page.locator(".league-tables .row")).to_have_count(4)
    phone.assert_on_screen(page.locator(".flash").first, "the draw's tables started")
    phone.screenshot("the draw")
    scorer = _api_client(owner)
    for table in evening.tables.filter(round=2):
        assert (
            scorer.post(
                reverse("api-rounds", args=[table.match_id]), deal(winner=1), format="json"
            ).status_code
            == 201
        )

    phone.tap(page.locator(f"a[href$='/competitions/{competition.pk}/']").first, loads=True)
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(8)  # who played; Hanna stayed home
    first = Standing.objects.filter(competition=competition, rank=1).values_list("player__name", flat=True)
    assert first
    for name in first:
        expect(rows.filter(has_text=name).locator("td").first).to_have_text("1")
    expect(page.locator("#progression tbody tr")).to_have_count(8)  # each player's evenings
    table = page.locator("#standings").bounding_box()
    column = page.locator("main").bounding_box()
    assert table is not None and column is not None
    phone.check(table["width"] <= column["width"], f"the standings within the page ({table['width']:.0f} px)")
    phone.screenshot("standings")

    tv: Phone = open_phone("club-evening", lang, owner, who="tv", size=(1920, 1080))
    tv.page.goto(reverse("evening_tv", args=[evening.pk]))
    title = tv.page.locator("h1").first.inner_text()
    tv.check(not re.search(r"\d{4}-\d{2}-\d{2}", title), f"the TV's title in words ({title!r})")
    expect(tv.page.locator(".tv-table")).to_have_count(2)  # the round being played
    tv.screenshot("the evening's TV")

    page.goto(reverse("league_evening", args=[evening.pk]))
    phone.tap(page.locator("#report-link"), loads=True)
    phone.assert_first_screen(title=page.locator("h1"))
    for player in TABLES[0]:
        expect(page.locator("main")).to_contain_text(player)
    phone.screenshot("the report")
