"""Klaverjassen and Tarot played to their end on a phone, in English, Dutch and French, by a
signed-in player: the new match with two deals, each deal tapped and typed in play order (the
Klaverjassen pair's tricks counted card by card on the calculator, the Tarot bonuses opened when
one is used), the engine's score shown before Save with the rule that made it, the next dealer,
and the winners once the last deal is in. Every screen lands in
test-results/journeys/<journey>/<lang>/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import (
    FOUR,
    TRUMPS_TWO_ACES_A_KING_AND_THE_LAST_TRICK,
    Sheet,
    game_name,
    say,
)
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.journey]


def start(phone: Phone, game: str, deals: int) -> Sheet:
    """The new-match page: four names, the number of deals among the options, Start. The sheet
    opens at its top with its first field on screen (the dealer is said in the game's hints,
    not marked in the scorebar)."""
    page = phone.page
    page.goto(f"/matches/new/{game}/")
    expect(page.locator("h1")).to_have_text(game_name(game, phone.lang))
    for seat, name in enumerate(FOUR):
        field = page.locator(f"#id_player_{seat}")
        if not field.is_visible():
            phone.tap(page.locator("button[data-add-seat]"), leaves=True)
        phone.tap_field(field, name)
    phone.tap(page.locator("details.options summary"))
    phone.tap_field(page.locator("#id_option_deals"), str(deals))
    phone.screenshot("four names and the deals")
    phone.tap(page.locator("main form button.primary"), loads=True)
    sheet = Sheet(phone)
    expect(sheet.title).to_have_text(game_name(game, phone.lang))
    sheet.assert_opened(next_items=False)
    phone.screenshot("the empty sheet")
    return sheet


def test_a_klaverjassen_match_to_its_end(open_phone, lang):
    phone = open_phone("klaverjassen-to-the-end", lang, UserFactory())
    sheet = start(phone, "klaverjassen", 2)
    preview = sheet.form.locator("[data-preview]")

    # Deal 1: Anna & Cor play; their tricks counted on the calculator: every trump (20 + 14 + 11 +
    # 10 + 4 + 3), two aces and a king (11 + 11 + 4) and the last trick (10) = 98, and "Use" puts
    # them in; Bram & Dirk's 64 follow from 162. With 20 roem: made.
    phone.tap(sheet.pick("playing:int", "0"))
    sheet.count_on_the_calculator("entries.0.points:int", TRUMPS_TWO_ACES_A_KING_AND_THE_LAST_TRICK, "98")
    expect(sheet.field("entries.0.points:int")).to_have_value("98")
    expect(sheet.field("entries.1.points:int")).to_have_value("64")
    phone.tap_field(sheet.field("entries.0.roem:int"), "20")
    made = "Made: %(playing)s has %(own)s of %(total)s, more than half; each pair scores its own points."
    expect(preview).to_contain_text(say(lang, made, playing="Anna & Cor", own=118, total=182))
    preview.scroll_into_view_if_needed()  # the rule under the form, as the player reads it
    phone.screenshot("deal 1 made, before Save")
    phone.tap(sheet.save, leaves=True)
    sheet.assert_saved(1)
    phone.screenshot("deal 1 saved")

    # Deal 2, the last: Bram & Dirk play, 71 card points and 20 roem, exactly half of 182: nat,
    # and Anna & Cor score 162 + 20.
    phone.tap(sheet.pick("playing:int", "1"))
    phone.tap_field(sheet.field("entries.0.points:int"), "91")
    expect(sheet.field("entries.1.points:int")).to_have_value("71")
    phone.tap_field(sheet.field("entries.1.roem:int"), "20")
    nat = "Nat: %(cards)s + %(roem)s roem to %(other)s."
    expect(preview).to_contain_text(say(lang, nat, cards=162, roem=20, other="Anna & Cor"))
    preview.scroll_into_view_if_needed()  # the rule under the form, as the player reads it
    phone.screenshot("deal 2 nat, before Save")
    phone.tap(sheet.save, leaves=True)

    winners = phone.page.locator(".winners")
    expect(winners).to_contain_text("Anna & Cor")
    expect(sheet.form).to_have_count(0)
    phone.assert_on_screen(winners, "the winners")
    phone.screenshot("the winners")
    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")] == [[118, 64], [182, 0]]


def test_a_tarot_match_to_its_end(open_phone, lang):
    phone = open_phone("tarot-to-the-end", lang, UserFactory())
    sheet = start(phone, "tarot", 2)
    expect(phone.page.locator(".tarot-hints strong")).to_have_text("Anna")  # Anna deals first
    preview = sheet.form.locator("[data-preview]")
    rule = {
        True: "%(contract)s, %(oudlers)s oudlers, %(points)s points: made by %(difference)s → %(formula)s",
        False: "%(contract)s, %(oudlers)s oudlers, %(points)s points: lost by %(difference)s → %(formula)s",
    }

    # Deal 1: Bram's garde, 47 points with 2 oudlers: made by 6, (25 + 6) x 2 = 62 a defender.
    phone.tap(sheet.pick("taker:int", "1"))
    phone.tap(sheet.pick("contract:str", "garde"))
    phone.tap_field(sheet.field("points:int"), "47")
    phone.tap(sheet.pick("oudlers:int", "2"))
    formula = "(25 + 6) \u00d7 2 = 62"
    said = say(
        lang, rule[True], contract=say(lang, "Garde"), oudlers=2, points=47, difference=6, formula=formula
    )
    expect(preview).to_contain_text(said)
    expect(preview.locator(".tarot-shares li")).to_have_text(
        ["Anna \u221262", "Bram +186", "Cor \u221262", "Dirk \u221262"]
    )
    preview.scroll_into_view_if_needed()  # the rule under the form, as the player reads it
    phone.screenshot("deal 1 made, before Save")
    phone.tap(sheet.save, leaves=True)
    sheet.assert_saved(1)
    expect(phone.page.locator(".tarot-hints strong")).to_have_text("Bram")  # who deals next
    phone.screenshot("deal 1 saved")

    # Deal 2, the last: Anna's garde contre, 30 points with 2 oudlers: lost by 11; the petit au
    # bout to the defence, under the bonuses opened for it: (-(25 + 11) - 10) x 6 = -276 a
    # defender; Anna pays 828.
    phone.tap(sheet.pick("taker:int", "0"))
    phone.tap(sheet.pick("contract:str", "garde_contre"))
    phone.tap_field(sheet.field("points:int"), "30")
    phone.tap(sheet.pick("oudlers:int", "2"))
    phone.tap(sheet.form.locator("details.tarot-bonuses summary"))
    phone.tap(sheet.pick("petit_au_bout:str", "defence"))
    formula = "(\u2212(25 + 11) \u2212 10) \u00d7 6 = \u2212276"
    contract = say(lang, "Garde contre")
    said = say(lang, rule[False], contract=contract, oudlers=2, points=30, difference=11, formula=formula)
    expect(preview).to_contain_text(said)
    preview.scroll_into_view_if_needed()  # the rule under the form, as the player reads it
    phone.screenshot("deal 2 lost, before Save")
    phone.tap(sheet.save, leaves=True)

    # Totals: Anna -62 - 828 = -890, Bram 186 + 276 = 462, Cor and Dirk -62 + 276 = 214.
    winners = phone.page.locator(".winners")
    expect(winners).to_contain_text("Bram")
    expect(sheet.form).to_have_count(0)
    phone.assert_on_screen(winners, "the winners")
    phone.screenshot("the winners")
    match = Match.objects.get()
    assert match.status == "finished"
    assert [r.scores for r in match.rounds.order_by("number")] == [
        [-62, 186, -62, -62],
        [-828, 276, 276, 276],
    ]
