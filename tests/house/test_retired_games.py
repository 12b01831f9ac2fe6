"""Deleting a house game retires it: it leaves the club's lists and no new match starts in it,
while its slug keeps naming its rules for the matches, standings and pages that played it (and
without a look into the matches: ``house.homes`` reads the retired row)."""

from __future__ import annotations

import json

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from backup.exports import export_club, import_club
from house.homes import home_by_slug, names_by_slug
from house.models import HouseGame
from matches.models import Match
from scoring import Refused
from scoring.declared import TEMPLATES
from tests.factories import HouseGameFactory
from tests.house.test_pages import HARTENJAGEN_FORM


def test_a_deleted_game_leaves_the_lists_but_its_rules_stay_for_its_matches(client, alice, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    match = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"])
    client.force_login(alice)
    deleted = client.post(reverse("house_game_delete", args=[klaverclub.pk, game.slug]), follow=True)
    assert "Hartenjagen is deleted; its matches keep their rules." in deleted.content.decode()
    assert "Hartenjagen" not in client.get(reverse("new_match")).content.decode()
    assert client.get(reverse("house_game_edit", args=[klaverclub.pk, game.slug])).status_code == 404
    # Its slug still names its rules: the rules page, and a page that has only the slug.
    page = client.get(reverse("rules_game", args=[game.slug]))
    assert page.status_code == 200 and "Rules: Hartenjagen" in page.content.decode()
    assert names_by_slug([game.slug]) == {game.slug: "Hartenjagen"}
    assert client.get(reverse("match_detail", args=[match.pk])).status_code == 200
    # No new match in it, and its name is free for a new game.
    with pytest.raises(Refused):
        Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor"])
    new = client.post(reverse("house_game_new", args=[klaverclub.pk]), HARTENJAGEN_FORM)
    assert new.status_code == 302  # a namesake would be refused with 400
    assert klaverclub.house_games.current().get().slug != game.slug


def test_a_retired_games_home_is_read_from_its_row_in_one_query(klaverclub, django_assert_num_queries):
    game = HouseGameFactory.create(club=klaverclub)
    game.change({**TEMPLATES["hartenjagen"], "end": {"kind": "threshold", "value": 50}})
    game.retire()
    with django_assert_num_queries(1):
        home = home_by_slug(game.slug)
    assert home.game.definition.end.value == 50  # the rules as the club kept them last


def test_a_club_file_brings_a_retired_game_back_retired(alice, klaverclub):
    game = HouseGameFactory.create(club=klaverclub)
    Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"])
    game.retire()
    document = json.loads(json.dumps(export_club(klaverclub), cls=DjangoJSONEncoder))
    assert document["house_games"][0]["retired_at"] is not None
    club = import_club(document, owner=alice).club
    copy = HouseGame.objects.get(club=club)
    assert copy.retired_at is not None and not club.house_games.current().exists()
    assert home_by_slug(Match.objects.get(club=club).game).name == "Hartenjagen"


def test_a_club_file_of_before_retiring_still_loads(alice, klaverclub):
    HouseGameFactory.create(club=klaverclub)
    document = json.loads(json.dumps(export_club(klaverclub), cls=DjangoJSONEncoder))
    del document["house_games"][0]["retired_at"]
    club = import_club(document, owner=alice).club
    assert club.house_games.current().get().name == "Hartenjagen"


@pytest.mark.django_db(transaction=True)
def test_the_migration_restores_games_deleted_before_from_their_newest_match(klaverclub):
    """Until retiring, deleting removed the row and the site read a deleted game's rules from
    its newest match: the migration makes that copy the retired game's row, and back."""
    game = HouseGameFactory.create(club=klaverclub)
    older = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"])
    game.change({**TEMPLATES["hartenjagen"], "end": {"kind": "threshold", "value": 50}})
    newer = Match.start(club=klaverclub, game=game.slug, players=["Anna", "Bram", "Cor", "Dirk"])
    assert (older.definition["end"]["value"], newer.definition["end"]["value"]) == (100, 50)
    slug = game.slug
    before, after = [("house", "0001_house_game_from_matches")], [("house", "0002_housegame_retired_at")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    old.get_model("house", "HouseGame").objects.filter(slug=slug).delete()  # as deleting did

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    restored = (
        executor.loader.project_state(after).apps.get_model("house", "HouseGame").objects.get(slug=slug)
    )
    assert restored.retired_at is not None
    assert (restored.club_id, restored.name) == (klaverclub.pk, "Hartenjagen")
    assert restored.definition == newer.definition

    executor = MigrationExecutor(connection)
    executor.migrate(before)  # and back: the retired rows go, as deleting did
    assert not old.get_model("house", "HouseGame").objects.filter(slug=slug).exists()
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema every other test uses
