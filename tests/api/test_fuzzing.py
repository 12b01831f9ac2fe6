"""schemathesis against /api/schema/: generated requests (valid and not) to every operation, in
process through the WSGI app, signed in with a fresh token each time.

Two promises, checked separately: no request ever gets a 5xx (strict), and every answer is what
the schema says, by every check schemathesis has (``--checks all``): status, content type,
headers and body; a request the schema forbids is refused, one it allows is accepted.
Bounded: 10 examples an operation, derandomised, so the run is the same every time.

A third, on real objects: only valid requests, each path naming the scorer's own club, match,
season, evening, player or house game, so that the view reads the body; each must be accepted
(a 400 only where the rules decide, with a rule's code) and answered as the schema says. 5
examples an operation.
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
# which no schema can express, nor a house game's definition (a target for "highest wins" above
# zero, a schedule within the deck; an uploaded file that holds one); by what is stored (the
# club's players, the tables still playing,
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
    "house_games_create",
    "house_games_update",
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


# --- valid requests on real objects -------------------------------------------------------------

# The generated ids above name nothing, so a valid request mostly meets a 404 before the view
# reads its body. Here every path names the signed-in scorer's own objects (``world``), and only
# valid requests are generated (the schema's positive data): each must be accepted, and answered
# as the schema says. A 400 is allowed only where the rules decide (``JUDGED``), and even there
# never for the request's shape: its error codes must be the rules', not a field's.
POSITIVE = schemathesis.Config.from_dict(
    {
        "generation": {"mode": "positive"},
        "checks": {
            "enabled": False,
            "not_a_server_error": {"enabled": True},
            "status_code_conformance": {"enabled": True},
            "content_type_conformance": {"enabled": True},
            "response_schema_conformance": {"enabled": True},
            "positive_data_acceptance": {
                "enabled": True,
                "expected-statuses": ["2xx", "401", "403", "404", "409", "429"],
            },
        },
        "operations": [
            {
                "include-operation-id": JUDGED,
                "checks": {
                    "positive_data_acceptance": {
                        "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]
                    }
                },
            }
        ],
    }
)
valid = schemathesis.openapi.from_wsgi("/api/schema/", application, config=POSITIVE)

# What DRF says of a field whose value has the wrong shape: the schema promised the shape, so a
# valid request never earns one. Not "invalid" nor "required": the API also says them for a rule
# ("invalid": a club that is not yours, a key another game's deal has; "required": at least one
# table, ``confirm`` to reopen a season).
SHAPE_CODES = {
    "null",
    "blank",
    "max_length",
    "min_length",
    "max_value",
    "min_value",
    "invalid_choice",
    "not_a_list",
    "not_a_dict",
    "empty",
    "parse_error",
    "max_string_length",
    "max_digits",
    "max_decimal_places",
    "max_whole_digits",
    "date",
    "datetime",
}

POSITIVE_FUZZ = settings(
    max_examples=5,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture
def world(scorer) -> dict[str, object]:
    """The scorer's club as a club evening finds it: players, a Duizenden match a deal in, a
    season with an evening and its presence, a house game, an invitation link."""
    from games.registry import home_for
    from house.models import HouseGame
    from matches.models import Match
    from players.models import Club
    from scoring.declared import TEMPLATES
    from tests.factories import CompetitionFactory, EveningFactory

    club = Club.found("Fuzzclub", by=scorer)
    players = [club.player_named(name) for name in ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien")]
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram", "Cor"], by=scorer)
    demo = home_for("duizenden").demo()
    assert demo is not None
    match.add_round(demo.rounds[0], by=scorer)
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=club))
    evening.present.set(players)
    game = HouseGame.declare(club, TEMPLATES["hartenjagen"])
    invitation, token = club.invite("member", by=scorer)
    return {
        "club_id": club.pk,
        "match_id": match.pk,
        "number": 1,
        "competition_id": evening.competition_id,
        "evening_id": evening.pk,
        "player_id": players[0].pk,
        "slug": game.slug,
        "invitation_id": invitation.pk,
        "token": token,
    }


@valid.parametrize()
@POSITIVE_FUZZ
def test_valid_requests_on_real_objects_are_accepted_as_the_schema_says(case, scorer, world):
    if case.path_parameters:
        case.path_parameters = {name: world.get(name, value) for name, value in case.path_parameters.items()}
    response = case.call_and_validate(headers=signed_in(scorer))
    if response.status_code == 400:
        codes = {error["code"] for error in response.json().get("errors", [])}
        assert not codes & SHAPE_CODES, f"{case.method} {case.formatted_path}: {response.text[:500]}"
