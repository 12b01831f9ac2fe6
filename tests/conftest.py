"""Personas: Alice owns a club and keeps its score, Bob plays in it, Charlie is from elsewhere.
In a club with roles (``klaverclub``), Dora is an admin and Sam a scorekeeper as well."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from rest_framework.test import APIClient

from config.reports import forget_sent
from players.models import Club, Membership
from tests.factories import ClubFactory, MembershipFactory, UserFactory, token_for

# The pytest-django fixtures through which a test reaches the database.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="Run only the tests that reach the database (the second database's run in CI: what can "
        "differ by database; the engine, the parsers and the greps ran on the first).",
    )


def pytest_collection_modifyitems(config, items):
    """With ``--database-tests-only``, deselect the tests that never reach the database: their
    outcome cannot depend on which one it is."""
    if not config.getoption("database_tests_only"):
        return
    kept, dropped = [], []
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        reaches = item.get_closest_marker("django_db") or DATABASE_FIXTURES & fixtures
        (kept if reaches else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache (the local-memory one lives as long as the worker):
    a replay or a throttle count kept by an earlier test must not decide this one. Nor an error
    reported by one (reports are sent once per kind and interval, config/reports.py)."""
    cache.clear()
    forget_sent()
    yield


@pytest.fixture
def unreachable_cache(settings):
    """The shared cache as production has it (django-redis, errors ignored), at an address where
    nothing listens: every read a miss, every write lost."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"IGNORE_EXCEPTIONS": True},
        }
    }


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's language: a request of an earlier test on this worker may
    have left its user's language active (the site's middleware activates it per request, as
    Django's own does), and a tag rendered outside a request would then speak Dutch."""
    translation.activate(settings.LANGUAGE_CODE)
    yield


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def charlie(db):
    return UserFactory(username="charlie")


@pytest.fixture
def club(alice, bob) -> Club:
    """Alice's own club (where her API matches go), with Bob as a member."""
    own = Club.personal_for(alice)
    MembershipFactory(club=own, user=bob, role=Membership.Role.MEMBER)
    return own


@pytest.fixture
def dora(db):
    return UserFactory(username="dora")


@pytest.fixture
def sam(db):
    return UserFactory(username="sam")


@pytest.fixture
def klaverclub(alice, bob, charlie, dora, sam) -> Club:
    """A club with every role: Alice owns it, Dora is an admin, Sam keeps score, Bob reads.
    Charlie has a club of his own and is not in this one."""
    return build_klaverclub(alice=alice, bob=bob, charlie=charlie, dora=dora, sam=sam)


def build_klaverclub(*, alice, bob, charlie, dora, sam) -> Club:
    """De Klaverclub of the ``klaverclub`` fixture, for a fixture of a wider scope to build."""
    klaverclub = ClubFactory.create(name="De Klaverclub")
    for user, role in [
        (alice, Membership.Role.OWNER),
        (dora, Membership.Role.ADMIN),
        (sam, Membership.Role.SCORER),
        (bob, Membership.Role.MEMBER),
    ]:
        MembershipFactory(club=klaverclub, user=user, role=role)
    Club.personal_for(charlie)
    return klaverclub


def _api_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


@pytest.fixture
def api(alice, club) -> APIClient:
    """Alice's API client, authenticated with a token."""
    return _api_client(alice)


@pytest.fixture
def bob_api(bob, club) -> APIClient:
    return _api_client(bob)


@pytest.fixture
def charlie_api(charlie) -> APIClient:
    return _api_client(charlie)


@pytest.fixture
def anonymous_api() -> APIClient:
    return APIClient()
