"""Seating by hand: Alice (owner) changes the draw's tables before starting them, starts a table
with players she chooses among those present, attaches a match played outside the draw, and
enters a paper evening afterwards; Bob (member) may do none of it. The form is a formset: a
crafted number of tables is a form error (400), never a crash."""

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

NAMES = ["Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hanna"]


@pytest.fixture
def evening(klaverclub) -> Evening:
    evening = EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub, name="Winter"))
    for name in NAMES:
        PlayerFactory.create(club=klaverclub, name=name)
    return evening


def ids(evening: Evening, *names: str) -> list[int]:
    return [evening.club.players.get(name=name).pk for name in names]


def seating_data(*tables: list[int]) -> dict[str, object]:
    """The seating form as the page posts it: a formset of tables, a select per seat."""
    data: dict[str, object] = {"tables-TOTAL_FORMS": str(len(tables)), "tables-INITIAL_FORMS": "0"}
    for index, players in enumerate(tables):
        data |= {f"tables-{index}-seat_{seat}": pk for seat, pk in enumerate(players, start=1)}
    return data


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
    data = seating_data(*chosen) | {"drawn": "1"}
    response = client.post(reverse("league_tables", args=[evening.pk]), data)
    assert response.status_code == 302
    assert [seats(table) for table in Table.objects.order_by("number")] == [
        ["Anna", "Bram", "Cor", "Dirk"],
        ["Eva", "Fien", "Gijs", "Hanna"],
    ]


def test_a_refused_seating_comes_back_with_what_alice_chose(client, alice, evening):
    client.force_login(alice)
    anna, bram = ids(evening, "Anna", "Bram")
    evening.present.set([anna, bram])
    data = seating_data([anna, anna, bram])
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
    client.post(reverse("league_presence", args=[paper.pk]), {"present": ids(paper, *NAMES)})
    for players in (["Anna", "Bram", "Cor", "Dirk"], ["Eva", "Fien", "Gijs", "Hanna"]):
        data = seating_data(ids(paper, *players))
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
    evening.present.set(evening.club.players.all())
    data = seating_data(ids(evening, "Anna", "Bram"))
    assert client.post(reverse("league_tables", args=[evening.pk]), data).status_code == 403
    assert client.post(reverse("league_draw", args=[evening.pk]), {"adjust": "1"}).status_code == 403
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    "crafted",
    [
        {"tables": "abc"},  # no management form at all: the old form's count
        {"tables-TOTAL_FORMS": "abc", "tables-INITIAL_FORMS": "0"},
        {"tables-TOTAL_FORMS": "-3", "tables-INITIAL_FORMS": "0"},
        {"tables-TOTAL_FORMS": "21", "tables-INITIAL_FORMS": "0"},  # more than a club hall holds
        {"tables-TOTAL_FORMS": "100000", "tables-INITIAL_FORMS": "0"},
    ],
)
def test_a_crafted_number_of_tables_is_a_form_error_not_a_crash(client, alice, evening, crafted):
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    anna, bram = ids(evening, "Anna", "Bram")
    response = client.post(
        reverse("league_tables", args=[evening.pk]),
        crafted | {"tables-0-seat_1": anna, "tables-0-seat_2": bram},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and 'name="tables-TOTAL_FORMS"' in html  # the form again, saying so
    assert not Table.objects.exists()


def test_only_the_players_present_and_free_are_offered(client, alice, evening):
    client.force_login(alice)
    evening.present.set(ids(evening, "Anna", "Bram", "Cor", "Dirk", "Eva"))
    evening.start_tables([ids(evening, "Eva", "Anna")])  # Eva and Anna play: not free
    html = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    form = html[html.index("data-seat-by-tap") : html.index('id="start-tables"')]
    assert ">Bram</option>" in form and ">Cor</option>" in form and ">Dirk</option>" in form
    assert "Anna" not in form and "Eva" not in form and "Hanna" not in form and "Fien" not in form
    assert 'data-player="{}"'.format(*ids(evening, "Bram")) in form  # a name to tap
    # Someone absent, posted all the same, is refused by the form: nothing starts.
    refused = client.post(
        reverse("league_tables", args=[evening.pk]), seating_data(ids(evening, "Bram", "Hanna"))
    )
    assert refused.status_code == 400 and Table.objects.count() == 1


def test_the_seating_form_numbers_tables_as_the_evening_will(client, alice, evening):
    """The second table seated by hand is "Table 2" in the form and on the evening; once the
    round is over, the next round's tables start again at 1."""
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    url = reverse("league_evening", args=[evening.pk])
    assert "<legend>Table 1</legend>" in client.get(url).content.decode()
    client.post(
        reverse("league_tables", args=[evening.pk]), seating_data(ids(evening, "Anna", "Bram", "Cor", "Dirk"))
    )
    html = client.get(url).content.decode()
    assert "<legend>Table 2</legend>" in html and "<legend>Table 1</legend>" not in html
    client.post(
        reverse("league_tables", args=[evening.pk]),
        seating_data(ids(evening, "Eva", "Fien", "Gijs", "Hanna")),
    )
    assert [(t.round, t.number) for t in Table.objects.order_by("pk")] == [(1, 1), (1, 2)]
    for table in Table.objects.all():
        table.match.add_round(deal(winner=0))
    html = client.get(url).content.decode()
    assert (
        "<legend>Table 1</legend>" in html and "<legend>Table 2</legend>" in html
    )  # round 2: 8 players, 2 tables


def test_the_form_offers_as_many_tables_as_the_players_present_make(client, alice, evening):
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    html = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert 'name="tables-TOTAL_FORMS" value="2"' in html and "Start these 2 tables" in html
    assert html.count('data-size="4"') == 2  # 8 players of Duizenden: two tables of four


def test_another_table_keeps_the_seats_chosen_and_adds_one(client, alice, evening):
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    anna, bram = ids(evening, "Anna", "Bram")
    data = seating_data([anna, bram]) | {"add_table": "1"}
    response = client.post(reverse("league_tables", args=[evening.pk]), data)
    html = response.content.decode()
    assert response.status_code == 200 and 'name="tables-TOTAL_FORMS" value="2"' in html
    assert f'<option value="{anna}" selected>Anna</option>' in html and not Table.objects.exists()


def test_presence_comes_before_the_seating_and_the_tables(client, alice, evening):
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    html = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    order = [
        html.index(mark)
        for mark in ('id="save-presence"', 'id="newcomer"', 'id="draw"', "data-seat-by-tap", 'id="tables"')
    ]
    assert order == sorted(order)


def test_no_reseat_button_while_tables_play(client, alice, evening):
    client.force_login(alice)
    evening.present.set(evening.club.players.all())
    [table] = evening.start_tables([ids(evening, "Anna", "Bram", "Cor", "Dirk")])
    html = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert 'id="draw"' not in html and 'id="draw-later"' in html
    assert '<details class="league-fold" id="presence">' in html  # folded above the tables
    table.match.add_round(deal(winner=0))
    html = client.get(reverse("league_evening", args=[evening.pk])).content.decode()
    assert "Reseat: draw the next round" in html
