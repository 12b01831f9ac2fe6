"""Two of the club's admins pressing at the same moment: one match made a table of two evenings,
two merges of the same two players, a merge while a match seats the merged player. Each request
is answered (the one that lost the race with 409 in the error shape, never 5xx) and the data stay
whole. Real transactions, one connection per thread, on each database."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import Evening, Table
from matches.models import Match, Seat
from players.models import Club, Player
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, token_for
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)

TRIES = 4


def at_once(*requests: Callable[[], object]) -> list:
    """Each request in a thread of its own, released together; their answers in order."""
    barrier = threading.Barrier(len(requests))

    def run(request: Callable[[], object]) -> object:
        try:
            barrier.wait(timeout=10)
            return request()
        finally:
            connection.close()

    with ThreadPoolExecutor(len(requests)) as pool:
        return list(pool.map(run, requests))


def client_of(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    return client


def attach(user, evening: Evening, match: Match):
    return client_of(user).post(f"/api/evenings/{evening.pk}/matches/", {"match": match.pk}, format="json")


def merge(user, gone: Player, kept: Player):
    url = reverse("api-club-player-merge", args=[gone.pk])
    return client_of(user).post(url, {"into": kept.pk}, format="json")


def start(user, club: Club, players: list[Player]):
    body = {"club": club.pk, "game": "duizenden", "players": [player.pk for player in players]}
    return client_of(user).post("/api/matches/", body, format="json")


def in_error_shape(response) -> bool:
    errors = response.json().get("errors")
    return bool(errors) and all({"field", "code", "message"} <= set(error) for error in errors)


def test_one_match_made_a_table_of_two_evenings_at_once_goes_to_one(alice, dora, klaverclub):
    competition = CompetitionFactory.create(club=klaverclub)
    first, second = (
        EveningFactory.create(competition=competition),
        EveningFactory.create(competition=competition),
    )
    for number in range(TRIES):
        players = [f"Anna {number}", f"Bram {number}"]
        match = Match.start(club=klaverclub, game="duizenden", players=players, options={"target": 100})
        match.add_round(deal(winner=0, players=2))
        answers = at_once(
            partial(attach, alice, first, match),
            partial(attach, dora, second, match),
        )
        assert sorted(a.status_code for a in answers) == [201, 409]
        [lost] = [a for a in answers if a.status_code == 409]
        assert in_error_shape(lost) and lost.json()["errors"][0]["code"] == "already_a_table"
        assert Table.objects.filter(match=match).count() == 1


def test_two_merges_of_the_same_players_at_once_make_one_player(alice, dora, klaverclub):
    for number in range(TRIES):
        anna = PlayerFactory.create(club=klaverclub, name=f"Anna {number}")
        twin = PlayerFactory.create(club=klaverclub, name=f"Anna B. {number}")
        Match.start(club=klaverclub, game="duizenden", players=[anna, f"Bram {number}"])
        Match.start(club=klaverclub, game="duizenden", players=[twin, f"Cor {number}"])
        answers = at_once(partial(merge, alice, twin, anna), partial(merge, dora, anna, twin))
        codes = sorted(a.status_code for a in answers)
        # The loser finds the player it names gone: 409 in the merge, or, when it looked the
        # players up after the winner's commit, 404 (its player) or 400 (the other one).
        assert codes[0] == 200 and codes[1] in (400, 404, 409), codes
        assert all(in_error_shape(a) for a in answers if a.status_code != 200)
        left = Player.objects.filter(pk__in=[anna.pk, twin.pk])
        assert left.count() == 1
        assert Seat.objects.filter(player=left.get()).count() == 2


def test_a_merge_while_a_match_seats_the_merged_player_moves_the_seat_or_refuses_the_match(
    alice, dora, klaverclub
):
    for number in range(TRIES):
        anna = PlayerFactory.create(club=klaverclub, name=f"Anna {number}")
        twin = PlayerFactory.create(club=klaverclub, name=f"Anna B. {number}")
        bram = PlayerFactory.create(club=klaverclub, name=f"Bram {number}")
        started, merged = at_once(
            partial(start, dora, klaverclub, [twin, bram]), partial(merge, alice, twin, anna)
        )
        assert merged.status_code == 200
        # Stored first, the match is moved with the merge; refused, it names the player gone.
        assert started.status_code in (201, 400, 409), started.content
        if started.status_code == 201:
            seats = set(Match.objects.get(pk=started.json()["id"]).seats.values_list("player_id", flat=True))
            assert seats == {anna.pk, bram.pk}
        else:
            assert in_error_shape(started)
            assert started.json()["errors"][0]["code"] in ("player_merged", "unknown_player")
        assert not Player.objects.filter(pk=twin.pk).exists()
