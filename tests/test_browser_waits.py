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

# (file, the line's code): why only time will do there.
ALLOWED = {
    ("tests/browser/conftest.py", "time.sleep(0.05)"): (
        "uvicorn starts in a thread: the loop ends on its server.started flag (30 s deadline), a "
        "flag no event announces"
    ),
    ("tests/browser/test_live_push.py", "viewer.wait_for_timeout(3_000)"): (
        "what is measured is a span in which an idle page asks nothing: no event marks the end of "
        "nothing happening"
    ),
    ("tests/browser/test_live_push.py", "viewer.wait_for_timeout(1_500)"): (
        "what is measured is a span in which the page, its stream down, does not poll instead: "
        "no event marks the end of nothing happening"
    ),
}


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
    """No browser test sleeps or waits a fixed time, except the few lines allowed above, each
    saying why only time will do there."""
    unexplained = [
        f"{path}:{line}: {code}"
        for path, line, code in fixed_waits()
        if not any(path == allowed and code.startswith(start) for allowed, start in ALLOWED)
    ]
    assert unexplained == [], (
        "wait for the state the player would see (tests/browser/waits.py), not for time:\n"
        + "\n".join(unexplained)
    )


def test_every_allowed_fixed_wait_is_still_in_the_browser_tests():
    """An allowed wait that went away leaves the allow-list too, so the list stays short."""
    found = fixed_waits()
    stale = [
        f"{allowed}: {start}"
        for allowed, start in ALLOWED
        if not any(path == allowed and code.startswith(start) for path, _line, code in found)
    ]
    assert stale == [], "no longer in the browser tests; take them off ALLOWED:\n" + "\n".join(stale)
