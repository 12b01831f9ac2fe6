"""Entering at the table: undo and redo of a saved round, a rematch in one tap, a correction
that shows the totals it changes before it is saved, and seats added one at a time."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.models import Match, Round
from tests.factories import MatchFactory
from tests.web.test_match_pages import DEAL_1, deal_form

pytestmark = pytest.mark.django_db

DEAL_1_FORM = deal_form(0, [(True, 0), (True, 30), (False, 95)])


@pytest.fixture
def match(alice, club) -> Match:
    return MatchFactory.create(club=club, game="frustration-nl", players=["Anna", "Bram", "Cor"], by=alice)


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def sheet(client, match: Match) -> str:
    return client.get(reverse("match_detail", args=[match.pk])).content.decode()


def test_the_confirmations_undo_takes_back_that_deal_and_redo_puts_it_back(alice_client, match):
    alice_client.post(reverse("round_add", args=[match.pk]), DEAL_1_FORM)
    alice_client.post(reverse("round_undo", args=[match.pk]), {"number": "1"})
    assert not Round.objects.filter(match=match).exists()
    page = sheet(alice_client, match)
    assert "Deal 1 was undone." in page and reverse("round_redo", args=[match.pk]) in page
    response = alice_client.post(reverse("round_redo", args=[match.pk]), follow=True)
    assert Round.objects.get(match=match).body == DEAL_1
    assert "Deal 1 is back." in response.content.decode()
    assert reverse("round_redo", args=[match.pk]) not in sheet(alice_client, match)


def test_an_undo_for_a_deal_that_is_no_longer_last_undoes_nothing(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    match.add_round(DEAL_1, by=alice)
    response = alice_client.post(reverse("round_undo", args=[match.pk]), {"number": "1"}, follow=True)
    assert Round.objects.filter(match=match).count() == 2
    assert response.status_code == 200


def test_a_new_round_after_an_undo_ends_the_redo(alice_client, match):
    alice_client.post(reverse("round_add", args=[match.pk]), DEAL_1_FORM)
    alice_client.post(reverse("round_undo", args=[match.pk]))
    alice_client.post(reverse("round_add", args=[match.pk]), {**DEAL_1_FORM, "idempotency_key": "k2"})
    response = alice_client.post(reverse("round_redo", args=[match.pk]), follow=True)
    assert Round.objects.filter(match=match).count() == 1
    assert "There is no undone round to put back." in response.content.decode()


def test_redo_over_htmx_answers_the_sheet(alice_client, match):
    alice_client.post(reverse("round_add", args=[match.pk]), DEAL_1_FORM)
    alice_client.post(reverse("round_undo", args=[match.pk]))
    response = alice_client.post(reverse("round_redo", args=[match.pk]), headers={"HX-Request": "true"})
    assert response.content.decode().lstrip().startswith('<div id="sheet"')
    assert Round.objects.filter(match=match).count() == 1


def test_rematch_starts_the_same_players_with_the_next_dealer(alice_client, match, alice):
    response = alice_client.post(reverse("match_rematch", args=[match.pk]))
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert response["Location"] == reverse("match_detail", args=[rematch.pk])
    assert [s.player_id for s in rematch.seats.all()] == [s.player_id for s in match.seats.all()]
    assert (rematch.game, rematch.options, rematch.club_id) == (match.game, match.options, match.club_id)
    assert rematch.dealer == 1 and rematch.created_by == alice


def test_rematch_keeps_the_teams(alice_client, alice, club):
    match = MatchFactory.create(club=club, game="canasta", players=["Anna", "Bram", "Cor", "Dirk"], by=alice)
    alice_client.post(reverse("match_rematch", args=[match.pk]))
    assert Match.objects.exclude(pk=match.pk).get().teams == match.teams


def test_rematch_needs_post(alice_client, match):
    assert alice_client.get(reverse("match_rematch", args=[match.pk])).status_code == 405


def test_the_home_page_offers_the_last_finished_match_again(alice_client, match):
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    page = alice_client.get("/").content.decode()
    assert reverse("match_rematch", args=[match.pk]) in page
    assert "Rematch: Frustration (11 contracts)" in page


def test_the_correction_page_shows_the_rounds_values_and_the_totals_now(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    page = alice_client.get(reverse("round_edit", args=[match.pk, 1])).content.decode()
    assert 'value="95"' in page and "Totals now" in page


def test_a_preview_shows_the_totals_a_correction_would_leave_and_stores_nothing(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    form = {**deal_form(0, [(True, 0), (True, 30), (False, 120)]), "preview": "1"}
    response = alice_client.post(reverse("round_edit", args=[match.pk, 1]), form)
    page = response.content.decode()
    assert response.status_code == 200
    assert "<del>95</del> → <ins>120</ins>" in page
    assert Round.objects.get(match=match).scores == [0, 30, 95]


def test_a_refused_preview_says_why(alice_client, match, alice):
    match.add_round(DEAL_1, by=alice)
    form = {**deal_form(0, [(True, 0), (True, 30), (False, 50)]), "preview": "1"}
    response = alice_client.post(reverse("round_edit", args=[match.pk, 1]), form)
    assert response.status_code == 400 and "at least 55" in response.content.decode()


def test_setup_shows_the_seats_the_game_needs_and_adds_one_at_a_time(alice_client):
    url = reverse("new_match_setup", args=["duizenden"])
    page = alice_client.get(url).content.decode()
    assert page.count('<div class="seat">') == 2  # Duizenden needs two at least
    assert 'name="add_seat"' in page
    response = alice_client.post(
        url, {"player_0": "Anna", "player_1": "Bram", "add_seat": "1", "dealer": "0"}
    )
    page = response.content.decode()
    assert page.count('<div class="seat">') == 3
    assert 'value="Anna"' in page and not Match.objects.exists()
    assert "This field is required" not in page


def test_setup_offers_the_first_dealer_by_name(alice_client):
    url = reverse("new_match_setup", args=["duizenden"])
    page = alice_client.post(url, {"player_0": "Anna", "player_1": "Bram", "add_seat": "1"}).content.decode()
    assert '<option value="1">Bram</option>' in page


def test_barbuse_setup_shows_exactly_four_seats_and_no_add_button(alice_client):
    page = alice_client.get(reverse("new_match_setup", args=["barbuse"])).content.decode()
    assert page.count('<div class="seat">') == 4 and 'name="add_seat"' not in page
    # The first dealer is one of those four: no "Seat 5" or "Seat 6".
    assert '<option value="3">Seat 4</option>' in page
    assert 'value="4"' not in page.split('name="dealer"')[1].split("</select>")[0]


def test_the_sheet_offers_a_rematch_to_those_who_keep_score(alice_client, client, bob, match):
    assert reverse("match_rematch", args=[match.pk]) in sheet(alice_client, match)
    client.force_login(bob)  # a member who only reads
    assert reverse("match_rematch", args=[match.pk]) not in sheet(client, match)
