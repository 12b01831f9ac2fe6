"""A whole Duizenden match on a phone: two teams of two to 1000, cards counted on the calculator
(the queen of spades included), a refused deal, and the winning team."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Match, Round
from tests.browser.conftest import assert_fits_the_phone, fill_seats, open_calculator

pytestmark = pytest.mark.browser


def calculator(page: Page, seat: int, part: str) -> Locator:
    """The form's one calculator, opened for ``entries.<seat>.<part>_points`` by its key."""
    return open_calculator(page, f"entries.{seat}.{part}_points:int")


def count(page: Page, seat: int, part: str, cards: dict[str, int]) -> None:
    calc = calculator(page, seat, part)
    for rank, times in cards.items():
        for _ in range(times):
            calc.locator(f"button[data-rank='{rank}']").click()


def points(page: Page, seat: int, part: str) -> Locator:
    return page.locator(f"#round-form input[name='entries.{seat}.{part}_points:int']")


def enter_deal(page: Page, went_out: int, seats: list[tuple[int, int]]) -> None:
    """Type every seat's table and hand, choose who went out, save."""
    form = page.locator("#round-form")
    form.locator(f"input[name='@went_out'][value='{went_out}']").check()
    for seat, (table, hand) in enumerate(seats):
        points(page, seat, "table").fill(str(table))
        points(page, seat, "hand").fill(str(hand))
    form.locator("button[type=submit]").click()


def enter_deal_keeping_counts(page: Page, went_out: int) -> None:
    """Deal 2 with the counted cards left in place: everyone else typed."""
    form = page.locator("#round-form")
    form.locator(f"input[name='@went_out'][value='{went_out}']").check()
    points(page, 0, "hand").fill("30")
    points(page, 1, "table").fill("145")
    points(page, 2, "table").fill("40")
    points(page, 2, "hand").fill("140")
    points(page, 3, "table").fill("260")
    points(page, 3, "hand").fill("0")
    form.locator("button[type=submit]").click()


def test_plays_a_duizenden_team_match_to_1000_at_phone_size(logged_in: Page, live_server):
    page = logged_in
    page.click("text=New match")
    page.click("text=Duizenden")
    fill_seats(page, ["Anna", "Bram", "Cor", "Dirk"])
    page.select_option("#id_teams", label="Partners opposite each other")
    page.click("button:has-text('Start the match')")
    expect(page.locator("h1")).to_have_text("Duizenden")
    hints = page.locator(".duizenden-hints")
    expect(hints).to_contain_text("Anna & Cor")
    expect(hints).to_contain_text("Bram & Dirk")
    expect(hints.locator(".still")).to_have_text(["1000 to go", "1000 to go"])
    # One block per seat, with its team.
    expect(page.locator("#round-form fieldset[data-entry]")).to_have_count(4)
    expect(page.locator("fieldset[data-entry='3'] legend")).to_contain_text("team 2")
    assert_fits_the_phone(page)

    # Deal 1 (spec example 2). Anna goes out; her 180 on the table is counted: the queen of
    # spades, three aces and two jacks. Dirk's 110 in hand too: the other queen and two fives.
    page.locator("#round-form input[name='@went_out'][value='0']").check()
    expect(points(page, 0, "hand")).to_have_value("0")
    count(page, 0, "table", {"QS": 1, "A": 3, "J": 2})
    expect(points(page, 0, "table")).to_have_value("180")
    anna_table = calculator(page, 0, "table")
    expect(page.locator("input[name='entries.0.table_cards.QS:int']")).to_have_value("1")
    qs = anna_table.locator("button[data-rank='QS']")
    # The queen of spades key stands out from the other keys.
    queen = page.locator("button[data-rank='Q']").first
    assert qs.evaluate("e => getComputedStyle(e).backgroundColor") != queen.evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    points(page, 1, "table").fill("90")
    points(page, 1, "hand").fill("45")
    points(page, 2, "table").fill("150")
    points(page, 2, "hand").fill("20")
    points(page, 3, "table").fill("35")
    count(page, 3, "hand", {"QS": 1, "5": 2})
    expect(points(page, 3, "hand")).to_have_value("110")
    page.locator("#round-form button[type=submit]").click()
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(1)
    expect(page.locator(".grid tfoot")).to_contain_text("310")
    expect(hints.locator(".still")).to_have_text(["690 to go", "1030 to go"])
    stored = Round.objects.get()
    assert stored.body["entries"][0]["table_cards"] == {"QS": 1, "A": 3, "J": 2}
    assert stored.body["entries"][3]["hand_cards"] == {"QS": 1, "5": 2}

    # A refused deal: a third queen of spades. Nothing is stored, the reason sits beside Bram's
    # hand calculator, and the cards counted and points typed stay.
    count(page, 0, "table", {"QS": 2})
    count(page, 1, "hand", {"QS": 1})
    enter_deal_keeping_counts(page, went_out=3)
    bram = page.locator("fieldset[data-entry='1']")
    expect(bram.locator(".error")).to_contain_text("More of this card in this deal than the packs hold (2).")
    expect(page.locator("fieldset[data-entry='0'] .error")).to_have_count(0)
    expect(points(page, 1, "hand")).to_have_value("100")
    expect(bram.locator("input[name='entries.1.hand_cards.QS:int']")).to_have_value("1")
    assert Round.objects.count() == 1
    assert_fits_the_phone(page)

    # Clearing the calculator and typing instead; then deals 2 to 5 of the example.
    calculator(page, 0, "table").locator("[data-clear]").click()
    calculator(page, 1, "hand").locator("[data-clear]").click()
    deals = [
        (3, [(75, 30), (145, 10), (40, 140), (260, 0)]),
        (2, [(210, 15), (120, 60), (320, 0), (55, 85)]),
        (1, [(130, 50), (275, 0), (95, 20), (190, 25)]),
        (0, [(240, 0), (150, 20), (60, 35), (100, 30)]),
    ]
    for number, (out, seats) in enumerate(deals, start=2):
        enter_deal(page, out, seats)
        expect(page.locator(".grid tbody tr[data-round]")).to_have_count(number)
        if number == 4:
            expect(hints.locator(".still")).to_have_text(["75 to go", "165 to go"])

    # Both teams passed 1000 in deal 5; Anna & Cor have more (1190 against 1035).
    expect(page.locator(".winners")).to_contain_text("Anna & Cor")
    expect(page.locator(".grid tfoot")).to_contain_text("1,190")
    expect(page.locator(".grid tfoot")).to_contain_text("1,035")
    expect(page.locator("#round-form")).to_have_count(0)
    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")][-1] == [265, 200]
    assert_fits_the_phone(page)
