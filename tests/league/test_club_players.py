"""Players of the club: Alice (owner) adds a newcomer, renames, retires and merges players on the
club page, at an evening's presence list and through the API; Bob (member) may only read."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from league.merge import merge_players
from league.models import Evening, Standing
from matches.models import Match, Seat
from players.models import Club, Player
from stats.models import Rating
from tests.conftest import _api_client
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory
from tests.league.test_stored_standings import deal

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def evening(klaverclub) -> Evening:
    return EveningFactory.create(competition=CompetitionFactory.create(club=klaverclub, name="Winter"))


def play(club: Club, names: list[str]) -> Match:
    match = Match.start(club=club, game="duizenden", players=names, options={"target": 100})
    match.add_round(deal(winner=0, players=len(names)))
    return match


def test_alice_adds_renames_and_retires_a_player_on_the_club_page(client, alice, klaverclub):
    client.force_login(alice)
    add = reverse("player_add", args=[klaverclub.pk])
    assert client.post(add, {"name": "  Oma   Truus "}).status_code == 302
    truus = klaverclub.players.get(name="Oma Truus")
    again = client.post(add, {"name": "oma truus"})
    assert (
        again.status_code == 400
        and "The club has a player called oma truus already." in again.content.decode()
    )
    assert 'value="oma truus"' in again.content.decode()
    client.post(reverse("player_rename", args=[klaverclub.pk, truus.pk]), {"name": "Truus"})
    truus.refresh_from_db()
    assert truus.name == "Truus"
    client.post(reverse("player_retire", args=[klaverclub.pk, truus.pk]), {"retired": "1"})
    truus.refresh_from_db()
    assert truus.retired_at is not None
    page = client.get(reverse("club_detail", args=[klaverclub.pk])).content.decode()
    assert "retired · " in page and "Back in the club" in page
    client.post(reverse("player_retire", args=[klaverclub.pk, truus.pk]), {"retired": "0"})
    truus.refresh_from_db()
    assert truus.retired_at is None


def test_a_rename_to_another_players_name_is_refused(klaverclub):
    anna, _bram = (
        PlayerFactory.create(club=klaverclub, name="Anna"),
        PlayerFactory.create(club=klaverclub, name="Bram"),
    )
    with pytest.raises(ValidationError) as refused:
        anna.rename("BRAM")
    assert refused.value.code == "duplicate_name"


def test_bob_may_not_manage_players(client, bob, klaverclub):
    client.force_login(bob)
    anna = PlayerFactory.create(club=klaverclub, name="Anna")
    assert client.post(reverse("player_add", args=[klaverclub.pk]), {"name": "Xena"}).status_code == 403
    assert (
        client.post(reverse("player_rename", args=[klaverclub.pk, anna.pk]), {"name": "A"}).status_code == 403
    )
    assert (
        client.post(reverse("player_merge", args=[klaverclub.pk, anna.pk]), {"into": anna.pk}).status_code
        == 403
    )
    assert list(klaverclub.players.values_list("name", flat=True)) == ["Anna"]


def test_a_merge_moves_matches_presence_ratings_and_standings(client, alice, klaverclub, evening):
    """Anna played the evening as "Anna B." once: merged, her 10 points join her standing."""
    for name in ["Anna", "Bram", "Cor", "Dirk"]:
        PlayerFactory.create(club=klaverclub, name=name)
    evening.present.set(klaverclub.players.all())
    [table] = evening.start_tables([list(klaverclub.players.order_by("name").values_list("pk", flat=True))])
    table.match.add_round(deal(winner=0))
    second = EveningFactory.create(competition=evening.competition)
    twin = klaverclub.add_player("Anna B.")
    second_players = [
        twin.pk,
        *klaverclub.players.filter(name__in=["Bram", "Cor", "Dirk"]).values_list("pk", flat=True),
    ]
    [other] = second.start_tables([second_players])
    other.match.add_round(deal(winner=0))
    anna = klaverclub.players.get(name="Anna")
    assert Standing.objects.get(player=anna).points == 10 and Standing.objects.get(player=twin).points == 10
    client.force_login(alice)
    response = client.post(reverse("player_merge", args=[klaverclub.pk, twin.pk]), {"into": anna.pk})
    assert response.status_code == 302
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Seat.objects.filter(player=anna).count() == 2
    assert list(second.present.filter(pk=anna.pk)) == [anna]
    row = Standing.objects.get(player=anna)
    assert (row.points, row.played) == (20, 2)
    assert Rating.objects.filter(player=anna, ladder="").get().matches == 2


def test_two_players_who_sat_at_one_table_are_not_merged(klaverclub):
    match = play(klaverclub, ["Anna", "Bram"])
    anna, bram = (klaverclub.players.get(name=n) for n in ("Anna", "Bram"))
    with pytest.raises(ValidationError) as refused:
        merge_players(anna, bram)
    assert refused.value.code == "played_together"
    assert Seat.objects.filter(match=match).count() == 2 and klaverclub.players.count() == 2


def test_two_players_at_two_tables_of_one_evening_round_are_not_merged(client, alice, klaverclub, evening):
    """Anna and "Anna B." sat at two tables of round 1: merged, one player would hold both seats
    of that round (and both tables' points), so the merge is refused, naming the round."""
    anna, twin, bram, cor = (
        PlayerFactory.create(club=klaverclub, name=n) for n in ("Anna", "Anna B.", "Bram", "Cor")
    )
    tables = evening.start_tables([[anna.pk, bram.pk], [twin.pk, cor.pk]])
    assert {table.round for table in tables} == {1}
    with pytest.raises(ValidationError) as refused:
        merge_players(anna, twin)
    assert refused.value.code == "played_same_round"
    assert refused.value.params["round"] == 1
    assert Player.objects.filter(pk=twin.pk).exists() and Seat.objects.filter(player=twin).count() == 1
    client.force_login(alice)
    response = client.post(
        reverse("player_merge", args=[klaverclub.pk, twin.pk]), {"into": anna.pk}, follow=True
    )
    assert "played in the same round (round 1 of the evening of" in response.content.decode()
    api = _api_client(alice)
    answer = api.post(reverse("api-club-player-merge", args=[twin.pk]), {"into": anna.pk}, format="json")
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["code"] == "played_same_round", answer.json()


def test_a_merge_queues_the_ratings_recompute_once_it_is_stored(klaverclub, monkeypatch):
    from league import merge

    queued: list[int] = []
    monkeypatch.setattr(merge, "recompute_club_ratings", SimpleNamespace(enqueue=queued.append))
    play(klaverclub, ["Anna", "Bram"])
    play(klaverclub, ["Anna B.", "Cor"])
    anna, twin = klaverclub.players.get(name="Anna"), klaverclub.players.get(name="Anna B.")
    merge_players(anna, twin)
    assert queued == [klaverclub.pk]


def test_a_newcomer_is_added_at_the_presence_list_and_ticked(client, alice, evening):
    client.force_login(alice)
    response = client.post(reverse("league_newcomer", args=[evening.pk]), {"name": "Ilse"})
    assert response.status_code == 302 and response.url.endswith("#presence")
    assert list(evening.present.values_list("name", flat=True)) == ["Ilse"]
    refused = client.post(reverse("league_newcomer", args=[evening.pk]), {"name": "ilse"})
    assert refused.status_code == 400 and "already" in refused.content.decode()


def test_the_next_evening_starts_from_last_evenings_players_and_today(client, alice, klaverclub, evening):
    anna, bram, cor = (PlayerFactory.create(club=klaverclub, name=n) for n in ("Anna", "Bram", "Cor"))
    evening.present.set([anna, bram, cor])
    cor.retire()
    client.force_login(alice)
    standings = client.get(reverse("league_standings", args=[evening.competition.pk])).content.decode()
    assert standings.index('id="new-evening"') < standings.index('id="standings"')
    today = datetime.date.today().isoformat()
    assert f'name="date" value="{today}"' in standings
    later = EveningFactory.create(
        competition=evening.competition, date=evening.date + datetime.timedelta(days=7)
    )
    page = client.get(reverse("league_evening", args=[later.pk])).content.decode()
    assert "Ticked: who came to the last evening." in page
    presence = page.split('id="presence"')[1].split("</form>")[0]
    assert presence.count(" checked") == 2 and "Anna" in presence and "Bram" in presence
    assert "Cor" not in presence  # retired: not offered
    assert later.present.count() == 0  # nothing saved until she confirms


def test_a_tables_sheet_names_its_table_and_links_back_to_the_evening(client, alice, klaverclub, evening):
    for name in ["Anna", "Bram"]:
        PlayerFactory.create(club=klaverclub, name=name)
    [table] = evening.start_tables([list(klaverclub.players.values_list("pk", flat=True))])
    client.force_login(alice)
    page = client.get(reverse("match_detail", args=[table.match.pk])).content.decode()
    back = reverse("league_evening", args=[evening.pk])
    assert f'href="{back}#table-{table.pk}">← Table 1, round 1 of the evening</a>' in page
    loose = play(klaverclub, ["Anna", "Bram"])
    assert "of the evening" not in client.get(reverse("match_detail", args=[loose.pk])).content.decode()


def test_the_api_adds_renames_retires_and_merges_players_and_founds_a_club(alice, bob, klaverclub):
    api = _api_client(alice)
    url = reverse("api-club-players", args=[klaverclub.pk])
    created = api.post(url, {"name": "Ilse"}, format="json")
    assert created.status_code == 201 and created.json() == {
        "id": created.json()["id"],
        "name": "Ilse",
        "user": None,
        "retired": False,
        "version": 1,
    }
    duplicate = api.post(url, {"name": "ILSE"}, format="json")
    assert duplicate.status_code == 400 and duplicate.json()["errors"][0]["code"] == "duplicate_name"
    assert _api_client(bob).post(url, {"name": "Xena"}, format="json").status_code == 403
    ilse = created.json()["id"]
    changed = api.patch(
        reverse("api-club-player", args=[ilse]),
        {"name": "Ilse V.", "retired": True},
        format="json",
    )
    assert (
        changed.status_code == 200
        and changed.json()["retired"] is True
        and changed.json()["name"] == "Ilse V."
    )
    twin = api.post(url, {"name": "Ilse"}, format="json").json()["id"]
    merged = api.post(reverse("api-club-player-merge", args=[twin]), {"into": ilse}, format="json")
    assert merged.status_code == 200 and merged.json()["id"] == ilse
    assert [p["name"] for p in api.get(url).json()] == ["Ilse V."]
    founded = api.post(reverse("api-clubs"), {"name": "De Troefclub"}, format="json")
    assert founded.status_code == 201 and founded.json()["role"] == "owner"
    assert Club.objects.get(pk=founded.json()["id"]).may_manage(alice)
