"""A new visitor scores a first round from the home page without an account, in well under a
minute of scripted time, then signs up and finds the same match in their new account."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match
from players.models import Guest
from tests.factories import PASSWORD

pytestmark = pytest.mark.browser


def test_a_visitor_scores_a_first_round_without_an_account_and_keeps_it_by_signing_up(
    page: Page, live_server, transactional_db
):
    page.set_default_timeout(10_000)
    started = time.monotonic()
    page.goto(f"{live_server.url}/")
    page.click("button:has-text('Keep score now')")
    page.click("text=Frustration (11 contracts)")
    page.fill("#id_player_0", "Anna")
    page.fill("#id_player_1", "Bram")
    page.click("button:has-text('Start the match')")
    form = page.locator("#round-form")
    form.locator("input[name='@went_out'][value='0']").check()
    form.locator("input[name='entries.0.laid_down:bool'][value='1']").check()
    form.locator("input[name='entries.0.points:int']").fill("0")
    form.locator("input[name='entries.1.points:int']").fill("60")
    form.locator("input[name='entries.1.laid_down:bool'][value='0']").check()  # asked: 60 fits both
    form.locator("button[type=submit]").click()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    elapsed = time.monotonic() - started
    assert elapsed < 60, f"the first round took {elapsed:.1f}s"
    print(f"first round scored {elapsed:.1f}s after opening the home page")  # shown with -s

    match = Match.objects.get()
    guest = Guest.objects.get()
    sheet = page.url

    page.click(".topbar .menu summary")
    page.click(".topbar a:has-text('Sign up')")
    expect(page.locator("main")).to_contain_text("Your matches so far are kept")
    page.fill("#id_username", "gerda")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main button:has-text('Create an account')")
    expect(page.locator(".flash")).to_contain_text("your matches are kept")
    expect(page.locator(".topbar")).to_contain_text("Clubs")

    page.goto(sheet)
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    assert not Guest.objects.exists()
    kept = Match.objects.select_related("club__personal_owner").get()
    assert kept.pk == match.pk
    owner = kept.club.personal_owner
    assert owner is not None
    assert owner.pk == guest.user_id
    assert owner.username == "gerda"
