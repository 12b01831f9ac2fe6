"""Snapshots stored when they kept every deal's scores are rewritten as the engine keeps them now,
and resume as the replay of the match's rounds."""

from __future__ import annotations

import importlib

import pytest

import scoring
from scoring.match import create_setup
from tests.long_matches import long_match

migration = importlib.import_module("matches.migrations.0014_snapshot_without_every_deal")


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
    assert rewritten == scoring.snapshot(state)
    resumed = scoring.resume(game, setup, rewritten)
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
    assert migration.slim(old_snapshot(state), len(setup.units)) == scoring.snapshot(state)
