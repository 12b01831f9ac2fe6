"""Pages and API answers go compressed to clients that accept it, and an API answer that has
not changed since the client's copy answers 304 with no body. (HTML pages carry a CSRF token
masked anew on every request, which is also the BREACH defence, so their ETags never repeat.)"""

from __future__ import annotations

import gzip

import pytest
from django.urls import reverse

from matches.models import Match
from tests.factories import MatchFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="duizenden", players=["Anna", "Bram", "Cor"], by=alice)


def test_scoresheet_is_gzipped_for_a_browser_that_accepts_it(client, alice, match):
    client.force_login(alice)
    plain = client.get(reverse("match_detail", args=[match.pk]))
    packed = client.get(reverse("match_detail", args=[match.pk]), headers={"accept-encoding": "gzip"})
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert len(packed.content) < len(plain.content) / 2
    assert b"Anna" in gzip.decompress(packed.content)


def test_api_match_is_gzipped_too(api, match):
    response = api.get(f"/api/matches/{match.pk}/", headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"


def test_unchanged_api_match_answers_304_to_its_etag(api, match):
    url = f"/api/matches/{match.pk}/"
    first = api.get(url)
    again = api.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""


def test_api_match_gets_a_new_etag_once_a_round_is_added(api, match):
    url = f"/api/matches/{match.pk}/"
    first = api.get(url)
    body = {
        "entries": [{"went_out": True, "table_points": 50, "hand_points": 0}]
        + [{"went_out": False, "table_points": 20, "hand_points": 10} for _ in range(2)]
    }
    assert api.post(f"{url}rounds/", body, format="json").status_code == 201
    again = api.get(url, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
