"""POST/PUT/DELETE /api/matches/{id}/rounds/: entering, refusing, correcting and undoing rounds."""

from __future__ import annotations

import pytest

from matches.models import Round, RoundRevision

pytestmark = pytest.mark.django_db

DEAL_1 = {
    "entries": [
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "hand": {"5": 1, "K": 1, "A": 1}},
        {"laid_down": False, "went_out": False, "points": 95},
    ]
}
DEAL_2 = {
    "entries": [
        {"laid_down": False, "went_out": False, "points": 100},
        {"laid_down": True, "went_out": True, "points": 0},
        {"laid_down": True, "went_out": False, "points": 60},
    ]
}


@pytest.fixture
def match_id(api) -> int:
    response = api.post(
        "/api/matches/", {"game": "frustration-nl", "players": ["Anna", "Bram", "Cor"]}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def rounds_url(match_id: int, number: int | None = None) -> str:
    return f"/api/matches/{match_id}/rounds/" + (f"{number}/" if number else "")


def test_posting_a_round_stores_it_and_answers_the_new_standings(api, match_id):
    response = api.post(rounds_url(match_id), DEAL_1, format="json")
    assert response.status_code == 201
    data = response.json()
    assert data["number"] == 1
    assert data["entries"] == DEAL_1["entries"]
    assert data["scores"] == [0, 30, 95]
    assert [row["seat"] for row in data["standings"]] == [0, 1, 2]
    assert data["next"]["dealer"] == 1
    assert Round.objects.get(match_id=match_id, number=1).scores == [0, 30, 95]
    assert RoundRevision.objects.filter(match_id=match_id, action="add").count() == 1


def test_refused_round_answers_400_with_the_error_and_stores_nothing(api, match_id):
    bad = {"entries": [{"laid_down": True, "went_out": True, "points": 0}] * 3}
    response = api.post(rounds_url(match_id), bad, format="json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("", "went_out_count")]
    assert response.json()["errors"][0]["message"]
    assert not Round.objects.filter(match_id=match_id).exists()


def test_refusal_message_follows_accept_language(api, match_id):
    bad = {"entries": [{"laid_down": True, "went_out": True, "points": 72}, *DEAL_1["entries"][1:]]}
    response = api.post(rounds_url(match_id), bad, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_multiple_of_5"
    assert response.json()["errors"][0]["message"] == "Punten moeten een veelvoud van 5 zijn."


def test_repeated_idempotency_key_stores_the_round_once(api, match_id):
    first = api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="abc-123")
    again = api.post(rounds_url(match_id), DEAL_1, format="json", HTTP_IDEMPOTENCY_KEY="abc-123")
    assert first.status_code == again.status_code == 201
    assert again.json()["number"] == 1
    assert Round.objects.filter(match_id=match_id).count() == 1


def test_correcting_a_round_replays_the_match_and_keeps_history(api, match_id, alice):
    api.post(rounds_url(match_id), DEAL_1, format="json")
    api.post(rounds_url(match_id), DEAL_2, format="json")
    corrected = {
        "entries": [DEAL_1["entries"][0], DEAL_1["entries"][1], {**DEAL_1["entries"][2], "points": 100}]
    }
    response = api.put(rounds_url(match_id, 1), corrected, format="json")
    assert response.status_code == 200
    assert response.json()["scores"] == [0, 30, 100]
    assert Round.objects.get(match_id=match_id, number=1).body == corrected
    revision = RoundRevision.objects.get(match_id=match_id, action="correct")
    assert (revision.before, revision.after, revision.by) == (DEAL_1, corrected, alice)


def seat(laid_down: bool, went_out: bool, points: int) -> dict:
    return {"laid_down": laid_down, "went_out": went_out, "points": points}


def test_correction_that_makes_a_later_round_impossible_is_refused_naming_that_round(api, match_id):
    # Anna lays down in deal 2 only, so deal 3 finds her on contract 2 (at most 100 kept).
    for body in (
        {"entries": [seat(False, False, 60), seat(True, True, 0), seat(False, False, 55)]},
        {"entries": [seat(True, False, 20), seat(True, True, 0), seat(False, False, 55)]},
        {"entries": [seat(True, False, 100), seat(True, True, 0), seat(False, False, 55)]},
    ):
        assert api.post(rounds_url(match_id), body, format="json").status_code == 201
    stored = list(Round.objects.filter(match_id=match_id).values_list("body", flat=True))
    # Had she laid down in deal 1 too, deal 3 would be contract 3: at most 80 kept.
    correction = {"entries": [seat(True, False, 20), seat(True, True, 0), seat(False, False, 55)]}
    response = api.put(rounds_url(match_id, 1), correction, format="json")
    assert response.status_code == 400
    assert [(e["code"], e["field"]) for e in response.json()["errors"]] == [
        ("points_too_high", "rounds.3.entries.0.points")
    ]
    assert list(Round.objects.filter(match_id=match_id).values_list("body", flat=True)) == stored
    assert not RoundRevision.objects.filter(match_id=match_id, action="correct").exists()


def test_undo_removes_only_the_last_round(api, match_id):
    api.post(rounds_url(match_id), DEAL_1, format="json")
    api.post(rounds_url(match_id), DEAL_2, format="json")
    refused = api.delete(rounds_url(match_id, 1))
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "not_last_round"
    response = api.delete(rounds_url(match_id, 2))
    assert response.status_code == 200
    assert response.json()["next"]["number"] == 2
    assert list(Round.objects.filter(match_id=match_id).values_list("number", flat=True)) == [1]
    assert RoundRevision.objects.filter(match_id=match_id, action="undo", number=2).exists()


def test_round_for_a_finished_match_answers_409_and_undo_reopens_it(api):
    created = api.post(
        "/api/matches/",
        {"game": "duizenden", "players": ["A", "B"], "options": {"target": 50}},
        format="json",
    ).json()
    win = {
        "entries": [
            {"went_out": True, "table_points": 60, "hand_points": 0},
            {"went_out": False, "table_points": 0, "hand_points": 10},
        ]
    }
    assert api.post(rounds_url(created["id"]), win, format="json").status_code == 201
    response = api.post(rounds_url(created["id"]), win, format="json")
    assert response.status_code == 409
    assert response.json()["errors"][0] == {
        "field": "",
        "code": "match_finished",
        "message": "This match is over: no more rounds can be entered.",
    }
    undo = api.delete(rounds_url(created["id"], 1))
    assert undo.json()["status"] == "in_progress"


def test_other_clubs_cannot_see_or_write_the_match(charlie_api, match_id):
    assert charlie_api.get(f"/api/matches/{match_id}/").status_code == 404
    assert charlie_api.post(rounds_url(match_id), DEAL_1, format="json").status_code == 404
    assert not Round.objects.filter(match_id=match_id).exists()


def test_anonymous_requests_get_401(anonymous_api, match_id):
    response = anonymous_api.post(rounds_url(match_id), DEAL_1, format="json")
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "not_authenticated"


def test_club_member_can_read_the_match(bob_api, match_id):
    assert bob_api.get(f"/api/matches/{match_id}/").status_code == 200


def test_wrong_method_answers_405(api, match_id):
    response = api.patch(rounds_url(match_id), DEAL_1, format="json")
    assert response.status_code == 405
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


@pytest.mark.parametrize(
    "raw",
    [b"{not json", b"[]", b'"entries"', b"null", b'{"entries": "x"}', b'{"entries": [1, 2, 3]}'],
)
def test_malformed_bodies_get_a_4xx_never_a_500(api, match_id, raw):
    response = api.generic("POST", rounds_url(match_id), raw, content_type="application/json")
    assert 400 <= response.status_code < 500
    assert response.json()["errors"]
    assert not Round.objects.filter(match_id=match_id).exists()
