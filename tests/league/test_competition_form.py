"""Alice (owner of the Klaverclub) sets up competitions on her phone: games ticked, what counts,
tie-breaks picked in order; a refused form keeps what she chose and says why."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.forms import CompetitionForm
from league.models import Competition, Evening
from tests.factories import CompetitionFactory

pytestmark = pytest.mark.django_db(transaction=True)

DATA = {
    "name": "Zomer",
    "games": ["duizenden", "barbuse"],
    "starts_on": "2027-06-01",
    "ends_on": "2027-08-31",
    "counts": "matches",
    "kind": "placement",
    "placement_points": "10,8,6,5",
    "best_of": "8",
    "min_evenings": "3",
    "tie_break_1": "last_evening",
    "tie_break_2": "wins",
}


def create(client, klaverclub, **changes):
    return client.post(reverse("league_competitions", args=[klaverclub.pk]), {**DATA, **changes})


def test_alice_creates_a_two_game_competition_where_every_match_counts(client, alice, klaverclub):
    client.force_login(alice)
    response = create(client, klaverclub)
    competition = Competition.objects.get(name="Zomer")
    assert response.url == reverse("league_standings", args=[competition.pk])
    assert competition.games == ["duizenden", "barbuse"]
    assert competition.counts == "matches" and competition.best_of == 8 and competition.min_evenings == 3
    assert competition.tie_breaks == ["last_evening", "wins"]
    page = client.get(response.url).content.decode()
    assert "Duizenden, Barbuse" in page and "best 8 matches count" in page and "at least 3 matches" in page
    assert (
        "Equal points: decided by 1. most points on the last evening (or match) played, 2. most wins" in page
    )


def test_raw_totals_over_two_games_are_refused_and_the_ticks_stay(client, alice, klaverclub):
    client.force_login(alice)
    response = create(client, klaverclub, kind="raw")
    page = response.content.decode()
    assert response.status_code == 200 and not Competition.objects.filter(name="Zomer").exists()
    assert "Raw totals of different games cannot be added up" in page
    assert 'value="duizenden" id="id_games_2" checked' in page
    assert 'value="barbuse" id="id_games_3" checked' in page
    assert create(client, klaverclub, kind="raw", games=["barbuse"]).status_code == 302  # one game: fine


def test_a_tie_break_picked_twice_is_refused_next_to_the_second_pick(client, alice, klaverclub):
    client.force_login(alice)
    response = create(client, klaverclub, tie_break_3="last_evening")
    form = response.context["form"]
    assert form.errors == {"tie_break_3": ["Already chosen above: pick each tie-break at most once."]}
    assert not Competition.objects.filter(name="Zomer").exists()


def test_tie_breaks_are_picked_from_the_list_and_a_gap_keeps_the_order(client, alice, klaverclub):
    client.force_login(alice)
    refused = create(client, klaverclub, tie_break_1="luck")
    assert "Select a valid choice" in refused.content.decode()
    create(client, klaverclub, tie_break_1="", tie_break_2="played", tie_break_3="", tie_break_4="wins")
    assert Competition.objects.get(name="Zomer").tie_breaks == ["played", "wins"]


def test_a_competition_needs_a_game(client, alice, klaverclub):
    client.force_login(alice)
    response = create(client, klaverclub, games=[])
    assert response.context["form"].errors["games"] == ["Choose at least one game."]


def test_the_form_says_evenings_or_matches_as_what_counts_says():
    fresh = CompetitionForm()
    assert str(fresh.fields["best_of"].label) == "Best evenings that count"
    assert str(fresh.fields["min_evenings"].label) == "Minimum attendance (evenings)"
    assert fresh.fields["best_of"].widget.attrs["data-label-matches"] == "Best matches that count"
    bound = CompetitionForm({**DATA, "counts": "matches"})
    assert str(bound.fields["best_of"].label) == "Best matches that count"
    assert str(bound.fields["min_evenings"].label) == "Minimum matches played"
    labels = [str(bound.fields[f"tie_break_{n}"].label) for n in range(1, 5)]
    assert labels == ["First tie-break", "Then (second)", "Then (third)", "Then (fourth)"]
    editing = CompetitionForm(instance=Competition(tie_breaks=["played", "average_place"]))
    assert [editing.fields[f"tie_break_{n}"].initial for n in range(1, 5)] == [
        "played",
        "average_place",
        "",
        "",
    ]


def test_a_new_evening_of_a_two_game_competition_plays_the_game_picked(client, alice, klaverclub):
    competition = CompetitionFactory.create(club=klaverclub, games=["duizenden", "barbuse"])
    client.force_login(alice)
    page = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert 'name="game"' in page and ">Barbuse</option>" in page
    url = reverse("league_evening_create", args=[competition.pk])
    client.post(url, {"date": "2026-10-01", "game": "barbuse", "counts": "on"})
    assert Evening.objects.get(competition=competition).game == "barbuse"
    refused = client.post(url, {"date": "2026-10-08", "game": "canasta"}, follow=True)
    assert "one of the competition&#x27;s games" in refused.content.decode()
    assert Evening.objects.filter(competition=competition).count() == 1


def test_a_one_game_competition_asks_no_game_for_an_evening(client, alice, klaverclub):
    competition = CompetitionFactory.create(club=klaverclub)
    client.force_login(alice)
    page = client.get(reverse("league_standings", args=[competition.pk])).content.decode()
    assert 'name="game"' not in page
    client.post(reverse("league_evening_create", args=[competition.pk]), {"date": "2026-10-01"})
    assert Evening.objects.get(competition=competition).game == "duizenden"
