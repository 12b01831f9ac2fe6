"""The scoresheet as a player finds it, and the five games' ordinary rounds: what to tap and type
on the Enter path and on the tap path, and what is stored."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import translation
from playwright.sync_api import Locator, expect

from games.registry import home_for
from tests.browser.journeys.player import Phone

FOUR = ["Anna", "Bram", "Cor", "Dirk"]


def say(lang: str, text: str, **values: object) -> str:
    """A UI text as the page shows it in ``lang`` (the msgid as the template writes it)."""
    with translation.override(lang):
        return translation.gettext(text) % values if values else translation.gettext(text)


def game_name(slug: str, lang: str) -> str:
    with translation.override(lang):
        return str(home_for(slug).name)


class Sheet:
    """The parts of a scoresheet a player looks for."""

    def __init__(self, phone: Phone) -> None:
        page = phone.page
        self.phone = phone
        self.page = page
        self.title = page.locator(".sheet-head h1")
        self.form = page.locator("#round-form")
        self.save = self.form.locator("button.save")
        self.next_items = page.locator("#scorebar .standings .item")
        self.notice = page.locator("#saved p").first
        self.rows = page.locator(".grid tbody tr[data-round]")

    def chip(self, seat: int) -> Locator:
        """Who went out: the chip of the player (or side) at ``seat``."""
        return self.form.locator(f"label.chip:has(input[name='@went_out'][value='{seat}'])")

    def field(self, name: str) -> Locator:
        return self.form.locator(f"input[name='{name}']:not([type=hidden])")

    def pick(self, name: str, value: str) -> Locator:
        """The label a finger taps for a radio or box."""
        return self.form.locator(f"label:has(input[name='{name}'][value='{value}'])")

    def first_field(self) -> Locator:
        return self.form.locator("label.chip, label.contract, input[type=number]").first

    def assert_opened(self, *, next_items: bool = True) -> None:
        """The sheet as it opens: at its top, title, next items and the first field on screen."""
        expect(self.form).to_be_visible()
        self.phone.assert_first_screen(
            title=self.title,
            first_field=self.first_field(),
            next_items=self.next_items if next_items else None,
        )

    def assert_saved(self, number: int) -> None:
        """After Save: the row in the grid, and the notice with its undo on screen."""
        expect(self.page.locator(f".grid tbody tr[data-round='{number}']")).to_have_count(1)
        expect(self.notice).to_be_visible()
        self.phone.assert_on_screen(self.notice, "the notice after saving")
        self.phone.assert_on_screen(self.title, "the title after saving")
        self.phone.assert_on_screen(self.first_field(), "the next deal's first field")


@dataclass(frozen=True)
class Round:
    """One ordinary round of a game, entered the way the sheet invites."""

    enter_path: Callable[[Sheet], None]  # ends by sending the round
    tap_path: Callable[[Sheet], None]


def _frustration_enter(sheet: Sheet) -> None:
    """Anna went out; Bram 15, Cor 95 (both answers possible: asked), Dirk 30."""
    phone = sheet.phone
    phone.tap(sheet.chip(0))
    expect(sheet.field("entries.1.points:int")).to_be_focused()
    phone.type_each(["15", "95"])
    phone.type("30")
    phone.screenshot("typed the points")
    phone.enter()
    ask = sheet.form.locator("fieldset[data-entry='2'] [data-ask]")
    expect(ask).to_have_class(re.compile("asking"))
    phone.assert_on_screen(ask, "Cor's question")
    phone.assert_on_screen(sheet.save, "the way to save", reach=True)
    phone.tap(sheet.pick("entries.2.laid_down:bool", "0"))
    phone.screenshot("answered the question")
    phone.tap(sheet.save, leaves=True)


def _frustration_taps(sheet: Sheet) -> None:
    """Cor went out; Anna 20, Bram 35, Dirk 50, each "laid down" by the points (below 55)."""
    phone = sheet.phone
    phone.tap(sheet.chip(2))
    for seat, points in ((0, "20"), (1, "35"), (3, "50")):
        phone.tap_field(sheet.field(f"entries.{seat}.points:int"), points)
    phone.screenshot("tapped and typed each field")
    phone.tap(sheet.save, leaves=True)


def _duizenden_enter(sheet: Sheet) -> None:
    """Anna went out with 230; Bram 60/35, Cor 120/20, Dirk 45/80."""
    phone = sheet.phone
    phone.tap(sheet.chip(0))
    expect(sheet.field("entries.0.table_points:int")).to_be_focused()
    phone.type_each(["230", "60", "35", "120", "20", "45"])
    phone.type("80")
    phone.screenshot("typed the points")
    phone.enter()


def _duizenden_taps(sheet: Sheet) -> None:
    """Bram went out with 150; Anna 40/10, Cor 0/55, Dirk 95/5."""
    phone = sheet.phone
    phone.tap(sheet.chip(1))
    values = {"0.table": "40", "0.hand": "10", "1.table": "150", "2.table": "0", "2.hand": "55"}
    values |= {"3.table": "95", "3.hand": "5"}
    for key, value in values.items():
        seat, kind = key.split(".")
        phone.tap_field(sheet.field(f"entries.{seat}.{kind}_points:int"), value)
    phone.screenshot("tapped and typed each field")
    phone.tap(sheet.save, leaves=True)


def _canasta_enter(sheet: Sheet) -> None:
    """Anna & Cor out: a natural and a mixed canasta, 2 red threes, 310 melded, 25 in hand; Bram &
    Dirk a mixed canasta, a red three, 180 melded, 95 in hand."""
    phone = sheet.phone
    phone.tap(sheet.chip(0))
    expect(sheet.field("entries.0.natural_canastas:int")).to_be_focused()
    phone.type_each(["1", "1", "2", "310", "25", "", "1", "1", "180"])
    phone.type("95")
    phone.screenshot("typed the counts and points")
    phone.enter()


def _canasta_taps(sheet: Sheet) -> None:
    """Bram & Dirk out with a natural canasta (the + key), 200 melded, nothing in hand; Anna & Cor
    90 melded, 40 in hand."""
    phone = sheet.phone
    phone.tap(sheet.chip(1))
    plus = sheet.form.locator(
        "fieldset[data-entry='1'] .canasta-counter:has([name$='.natural_canastas:int']) .step"
    ).nth(1)
    phone.tap(plus)
    for name, value in (
        ("entries.1.meld_points:int", "200"),
        ("entries.1.hand_points:int", "0"),
        ("entries.0.meld_points:int", "90"),
        ("entries.0.hand_points:int", "40"),
    ):
        phone.tap_field(sheet.field(name), value)
    phone.screenshot("tapped and typed each field")
    phone.tap(sheet.save, leaves=True)


def _barbuse_enter(sheet: Sheet) -> None:
    """Knobbelen (the spelmaker's first choice): bids 3 2 1 2, tricks 3 3 1 (Dirk's 2 follow)."""
    phone = sheet.phone
    phone.tap(sheet.field("[contract=knobbelen]entries.0.bid:int"))
    phone.type_each(["3", "2", "1", "2", "3", "3"])
    phone.type("1")
    phone.screenshot("typed bids and tricks")
    phone.enter()


def _barbuse_taps(sheet: Sheet) -> None:
    """No queens: Anna took 1, Cor 2; Dirk's one is what is left."""
    phone = sheet.phone
    phone.tap(sheet.form.locator("label.contract:has(input[value='no_queens'])"))
    queens = sheet.form.locator("[data-contract='no_queens'] .counter")
    phone.tap(queens.nth(0).locator("[data-step='1']"))
    phone.tap(queens.nth(2).locator("[data-step='1']"))
    phone.tap(queens.nth(2).locator("[data-step='1']"))
    expect(queens.nth(3).locator("input")).to_have_value("1")
    phone.screenshot("tapped the queens")
    phone.tap(sheet.save, leaves=True)


ROUNDS = {
    "frustration-nl": Round(_frustration_enter, _frustration_taps),
    "frustration-fr": Round(_frustration_enter, _frustration_taps),
    "duizenden": Round(_duizenden_enter, _duizenden_taps),
    "canasta": Round(_canasta_enter, _canasta_taps),
    "barbuse": Round(_barbuse_enter, _barbuse_taps),
}
GAMES = list(ROUNDS)
