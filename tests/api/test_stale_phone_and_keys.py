"""A record nobody can lose or quietly change: a phone that missed a round cannot store its
entry as the next deal, and an idempotency key answers its first result whole, for good."""

from __future__ import annotations

import pytest

from matches.models import Round
from tests.api.test_rounds import DEAL_1, DEAL_2, rounds_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def match_id(api) -> int:
    response = api.post(
        "/api/matches/", {"game": "frustration-nl", "players": ["Anna", "Bram", "Cor"]}, format="json"
    )
    return response.json()["id"]


def test_a_round_for_the_deal_the_match_expects_is_stored(api, match_id):
    response = api.post(rounds_url(match_id), {**DEAL_1, "number": 1}, format="json")
    assert response.status_code == 201
    assert response.json()["entries"] == DEAL_1["entries"]
    assert "number" not in Round.objects.get(match_id=match_id).body


def test_a_stale_phone_gets_409_with_the_round_already_there_and_who_entered_it(api, match_id):
    api.post(rounds_url(match_id), {**DEAL_1, "number": 1}, format="json")
    response = api.post(rounds_url(match_id), {**DEAL_2, "number": 1}, format="json")
    assert response.status_code == 409
    data = response.json()
    assert [(e["field"], e["code"]) for e in data["errors"]] == [("number", "stale_round")]
    assert "alice" in data["errors"][0]["message"]
    assert (data["round"]["number"], data["round"]["entries"]) == (1, DEAL_1["entries"])
    assert data["entered_by"] == "alice"
    assert Round.objects.filter(match_id=match_id).count() == 1


def test_a_deal_number_ahead_of_the_match_is_refused_too(api, match_id):
    response = api.post(rounds_url(match_id), {**DEAL_1, "number": 3}, format="json")
    assert response.status_code == 409
    assert "round" not in response.json()
    assert not Round.objects.filter(match_id=match_id).exists()


@pytest.mark.parametrize("number", ["1", 0, True, None])
def test_a_deal_number_that_is_not_a_positive_integer_is_invalid(api, match_id, number):
    response = api.post(rounds_url(match_id), {**DEAL_1, "number": number}, format="json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("number", "invalid")]


def test_the_whole_key_counts_so_keys_sharing_a_long_prefix_are_two_requests(api, match_id):
    prefix = "k" * 120
    assert (
        api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY=prefix + "1").status_code
        == 201
    )
    assert (
        api.post(rounds_url(match_id), DEAL_2, format="json", HTTP_IDEMPOTENCY_KEY=prefix + "2").status_code
        == 201
    )
    assert Round.objects.filter(match_id=match_id).count() == 2


@pytest.mark.parametrize("key", ["k" * 256, "a\tb"])
def test_a_key_too_long_or_with_control_characters_is_a_400(api, match_id, key):
    response = api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("Idempotency-Key", "invalid")]
    assert not Round.objects.filter(match_id=match_id).exists()


def test_a_key_reused_with_another_body_is_a_422_not_the_first_round(api, match_id):
    api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="same")
    response = api.post(rounds_url(match_id), DEAL_2, format="json", HTTP_IDEMPOTENCY_KEY="same")
    assert response.status_code == 422
    assert response.json()["errors"][0]["code"] == "idempotency_key_reused"
    assert Round.objects.filter(match_id=match_id).count() == 1


def test_a_repeat_of_a_stale_but_stored_request_answers_its_round(api, match_id):
    """A phone that lost the answer retries with the same key and deal number: its own round."""
    first = api.post(rounds_url(match_id), {**DEAL_1, "number": 1}, format="json", HTTP_IDEMPOTENCY_KEY="r1")
    again = api.post(rounds_url(match_id), {**DEAL_1, "number": 1}, format="json", HTTP_IDEMPOTENCY_KEY="r1")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json()["number"] == 1
    assert Round.objects.filter(match_id=match_id).count() == 1


def test_a_key_stays_spent_after_an_undo(api, match_id):
    api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="once")
    assert api.delete(rounds_url(match_id, 1)).status_code == 200
    response = api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="once")
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "idempotency_key_spent"
    assert not Round.objects.filter(match_id=match_id).exists()


def test_a_repeat_without_a_deal_number_answers_its_round(api, match_id):
    """The key's revision collides in the database; only then is its round looked up."""
    first = api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="r2")
    again = api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="r2")
    assert (first.status_code, again.status_code) == (201, 201)
    assert (again.json()["number"], again.json()["entries"]) == (1, DEAL_1["entries"])
    assert Round.objects.filter(match_id=match_id).count() == 1


def test_a_spent_key_with_the_deal_number_the_match_expects_again_stores_nothing(api, match_id):
    """After an undo, deal 1 is expected again: the old key with number 1 is still spent."""
    api.post(rounds_url(match_id), {**DEAL_1, "number": 1}, format="json", HTTP_IDEMPOTENCY_KEY="twice")
    assert api.delete(rounds_url(match_id, 1)).status_code == 200
    response = api.post(
        rounds_url(match_id), {**DEAL_1, "number": 1}, format="json", HTTP_IDEMPOTENCY_KEY="twice"
    )
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "idempotency_key_spent"
    assert not Round.objects.filter(match_id=match_id).exists()


def test_a_deleted_match_answers_404_until_it_is_restored(api, match_id):
    api.post(rounds_url(match_id), DEAL_1, format="json")
    assert api.delete(f"/api/matches/{match_id}/").status_code == 204
    assert api.get(f"/api/matches/{match_id}/").status_code == 404
    assert api.post(rounds_url(match_id), DEAL_2, format="json").status_code == 404
    restored = api.post(f"/api/matches/{match_id}/restore/")
    assert restored.status_code == 200
    assert [r["number"] for r in restored.json()["rounds"]] == [1]
