"""Ratings and player statistics in the API: Bob reads his club's, Charlie finds nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from players.models import Player
from stats.models import Rating
from tests.stats.support import finished_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_club_ratings_list_every_ladder_best_first(bob_api, club, alice):
    finished_match(club, ["Anna", "Bram"], [50, 30], by=alice)
    response = bob_api.get(reverse("api-club-ratings", args=[club.pk]))
    assert response.status_code == 200
    ladders = response.json()["ladders"]
    assert [ladder["game"] for ladder in ladders] == ["", "duizenden"]
    anna = Rating.objects.get(player__name="Anna", ladder="")
    assert ladders[0]["ratings"][0] == {
        "player": anna.player_id,
        "name": "Anna",
        "ordinal": anna.ordinal,
        "mu": anna.mu,
        "sigma": anna.sigma,
        "matches": 1,
    }
    assert ladders[0]["ratings"][1]["name"] == "Bram"


def test_player_statistics_hold_what_the_page_shows(bob_api, club, alice):
    finished_match(club, ["Anna", "Bram"], [50, 30], by=alice)
    finished_match(club, ["Anna", "Bram"], [10, 30], by=alice)
    anna = Player.objects.get(club=club, name="Anna")
    body = bob_api.get(reverse("api-player", args=[club.pk, anna.pk])).json()
    assert body["rating"]["matches"] == 2
    assert [(g["game"], g["played"], g["wins"], g["average_place"]) for g in body["games"]] == [
        ("duizenden", 2, 1, 1.5)
    ]
    assert body["games"][0]["statistics"][0]["label"] == "Average deal score"
    assert [(o["name"], o["ahead"], o["behind"]) for o in body["head_to_head"]] == [("Bram", 1, 1)]
    assert [h["ordinal"] for h in body["history"]][-1] == pytest.approx(body["rating"]["ordinal"])
    assert len(body["recent"]) == 2


def test_another_club_answers_404_in_the_one_error_shape(charlie_api, club, alice):
    finished_match(club, ["Anna", "Bram"], [50, 30], by=alice)
    anna = Player.objects.get(club=club, name="Anna")
    response = charlie_api.get(reverse("api-player", args=[club.pk, anna.pk]))
    assert response.status_code == 404
    assert set(response.json()) == {"errors"}
    assert charlie_api.get(reverse("api-club-ratings", args=[club.pk])).status_code == 404
