"""A player's phone, as the journeys use it: what is on the screen, what has the focus, a tap that
must not move what it touches, and a screenshot of every step.

Everything here looks at the screen a person sees (360 x 740, touch), not at the DOM: an element
"on screen" lies inside the viewport and is the thing drawn at its own middle (not hidden under
the sticky bar or a panel).

A check that fails stops the journey with what the player would have seen instead (and the
conftest keeps a last screenshot of every phone, where it stopped).
"""

from __future__ import annotations

import contextlib
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import CDPSession, Locator, Page, expect

from tests.browser import waits

ROOT = Path(__file__).resolve().parents[3]
SHOTS = ROOT / "test-results" / "journeys"
WIDTH, HEIGHT = 360, 740
# The pixels an element may move between a finger's touch and its release.
STILL = 4


@dataclass
class Phone:
    page: Page
    journey: str
    lang: str
    who: str = ""  # which phone, when a journey has two
    steps: int = 0
    _cdp: CDPSession | None = None

    def __post_init__(self) -> None:
        self.folder = SHOTS / self.journey / self.lang
        self.folder.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def clear(journey: str, lang: str) -> None:
        """Forget the screenshots of an earlier run of the journey."""
        shutil.rmtree(SHOTS / journey / lang, ignore_errors=True)

    # --- what the player sees -------------------------------------------------------------------

    def screenshot(self, step: str) -> Path:
        """The screen as it is now, kept as NN-step.png in the journey's folder."""
        # Numbered across the journey's phones, so the folder reads in the order things happened.
        self.steps = len(list(self.folder.glob("*.png"))) + 1
        slug = re.sub(r"[^a-z0-9]+", "-", f"{self.who} {step}".lower()).strip("-")
        path = self.folder / f"{self.steps:02d}-{slug}.png"
        self.page.screenshot(path=str(path), animations="disabled", caret="initial")
        return path

    def scroll_y(self) -> float:
        return float(self.page.evaluate("window.scrollY"))

    def on_screen(self, locator: Locator, *, reach: bool = False) -> bool:
        """Whether the element lies wholly inside the screen and is what is drawn at its middle;
        with ``reach``, whether a finger can tap it there (its middle on the screen, drawn)."""
        if not locator.count() or not locator.first.is_visible():
            return False
        return bool(
            self.page.evaluate(
                waits.ON_SCREEN, [locator.first.element_handle(), WIDTH, self._height(), reach]
            )
        )

    def _height(self) -> int:
        return self.page.viewport_size["height"] if self.page.viewport_size else HEIGHT

    def where(self, locator: Locator) -> str:
        if not locator.count():
            return "not on the page"
        box = locator.first.bounding_box()
        return f"at {box['y']:.0f}-{box['y'] + box['height']:.0f} px" if box else "hidden"

    def assert_on_screen(self, locator: Locator, what: str, *, reach: bool = False) -> None:
        """The element on screen where it comes to rest: a scroll that brings it into view (once
        htmx has settled the sheet) may still be under way when it appears."""
        expect(locator.first).to_be_attached()
        seen = "gone"
        for _ in range(3):  # a live refresh may replace the element while it is watched
            handle = locator.first.element_handle()
            seen = waits.settled_on_screen(self.page, handle, WIDTH, self._height(), reach)
            if seen != "gone":
                break
        self.check(
            seen == "on screen", f"{what} on screen ({self.where(locator)}, scrollY {self.scroll_y():.0f})"
        )

    def assert_first_screen(
        self,
        *,
        top: bool = True,
        title: Locator | None = None,
        first_field: Locator | None = None,
        next_items: Locator | None = None,
        save: Locator | None = None,
        notice: Locator | None = None,
        focused: Locator | None = None,
    ) -> None:
        """The screen a player sees now: at the top of the page when ``top``, with each named
        thing inside it."""
        if top:
            at = self._settled_scroll()
            self.check(at == 0, f"the page at its top (scrollY {at:.0f})")
        for what, locator in (
            ("the title", title),
            ("the first field", first_field),
            ("the way to save", save),
            ("the notice", notice),
        ):
            if locator is not None:
                self.assert_on_screen(locator, what, reach=locator is save)
        if next_items is not None:
            expect(next_items.first).to_be_visible()
            for index in range(next_items.count()):
                self.assert_on_screen(next_items.nth(index), f"next item {index + 1}")
        if focused is not None:
            expect(focused).to_be_focused()

    def _settled_scroll(self) -> float:
        """scrollY once the page stops moving (a script may scroll just after the load)."""
        return waits.scroll_settled(self.page)

    # --- what the player does -------------------------------------------------------------------

    def tap(self, locator: Locator, *, leaves: bool = False, loads: bool = False) -> None:
        """A finger's tap on the element's middle (a swipe first brings it on screen). It must not
        move between the touch and the release, nor once the page has come to rest after the tap
        (unless the tap ``leaves`` the element behind: a Save that redraws the form; or ``loads``
        a new page, waited for)."""
        if loads:
            with self.page.expect_navigation():
                self.tap(locator, leaves=True)
            self.page.wait_for_load_state()
            return
        target = locator.first
        target.scroll_into_view_if_needed()
        expect(target).to_be_visible()
        handle = target.element_handle()
        waits.held_still(self.page, handle)  # a finger aims at where the thing rests
        before = _rect(handle)
        assert before is not None
        x = min(max(before[0] + min(before[2] / 2, 40), 1), WIDTH - 1)
        y = before[1] + before[3] / 2
        cdp = self._touch()
        with contextlib.nullcontext() if leaves else waits.clicked(self.page):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            pressed = _rect(handle)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            assert pressed is not None, f"{target} went away under the finger"
            assert _moved(before, pressed) <= STILL, (
                f"{target} moved {_moved(before, pressed):.0f} px under the finger"
            )
        if not leaves:
            # Where the tap left it once the page came to rest: what it set off (a focus, a
            # scroll, an htmx request) is done.
            waits.htmx_idle(self.page)
            waits.held_still(self.page, handle)
            after = _rect(handle)
            if after is not None:
                assert _moved(before, after) <= STILL, (
                    f"{target} moved {_moved(before, after):.0f} px just after the tap"
                )

    def tap_field(self, field: Locator, text: str | None = None) -> None:
        """Tap a field: it takes the focus (and the keyboard); then type ``text`` over what it held."""
        self.tap(field)
        expect(field.first).to_be_focused()
        if text is not None:
            field.first.fill("")  # select all and delete, as a thumb does
            self.type(text)
            expect(field.first).to_have_value(text)

    def _touch(self) -> CDPSession:
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        return self._cdp

    def forget_touch(self) -> None:
        """A new document (a page load) needs no new session; a new page would."""
        self._cdp = None

    def type(self, text: str) -> None:
        """Keys on the phone's keyboard, into whatever has the focus."""
        if text:
            self.page.keyboard.type(text)

    def enter(self) -> None:
        self.page.keyboard.press("Enter")

    def type_each(self, texts: list[str]) -> None:
        """Each text then Enter (the keyboard's Next), as on the Enter path."""
        for text in texts:
            self.type(text)
            self.enter()

    # --- checks -----------------------------------------------------------------------------------

    def check(self, ok: bool, what: str) -> None:
        """Fails the journey, saying what was expected and what the screen held instead."""
        if not ok:
            raise AssertionError(f"expected {what}")


def _rect(handle: Any) -> tuple[float, float, float, float] | None:
    try:
        box = handle.evaluate(
            "e => { if (!e.isConnected) return null; const r = e.getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; }"
        )
    except Exception:  # the tap started a navigation: the element went with its page
        return None
    return tuple(box) if box else None


def _moved(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
