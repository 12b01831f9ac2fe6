"""A whole Canasta partnership match on a phone: the minimum meld climbs 50, 90, 120; a refusal;
the calculator; the winner at 5000."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Match, Round
from tests.browser.conftest import assert_fits_the_phone, fill_seats, open_calculator

pytestmark = pytest.mark.browser


def side(page: Page, index: int) -> Locator:
    return page.locator(f"#round-form fieldset[data-entry='{index}']")


def count_up(page: Page, index: int, kind: str, times: int) -> None:
    """Tap the + button of a counter ``times`` times."""
    counter = side(page, index).locator(f".canasta-counter:has([name='entries.{index}.{kind}:int'])")
    for _ in range(times):
        counter.locator("[data-step='1']").click()
    expect(counter.locator("input")).to_have_value(str(times) if times else "")  # empty is none


def fill_side(
    page: Page,
    index: int,
    *,
    natural: int = 0,
    mixed: int = 0,
    red_threes: int = 0,
    meld: int,
    hand: int | None = None,
    concealed: bool = False,
) -> None:
    line = side(page, index)
    count_up(page, index, "natural_canastas", natural)
    count_up(page, index, "mixed_canastas", mixed)
    count_up(page, index, "red_threes", red_threes)
    line.locator(f"[name='entries.{index}.meld_points:int']").fill(str(meld))
    if hand is not None:
        line.locator(f"[name='entries.{index}.hand_points:int']").fill(str(hand))
    line.locator(f"[name='entries.{index}.concealed:bool'][type=checkbox]").set_checked(concealed)


def went_out(page: Page, index: int | str) -> None:
    page.locator(f"#round-form input[name='@went_out'][value='{index}']").check()


def save(page: Page, rounds: int) -> None:
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(rounds)


def expect_minimum_melds(page: Page, first: int, second: int) -> None:
    melds = page.locator(".canasta-hints [data-minimum-meld]")
    expect(melds).to_have_text([str(first), str(second)])


def test_plays_a_canasta_partnership_match_to_5000_at_phone_size(logged_in: Page, live_server):
    page = logged_in
    page.click("text=New match")
    page.click("text=Canasta")
    fill_seats(page, ["Anna", "Bram", "Cor", "Dirk"])
    page.select_option("#id_dealer", "3")
    page.click("button:has-text('Start the match')")
    expect(page.locator("h1")).to_have_text("Canasta")
    # Each side's line names it and its minimum first meld, on the first screen.
    expect(side(page, 0).locator("legend")).to_have_text("Anna & Cor First meld this deal: at least 50.")
    expect(side(page, 1).locator("legend")).to_have_text("Bram & Dirk First meld this deal: at least 50.")
    expect_minimum_melds(page, 50, 50)
    assert_fits_the_phone(page)

    # Deal 1: Anna & Cor go out. Bram & Dirk's hand is counted on the calculator:
    # joker, two, ace, king and three fives = 50 + 20 + 20 + 10 + 15 = 115.
    went_out(page, 0)
    fill_side(page, 0, natural=1, mixed=1, red_threes=1, meld=310, hand=25)
    fill_side(page, 1, red_threes=1, meld=0)
    hand = open_calculator(page, "entries.1.hand_points:int")
    for rank in ["joker", "2", "A", "K", "5", "5", "5"]:
        hand.locator(f"button[data-rank='{rank}']").click()
    expect(side(page, 1).locator("[name='entries.1.hand_points:int']")).to_have_value("115")
    assert_fits_the_phone(page)
    save(page, 1)
    expect(page.locator(".canasta-hints [data-total]")).to_have_text(["1,285", "-215"])
    expect_minimum_melds(page, 50, 15)

    # Deal 2: Bram & Dirk go out concealed; Anna & Cor pass 1500 and need 90 from now on.
    went_out(page, 1)
    fill_side(page, 0, mixed=1, red_threes=2, meld=245, hand=60)
    fill_side(page, 1, natural=1, meld=180, hand=40, concealed=True)
    save(page, 2)
    expect(page.locator(".canasta-hints [data-total]")).to_have_text(["1,970", "625"])
    expect_minimum_melds(page, 90, 50)
    expect(side(page, 0)).to_contain_text("First meld this deal: at least 90.")

    # A refused deal 3: Bram & Dirk claim a canasta but no melded points. Nothing is stored,
    # the reason sits under the field, what was typed stays.
    went_out(page, 0)
    fill_side(page, 0, natural=2, mixed=1, red_threes=4, meld=420, hand=0)
    fill_side(page, 1, mixed=1, meld=0, hand=95)
    page.locator("#round-form button[type=submit]").click()
    expect(side(page, 1).locator(".error")).to_have_text("These canastas need at least 50 melded points.")
    expect(side(page, 0).locator("[name='entries.0.meld_points:int']")).to_have_value("420")
    expect(side(page, 1).locator("[name='entries.1.mixed_canastas:int']")).to_have_value("1")
    expect(page.locator("#round-form input[name='@went_out'][value='0']")).to_be_checked()
    assert Round.objects.count() == 2
    assert_fits_the_phone(page)

    # Deal 3, corrected: Anna & Cor pass 3000 and need 120.
    side(page, 1).locator("[name='entries.1.meld_points:int']").fill("185")
    save(page, 3)
    expect(page.locator(".canasta-hints [data-total]")).to_have_text(["4,590", "1,015"])
    expect_minimum_melds(page, 120, 50)

    # Deal 4: Anna & Cor reach 5305 and win.
    went_out(page, 1)
    fill_side(page, 0, natural=1, red_threes=1, meld=150, hand=35)
    fill_side(page, 1, natural=1, mixed=2, red_threes=1, meld=390, hand=30)
    save(page, 4)

    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")] == [
        [1285, -215],
        [685, 840],
        [2620, 390],
        [715, 1660],
    ]
    expect(page.locator(".winners")).to_contain_text("Anna & Cor")
    expect(page.locator(".canasta-hints [data-total]")).to_have_text(["5,305", "2,675"])
    expect(page.locator(".canasta-hints [data-minimum-meld]")).to_have_count(0)
    expect(page.locator("#round-form")).to_have_count(0)
    assert_fits_the_phone(page)


def test_once_the_packs_red_threes_are_all_counted_no_side_can_count_another(logged_in: Page, live_server):
    page = logged_in
    page.click("text=New match")
    page.click("text=Canasta")
    fill_seats(page, ["Anna", "Bram"])
    page.click("button:has-text('Start the match')")
    plus = page.locator("#round-form .canasta-counter:has([name$='.red_threes:int']) [data-step='1']")
    expect(plus).to_have_count(2)
    count_up(page, 0, "red_threes", 3)
    expect(plus.nth(1)).to_be_enabled()
    count_up(page, 1, "red_threes", 1)  # two packs, four red threes: all of them counted
    expect(plus.nth(0)).to_be_disabled()
    expect(plus.nth(1)).to_be_disabled()
    side(page, 0).locator(".canasta-counter:has([name$='.red_threes:int']) [data-step='-1']").click()
    expect(plus.nth(0)).to_be_enabled()
    expect(plus.nth(1)).to_be_enabled()
