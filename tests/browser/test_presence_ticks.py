"""Presence on the secretary's phone (360 x 740), one tick at a time (issue 48): a tap on a name
ticks that player present or absent at once, without "Save", and the count follows; two phones
ticking different players both land; a player at a table still playing stays ticked, with the
reason under the name. A stale edit of the evening shows both versions on the phone's width."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.models import Evening
from players.models import Membership
from tests.browser.conftest import PHONE, assert_fits_the_phone, log_in_as_alice
from tests.factories import ClubFactory, CompetitionFactory, EveningFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna", "Ilse"]


@pytest.fixture
def evening(phone) -> Evening:
    club = ClubFactory.create(name="De Klaverclub")
    MembershipFactory.create(club=club, user=phone.alice, role=Membership.Role.OWNER)
    evening = EveningFactory.create(
        competition=CompetitionFactory.create(club=club, name="Winter"), date=datetime.date(2026, 12, 4)
    )
    players = [PlayerFactory.create(club=club, name=name) for name in NAMES]
    evening.present.set(players[:8])
    return evening


def tick(page, name: str):
    return page.locator("form.presence").get_by_role("checkbox", name=name, exact=True)


def present(evening: Evening) -> set[str]:
    return set(evening.present.values_list("name", flat=True))


def test_a_tap_ticks_one_player_at_once_and_another_phone_keeps_its_own(phone, live_server, evening, browser):
    phone.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")
    second = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB").new_page()
    log_in_as_alice(second, live_server)
    second.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")

    tick(phone, "Ilse").tap()
    expect(phone.locator("#present-count")).to_have_text("9")
    with second.expect_response(lambda answer: "/presence/" in answer.url) as answer:
        tick(second, "Anna").tap()  # from a page read before Ilse's tick
    assert answer.value.ok
    expect(second.locator("#present-count")).to_have_text("8")  # nine, less Anna
    expect(tick(second, "Anna")).not_to_be_checked()
    assert present(evening) == (set(NAMES) - {"Anna"})
    assert_fits_the_phone(phone)
    second.context.close()


def test_a_player_at_a_playing_table_stays_ticked_with_the_reason(phone, live_server, evening):
    evening.start_tables([list(evening.present.filter(name__in=NAMES[:4]).values_list("pk", flat=True))])
    phone.goto(f"{live_server.url}{reverse('league_evening', args=[evening.pk])}")
    phone.locator("#presence summary").tap()
    tick(phone, "Dirk").tap()
    reason = phone.locator("#presence .error")
    expect(reason).to_contain_text("plays at table 1 of round 1")
    expect(tick(phone, "Dirk")).to_be_checked()
    assert "Dirk" in present(evening)
    assert_fits_the_phone(phone)


def test_a_stale_evening_edit_shows_both_versions_on_the_phone(phone, live_server, evening):
    phone.goto(f"{live_server.url}{reverse('league_evening_edit', args=[evening.pk])}")
    Evening.objects.filter(pk=evening.pk).update(starts_at=datetime.time(20, 0), version=2)
    phone.fill("#id_date", "2026-12-11")
    phone.locator("main form button.primary").tap()
    expect(phone.locator("h1")).to_have_text("Changed meanwhile")
    expect(phone.locator(".stale-changed")).to_have_count(2)  # the date and the time differ
    assert_fits_the_phone(phone)
    phone.locator("#apply-mine").tap()
    expect(phone.locator("h1")).to_have_text("11 December 2026")
    evening.refresh_from_db()  # mine as a whole: my date, and the time my page had (none)
    assert (evening.date, evening.starts_at) == (datetime.date(2026, 12, 11), None)
