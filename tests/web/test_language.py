"""The language switch is remembered per user; otherwise the browser's language; English last."""

from __future__ import annotations

import pytest
from django.test import Client

from players.models import Preference

pytestmark = pytest.mark.django_db


def html_lang(client: Client, **headers: str) -> str:
    page = client.get("/", headers=headers).content.decode()
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def test_anonymous_visitor_gets_the_browsers_language(client):
    assert html_lang(client, accept_language="fr-BE,fr;q=0.9") == "fr"


def test_english_is_the_fallback(client):
    assert html_lang(client, accept_language="de") == "en"


def test_switching_language_is_remembered_on_another_device(client, alice):
    client.force_login(alice)
    response = client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    assert response.status_code == 302
    assert Preference.objects.get(user=alice).language == "nl"
    other_device = Client()
    other_device.force_login(alice)
    assert html_lang(other_device, accept_language="fr") == "nl"


def test_api_follows_accept_language_not_the_page_preference(api, alice):
    Preference.objects.create(user=alice, language="nl")
    response = api.post(
        "/api/matches/",
        {"game": "barbuse", "players": ["A"]},
        format="json",
        headers={"accept-language": "fr"},
    )
    assert response.status_code == 400
    assert response.headers["Content-Language"] == "fr"


@pytest.mark.parametrize(("language", "expected"), [("en", "1,285"), ("nl", "1.285"), ("fr", "1\xa0285")])
def test_totals_follow_the_language_number_format(client, alice, club, language, expected):
    from tests.factories import MatchFactory

    match = MatchFactory(club=club, game="duizenden", players=["Anna", "Bram"], options={"target": 5000})
    for points in (700, 585):
        match.add_round(
            {
                "entries": [
                    {"went_out": True, "table_points": points, "hand_points": 0},
                    {"went_out": False, "table_points": 0, "hand_points": 5},
                ]
            }
        )
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/", headers={"accept-language": language}).content.decode()
    assert f'<span class="total">{expected}</span>' in page
