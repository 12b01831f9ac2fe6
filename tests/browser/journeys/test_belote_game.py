"""A Belote game played to its end on a touch phone, in each language: the taker's pair tapped
first, one pair's card points counted on the calculator or typed and the other's filled in from
162, belote and capot ticked,
the deal's score read before Save (made, dedans at 81 each), and the winner once a pair passes
501; and a Contrée game to 1000 (a contract made with belote, then one surcontré and down); each
screen as the scorer sees it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from matches.models import Match
from players.models import Club
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import FOUR, TRUMPS_TWO_ACES_A_KING_AND_THE_LAST_TRICK, Sheet, say
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.journey]

US, THEM = "Anna & Cor", "Bram & Dirk"


def deal(
    phone: Phone,
    sheet: Sheet,
    taker: int,
    points: int,
    *,
    belote: bool = False,
    capot: bool = False,
    counted: bool = False,
) -> None:
    """The deal in play order: the taker's pair, pair 0's card points (typed, or counted card by
    card on the calculator: 98), pair 1's following from 162, then the boxes."""
    phone.tap(sheet.pick("taker:int", str(taker)))
    if counted:
        sheet.count_on_the_calculator("entries.0.points:int", TRUMPS_TWO_ACES_A_KING_AND_THE_LAST_TRICK, "98")
        expect(sheet.field("entries.0.points:int")).to_have_value(str(points))
    else:
        phone.tap_field(sheet.field("entries.0.points:int"), str(points))
    expect(sheet.field("entries.1.points:int")).to_have_value(str(162 - points))
    if belote:
        phone.tap(sheet.pick("entries.0.belote:bool", "1"))
    if capot:
        phone.tap(sheet.pick("entries.0.capot:bool", "1"))


def test_a_belote_game_to_501_played_to_its_winner(open_phone, lang):
    user = UserFactory()
    match = Match.start(
        club=Club.personal_for(user), game="belote", players=FOUR, options={"target": 501}, by=user
    )
    phone: Phone = open_phone("belote-game", lang, user)
    phone.page.goto(f"/matches/{match.pk}/")
    sheet = Sheet(phone)
    sheet.assert_opened()
    phone.screenshot("the sheet")
    preview = phone.page.locator("[data-preview]")

    # Deal 1: Anna & Cor take, 98 card points counted on the calculator, and belote: 118 against
    # 64, made.
    deal(phone, sheet, 0, 98, belote=True, counted=True)
    made = "Made: %(taker)s has %(own)s against %(other)s; each pair scores its own points."
    expect(preview).to_contain_text(say(lang, made, taker=US, own=118, other=64))
    phone.screenshot("deal 1 made, before Save")
    phone.tap(sheet.save, leaves=True)
    sheet.assert_saved(1)

    # Deal 2: Bram & Dirk take; 81 each is not more: dedans, 162 to Anna & Cor.
    deal(phone, sheet, 1, 81)
    expect(preview).to_contain_text(say(lang, "Dedans: %(tricks)s to %(other)s.", tricks=162, other=US))
    phone.screenshot("deal 2 dedans, before Save")
    phone.tap(sheet.save, leaves=True)
    sheet.assert_saved(2)

    # Deal 3: Anna & Cor take every trick: capot 250; 280 + 250 = 530 passes 501.
    deal(phone, sheet, 0, 162, capot=True)
    phone.screenshot("deal 3 capot, before Save")
    phone.tap(sheet.save, leaves=True)
    expect(phone.page.locator(".winners")).to_contain_text(US)
    expect(sheet.form).to_have_count(0)
    phone.screenshot("the winner")
    assert [r.scores for r in match.rounds.order_by("number")] == [[118, 64], [162, 0], [250, 0]]
    match.refresh_from_db()
    assert match.status == "finished"


def test_a_contree_game_to_1000_played_to_its_winner(open_phone, lang):
    user = UserFactory()
    match = Match.start(
        club=Club.personal_for(user), game="belote-contree", players=FOUR, options={"target": 1000}, by=user
    )
    phone: Phone = open_phone("contree-game", lang, user)
    phone.page.goto(f"/matches/{match.pk}/")
    sheet = Sheet(phone)
    sheet.assert_opened()
    preview = phone.page.locator("[data-preview]")

    # Deal 1: Anna & Cor bid 90 and make 98 with belote: 90 + 98 + 20 = 208; Bram & Dirk 64.
    phone.tap(sheet.pick("taker:int", "0"))
    phone.tap(sheet.pick("contract:int", "90"))
    deal(phone, sheet, 0, 98, belote=True)
    made = "Made: %(taker)s has %(reached)s for a contract of %(contract)s."
    expect(preview).to_contain_text(say(lang, made, taker=US, reached=118, contract=90))
    phone.screenshot("deal 1 made, before Save")
    phone.tap(sheet.save, leaves=True)
    sheet.assert_saved(1)

    # Deal 2: Bram & Dirk bid 120, contré and surcontré, and make 102: down, (160 + 120) x 4 = 1120
    # to Anna & Cor, whose 1328 pass 1000.
    phone.tap(sheet.pick("taker:int", "1"))
    phone.tap(sheet.pick("contract:int", "120"))
    phone.tap(sheet.pick("contre:bool", "1"))
    phone.tap(sheet.pick("surcontre:bool", "1"))
    phone.tap_field(sheet.field("entries.0.points:int"), "60")
    down = "Down: %(taker)s has %(reached)s for a contract of %(contract)s."
    expect(preview).to_contain_text(say(lang, down, taker=THEM, reached=102, contract=120))
    phone.screenshot("deal 2 down surcontre, before Save")
    phone.tap(sheet.save, leaves=True)
    expect(phone.page.locator(".winners")).to_contain_text(US)
    phone.screenshot("the winner")
    assert [r.scores for r in match.rounds.order_by("number")] == [[208, 64], [1120, 0]]
