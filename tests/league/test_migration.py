"""Competitions stored before a competition could cover several games keep what they meant."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

migration = importlib.import_module("league.migrations.0002_competitions_cover_several_games")
BEFORE = [("league", "0001_initial")]
AFTER = [("league", "0002_competitions_cover_several_games")]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            ("duizenden", {"target": 100}, "wins,average_place"),
            (["duizenden"], {"duizenden": {"target": 100}}, ["wins", "average_place"]),
        ),
        (("barbuse", {}, ""), (["barbuse"], {}, [])),
        # Hand-edited text: spaces trimmed, a repeat and an unknown name dropped.
        (("canasta", None, "played, wins,played,luck"), (["canasta"], {}, ["played", "wins"])),
    ],
)
def test_convert_turns_one_game_and_comma_text_into_lists(old, new):
    assert migration.convert(*old) == new


def test_revert_keeps_the_first_game_and_its_options():
    options = {"duizenden": {"target": 100}, "barbuse": {"all_hearts_bonus": 60}}
    reverted = migration.revert(["duizenden", "barbuse"], options, ["last_evening", "wins"])
    assert reverted == ("duizenden", {"target": 100}, "last_evening,wins")


@pytest.mark.django_db(transaction=True)
def test_the_migration_converts_a_stored_competition_and_its_evenings():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    club = old.get_model("players", "Club").objects.create(name="Oud")
    competition = old.get_model("league", "Competition").objects.create(
        club=club,
        name="Winter 2025",
        game="duizenden",
        options={"target": 1500},
        starts_on=datetime.date(2025, 9, 1),
        ends_on=datetime.date(2026, 6, 30),
        tie_breaks="played,wins",
    )
    old.get_model("league", "Evening").objects.create(competition=competition, date=datetime.date(2025, 9, 5))

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    converted = new.get_model("league", "Competition").objects.get(pk=competition.pk)
    assert (converted.games, converted.options, converted.tie_breaks, converted.counts) == (
        ["duizenden"],
        {"duizenden": {"target": 1500}},
        ["played", "wins"],
        "evenings",
    )
    assert new.get_model("league", "Evening").objects.get(competition_id=competition.pk).game == "duizenden"

    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back
    back = executor.loader.project_state(BEFORE).apps.get_model("league", "Competition").objects.get()
    assert (back.game, back.options, back.tie_breaks) == ("duizenden", {"target": 1500}, "played,wins")
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes("league"))  # the schema every other test uses


@pytest.mark.django_db(transaction=True)
def test_a_season_archived_before_final_tables_keeps_its_standings_as_its_final_table():
    before = [("league", "0010_season_record_final_early_tables_sit_outs_versions")]
    after = [("league", "0011_final_tables_of_seasons_archived_before")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("players", "Club").objects.create(name="Oud")
    anna = old.get_model("players", "Player").objects.create(club=club, name="Anna")
    archived_at = datetime.datetime(2026, 7, 1, 12, tzinfo=datetime.UTC)
    season = old.get_model("league", "Competition").objects.create(
        club=club,
        name="Winter 2025",
        games=["duizenden"],
        starts_on=datetime.date(2025, 9, 1),
        ends_on=datetime.date(2026, 6, 30),
        archived_at=archived_at,
    )
    evening = old.get_model("league", "Evening").objects.create(
        competition=season, date=datetime.date(2025, 9, 5), game="duizenden"
    )
    match = old.get_model("matches", "Match").objects.create(
        club=club, game="duizenden", player_count=2, status="finished"
    )
    old.get_model("league", "Table").objects.create(evening=evening, round=1, number=1, match=match)
    old.get_model("league", "Standing").objects.create(
        competition=season,
        player=anna,
        position=0,
        rank=1,
        points="10.00",
        played=1,
        tables=1,
        wins=1,
        average_place="1.00",
        evenings={str(evening.pk): "10.00"},
        counted=[evening.pk],
    )

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    final = new.get_model("league", "Competition").objects.get(pk=season.pk).final_standings
    assert [(row["name"], row["rank"], row["points"]) for row in final] == [("Anna", 1, "10.00")]
    assert new.get_model("matches", "Match").objects.get(pk=match.pk).closed_at == archived_at

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes("league"))  # the schema every other test uses
