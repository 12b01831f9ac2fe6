"""schemathesis against /api/schema/: generated requests (valid and not) to every operation, in
process through the WSGI app, signed in with a fresh token each time.

Two promises, checked separately: no request ever gets a 5xx (strict), and every answer is what
the schema says, by every check schemathesis has (``--checks all``): status, content type,
headers and body; a request the schema forbids is refused, one it allows is accepted.
Bounded: 10 examples an operation, derandomised, so the run is the same every time.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from config.wsgi import application
from tests.factories import UserFactory, token_for

# A body the schema allows may still be refused, with a 400 in the error shape: by the rules
# of the game (a player count, a round's points) or of the competition (its dates, its scheme),
# which no schema can express; by what is stored (the club's players, the tables still playing,
# the last round, a player's name already taken); by a name no database can keep (a NUL
# character, a lone surrogate: DRF refuses them); or, at the log-in, by a password the schema
# cannot know. For these
# operations a 400 is an answer to a valid request; everywhere else it is a failure.
JUDGED = [
    "auth_token_create",
    "matches_create",
    "rounds_create",
    "rounds_correct",
    "rounds_undo",
    "rounds_confirm",
    "competitions_create",
    "competitions_partial_update",
    "evenings_create",
    "evenings_partial_update",
    "evenings_presence",
    "evenings_draw",
    "evenings_tables",
    "evenings_attach",
    "club_players_create",
    "club_players_partial_update",
    "club_players_merge",
    "clubs_create",
    "competitions_archive",
]
CONFIG = schemathesis.Config.from_dict(
    {
        "operations": [
            {
                "include-operation-id": JUDGED,
                "checks": {
                    "positive_data_acceptance": {
                        "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]
                    }
                },
            }
        ]
    }
)

FUZZ = settings(
    max_examples=10,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


# Loaded when the module is collected: the schema view reads no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=CONFIG)


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
    # No ``checks=``: every check schemathesis has, as configured above.
    case.call_and_validate(headers=signed_in(scorer))
