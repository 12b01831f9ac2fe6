"""Settings as a fresh process reads them: ``config.settings`` is read once per process, so a test
of what an environment variable does starts Python anew with that environment."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the test run itself set, which the started process must not inherit.
TEST_RUN = frozenset({"DEBUG", "SECRET_KEY", "PYTEST_CURRENT_TEST", "DJANGO_ALLOW_ASYNC_UNSAFE"})
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-" + "x" * 40,
    "ALLOWED_HOSTS": "scoreblok.example",
}


def run_with_settings(
    *command: str, code: str = "", unset: Iterable[str] = (), **env: str
) -> subprocess.CompletedProcess[str]:
    """``command`` (or ``python -c code``) in the project, with ``config.settings`` and ``env``
    over this process's environment less ``TEST_RUN`` and ``unset``."""
    dropped = TEST_RUN | set(unset)
    inherited = {key: value for key, value in os.environ.items() if key not in dropped}
    return subprocess.run(
        list(command) or [sys.executable, "-c", code],
        cwd=ROOT,
        env={**inherited, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def production_setting(code: str, *, unset: Iterable[str] = (), **env: str) -> str:
    """What ``code`` prints with production's settings (and ``env``, less ``unset`` and
    ``REDIS_URL``); it must succeed."""
    result = run_with_settings(code=code, unset={"REDIS_URL", *unset}, **{**PRODUCTION, **env})
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()
