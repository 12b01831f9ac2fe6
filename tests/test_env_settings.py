"""Settings read from the environment refuse a value they do not understand: a typo stops
start-up with the variable and its value named, instead of silently meaning "off" or ending in
a bare traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.settings_runs import run_with_settings

SHOW = (
    "import django; django.setup(); from django.conf import settings as s; "
    "print(s.DEBUG, s.PREPARED, s.GUEST_DAYS)"
)


def start(*command: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_with_settings(*command, code=SHOW, unset={"DATABASE_PREPARED", "GUEST_DAYS"}, **env)


@pytest.mark.parametrize(
    ("value", "shown"),
    [("1", "True"), ("true", "True"), ("YES", "True"), ("On", "True"), ("0", "False"), ("off", "False")],
)
def test_a_boolean_setting_takes_the_usual_spellings_in_any_case(value: str, shown: str) -> None:
    result = start(DEBUG="1", DATABASE_PREPARED=value)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[1] == shown


def test_an_unset_or_empty_boolean_setting_takes_its_default() -> None:
    assert start(DEBUG="1").stdout.split()[1] == "True"
    assert start(DEBUG="1", DATABASE_PREPARED="").stdout.split()[1] == "True"


def test_debug_with_a_typo_stops_manage_py_and_names_the_value() -> None:
    result = start(sys.executable, "manage.py", "check", DEBUG="flase")
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DEBUG='flase' is not a boolean" in result.stderr


def test_a_boolean_setting_with_a_typo_stops_the_server_start() -> None:
    result = start(sys.executable, "-c", "import config.wsgi", DEBUG="1", DATABASE_PREPARED="ture")
    assert result.returncode != 0
    assert "DATABASE_PREPARED='ture' is not a boolean" in result.stderr


def test_a_number_setting_that_is_not_a_number_stops_start_up_with_its_name() -> None:
    result = start(DEBUG="1", GUEST_DAYS="30d")
    assert result.returncode != 0
    assert "ImproperlyConfigured: GUEST_DAYS='30d' is not a whole number." in result.stderr
    assert "ValueError" not in result.stderr


def test_a_number_setting_is_read_as_a_number() -> None:
    result = start(DEBUG="1", GUEST_DAYS=" 7 ")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[2] == "7"
