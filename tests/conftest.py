"""Personas: Alice owns a club and keeps its score, Bob plays in it, Charlie is from elsewhere."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from players.models import Club, Membership
from tests.factories import MembershipFactory, UserFactory, token_for


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
