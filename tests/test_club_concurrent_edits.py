"""Two admins on the club page at once (issue 48): the club's settings, a member's role and a
player's name carry the version they were read at; Alice saves first, Dora's save from the page
she had open is refused with both versions (409), and Alice's change stays."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from players.models import Club, Membership
from tests.factories import PlayerFactory
from tests.page_forms import posted

pytestmark = pytest.mark.django_db


def admin(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def both_read(klaverclub: Club, alice, dora, action: str) -> tuple[Client, dict, Client, dict]:
    page = reverse("club_detail", args=[klaverclub.pk])
    phone, laptop = admin(alice), admin(dora)
    return (
        phone,
        posted(phone.get(page).content.decode(), action),
        laptop,
        posted(laptop.get(page).content.decode(), action),
    )


def test_a_stale_club_settings_save_is_refused_and_the_first_stays(alice, dora, klaverclub):
    action = reverse("club_settings", args=[klaverclub.pk])
    phone, alices, laptop, doras = both_read(klaverclub, alice, dora, action)
    assert "confirm_rounds" not in doras and doras["version"] == ["1"]
    assert phone.post(action, {**alices, "confirm_rounds": ["on"]}).status_code == 302
    refused = laptop.post(action, doras)  # Dora saves the box unticked, as her page showed it
    assert refused.status_code == 409
    assert "the settings of De Klaverclub" in refused.content.decode()
    klaverclub.refresh_from_db()
    assert klaverclub.confirm_rounds is True and klaverclub.version == 2


def test_a_stale_role_change_over_htmx_shows_both_versions_in_the_page(alice, dora, klaverclub):
    sam = Membership.objects.get(club=klaverclub, user__username="sam")
    action = reverse("member_role", args=[klaverclub.pk, sam.pk])
    phone, alices, laptop, doras = both_read(klaverclub, alice, dora, action)
    assert phone.post(action, {**alices, "role": ["member"]}).status_code == 302
    refused = laptop.post(action, {**doras, "role": ["scorer"]}, headers={"HX-Request": "true"})
    assert refused.status_code == 409
    assert refused["HX-Retarget"] == "main" and refused["HX-Reswap"] == "innerHTML"
    page = refused.content.decode()
    assert page.lstrip().startswith('<section class="stale-edit"') and "the role of sam" in page
    assert "<td>member</td>\n    <td>scorekeeper</td>" in page
    sam.refresh_from_db()
    assert sam.role == Membership.Role.MEMBER


def test_a_stale_rename_on_the_club_page_is_refused_and_the_first_name_stays(alice, dora, klaverclub):
    anna = PlayerFactory.create(club=klaverclub, name="Anna")
    action = reverse("player_rename", args=[klaverclub.pk, anna.pk])
    phone, alices, laptop, doras = both_read(klaverclub, alice, dora, action)
    assert phone.post(action, {**alices, "name": ["Anna B."]}).status_code == 302
    refused = laptop.post(action, {**doras, "name": ["Anna de V."]})
    assert refused.status_code == 409
    page = refused.content.decode()
    assert "<td>Anna B.</td>\n    <td>Anna de V.</td>" in page
    anna.refresh_from_db()
    assert anna.name == "Anna B."


def test_retiring_a_player_moves_their_version(alice, klaverclub):
    """A rename read before the player was retired is refused too: it would be made over a
    change its page did not show."""
    anna = PlayerFactory.create(club=klaverclub, name="Anna")
    admin(alice).post(reverse("player_retire", args=[klaverclub.pk, anna.pk]), {"retired": "1"})
    anna.refresh_from_db()
    assert anna.retired_at is not None and anna.version == 2
