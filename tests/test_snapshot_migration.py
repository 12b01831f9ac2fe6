"""Snapshots stored when they kept every deal's scores are rewritten in the shape of snapshot
format 1 (without the format's number: it came later, so the site replays those once and stores
them again, ``tests/test_snapshot_format.py``), and that shape resumes as the replay of the
match's rounds."""

from __future__ import annotations

import importlib

import pytest

import scoring
from scoring.match import create_setup
from tests.long_matches import long_match

migration = importlib.import_module("matches.migrations.0014_snapshot_without_every_deal")


def unnumbered(state: scoring.MatchState) -> dict[str, object]:
    """The state's snapshot as migration 0014 wrote it: format 1's keys, without its number."""
    return {key: value for key, value in scoring.snapshot(state).items() if key != "format"}


def old_snapshot(state: scoring.MatchState) -> dict[str, object]:
    """A snapshot as it was stored before: every deal's scores and the progress."""
    new = scoring.snapshot(state)
    return {"scores": [list(row) for row in state.scores], "progress": new["progress"]}


@pytest.mark.parametrize("played", [0, 1, 30])
@pytest.mark.parametrize("slug", [game.slug for game in scoring.all_games()])
def test_an_old_snapshot_rewritten_resumes_as_the_replay(slug: str, played: int) -> None:
    game = scoring.get_game(slug)
    setup, bodies = long_match(slug, played)
    state = scoring.replay(game, setup, bodies[:played])
    rewritten = migration.slim(old_snapshot(state), len(setup.units))
    assert rewritten == unnumbered(state)
    with pytest.raises(scoring.StaleSnapshot):
        scoring.resume(game, setup, rewritten)
    resumed = scoring.resume(game, setup, {**rewritten, "format": 1})
    assert (resumed.totals, resumed.played, resumed.progress, resumed.outlook) == (
        state.totals,
        state.played,
        state.progress,
        state.outlook,
    )


def test_a_team_match_before_its_first_deal_has_a_zero_per_team() -> None:
    game = scoring.get_game("canasta")
    setup = create_setup(game, 4)
    assert setup.teams is not None
    state = scoring.replay(game, setup, [])
    assert migration.slim(old_snapshot(state), len(setup.units)) == unnumbered(state)


@pytest.mark.django_db(transaction=True)
def test_the_migration_rewrites_stored_snapshots_and_leaves_new_ones() -> None:
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("matches", "0013_house_games")], [("matches", "0014_snapshot_without_every_deal")]
    game = scoring.get_game("duizenden")
    setup, bodies = long_match("duizenden", 12)
    state = scoring.replay(game, setup, bodies)
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("players", "Club").objects.create(name="Oud")
    Match = old.get_model("matches", "Match")
    shape = {"club": club, "game": "duizenden", "options": dict(setup.options), "player_count": setup.players}
    stored = Match.objects.create(**shape, snapshot=old_snapshot(state))
    current = Match.objects.create(**shape, snapshot=scoring.snapshot(state))
    missing = Match.objects.create(**shape, snapshot=None)

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps.get_model("matches", "Match")
    assert new.objects.get(pk=stored.pk).snapshot == unnumbered(state)
    assert new.objects.get(pk=current.pk).snapshot == scoring.snapshot(state)
    assert new.objects.get(pk=missing.pk).snapshot is None

    executor = MigrationExecutor(connection)
    executor.migrate(before)  # and back: cleared, so the old code replays them
    assert set(old.get_model("matches", "Match").objects.values_list("snapshot", flat=True)) == {None}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema every other test uses
