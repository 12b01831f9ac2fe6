"""`make flake`: the browser tests run several times beside busy CPU loops, then every test that
failed at least once, with how often.

A browser test that passes on a quiet machine and fails on a busy one races the page: it waited
for time instead of for what the player would see. CI shares its two cores with nothing, a
developer's machine with everything, so the hunt makes the machine busy on purpose (``--busy``
processes that only spin) and runs the tests ``--runs`` times. Zero failures is the bar
(docs/testing.md, "Flake hunt").

    python -m tests.flake_hunt --runs 5 --busy 4 [pytest arguments, e.g. tests/browser/test_live.py]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "test-results" / "flake"


def _spin() -> None:
    while True:
        pass


def failed_tests(junit: Path) -> list[str]:
    """The ids of the tests a JUnit report marks failed or in error (a crashed worker included)."""
    if not junit.exists():
        return ["(no report: the run stopped before writing one)"]
    failed = []
    for case in ET.parse(junit).iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed.append(f"{case.get('classname')}::{case.get('name')}")
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="how many times to run the tests (5)")
    parser.add_argument("--busy", type=int, default=4, help="busy CPU loops beside them (4)")
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers (2, as CI)")
    args, pytest_args = parser.parse_known_args(argv)
    selection = pytest_args or ["-m", "browser", "tests/browser"]

    RESULTS.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SCOREBLOK_BROWSER_TESTS": "required", "DEBUG": os.environ.get("DEBUG", "1")}
    loops = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(args.busy)]
    for loop in loops:
        loop.start()
    failures: Counter[str] = Counter()
    print(f"Flake hunt: {args.runs} runs of {' '.join(selection)} beside {args.busy} busy loops", flush=True)
    try:
        for run in range(1, args.runs + 1):
            junit = RESULTS / f"run-{run}.xml"
            junit.unlink(missing_ok=True)
            started = time.monotonic()
            command = [sys.executable, "-m", "pytest", "-q", "-n", str(args.workers), "--dist", "worksteal"]
            code = subprocess.run([*command, f"--junitxml={junit}", *selection], env=env, cwd=ROOT).returncode
            failed = failed_tests(junit)
            failures.update(failed)
            took = time.monotonic() - started
            print(f"Run {run}/{args.runs}: exit {code}, {len(failed)} failed, {took:.0f} s", flush=True)
            if code not in (0, 1):  # 1 is "some tests failed"; anything else is the run itself
                failures[f"(run {run} ended with exit code {code})"] += 1
    finally:
        for loop in loops:
            loop.terminate()
    if not failures:
        print(f"Flake hunt: no test failed in {args.runs} runs beside {args.busy} busy loops.")
        return 0
    print(f"Flake hunt: {len(failures)} tests failed at least once in {args.runs} runs:")
    for test, times in failures.most_common():
        print(f"  {times}/{args.runs}  {test}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
