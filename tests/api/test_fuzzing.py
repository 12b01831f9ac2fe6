"""schemathesis against /api/schema/: generated requests (valid and not) to every operation, in
process through the WSGI app, signed in with a fresh token each time.

Two promises, checked separately: no request ever gets a 5xx (strict), and every answer is what
the schema says (status, content type, body). Where the schema still says less than the views do
(see ``SCHEMA_GAPS``) a failure of the second is an expected failure, not a pass.
Bounded: 10 examples an operation, derandomised, so the run is the same every time.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from schemathesis.core.failures import FailureGroup

from config.wsgi import application
from tests.factories import UserFactory, token_for

# Operation -> what the schema does not (yet) say about it. matches/api/docs.py has the complete
# ``responses=`` for each (docs.MATCH_LIST, ...); once matches/api/views.py uses them, these pass.
SCHEMA_GAPS: dict[str, str] = {}

# A schema-valid body may still be refused: by the rules of the game (which no schema can
# express), or at the log-in by a wrong password. Those refusals are 400s in the error shape,
# which the other checks do look at.
NOT_CHECKED = [positive_data_acceptance]

FUZZ = settings(
    max_examples=10,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


# Loaded when the module is collected: the schema view reads no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    """The WSGI app closes "old" connections around each request, and to it the test's open
    transaction looks old; Django's own test client switches this off the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def scorer(db):
    return UserFactory(username="fuzzer")


def signed_in(user) -> dict[str, str]:
    # A new token every time: the fuzzer also calls POST /api/auth/logout/, which revokes it.
    # Identity encoding: the site gzips answers (GZipMiddleware) and schemathesis's WSGI
    # transport, unlike a real HTTP client, does not undo it before reading the JSON.
    return {
        "Authorization": f"Token {token_for(user)}",
        "Accept-Language": "nl",
        "Accept-Encoding": "identity",
    }


@schema.parametrize()
@FUZZ
def test_no_request_gets_a_server_error(case, scorer):
    response = case.call(headers=signed_in(scorer))
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:500]}"


@schema.parametrize()
@FUZZ
def test_answers_conform_to_the_schema(case, scorer):
    gap = SCHEMA_GAPS.get(f"{case.method} {case.path}")
    try:
        case.call_and_validate(headers=signed_in(scorer), excluded_checks=NOT_CHECKED)
    except (AssertionError, FailureGroup):
        if gap:
            pytest.xfail(gap)
        raise
