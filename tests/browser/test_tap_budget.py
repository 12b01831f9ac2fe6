"""The tap budget at a real table: a common round of each game, entered from the open sheet at
360 x 740, takes at most players + 2 taps. Every tap and keystroke goes through ``Counted``, and
the test fails above the budget (both counts are printed). The same walk checks what keeps the
table fast: the standings stay in view while the form is used, a refused round focuses its
reasons (read out by screen readers) and keeps what was typed, a saved round says so with an
undo that works, and a redo puts the undone round back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, Page, expect

from matches.models import Match, Round
from players.models import Club
from tests.browser import waits
from tests.browser.conftest import PHONE
from tests.factories import MatchFactory

pytestmark = pytest.mark.browser


@dataclass
class Counted:
    """The only way the tests below touch the page, so every tap and keystroke is counted."""

    page: Page
    taps: int = 0
    keys: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, target: Locator) -> None:
        target.click()
        self.taps += 1
        self.log.append("tap")

    def type(self, text: str) -> None:
        """Typed into whatever has focus, as a phone keyboard does."""
        self.page.keyboard.type(text)
        self.keys += len(text)
        self.log.append(text)

    def enter(self) -> None:
        self.page.keyboard.press("Enter")
        self.keys += 1
        self.log.append("⏎")

    def report(self, game: str, players: int) -> str:
        return f"{game}, {players} players: {self.taps} taps, {self.keys} keystrokes ({' '.join(self.log)})"


def open_sheet(page: Page, live_server, alice, game: str, players: list[str], **kwargs) -> Match:
    match = MatchFactory.create(club=Club.personal_for(alice), game=game, players=players, by=alice, **kwargs)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#round-form")).to_be_visible()
    return match


def assert_standings_in_view(page: Page) -> None:
    box = page.locator("#scorebar").bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box


def saved(page: Page, number: int) -> None:
    expect(page.locator("#saved")).to_contain_text(f"Deal {number} saved.")
    expect(page.locator(f".grid tbody tr[data-round='{number}']")).to_have_count(1)


def scrolled_to_top(page: Page) -> bool:
    """Whether the page is back at its top once the saved round's sheet has settled."""
    return waits.scroll_settled(page) == 0


def within_budget(counted: Counted, game: str, players: int) -> None:
    print(counted.report(game, players))
    assert counted.taps <= players + 2, counted.report(game, players)


@pytest.fixture
def alice(logged_in):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="alice")


def test_a_frustration_round_for_four_takes_at_most_six_taps(logged_in: Page, live_server, alice):
    """Anna went out; Bram laid down and holds 15, Cor did not (95), Dirk laid down (30)."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "frustration-nl", ["Anna", "Bram", "Cor", "Dirk"])
    counted = Counted(page)
    form = page.locator("#round-form")
    counted.tap(form.locator("label.chip", has_text="Anna"))
    assert_standings_in_view(page)
    counted.type("15")
    counted.enter()
    counted.type("95")
    counted.enter()
    counted.type("30")
    assert_standings_in_view(page)
    # Bram's 15 and Dirk's 30 can only mean "laid down"; Cor's 95 fits both answers, so the last
    # Enter asks him instead of sending the round (nothing is guessed).
    counted.enter()
    cor = form.locator("fieldset[data-entry='2'] [data-ask]")
    expect(cor).to_have_class(re.compile("asking"))
    expect(form.locator("fieldset[data-entry='1'] input[data-yes]")).to_be_checked()
    expect(form.locator("fieldset[data-entry='3'] input[data-yes]")).to_be_checked()
    assert not Round.objects.filter(match=match).exists()
    counted.tap(cor.locator("label.pick", has_text="no"))
    counted.tap(form.locator("button.save"))
    saved(page, 1)
    # Back to the top: the confirmation, the new standings and the next deal's form.
    assert scrolled_to_top(page)
    expect(page.locator("#scorebar .standings")).to_contain_text("Cor 95")
    within_budget(counted, "Frustration (11 contracts)", 4)
    assert Round.objects.get(match=match).body["entries"] == [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 15},
        {"laid_down": False, "went_out": False, "points": 95},
        {"laid_down": True, "went_out": False, "points": 30},
    ]

    # The confirmation's undo takes the deal away; redo puts it back as it was.
    page.locator("#saved button", has_text="Undo").click()
    expect(page.locator("#saved")).to_contain_text("The last round was undone.")
    expect(page.locator(".grid tbody tr[data-round]")).to_have_count(0)
    assert not Round.objects.filter(match=match).exists()
    page.locator("#saved button", has_text="Redo").click()
    expect(page.locator("#saved")).to_contain_text("Deal 1 is back.")
    expect(page.locator(".grid tbody tr[data-round='1']")).to_have_count(1)
    assert Round.objects.get(match=match).scores == [0, 15, 95, 30]


def test_a_refused_round_focuses_its_reasons_and_keeps_what_was_typed(logged_in: Page, live_server, alice):
    page = logged_in
    open_sheet(page, live_server, alice, "frustration-nl", ["Anna", "Bram", "Cor", "Dirk"])
    form = page.locator("#round-form")
    form.locator("label.chip", has_text="Anna").click()
    page.keyboard.type("15")
    page.keyboard.press("Enter")
    page.keyboard.type("95")
    page.keyboard.press("Enter")
    page.keyboard.type("7")  # not a multiple of 5: refused
    page.locator("#round-form button.save").click()
    reasons = page.locator("#round-form [data-refused]")
    expect(reasons).to_be_focused()
    assert page.evaluate("document.activeElement.closest('[aria-live]') !== null")
    box = reasons.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    expect(reasons).to_contain_text("Dirk")
    expect(page.locator("input[name='entries.3.points:int']")).to_have_value("7")
    expect(page.locator("input[name='entries.1.points:int']")).to_have_value("15")
    assert not Round.objects.exists()


def test_a_duizenden_round_for_two_takes_at_most_four_taps(logged_in: Page, live_server, alice):
    """Anna went out with 230 on the table; Bram has 60 on the table and 35 in hand."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "duizenden", ["Anna", "Bram"])
    counted = Counted(page)
    counted.tap(page.locator("#round-form label.chip", has_text="Anna"))
    for text in ("230", "60", "35"):
        counted.type(text)
        assert_standings_in_view(page)
        counted.enter()
    saved(page, 1)
    within_budget(counted, "Duizenden", 2)
    entries = Round.objects.get(match=match).body["entries"]
    assert [(e["went_out"], e["table_points"], e["hand_points"]) for e in entries] == [
        (True, 230, 0),
        (False, 60, 35),
    ]


def test_a_duizenden_hand_counted_on_the_shared_calculator(logged_in: Page, live_server, alice):
    """The one calculator opens from the key beside the field being filled, over the bottom of
    the screen, and posts the cards it counted."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "duizenden", ["Anna", "Bram"])
    assert page.locator("[data-calculator]").count() == 1
    page.locator("#round-form label.chip", has_text="Anna").click()
    page.keyboard.type("230")
    page.keyboard.press("Enter")
    page.keyboard.type("60")
    page.keyboard.press("Enter")
    calculator = page.locator("[data-calculator]")
    expect(calculator).to_be_hidden()  # only on request
    page.locator("label:has(input[name='entries.1.hand_points:int']) + .cards-key").click()
    expect(calculator).to_be_visible()
    expect(calculator).to_contain_text("Bram · Left in hand")
    calculator.locator("button[data-rank='K']").click()
    calculator.locator("button[data-rank='5']").click()
    expect(page.locator("input[name='entries.1.hand_points:int']")).to_have_value("15")
    calculator.locator("button[data-done]").click()
    expect(calculator).to_be_hidden()
    page.locator("#round-form button.save").click()
    saved(page, 1)
    assert Round.objects.get(match=match).body["entries"][1]["hand_cards"] == {"K": 1, "5": 1}


def test_a_canasta_round_for_two_takes_at_most_four_taps(logged_in: Page, live_server, alice):
    """Anna went out with a natural canasta and 200 melded; Bram melded 90 and holds 40. The
    counters are on the Enter path: empty means none."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "canasta", ["Anna", "Bram"])
    counted = Counted(page)
    counted.tap(page.locator("#round-form label.chip", has_text="Anna"))
    expect(page.locator("input[name='entries.0.natural_canastas:int']")).to_be_focused()
    for text in ("1", "", "", "200", "", "", "", "90", "40"):  # Anna's hand: 0, filled in
        counted.type(text)
        assert_standings_in_view(page)
        counted.enter()
    saved(page, 1)
    within_budget(counted, "Canasta", 2)
    entries = Round.objects.get(match=match).body["entries"]
    assert [(e["went_out"], e["natural_canastas"], e["meld_points"], e["hand_points"]) for e in entries] == [
        (True, 1, 200, 0),
        (False, 0, 90, 40),
    ]


def test_a_canasta_partnership_round_takes_at_most_six_taps(logged_in: Page, live_server, alice):
    """Anna & Cor went out with a natural and a mixed canasta, two red threes, 310 melded and 25
    in hand; Bram & Dirk have a mixed canasta, a red three, 180 melded and 95 in hand."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "canasta", ["Anna", "Bram", "Cor", "Dirk"])
    counted = Counted(page)
    counted.tap(page.locator("#round-form label.chip", has_text="Anna & Cor"))
    # The + of a counter leaves the focus in the field being typed into; Enter then passes the
    # counter it filled.
    counted.tap(
        page.locator(
            "fieldset[data-entry='1'] .canasta-counter:has([name$='.red_threes:int']) .step >> nth=1"
        )
    )
    expect(page.locator("input[name='entries.0.natural_canastas:int']")).to_be_focused()
    for text in ("1", "1", "2", "310", "25", "", "1", "180", "95"):
        counted.type(text)
        assert_standings_in_view(page)
        counted.enter()
    saved(page, 1)
    within_budget(counted, "Canasta", 4)
    entries = Round.objects.get(match=match).body["entries"]
    assert [
        (e["went_out"], e["natural_canastas"], e["mixed_canastas"], e["red_threes"], e["meld_points"])
        for e in entries
    ] == [(True, 1, 1, 2, 310), (False, 0, 1, 1, 180)]
    assert [e["hand_points"] for e in entries] == [25, 95]


def test_a_barbuse_round_for_four_takes_at_most_six_taps(logged_in: Page, live_server, alice):
    """Deal 1 (knobbelen, preselected): bids 3 2 1 2, tricks 3 3 1 2."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "barbuse", ["Anna", "Bram", "Cor", "Dirk"])
    counted = Counted(page)
    expect(page.locator("input[name='contract:str'][value='knobbelen']")).to_be_checked()
    counted.tap(page.locator("input[name='[contract=knobbelen]entries.0.bid:int']"))
    for text in ("3", "2", "1", "2", "3", "3", "1"):  # Dirk took the 2 tricks left: filled in
        counted.type(text)
        assert_standings_in_view(page)
        counted.enter()
    saved(page, 1)
    within_budget(counted, "Barbuse", 4)
    assert Round.objects.get(match=match).body["entries"] == [
        {"bid": 3, "tricks": 3},
        {"bid": 2, "tricks": 3},
        {"bid": 1, "tricks": 1},
        {"bid": 2, "tricks": 2},
    ]


def test_a_barbuse_round_of_counters_fills_the_last_player_with_what_is_left(
    logged_in: Page, live_server, alice
):
    """No queens: Anna took 1, Bram none, Cor 2; Dirk's one is what is left."""
    page = logged_in
    match = open_sheet(page, live_server, alice, "barbuse", ["Anna", "Bram", "Cor", "Dirk"])
    counted = Counted(page)
    counted.tap(page.locator("#round-form label.contract", has_text="No queens"))
    queens = page.locator("[data-contract='no_queens'] .counter")
    counted.tap(queens.nth(0).locator("[data-step='1']"))
    counted.tap(queens.nth(2).locator("[data-step='1']"))
    counted.tap(queens.nth(2).locator("[data-step='1']"))
    expect(queens.nth(3).locator("input")).to_have_value("1")
    counted.tap(page.locator("#round-form button.save"))
    saved(page, 1)
    within_budget(counted, "Barbuse", 4)
    assert Round.objects.get(match=match).body == {
        "contract": "no_queens",
        "entries": [{"queens": 1}, {"queens": 0}, {"queens": 2}, {"queens": 1}],
    }
