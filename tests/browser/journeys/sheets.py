"""The scoresheet as a player finds it, the five games' ordinary rounds, and every game's first
deal: what to tap and type on the Enter path and on the tap path, and what is stored.

Two tables, on purpose:

- ``ROUNDS`` (and ``GAMES``, its keys): the five games whose rounds test_rounds.py plays in full,
  an ordinary round by the Enter path and one by taps, a refusal and a correction, each with its
  own table there. A game added to it must bring all four.
- ``FIRST_DEALS``: deal 1 on the Enter path for each of the nine games, which is all a guest's
  first round (test_first_round.py) asks of a game. The five reuse their ``ROUNDS`` Enter path;
  Klaverjassen, Belote, Contrée and Tarot have only this one here (their matches are played to
  the end in test_klaverjassen_and_tarot_to_the_end.py and test_belote_game.py), which keeps
  test_rounds.py at its five games instead of adding twelve journeys for each of its tests.
  Each entry also says whether the sheet names what each player needs next in the scorebar, so
  ``Sheet.assert_opened`` is told, not guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
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

    def count_on_the_calculator(self, field: str, keys: Iterable[tuple[int, int]], total: str) -> None:
        """Open the card-point calculator, tap each (row, key), see the sum, and "Use" it for
        ``field``; the calculator folds away again."""
        phone = self.phone
        calculator = self.form.locator("[data-card-calculator]")
        phone.tap(calculator.locator("summary"))
        rows = calculator.locator(".calc-row")
        for row, key in keys:
            phone.tap(rows.nth(row).locator(".key").nth(key))
        expect(calculator.locator("[data-sum]")).to_have_text(total)
        phone.screenshot("counted on the calculator")
        phone.tap(calculator.locator(f"[data-use='{field}']"), leaves=True)
        expect(calculator).not_to_have_attribute("open", "")

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


# On the Klaverjassen and Belote calculators (rows: trumps, plain cards, the last trick): every
# trump (J 9 A 10 K Q: 20 + 14 + 11 + 10 + 4 + 3), two aces and a king (11 + 11 + 4) and the last
# trick (10): 98 card points.
TRUMPS_TWO_ACES_A_KING_AND_THE_LAST_TRICK = [(0, key) for key in range(6)] + [(1, 0), (1, 0), (1, 2), (2, 0)]


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


@dataclass(frozen=True)
class FirstDeal:
    """Deal 1 of a game on the Enter path (ending with the deal sent), and whether its empty sheet
    shows a next item beside every total in the scorebar: Barbuse marks only its spelmaker, Tarot
    only its dealer (the other players' item is an empty span, never on screen), Klaverjassen
    none."""

    enter_path: Callable[[Sheet], None]
    next_items: bool = True


def _klaverjassen_enter(sheet: Sheet) -> None:
    """Anna & Cor play: 98 card points (Bram & Dirk's 64 follow from 162), Enter, 20 roem, Enter;
    Bram & Dirk's roem left empty, and Enter sends the deal: made, 118 of 182."""
    phone = sheet.phone
    phone.tap(sheet.pick("playing:int", "0"))
    phone.tap_field(sheet.field("entries.0.points:int"), "98")
    expect(sheet.field("entries.1.points:int")).to_have_value("64")
    phone.enter()
    expect(sheet.field("entries.0.roem:int")).to_be_focused()
    phone.type("20")
    phone.enter()
    expect(sheet.field("entries.1.roem:int")).to_be_focused()
    made = "Made: %(playing)s has %(own)s of %(total)s, more than half; each pair scores its own points."
    expect(sheet.form.locator("[data-preview]")).to_contain_text(
        say(phone.lang, made, playing="Anna & Cor", own=118, total=182)
    )
    phone.screenshot("typed the deal")
    phone.enter()


def _belote_enter(sheet: Sheet) -> None:
    """Anna & Cor take: 98 card points (Bram & Dirk's 64 follow from 162), and Enter sends the
    deal: made, each pair its own points."""
    phone = sheet.phone
    phone.tap(sheet.pick("taker:int", "0"))
    phone.tap_field(sheet.field("entries.0.points:int"), "98")
    expect(sheet.field("entries.1.points:int")).to_have_value("64")
    made = "Made: %(taker)s has %(own)s against %(other)s; each pair scores its own points."
    expect(sheet.form.locator("[data-preview]")).to_contain_text(
        say(phone.lang, made, taker="Anna & Cor", own=98, other=64)
    )
    phone.screenshot("typed the deal")
    phone.enter()


def _contree_enter(sheet: Sheet) -> None:
    """Anna & Cor bid 80 and make 98 card points (Bram & Dirk's 64 follow), and Enter sends the
    deal: made."""
    phone = sheet.phone
    phone.tap(sheet.pick("taker:int", "0"))
    phone.tap(sheet.pick("contract:int", "80"))
    phone.tap_field(sheet.field("entries.0.points:int"), "98")
    expect(sheet.field("entries.1.points:int")).to_have_value("64")
    made = "Made: %(taker)s has %(reached)s for a contract of %(contract)s."
    expect(sheet.form.locator("[data-preview]")).to_contain_text(
        say(phone.lang, made, taker="Anna & Cor", reached=98, contract=80)
    )
    phone.screenshot("typed the deal")
    phone.enter()


def _tarot_enter(sheet: Sheet) -> None:
    """Bram's garde with 2 oudlers, the chips tapped as the table says them; then his 47 points,
    the one number typed, and Enter sends the deal: made by 6, 62 a defender."""
    phone = sheet.phone
    phone.tap(sheet.pick("taker:int", "1"))
    phone.tap(sheet.pick("contract:str", "garde"))
    phone.tap(sheet.pick("oudlers:int", "2"))
    phone.tap_field(sheet.field("points:int"), "47")
    preview = sheet.form.locator("[data-preview]")
    expect(preview.locator(".tarot-shares li")).to_have_text(
        ["Anna \u221262", "Bram +186", "Cor \u221262", "Dirk \u221262"]
    )
    phone.screenshot("typed the deal")
    phone.enter()


FIRST_DEALS = {
    **{game: FirstDeal(rounds.enter_path, next_items=game != "barbuse") for game, rounds in ROUNDS.items()},
    "klaverjassen": FirstDeal(_klaverjassen_enter, next_items=False),
    "belote": FirstDeal(_belote_enter),
    "belote-contree": FirstDeal(_contree_enter),
    "tarot": FirstDeal(_tarot_enter, next_items=False),
}
