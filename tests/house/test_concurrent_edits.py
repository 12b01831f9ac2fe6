"""Two admins change one house game at once (issue 48): Alice and Dora of De Klaverclub both
read Hartenjagen, Alice saves new rules first, and Dora's save from her older read is refused
(409 with both versions on the page, 412 in the API); Alice's rules stay."""

from __future__ import annotations

import copy

import pytest
from django.test import Client
from django.urls import reverse

from house.models import HouseGame
from scoring.declared import TEMPLATES
from tests.conftest import _api_client
from tests.factories import HouseGameFactory
from tests.page_forms import posted

pytestmark = pytest.mark.django_db


@pytest.fixture
def hartenjagen(klaverclub) -> HouseGame:
    return HouseGameFactory.create(club=klaverclub)


def admin(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_stale_house_game_form_is_refused_with_both_versions(alice, dora, klaverclub, hartenjagen):
    edit = reverse("house_game_edit", args=[klaverclub.pk, hartenjagen.slug])
    phone, laptop = admin(alice), admin(dora)
    alices = posted(phone.get(edit).content.decode(), "")
    doras = posted(laptop.get(edit).content.decode(), "")
    assert alices["version"] == doras["version"] == ["1"]
    alices["end.value"] = ["50"]
    assert phone.post(edit, alices).status_code == 302
    doras["name"] = ["Hartenjagen (club)"]
    refused = laptop.post(edit, doras)

    assert refused.status_code == 409
    page = refused.content.decode()
    assert "Changed meanwhile" in page and 'class="stale-changed"' in page
    hartenjagen.refresh_from_db()
    assert (hartenjagen.name, hartenjagen.definition["end"]["value"], hartenjagen.version) == (
        "Hartenjagen",
        50,
        2,
    )
    mine = posted(page, edit)
    assert mine["version"] == ["2"] and mine["name"] == ["Hartenjagen (club)"]
    assert laptop.post(edit, mine).status_code == 302
    hartenjagen.refresh_from_db()
    assert (hartenjagen.name, hartenjagen.definition["end"]["value"]) == ("Hartenjagen (club)", 100)


def test_a_stale_put_is_412_and_the_first_rules_stay(alice, dora, klaverclub, hartenjagen):
    url = reverse("api-house-game", args=[klaverclub.pk, hartenjagen.slug])
    first, second = _api_client(alice), _api_client(dora)
    tag = first.get(url)["ETag"]
    assert second.get(url)["ETag"] == tag and tag.startswith('"1-')
    shorter = copy.deepcopy(dict(TEMPLATES["hartenjagen"]))
    shorter["end"]["value"] = 50
    saved = first.put(url, shorter, format="json", headers={"If-Match": tag})
    assert saved.status_code == 200 and saved["ETag"].startswith('"2-') and saved.json()["version"] == 2
    renamed = {**copy.deepcopy(dict(TEMPLATES["hartenjagen"])), "name": "Hartenjagen (club)"}
    refused = second.put(url, renamed, format="json", headers={"If-Match": tag})
    assert refused.status_code == 412 and refused.json()["errors"][0]["code"] == "stale_version"
    hartenjagen.refresh_from_db()
    assert (hartenjagen.name, hartenjagen.definition["end"]["value"]) == ("Hartenjagen", 50)
    assert second.put(url, renamed, format="json").status_code == 200  # no If-Match: as before
