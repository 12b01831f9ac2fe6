"""The browser tests wait for what the player would see, never for a length of time (issue 47):
a fixed sleep raced the page on a loaded CI machine. Their waits live in tests/browser/waits.py.

Read from the source, so this runs where chromium is missing too (tests/browser/ is skipped there).
"""

from __future__ import annotations

import io
import itertools
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROWSER = ROOT / "tests" / "browser"

# Calls that wait for time: Playwright's, time's and asyncio's sleeps.
SLEEPS = {"wait_for_timeout", "sleep"}
# A wait in disguise: Playwright's "networkidle" is 500 ms without a request.
DISGUISED = {"networkidle"}

# A line that must wait for time says so: "# allow: time" on it, the reason in the comment above.
MARK = "# allow: time"
# The browser tests' own waits for time, kept few (each a span in which nothing may happen, or a
# thread that announces nothing): one more needs a look at why no condition can end it.
MOST_ALLOWED = 3


def fixed_waits() -> list[tuple[str, int, str]]:
    """Every call that waits for time in the browser tests' code: (file, line, the line's code)."""
    found = []
    for path in sorted(BROWSER.rglob("*.py")):
        if "node_modules" in path.parts:
            continue
        source = path.read_text()
        lines = source.splitlines()
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        for token, following in itertools.pairwise(tokens):
            called = token.type == tokenize.NAME and token.string in SLEEPS and following.string == "("
            disguised = token.type == tokenize.STRING and token.string.strip("'\"") in DISGUISED
            if called or disguised:
                line = token.start[0]
                found.append((str(path.relative_to(ROOT)), line, lines[line - 1].strip()))
    return found


def test_browser_tests_wait_for_what_the_page_shows_never_for_a_fixed_time():
    """No browser test sleeps or waits a fixed time, except a line marked "# allow: time" with
    the reason above it."""
    unexplained = [f"{path}:{line}: {code}" for path, line, code in fixed_waits() if MARK not in code]
    assert unexplained == [], (
        "wait for the state the player would see (tests/browser/waits.py), not for time:\n"
        + "\n".join(unexplained)
    )


def test_the_waits_allowed_to_be_time_stay_few_and_give_their_reason():
    """Each marked wait has its reason in the comment above it, and there are no more than a few."""
    allowed = [(path, line) for path, line, code in fixed_waits() if MARK in code]
    assert len(allowed) <= MOST_ALLOWED, allowed
    for path, line in allowed:
        above = (ROOT / path).read_text().splitlines()[: line - 1]
        reason = " ".join(text.strip() for text in above[-2:])
        assert f"{MARK}:" in reason, f"{path}:{line} says no reason above its '{MARK}'"
