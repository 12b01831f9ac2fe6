"""Boerenbridge (a house game's bids block) entered as the table plays it, on a touch phone at
360 x 740: the cards dealt and the dealer on top, the bids as they are made (the dealer last,
told the bid it may not make as soon as the others have bid), Enter on the last bid on to the
first player's tricks, and after play the tricks; the deal is stored once, whole. The typed bids
survive a reload during play; nothing is stored until the tricks are in.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from matches.models import Match, Round
from players.models import Club
from tests.browser.test_sheet_opens_at_its_top import SHOTS
from tests.browser.test_tap_budget import Counted, within_budget
from tests.factories import HouseGameFactory

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Bram", "Cor", "Dirk"]


def boerenbridge_at_deal_2(alice) -> Match:
    """Deal 1 (1 card, Anna dealt) played: deal 2 has 2 cards each, Bram deals, Cor bids first."""
    club = Club.personal_for(alice)
    game = HouseGameFactory.create(club=club, template="boerenbridge")
    match = Match.start(club=club, game=game.slug, players=PLAYERS, by=alice)
    match.add_round(
        {
            "entries": [
                {"bid": 0, "tricks": 0},
                {"bid": 1, "tricks": 1},
                {"bid": 1, "tricks": 0},
                {"bid": 0, "tricks": 0},
            ]
        },
        by=alice,
    )
    return match


def field(page: Page, seat: int, part: str):
    return page.locator(f"#round-form input[name='entries.{seat}.{part}:int']")


def test_the_bids_come_first_dealer_last_then_the_tricks_in_at_most_players_plus_two_taps(
    phone: Page,
    live_server,
):
    match = boerenbridge_at_deal_2(phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    facts = phone.locator("#round-form .deal-facts")
    expect(facts).to_have_text("2 cards each · Bram deals and bids last")
    expect(phone.locator("#round-form .dealer-rule")).to_contain_text("The bids may not add up to 2.")
    for selector in ("#round-form .deal-facts", "#round-form input[name='entries.2.bid:int']"):
        box = phone.locator(selector).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 740, (selector, box)

    counted = Counted(phone)
    counted.tap(field(phone, 2, "bid"))  # Cor, after the dealer, bids first
    forbidden = phone.locator("#round-form [data-forbidden]")
    for seat, bid in ((2, "1"), (3, "0"), (0, "0")):
        expect(field(phone, seat, "bid")).to_be_focused()
        expect(forbidden).to_have_text("")
        counted.type(bid)
        counted.enter()
    expect(field(phone, 1, "bid")).to_be_focused()  # the dealer, last
    expect(forbidden).to_have_text("Bram may not bid 1.")
    phone.screenshot(path=f"{SHOTS}/boerenbridge-bids.png")
    counted.type("0")
    counted.enter()
    expect(field(phone, 2, "tricks")).to_be_focused()  # after the last bid: the first player's tricks
    assert not Round.objects.filter(match=match, number=2).exists()

    for trick in ("1", "0", "1", "0"):  # Cor, Dirk, Anna, Bram
        counted.type(trick)
        counted.enter()
    expect(phone.locator("#saved")).to_contain_text("Deal 2 saved.")
    within_budget(counted, "Boerenbridge", len(PLAYERS))
    assert Round.objects.get(match=match, number=2).body["entries"] == [
        {"bid": 0, "tricks": 1},
        {"bid": 0, "tricks": 0},
        {"bid": 1, "tricks": 1},
        {"bid": 0, "tricks": 0},
    ]
    expect(phone.locator("#round-form .deal-facts")).to_have_text("3 cards each · Cor deals and bids last")


def test_the_bids_typed_before_play_survive_a_reload_and_nothing_is_stored_half(
    phone: Page,
    live_server,
):
    match = boerenbridge_at_deal_2(phone.alice)  # type: ignore[attr-defined]
    phone.goto(f"{live_server.url}/matches/{match.pk}/")
    field(phone, 2, "bid").click()
    for bid in ("1", "0", "0", "1"):
        phone.keyboard.type(bid)
        phone.keyboard.press("Enter")
    expect(phone.locator("#round-form .bid-line.invalid, #round-form input.invalid")).to_have_count(1)
    phone.reload()
    for seat, bid in ((2, "1"), (3, "0"), (0, "0"), (1, "1")):
        expect(field(phone, seat, "bid")).to_have_value(bid)
    expect(phone.locator("#round-form [data-forbidden]")).to_have_text("Bram may not bid 1.")
    assert phone.evaluate("scrollY") == 0
    assert match.rounds.count() == 1
