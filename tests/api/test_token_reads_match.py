"""An API call that names a match reads the token, its user and the match (with the user's role
in its club) in one statement (``matches.api.authentication``), and answers what reading them
one by one answered: the match for its members, 404 for anyone else or a deleted match, 403 for
a member who may not keep the score, 401 for a wrong or expired token."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken

from matches.models import Match
from players.models import Club
from tests.factories import token_for
from tests.matches_at_scale import start_match

DEAL = {
    "entries": [
        {"went_out": True, "table_points": 30, "hand_points": 0},
        {"went_out": False, "table_points": 0, "hand_points": 10},
        {"went_out": False, "table_points": 0, "hand_points": 10},
        {"went_out": False, "table_points": 0, "hand_points": 10},
    ]
}


def _api(user) -> Client:
    return Client(headers={"Authorization": f"Token {token_for(user)}"})


def _post(client: Client, match: Match):
    return client.post(
        f"/api/matches/{match.pk}/rounds/",
        DEAL,
        content_type="application/json",
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )


@pytest.fixture
def match(klaverclub, alice) -> Match:
    return Match.start(club=klaverclub, game="duizenden", players=["A", "B", "C", "D"], by=alice)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite: the deal is the ORM's statements")
@pytest.mark.django_db(transaction=True)  # the deals before leave their replay: no round is read
def test_a_deal_posted_with_a_token_is_two_statements(alice, django_assert_num_queries) -> None:
    """The token with the match, then the deal (which reads the answer's seats)."""
    played, next_deal = start_match(Club.personal_for(alice), alice, 6, 20)
    client = _api(alice)
    with django_assert_num_queries(2) as captured:
        response = client.post(
            f"/api/matches/{played.pk}/rounds/",
            next_deal,
            content_type="application/json",
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
    assert response.status_code == 201, response.content
    assert "knox_authtoken" in captured[0]["sql"] and "matches_match" in captured[0]["sql"]


def test_a_match_read_with_a_token_is_the_match_read_with_a_session(client, alice, match) -> None:
    client.force_login(alice)
    assert _post(_api(alice), match).status_code == 201
    by_token = _api(alice).get(f"/api/matches/{match.pk}/")
    by_session = client.get(f"/api/matches/{match.pk}/")
    assert by_token.status_code == by_session.status_code == 200
    assert by_token.json() == by_session.json()


def test_keepers_post_members_read_and_others_find_nothing(klaverclub, match, bob, charlie, dora, sam):
    """Dora (an admin) keeps every match's score, Sam (a scorekeeper) the ones he started; Bob
    reads; Charlie, from another club, finds no such match."""
    assert _post(_api(dora), match).status_code == 201
    assert _post(_api(sam), match).status_code == 403
    own = Match.start(club=klaverclub, game="duizenden", players=["A", "B", "C", "D"], by=sam)
    assert _post(_api(sam), own).status_code == 201
    assert _post(_api(bob), match).status_code == 403
    assert _api(bob).get(f"/api/matches/{match.pk}/").status_code == 200
    assert _post(_api(charlie), match).status_code == 404
    assert _api(charlie).get(f"/api/matches/{match.pk}/").status_code == 404
    assert match.rounds.count() == 1


def test_a_deleted_or_missing_match_is_not_found(alice, match) -> None:
    match.soft_delete(by=alice)
    assert _api(alice).get(f"/api/matches/{match.pk}/").status_code == 404
    assert _post(_api(alice), match).status_code == 404
    assert _api(alice).get("/api/matches/999999999/").status_code == 404
    assert _api(alice).get(f"/api/matches/{2**63}/").status_code == 404  # beyond any key


def test_a_wrong_or_expired_token_is_refused_when_the_address_names_a_match(alice, match) -> None:
    wrong = Client(headers={"Authorization": "Token " + "0" * 64})
    assert wrong.get(f"/api/matches/{match.pk}/").status_code == 401
    token = token_for(alice)
    AuthToken.objects.filter(user=alice).update(expiry=timezone.now() - timedelta(seconds=1))
    expired = Client(headers={"Authorization": f"Token {token}"})
    assert expired.get(f"/api/matches/{match.pk}/").status_code == 401
    assert not AuthToken.objects.filter(user=alice).exists()  # deleted, as knox does
    assert match.rounds.count() == 0
