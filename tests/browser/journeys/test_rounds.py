"""The rounds of a match as a table enters them: an ordinary round by the Enter path and one by
taps, a refused round and its rule, a correction, undo and redo; each screen as the scorer sees it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from matches.models import Match
from players.models import Club
from tests.browser.journeys.player import Phone
from tests.browser.journeys.sheets import FOUR, GAMES, ROUNDS, Sheet
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.journey]


def open_match(open_phone, journey: str, lang: str, game: str, deals: list[dict] | None = None):
    """A signed-in scorer's phone on a new match of four (set up by the factories)."""
    user = UserFactory()
    match = Match.start(club=Club.personal_for(user), game=game, players=FOUR, by=user)
    for deal in deals or []:
        match.add_round(deal, by=user)
    phone: Phone = open_phone(journey, lang, user)
    phone.page.goto(f"/matches/{match.pk}/")
    return phone, Sheet(phone), match


@pytest.mark.parametrize("game", GAMES)
def test_an_ordinary_round_by_the_enter_path_then_one_by_taps(open_phone, lang, game):
    phone, sheet, match = open_match(open_phone, f"ordinary-rounds-{game}", lang, game)
    sheet.assert_opened(next_items=game != "barbuse")
    phone.screenshot("the sheet")
    ROUNDS[game].enter_path(sheet)
    sheet.assert_saved(1)
    phone.assert_first_screen(top=True, title=sheet.title, first_field=sheet.first_field())
    phone.screenshot("deal 1 saved by the enter path")
    ROUNDS[game].tap_path(sheet)
    sheet.assert_saved(2)
    phone.assert_first_screen(top=True, title=sheet.title, first_field=sheet.first_field())
    phone.screenshot("deal 2 saved by taps")
    assert match.rounds.count() == 2


def _refuse_frustration(phone: Phone, sheet: Sheet) -> None:
    """Anna out; Bram 15, Cor 95 (not laid down), Dirk 7: not a multiple of 5."""
    phone.tap(sheet.chip(0))
    phone.type_each(["15", "95"])
    phone.type("7")
    phone.tap(sheet.pick("entries.2.laid_down:bool", "0"))


def _refuse_duizenden(phone: Phone, sheet: Sheet) -> None:
    """Anna out with 1,740 on the table, more than the cards hold; the others' points as usual."""
    phone.tap(sheet.chip(0))
    phone.type_each(["1740", "60", "35", "120", "20", "45"])
    phone.type("80")


def _refuse_canasta(phone: Phone, sheet: Sheet) -> None:
    """Anna & Cor out without a canasta: every field filled, only the rule is broken."""
    phone.tap(sheet.chip(0))
    for name, value in (
        ("entries.0.meld_points:int", "150"),
        ("entries.0.hand_points:int", "0"),
        ("entries.1.meld_points:int", "100"),
        ("entries.1.hand_points:int", "20"),
    ):
        phone.tap_field(sheet.field(name), value)


def _refuse_barbuse(phone: Phone, sheet: Sheet) -> None:
    """Knobbelen: bids 3 2 1 2, then ten tricks taken in a deal of nine."""
    phone.tap(sheet.field("[contract=knobbelen]entries.0.bid:int"))
    phone.type_each(["3", "2", "1", "2", "9", "1", "0"])
    phone.type("0")


REFUSE = {
    "frustration-nl": (_refuse_frustration, "entries.3.points:int", "7"),
    "frustration-fr": (_refuse_frustration, "entries.3.points:int", "7"),
    "duizenden": (_refuse_duizenden, "entries.0.table_points:int", "1740"),
    "canasta": (_refuse_canasta, "entries.0.meld_points:int", "150"),
    "barbuse": (_refuse_barbuse, "[contract=knobbelen]entries.0.tricks:int", "9"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_round_and_its_rule(open_phone, lang, game):
    phone, sheet, match = open_match(open_phone, f"refused-round-{game}", lang, game)
    sheet.assert_opened(next_items=game != "barbuse")
    enter, kept_field, kept_value = REFUSE[game]
    enter(phone, sheet)
    phone.tap(sheet.save, leaves=True)
    reasons = sheet.form.locator("[data-refused]")
    expect(reasons).to_be_focused()
    phone.assert_on_screen(reasons, "the reasons")
    expect(sheet.field(kept_field)).to_have_value(kept_value)
    rule = reasons.locator("a.refusal-rule").first
    phone.assert_on_screen(rule, "the rule's link")
    phone.screenshot("refused")
    assert not match.rounds.exists()

    phone.tap(rule, leaves=True)
    heading = phone.page.locator("#rules-panel :is(h1, h2, h3, h4)").first
    expect(heading).to_be_visible()
    phone.assert_on_screen(heading, "the rule's heading")
    phone.screenshot("the rule")
    assert phone.page.url.endswith(f"/matches/{match.pk}/")  # still on the sheet


FRUSTRATION_DEAL = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 15},
        {"laid_down": False, "went_out": False, "points": 95},
        {"laid_down": True, "went_out": False, "points": 30},
    ]
}
DUIZENDEN_DEAL = {
    "entries": [
        {"went_out": True, "table_points": 230, "hand_points": 0},
        {"went_out": False, "table_points": 60, "hand_points": 35},
        {"went_out": False, "table_points": 120, "hand_points": 20},
        {"went_out": False, "table_points": 45, "hand_points": 80},
    ]
}


def _canasta_side(went_out: bool, natural: int, mixed: int, threes: int, meld: int, hand: int) -> dict:
    return {
        "went_out": went_out,
        "natural_canastas": natural,
        "mixed_canastas": mixed,
        "red_threes": threes,
        "meld_points": meld,
        "hand_points": hand,
    }


CANASTA_DEAL = {"entries": [_canasta_side(True, 1, 1, 2, 310, 25), _canasta_side(False, 0, 1, 1, 180, 95)]}
BARBUSE_DEAL = {
    "contract": "knobbelen",
    "entries": [
        {"bid": 3, "tricks": 3},
        {"bid": 2, "tricks": 3},
        {"bid": 1, "tricks": 1},
        {"bid": 2, "tricks": 2},
    ],
}

# game: (the deal stored, {field: new value}, what the deal holds after the correction)
CORRECTIONS = {
    "frustration-nl": (
        FRUSTRATION_DEAL,
        {"entries.2.points:int": "85", "entries.1.points:int": "20"},
        [(True, True, 0), (True, False, 20), (False, False, 85), (True, False, 30)],
    ),
    "duizenden": (
        DUIZENDEN_DEAL,
        {
            "entries.0.table_points:int": "250",
            "entries.1.table_points:int": "65",
            "entries.1.hand_points:int": "30",
        },
        [(True, 250, 0), (False, 65, 30), (False, 120, 20), (False, 45, 80)],
    ),
    "canasta": (
        CANASTA_DEAL,
        {
            "entries.1.natural_canastas:int": "1",
            "entries.1.mixed_canastas:int": "0",
            "entries.1.red_threes:int": "2",
            "entries.1.meld_points:int": "185",
            "entries.1.hand_points:int": "90",
        },
        [(True, 1, 1, 2, 310, 25), (False, 1, 0, 2, 185, 90)],
    ),
    "barbuse": (
        BARBUSE_DEAL,
        {
            "[contract=knobbelen]entries.2.bid:int": "2",
            "[contract=knobbelen]entries.0.tricks:int": "2",
            "[contract=knobbelen]entries.3.tricks:int": "3",
        },
        [(3, 2), (2, 3), (2, 1), (2, 3)],
    ),
}
CORRECTIONS["frustration-fr"] = CORRECTIONS["frustration-nl"]
SECOND_DEALS = {
    "barbuse": {
        "contract": "no_queens",
        "entries": [{"queens": 1}, {"queens": 0}, {"queens": 2}, {"queens": 1}],
    }
}


def _read(game: str, body: dict) -> list[tuple]:
    entries = body["entries"]
    if game.startswith("frustration"):
        return [(e["laid_down"], e["went_out"], e["points"]) for e in entries]
    if game == "duizenden":
        return [(e["went_out"], e["table_points"], e["hand_points"]) for e in entries]
    if game == "canasta":
        keys = ("went_out", "natural_canastas", "mixed_canastas", "red_threes", "meld_points", "hand_points")
        return [tuple(e[k] for k in keys) for e in entries]
    return [(e["bid"], e["tricks"]) for e in entries]


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_then_undo_and_redo(open_phone, lang, game):
    deal, changes, corrected = CORRECTIONS[game]
    second = SECOND_DEALS.get(game, deal)
    phone, sheet, match = open_match(open_phone, f"correction-{game}", lang, game, [deal, second])
    page = phone.page
    sheet.assert_opened(next_items=game != "barbuse")
    edit = page.locator(".grid tbody tr[data-round='1'] a.edit")
    phone.tap(edit, loads=True)
    heading = page.locator("main h1")
    phone.assert_first_screen(title=heading)
    phone.screenshot("the correction page")
    for name, value in changes.items():
        phone.tap_field(page.locator(f"form.round-form input[name='{name}']:not([type=hidden])"), value)
    if game.startswith("frustration"):
        # Cor's stored "no" still stands: 85 fits both answers.
        no = page.locator("input[name='entries.2.laid_down:bool'][value='0']")
        phone.check(no.is_checked(), "Cor's stored 'laid down? no' kept after retyping his points")
    phone.screenshot("changed")
    save = page.locator("form.round-form button.primary")
    phone.tap(save, loads=True)
    sheet = Sheet(phone)
    expect(page.locator(".flash, #saved p").first).to_be_visible()
    phone.assert_first_screen(title=sheet.title, notice=page.locator(".flash, #saved p").first)
    phone.screenshot("corrected")
    match.refresh_from_db()
    assert _read(game, match.rounds.get(number=1).body) == corrected

    page.once("dialog", lambda dialog: dialog.accept())
    phone.tap(page.locator("form.undo button"), leaves=True)
    expect(page.locator("#saved button")).to_be_visible()
    phone.assert_on_screen(page.locator("#saved"), "the undo notice")
    phone.screenshot("undone")
    assert match.rounds.count() == 1
    phone.tap(page.locator("#saved button"), leaves=True)
    expect(page.locator(".grid tbody tr[data-round='2']")).to_have_count(1)
    phone.assert_on_screen(page.locator("#saved"), "the redo notice")
    expect(page.locator("#saved")).to_contain_text(re.compile("2"))
    phone.screenshot("redone")
    assert match.rounds.count() == 2
    assert get_user_model().objects.count() == 1
