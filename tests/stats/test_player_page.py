"""The player page: per game played, wins, average place, head to head, recent matches, rating
and its history, the game's statistics; and the club's ratings page. Alice's club, Bob reads."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from matches.models import Match
from players.models import Club, Player
from stats.models import Rating, club_changed
from tests.factories import PlayerFactory
from tests.stats.support import deal, finished_match

pytestmark = pytest.mark.django_db(transaction=True)


def anna(club) -> Player:
    return Player.objects.get(club=club, name="Anna")


def play_evening(club, alice, matches: int = 3) -> None:
    """Anna wins every other match against Bram and Cor."""
    for number in range(matches):
        points = [50, 30, 10] if number % 2 == 0 else [10, 30, 50]
        finished_match(club, ["Anna", "Bram", "Cor"], points, by=alice)


def test_shows_games_wins_places_head_to_head_rating_and_history(client, club, alice, bob):
    play_evening(club, alice)
    Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice).add_round(deal([50, 30]))
    client.force_login(bob)
    response = client.get(reverse("player_detail", args=[club.pk, anna(club).pk]))
    assert response.status_code == 200
    page = response.content.decode()
    games = response.context["games"]
    assert [(g.played, g.wins, g.average_place) for g in games] == [(3, 2, pytest.approx(5 / 3))]
    assert [(o.name, o.played, o.ahead, o.behind) for o in response.context["opponents"]] == [
        ("Bram", 3, 2, 1),
        ("Cor", 3, 2, 1),
    ]
    assert len(response.context["recent"]) == 4  # the match in progress too
    rating = Rating.objects.get(player=anna(club), ladder="")
    assert f"{rating.ordinal:.1f}" in page and rating.matches == 3
    # As a card player reads it: the cautious skill and a place in the club, no "± sigma".
    place = Rating.objects.filter(club=club, ladder="", ordinal__gt=rating.ordinal).count() + 1
    assert f"Skill <strong>{rating.ordinal:.1f}</strong> · number {place} of 3 in the club" in page
    assert "A cautious estimate after 3 matches" in page and "±" not in page
    assert 'role="img"' in page and "<table" in page  # the history chart and its numbers
    assert "Average deal score" in page  # the game's own statistics
    assert reverse("player_detail", args=[club.pk, Player.objects.get(club=club, name="Bram").pk]) in page


def test_a_player_without_matches_has_a_page_without_rating(client, club, alice):
    player = PlayerFactory(club=club, name="Nieuw")
    client.force_login(alice)
    response = client.get(reverse("player_detail", args=[club.pk, player.pk]))
    assert response.status_code == 200
    assert "No rating yet" in response.content.decode()


def test_a_player_of_another_club_is_not_found(client, club, klaverclub, alice, charlie):
    stranger = PlayerFactory(club=klaverclub)
    client.force_login(alice)
    assert client.get(reverse("player_detail", args=[club.pk, stranger.pk])).status_code == 404
    play_evening(club, alice, 1)
    client.force_login(charlie)
    assert client.get(reverse("player_detail", args=[club.pk, anna(club).pk])).status_code == 404


def test_club_ratings_rank_each_ladder_best_first(client, club, alice, bob):
    finished_match(club, ["Anna", "Bram", "Cor"], [50, 30, 10], by=alice)
    client.force_login(bob)
    response = client.get(reverse("club_ratings", args=[club.pk]))
    assert response.status_code == 200
    ladders = response.context["ladders"]
    assert str(ladders[0][0]) == "All games"
    assert [r.player.name for r in ladders[0][1]] == ["Anna", "Bram", "Cor"]


def test_the_match_page_draws_the_scores_deal_by_deal(client, club, alice):
    match = Match.start(club=club, game="duizenden", players=["Anna", "Bram"], by=alice)
    client.force_login(alice)
    match.add_round(deal([50, 30]))
    assert "Scores deal by deal" not in client.get(reverse("match_detail", args=[match.pk])).content.decode()
    match.add_round(deal([40, 35]))
    page = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "Scores deal by deal" in page and 'class="chart-line chart-line-1"' in page


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


# Session and user, whether the user is a guest, the club, the player, and per part of the page
# one or two queries.
LIMITS = (14, 5)


def test_pages_cost_the_same_queries_for_two_matches_or_many(client, club, alice):
    """The player page and the ratings page read a fixed number of queries."""
    client.force_login(alice)
    play_evening(club, alice, 2)
    player_url = reverse("player_detail", args=[club.pk, anna(club).pk])
    ratings_url = reverse("club_ratings", args=[club.pk])
    client.get(player_url)
    few = computed_queries(client, player_url), queries(client, ratings_url)
    assert all(count <= limit for count, limit in zip(few, LIMITS, strict=True))
    play_evening(club, alice, 6)
    finished_match(club, ["Anna", "Dirk"], [50, 30], by=alice)
    assert (computed_queries(client, player_url), queries(client, ratings_url)) == few


def computed_queries(client, url: str) -> int:
    """The queries of a page whose figures are not kept (``ClubStats``): the club's
    version is dropped as any change of the club drops it."""
    club_id = Club.objects.get(players__name="Anna").pk
    club_changed(club_id)
    return queries(client, url)


def test_the_player_page_is_kept_until_what_it_shows_changes(client, club, alice):
    """Kept under the club's statistics version: a second view reads no figure again; a round
    written, a player renamed, a match finished (its ratings with it) are shown at once."""
    play_evening(club, alice, 2)
    client.force_login(alice)
    url = reverse("player_detail", args=[club.pk, anna(club).pk])
    first = client.get(url)
    assert queries(client, url) < computed_queries(client, url)
    assert client.get(url).context["games"] == first.context["games"]

    open_match = Match.start(club=club, game="duizenden", players=["Anna", "Cor"], by=alice)
    open_match.add_round(deal([50, 30]))
    assert client.get(url).context["recent"][0].match_id == open_match.pk

    bram = Player.objects.get(club=club, name="Bram")
    bram.name = "Bram B."
    bram.save()
    assert "Bram B." in [o.name for o in client.get(url).context["opponents"]]

    finished_match(club, ["Anna", "Bram B."], [10, 50], by=alice)
    response = client.get(url)
    assert [g.played for g in response.context["games"]] == [3]
    assert response.context["rating"] == Rating.objects.get(player=anna(club), ladder="")


def test_a_failing_cache_still_serves_the_player_page(client, club, alice, unreachable_cache):
    play_evening(club, alice, 1)
    client.force_login(alice)
    url = reverse("player_detail", args=[club.pk, anna(club).pk])
    client.get(url)  # logged in, the session kept
    response = client.get(url)
    assert response.status_code == 200
    assert [g.played for g in response.context["games"]] == [1]
