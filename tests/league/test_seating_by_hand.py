"""Seating by hand: Alice (owner) changes the draw's tables before starting them, starts a table
with players she chooses, attaches a match played outside the draw, and enters a paper evening
afterwards; Bob (member) may do none of it."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from league.models import Evening, Standing, Table
from matches.models import Match
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evening(klaverclub) -> Evening:
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub, name="Winter"))
    for name in ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna"]:
        PlayerFactory.create(club=klaverclub, name=name)
    return evening


def ids(evening: Evening, *names: str) -> list[int]:
    return [evening.club.players.get(name=name).pk for name in names]


def seats(table: Table) -> list[str]:
    return [seat.player.name for seat in table.match.seats.select_related("player").order_by("position")]


def test_a_table_seated_by_hand_starts_with_the_chosen_players_and_marks_them_present(evening):
    [table] = evening.start_tables([ids(evening, "Anna", "Bram", "Cor")])
    assert (table.round, table.number, seats(table)) == (1, 1, ["Anna", "Bram", "Cor"])
    assert table.match.options["target"] == 100  # the competition's options for Duizenden
    assert sorted(evening.present.values_list("name", flat=True)) == ["Anna", "Bram", "Cor"]
    # Another table of other players joins round 1; one with a player of round 1 starts round 2.
    [second] = evening.start_tables([ids(evening, "Dirk", "Eva")])
    assert (second.round, second.number) == (1, 2)
    table.match.add_round(deal(winner=0, players=3))
    [third] = evening.start_tables([ids(evening, "Anna", "Fien")])
    assert (third.round, third.number) == (2, 1)


@pytest.mark.parametrize(
    ("tables", "code"),
    [
        ([["Anna", "Bram"], ["Bram", "Cor"]], "duplicate_player"),
        ([["Anna"]], "wrong_player_count"),
        ([["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs"]], "wrong_player_count"),
        ([], "required"),
    ],
)
def test_tables_that_cannot_be_seated_start_nothing(evening, tables, code):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        evening.start_tables([ids(evening, *names) for names in tables])
    assert refused.value.code == code
    assert not Table.objects.exists() and not Match.objects.exists()


def test_a_player_still_playing_cannot_sit_at_a_second_table(evening):
    from django.core.exceptions import ValidationError

    evening.start_tables([ids(evening, "Anna", "Bram")])
    with pytest.raises(ValidationError) as refused:
        evening.start_tables([ids(evening, "Bram", "Cor")])
    assert refused.value.code == "still_playing" and "Bram" in refused.value.messages[0]
    assert Table.objects.count() == 1


def test_alice_changes_the_draws_tables_then_starts_them(client, alice, evening):
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    page = client.post(reverse("league_draw", args=[evening.pk]), {"adjust": "1"})
    html = page.content.decode()
    assert page.status_code == 200 and "The draw's tables: change any seat, then start them" in html
    assert not Table.objects.exists()  # drawn, not started
    assert "Start these 2 tables" in html
    # She swaps Anna and Eva whatever the draw said: Anna, Bram, Cor, Dirk | Eva, Fien, Gijs, Hanna.
    chosen = [ids(evening, "Anna", "Bram", "Cor", "Dirk"), ids(evening, "Eva", "Fien", "Gijs", "Hanna")]
    data = {"tables": "2", "drawn": "1"}
    for table, players in enumerate(chosen, start=1):
        data |= {f"table_{table}_seat_{seat}": pk for seat, pk in enumerate(players, start=1)}
    response = client.post(reverse("league_tables", args=[evening.pk]), data)
    assert response.status_code == 302
    assert [seats(table) for table in Table.objects.order_by("number")] == [
        ["Anna", "Bram", "Cor", "Dirk"],
        ["Eva", "Fien", "Gijs", "Hanna"],
    ]


def test_a_refused_seating_comes_back_with_what_alice_chose(client, alice, evening):
    client.force_login(alice)
    anna, bram = ids(evening, "Anna", "Bram")
    data = {"tables": "1", "table_1_seat_1": anna, "table_1_seat_2": anna, "table_1_seat_3": bram}
    response = client.post(reverse("league_tables", args=[evening.pk]), data)
    html = response.content.decode()
    assert response.status_code == 400 and "A player can sit at one table only." in html
    assert f'<option value="{anna}" selected>Anna</option>' in html
    assert not Table.objects.exists()


def test_a_match_played_outside_the_draw_becomes_a_table_and_counts(client, alice, evening):
    match = Match.start(
        club=evening.club, game="duizenden", players=ids(evening, "Anna", "Bram"), options={"target": 100}
    )
    match.add_round(deal(winner=0, players=2))
    client.force_login(alice)
    page = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert f'<option value="{match.pk}">' in page
    response = client.post(reverse("league_attach", args=[evening.pk]), {"match": match.pk})
    assert response.status_code == 302
    table = Table.objects.get(match=match)
    assert (table.evening, table.round, table.number) == (evening, 1, 1)
    assert dict(Standing.objects.values_list("player__name", "points")) == {"Anna": 10, "Bram": 8}
    again = client.post(reverse("league_attach", args=[evening.pk]), {"match": match.pk})
    assert again.status_code == 400 and Table.objects.count() == 1


def test_a_match_of_another_game_or_club_is_not_attached(evening):
    from django.core.exceptions import ValidationError

    other_game = Match.start(
        club=evening.club, game="barbuse", players=ids(evening, "Anna", "Bram", "Cor", "Dirk")
    )
    with pytest.raises(ValidationError) as refused:
        evening.attach(other_game)
    assert refused.value.code == "wrong_game"
    stranger = Match.start(club=PlayerFactory.create().club, game="duizenden", players=["Xavier", "Yvonne"])
    with pytest.raises(ValidationError) as refused:
        evening.attach(stranger)
    assert refused.value.code == "unknown_match"


def test_a_paper_evening_is_entered_afterwards_with_its_date(client, alice, evening):
    client.force_login(alice)
    competition = evening.competition
    url = reverse("league_evening_create", args=[competition.pk])
    response = client.post(url, {"date": "2026-09-03", "counts": "on"})
    paper = Evening.objects.get(date=datetime.date(2026, 9, 3))
    assert response.url == reverse("league_evening", args=[paper.pk])
    for players in (["Anna", "Bram", "Cor", "Dirk"], ["Eva", "Fien", "Gijs", "Hanna"]):
        data = {"tables": "1"} | {
            f"table_1_seat_{n}": pk for n, pk in enumerate(ids(paper, *players), start=1)
        }
        assert client.post(reverse("league_tables", args=[paper.pk]), data).status_code == 302
    tables = list(paper.tables.order_by("number"))
    assert [(t.round, t.number) for t in tables] == [(1, 1), (1, 2)]
    for table in tables:
        table.match.add_round(deal(winner=0))
    assert Standing.objects.filter(competition=competition, points=10).count() == 2


def test_the_api_seats_tables_by_hand_and_attaches_a_match(alice, bob, evening):
    api = _api_client(alice)
    url = reverse("api-evening-tables", args=[evening.pk])
    answer = api.post(url, {"tables": [ids(evening, "Anna", "Bram", "Cor", "Dirk")]}, format="json")
    assert answer.status_code == 201
    assert answer.json()["tables"][0]["players"] == ["Anna", "Bram", "Cor", "Dirk"]
    refused = api.post(url, {"tables": [ids(evening, "Anna", "Eva")]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "tables"
    assert refused.json()["errors"][0]["code"] == "still_playing"
    match = Match.start(
        club=evening.club, game="duizenden", players=ids(evening, "Eva", "Fien"), options={"target": 100}
    )
    attach = reverse("api-evening-attach", args=[evening.pk])
    assert _api_client(bob).post(attach, {"match": match.pk}, format="json").status_code == 403
    attached = api.post(attach, {"match": match.pk}, format="json")
    assert attached.status_code == 201 and len(attached.json()["tables"]) == 2
    unknown = api.post(attach, {"match": 10**6}, format="json")
    assert unknown.status_code == 400 and unknown.json()["errors"][0]["code"] == "unknown_match"


def test_bob_may_not_seat_tables(client, bob, evening):
    client.force_login(bob)
    data = {
        "tables": "1",
        "table_1_seat_1": ids(evening, "Anna")[0],
        "table_1_seat_2": ids(evening, "Bram")[0],
    }
    assert client.post(reverse("league_tables", args=[evening.pk]), data).status_code == 403
    assert client.post(reverse("league_draw", args=[evening.pk]), {"adjust": "1"}).status_code == 403
    assert not Table.objects.exists()
