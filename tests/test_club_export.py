"""A club's record leaves and comes back whole: the JSON export, imported into an empty
instance, gives every match the very same standings; the results CSV lists every total."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.registry import all_homes
from matches.exports import export_club, import_club
from matches.models import Match
from players.models import Club

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(alice, club) -> Club:
    """A match of every game, each with the rounds of its home's demo."""
    for home in all_homes():
        demo = home.demo()
        assert demo is not None
        match = Match.start(club=club, game=home.slug, players=list(demo.players), teams=demo.teams, by=alice)
        for body in demo.rounds:
            match.add_round(body, by=alice)
    return club


def standings(club: Club) -> list[tuple[str, list[str], list[tuple[int, int]]]]:
    rows = []
    for match in Match.objects.filter(club=club).order_by("created_at", "pk"):
        state = match.state()
        names = [seat.player.name for seat in match.seats.all()]
        rows.append((match.game, names, [(row.total, row.rank) for row in state.standings]))
    return rows


def test_an_export_imported_into_an_empty_instance_has_identical_standings(season, alice, tmp_path):
    before = standings(season)
    path = tmp_path / "club.json"
    path.write_text(json.dumps(export_club(season)))
    Match.objects.filter(club=season).delete()  # an empty instance, as far as this club goes
    season.delete()
    call_command("import_club", str(path), owner=alice.username)
    imported = Club.objects.get(name=season.name)
    assert standings(imported) == before
    assert imported.memberships.get(user=alice).role == "owner"


def test_an_import_that_breaks_a_rule_stores_nothing(season, alice):
    data = export_club(season)
    data["matches"][0]["rounds"][0] = {"entries": []}
    with pytest.raises(Exception):  # noqa: B017 - the engine's refusal, whichever it is
        import_club(data, owner=alice)
    assert Club.objects.filter(name=season.name).count() == 1


def test_the_results_csv_lists_every_match_total(client, season, alice):
    client.force_login(alice)
    response = client.get(reverse("club_results", args=[season.pk]))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "match,date,game,status,player,total,rank"
    games = {line.split(",")[2] for line in lines[1:]}
    assert games == {home.slug for home in all_homes()}


def test_the_json_export_is_a_download_for_admins(client, season, alice):
    client.force_login(alice)
    response = client.get(reverse("club_export", args=[season.pk]))
    assert "attachment" in response["Content-Disposition"]
    assert len(json.loads(response.content)["matches"]) == len(all_homes())
