"""The scoresheet is drawn once per version of its match and kept (``{% keep %}``): every phone
at the table sees the same sheet until the next write, but its own CSRF token, its own round
key, its own messages and what only it may do."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Match, Round
from players.models import Player
from tests.factories import MatchFactory
from tests.web.test_match_pages import DEAL_1, deal_form

pytestmark = pytest.mark.django_db

KEY = re.compile(r'name="idempotency_key" value="([0-9a-f]{32})"')


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)


@pytest.fixture
def alice_client(client, alice) -> Client:
    client.force_login(alice)
    return client


def _phone(user) -> Client:
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(user)
    return phone


def _sheet(phone: Client, match: Match) -> str:
    return phone.get(reverse("match_detail", args=[match.pk])).content.decode()


def _token(page: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_each_phone_posts_with_the_csrf_token_its_own_sheet_gave_it(alice, dora, klaverclub):
    """Alice (the owner) and Dora (an admin) both keep the score of the same match."""
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=alice)
    alices, doras = _phone(alice), _phone(dora)
    _sheet(alices, match)  # drawn and kept
    page = _sheet(doras, match)  # from the kept copy
    form = {
        **deal_form(0, [(True, 0), (True, 30), (False, 95)], key=KEY.search(page).group(1)),
        "number": "1",
    }
    response = doras.post(
        reverse("round_add", args=[match.pk]), {**form, "csrfmiddlewaretoken": _token(page)}
    )
    assert response.status_code == 302
    assert Round.objects.get(match=match).created_by == dora


def test_every_view_of_a_kept_sheet_has_a_round_key_of_its_own(alice_client, match):
    keys = {KEY.search(_sheet(alice_client, match)).group(1) for _ in range(3)}
    assert len(keys) == 3


def test_a_phone_sees_a_deal_saved_on_another_at_once(alice, alice_client, match):
    assert "Enter deal 1" in _sheet(alice_client, match)
    match.add_round(DEAL_1, by=alice)
    page = _sheet(alice_client, match)
    assert "Enter deal 2" in page and 'data-round="1"' in page


def test_a_renamed_player_shows_on_a_kept_sheet(alice_client, match):
    assert "Anna" in _sheet(alice_client, match)
    Player.objects.filter(club=match.club, name="Anna").update(name="Annabel")
    assert "Annabel" in _sheet(alice_client, match)


def test_a_reader_does_not_get_the_scorers_kept_form(alice_client, bob, match):
    """Alice keeps the score; Bob, a member of her club, may only read: one kept sheet each."""
    assert 'id="round-form"' in _sheet(alice_client, match)
    bobs = _sheet(_phone(bob), match)
    assert 'id="round-form"' not in bobs and "Anna" in bobs
    assert 'id="round-form"' in _sheet(alice_client, match)


def test_only_a_manager_gets_the_delete_box_of_a_kept_sheet(alice, sam, klaverclub):
    """Sam keeps the score of the match he started, but only Alice, the owner, may delete it."""
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=sam)
    assert "danger-zone" in _sheet(_phone(alice), match)
    sams = _sheet(_phone(sam), match)
    assert "danger-zone" not in sams and 'id="round-form"' in sams


def test_the_saved_box_and_its_undo_are_the_phones_own(alice, dora, klaverclub):
    """Dora saved deal 1 and sees "Deal 1 saved" with its undo; Alice, at the same version, not."""
    match = MatchFactory.create(club=klaverclub, players=["Anna", "Bram", "Cor"], by=alice)
    doras = _phone(dora)
    page = _sheet(doras, match)
    form = {
        **deal_form(0, [(True, 0), (True, 30), (False, 95)], key=KEY.search(page).group(1)),
        "number": "1",
    }
    saved = doras.post(
        reverse("round_add", args=[match.pk]), {**form, "csrfmiddlewaretoken": _token(page)}, follow=True
    ).content.decode()
    assert "Deal 1 saved." in saved
    assert "Deal 1 saved." not in _sheet(_phone(alice), match)


def test_a_refused_deal_keeps_what_was_typed_and_is_never_kept(alice_client, match):
    """The whole sheet comes back with the typed values and the reason; the next view of the
    same version shows a blank form again."""
    refused = alice_client.post(
        reverse("round_add", args=[match.pk]), deal_form(0, [(True, 0), (True, 30), (False, 50)])
    )
    assert refused.status_code == 400
    assert 'value="50"' in refused.content.decode()
    assert 'value="50"' not in _sheet(alice_client, match)


def test_the_messages_of_a_kept_page_are_the_readers_own(alice, alice_client, match):
    match.add_round(DEAL_1, by=alice)
    _sheet(alice_client, match)
    undone = alice_client.post(reverse("round_undo", args=[match.pk]), follow=True).content.decode()
    assert 'class="flash"' in undone
    assert 'class="flash"' not in _sheet(alice_client, match)
