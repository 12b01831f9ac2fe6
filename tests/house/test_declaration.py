"""Declaring a house game and starting it, as Alice (who owns De Klaverclub and has a table of
her own) does on her phone: the form shows the chosen way of entering a deal only, and swaps in
another's fields when she changes it (over htmx, or by a button without JavaScript); a second
game of a name the club has is refused with a way to open the first or name the copy; New
match starts a house game in its own club with the page's defaults."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from house.models import HouseGame
from matches.models import Match
from players.models import Club
from scoring.declared import TEMPLATES
from tests.factories import HouseGameFactory
from tests.house.test_pages import HARTENJAGEN_FORM


@pytest.fixture
def alice_client(client, alice, klaverclub):
    client.force_login(alice)
    return client


def new_url(club: Club) -> str:
    return reverse("house_game_new", args=[club.pk])


def field_names(page: str) -> set[str]:
    return set(re.findall(r'name="([^"]+)"', page))


def test_the_form_shows_only_the_chosen_blocks_fields(alice_client, klaverclub):
    page = alice_client.get(f"{new_url(klaverclub)}?template=boerenbridge").content.decode()
    names = field_names(page)
    assert {"bids.cards", "bids.dealer_rule", "bids.hit_base"} <= names
    assert not {name for name in names if name.startswith(("points.", "went_out."))}
    assert (
        'value="bids" checked' in page
        or 'checked value="bids"' in page
        or re.search(r'<input[^>]*value="bids"[^>]*checked', page)
    )


def test_declare_comes_before_the_rules_so_a_template_is_one_tap(alice_client, klaverclub):
    page = alice_client.get(f"{new_url(klaverclub)}?template=hartenjagen").content.decode()
    assert page.index("Declare the game") < page.index('name="players.min"')


def test_changing_the_way_over_htmx_swaps_in_that_blocks_fieldset(alice_client, klaverclub):
    response = alice_client.post(
        new_url(klaverclub),
        {**HARTENJAGEN_FORM, "entry.kind": "went_out", "show_block": "1"},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<fieldset id="house-game-block"')
    assert {"went_out.out_score", "went_out.hand", "went_out.card_values.K"} <= field_names(page)
    assert 'name="name"' not in page
    assert not HouseGame.objects.exists()


def test_without_javascript_the_button_shows_the_other_blocks_fields_and_keeps_what_was_typed(
    alice_client, klaverclub
):
    response = alice_client.post(
        new_url(klaverclub), {**HARTENJAGEN_FORM, "entry.kind": "bids", "show_block": "1"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="name" value="Hartenjagen"' in page
    assert {"bids.cards", "bids.deals"} <= field_names(page)
    assert "points.total" not in field_names(page)
    assert '<p class="error">' not in page  # nothing is checked yet
    assert not HouseGame.objects.exists()


def test_only_the_chosen_blocks_fields_are_checked(alice_client, klaverclub):
    """A points value that a bids block would refuse is not read when points are not chosen."""
    form = {**HARTENJAGEN_FORM, "points.total": "not a number", "entry.kind": "went_out"}
    response = alice_client.post(new_url(klaverclub), form)
    assert response.status_code == 302
    assert HouseGame.objects.get().definition["entry"]["kind"] == "went_out"


def test_a_bids_block_left_at_its_defaults_scores_as_the_engine_says(alice_client, klaverclub):
    form = {
        "name": "Boerenbridge",
        "players.min": "3",
        "players.max": "6",
        "team_size": "1",
        "entry.kind": "bids",
        "end.kind": "schedule",
        "bids.dealer_rule": "on",
    }
    assert alice_client.post(new_url(klaverclub), form).status_code == 302
    entry = HouseGame.objects.get().definition["entry"]
    assert (entry["hit_base"], entry["hit_per_trick"], entry["miss_per_trick"], entry["cards"]) == (
        10,
        2,
        2,
        7,
    )


def test_a_second_game_of_the_same_name_is_refused_with_a_way_to_open_the_first(alice_client, klaverclub):
    first = HouseGameFactory.create(club=klaverclub)
    response = alice_client.post(new_url(klaverclub), {**HARTENJAGEN_FORM, "name": "hartenjagen"})
    page = response.content.decode()
    assert response.status_code == 400
    assert "De Klaverclub already has a game called Hartenjagen." in page
    assert reverse("house_game_edit", args=[klaverclub.pk, first.slug]) in page
    assert 'name="copy_name" value="hartenjagen 2"' in page
    assert HouseGame.objects.count() == 1


def test_naming_the_copy_declares_it_under_the_offered_name(alice_client, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    second = HouseGameFactory.create(club=klaverclub)
    HouseGame.objects.filter(pk=second.pk).update(name="Hartenjagen 2")
    page = alice_client.post(new_url(klaverclub), HARTENJAGEN_FORM).content.decode()
    assert 'name="copy_name" value="Hartenjagen 3"' in page
    response = alice_client.post(new_url(klaverclub), {**HARTENJAGEN_FORM, "copy_name": "Hartenjagen 3"})
    assert response.status_code == 302
    assert sorted(klaverclub.house_games.values_list("name", flat=True)) == [
        "Hartenjagen",
        "Hartenjagen 2",
        "Hartenjagen 3",
    ]


def test_changing_a_game_keeps_its_own_name_without_a_warning(alice_client, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    response = alice_client.post(
        reverse("house_game_edit", args=[klaverclub.pk, game.slug]), HARTENJAGEN_FORM
    )
    assert response.status_code == 302


def test_the_house_games_links_are_thumb_sized(alice_client, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    page = alice_client.get(reverse("house_games", args=[klaverclub.pk])).content.decode()
    assert '<p class="house-game-links">' in page


def test_new_match_starts_a_house_game_in_its_club_with_the_pages_defaults(alice_client, alice, klaverclub):
    """Alice has a table of her own, listed first among her clubs; the house game's club is the
    one the page holds, so Start works without touching the club."""
    game = HouseGameFactory.create(club=klaverclub)
    url = reverse("new_match_setup", args=[game.slug])
    page = alice_client.get(url).content.decode()
    club_input = re.search(r'<input type="hidden" name="club" value="(\d+)"', page)
    assert club_input is not None and club_input.group(1) == str(klaverclub.pk)
    assert Club.objects.filter(personal=True, memberships__user=alice).exists()
    players = {"player_0": "Anna", "player_1": "Bram", "player_2": "Cor", "player_3": "Dirk", "dealer": "0"}
    response = alice_client.post(url, {**players, "club": club_input.group(1)})
    assert response.status_code == 302, response.content.decode()
    assert Match.objects.get().club == klaverclub


def test_a_house_game_of_a_club_where_one_does_not_keep_score_is_not_offered(client, bob, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    client.force_login(bob)  # a member who reads, not a scorer
    assert game.name not in client.get(reverse("new_match")).content.decode()
    assert client.get(reverse("new_match_setup", args=[game.slug])).status_code == 404


def test_new_match_names_each_house_games_club_when_two_clubs_have_some(alice_client, alice, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    HouseGameFactory.create(club=Club.personal_for(alice))
    page = alice_client.get(reverse("new_match")).content.decode()
    assert "Hartenjagen · De Klaverclub" in page


def test_a_shared_file_of_a_name_the_club_has_is_imported_as_a_named_copy(alice_client, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    upload = SimpleUploadedFile("hartenjagen.json", json.dumps(TEMPLATES["hartenjagen"]).encode())
    response = alice_client.post(
        reverse("house_game_import", args=[klaverclub.pk]), {"file": upload}, follow=True
    )
    assert "Hartenjagen 2 is ready to play: the club already had a game called Hartenjagen." in (
        response.content.decode()
    )
    assert sorted(klaverclub.house_games.values_list("name", flat=True)) == ["Hartenjagen", "Hartenjagen 2"]
