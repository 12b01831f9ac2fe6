"""A whole Barbuse match on a phone: twenty deals, five contracts per spelmaker, a refusal, the
winner. The deals are the spec's Example 3 (spec/games/barbuse.md)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match, Round
from tests.browser.conftest import assert_fits_the_phone

pytestmark = pytest.mark.browser

# Example 3, one (contract, per-seat values) per deal: (bid, tricks), queens, hearts, place, king.
DEALS: list[tuple[str, list[Any]]] = [
    ("no_queens", [0, 1, 2, 1]),
    ("knobbelen", [(1, 3), (1, 2), (1, 2), (1, 2)]),
    ("aanleggen", [1, 2, 3, 4]),
    ("no_hearts", [3, 3, 2, 1]),
    ("no_king_of_hearts", [False, False, False, True]),
    ("knobbelen", [(2, 2), (4, 4), (0, 1), (2, 2)]),
    ("no_hearts", [0, 9, 0, 0]),
    ("no_king_of_hearts", [True, False, False, False]),
    ("no_queens", [1, 1, 1, 1]),
    ("aanleggen", [3, 1, 4, 2]),
    ("aanleggen", [2, 3, 1, 4]),
    ("no_queens", [2, 0, 0, 2]),
    ("knobbelen", [(3, 2), (3, 2), (2, 3), (1, 2)]),
    ("no_king_of_hearts", [False, True, False, False]),
    ("no_hearts", [1, 2, 4, 2]),
    ("no_hearts", [2, 1, 3, 3]),
    ("knobbelen", [(2, 2), (2, 2), (3, 4), (3, 1)]),
    ("aanleggen", [4, 2, 1, 3]),
    ("no_queens", [0, 3, 1, 0]),
    ("no_king_of_hearts", [False, False, True, False]),
]
SPELMAKERS = ["Anna", "Bram", "Cor", "Dirk"]


def choose(page: Page, contract: str) -> Any:
    """Tap the contract; its fields (and only those) appear."""
    form = page.locator("#round-form")
    form.locator(f"label.contract:has(input[value='{contract}'])").click()
    fields = form.locator(f"fieldset.contract-fields[data-contract='{contract}']")
    expect(fields).to_be_visible()
    expect(form.locator("fieldset.contract-fields:visible")).to_have_count(1)
    return fields


def enter(page: Page, contract: str, values: list[Any]) -> None:
    fields = choose(page, contract)
    if contract == "knobbelen":
        for seat, (bid, _) in enumerate(values):  # the bids first, then the tricks
            fields.locator(f"input[name$='entries.{seat}.bid:int']").fill(str(bid))
        for seat, (_, tricks) in enumerate(values):
            fields.locator(f"input[name$='entries.{seat}.tricks:int']").fill(str(tricks))
    elif contract == "no_queens":  # tapped on the steppers, from whatever they show
        for seat, count in enumerate(values):
            counter = fields.locator(".counter").nth(seat)
            shown = int(counter.locator("input").input_value())
            step = counter.locator(f"button[data-step='{1 if count > shown else -1}']")
            for _ in range(abs(count - shown)):
                step.click()
            expect(counter.locator("input")).to_have_value(str(count))
    elif contract == "no_hearts":  # typed
        for seat, count in enumerate(values):
            fields.locator(f"input[name$='entries.{seat}.hearts:int']").fill(str(count))
    elif contract == "aanleggen":  # three taps: the last place fills itself
        last = values.index(4)
        for seat, place in enumerate(values):
            if seat != last:
                fields.locator(".place-row").nth(seat).locator(
                    f"label.place:has(input[value='{place}'])"
                ).click()
        expect(fields.locator(".place-row").nth(last).locator("input[value='4']")).to_be_checked()
    else:  # one tap on who took the king of hearts
        fields.locator(".king").nth(values.index(True)).click()
    page.locator("#round-form button[type=submit]").click()


def test_plays_all_twenty_barbuse_deals_to_a_winner_at_phone_size(logged_in: Page, live_server):
    page = logged_in
    page.click("text=New match")
    page.click("text=Barbuse")
    for seat, name in enumerate(SPELMAKERS):
        page.fill(f"#id_player_{seat}", name)
    page.click("button:has-text('Start the match')")
    expect(page.locator("h1")).to_have_text("Barbuse")
    expect(page.locator(".barbuse-hints")).to_contain_text("Spelmaker Anna still chooses")
    expect(page.locator(".barbuse-grid tbody tr")).to_have_count(5)
    expect(page.locator("#round-form input[name='contract:str']")).to_have_count(5)
    # The first contract left is preselected, its fields open; another is one tap away.
    expect(page.locator("#round-form input[value='knobbelen']")).to_be_checked()
    expect(page.locator(".pick-first")).to_be_hidden()
    assert_fits_the_phone(page)

    # Live count of the queens still to hand out, with the steppers.
    fields = choose(page, "no_queens")
    unassigned = fields.locator(".unassigned")
    expect(unassigned).to_have_text("Queens still unassigned: 4")
    fields.locator(".counter").nth(3).locator("button[data-step='1']").click()
    expect(unassigned).to_have_text("Queens still unassigned: 3")
    assert_fits_the_phone(page)

    # A refused deal: five queens. The reason is on top, the counts stay, nothing is stored.
    for seat in range(3):
        fields.locator(".counter").nth(seat).locator("button[data-step='1']").click()
    fields.locator(".counter").nth(3).locator("button[data-step='1']").click()
    expect(unassigned).to_have_text("Too many queens: 1")
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator("#round-form .errors")).to_contain_text("The queens must add up to 4, not 5.")
    expect(page.locator("input[name='[contract=no_queens]entries.3.queens:int']")).to_have_value("2")
    assert Round.objects.count() == 0

    for number, (contract, values) in enumerate(DEALS, start=1):
        enter(page, contract, values)
        expect(page.locator(".grid tbody tr[data-round]")).to_have_count(number)
        expect(page.locator(f".barbuse-grid td[data-deal='{number}']")).to_have_count(1)
        if number < len(DEALS):
            spelmaker = SPELMAKERS[number // 5]
            expect(page.locator(".barbuse-hints .spelmaker")).to_contain_text(spelmaker)
            expect(page.locator("#round-form input[name='contract:str']")).to_have_count(5 - number % 5)
        if number == 13:
            assert_fits_the_phone(page)

    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")][-1] == [0, 0, 80, 0]
    expect(page.locator(".winners")).to_contain_text("Bram")
    expect(page.locator(".barbuse-grid tfoot td")).to_have_text(["300", "210", "540", "410"])
    expect(page.locator(".barbuse-grid td.played")).to_have_count(20)
    expect(page.locator("#round-form")).to_have_count(0)
    assert_fits_the_phone(page)
