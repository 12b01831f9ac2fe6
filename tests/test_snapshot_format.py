"""The snapshot each game stores, pinned: a change of its shape must come with a new
``SNAPSHOT_FORMAT`` (and a new pin). A stored snapshot of another format or shape is never an
error: the match is replayed and its snapshot written again."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

import scoring
from matches.models import Match
from players.models import Club
from scoring.declared import TEMPLATES, declared_game, read_definition
from scoring.match import SNAPSHOT_FORMAT, create_setup
from tests.factories import UserFactory
from tests.long_matches import long_match

PINNED: dict[str, dict[str, Any]] = {
    "barbuse": {
        "format": 1,
        "played": 3,
        "totals": [150, 40, 60, 0],
        "last": [30, 20, 40, 0],
        "progress": {"contracts": ["knobbelen", "no_queens", "no_hearts"]},
    },
    "belote": {
        "format": 1,
        "played": 3,
        "totals": [344, 182],
        "last": [162, 20],  # the third deal: 70 + 20 belote against 92, dedans; the belote kept
        "progress": {"played": 3},
    },
    "belote-contree": {
        "format": 1,
        "played": 3,
        "totals": [552, 272],
        "last": [270, 20],  # the third deal: 110 bid, 70 + 20 made; 160 + 110 to the defence
        "progress": {"played": 3},
    },
    "canasta": {
        "format": 1,
        "played": 3,
        "totals": [-550, 550],
        "last": [-550, 550],
        "progress": {"played": 3, "totals": [-550, 550]},
    },
    "duizenden": {
        "format": 1,
        "played": 3,
        "totals": [-30, 30, 30, 30, -30, -30],
        "last": [-10, -10, -10, 50, -10, -10],
        "progress": {"deals": 3},
    },
    "frustration-fr": {
        "format": 1,
        "played": 3,
        "totals": [280, 200, 200, 200, 300, 300],
        "last": [100, 100, 100, 0, 100, 100],
        "progress": {
            "phases": [1, 2, 2, 2, 1, 1],
            "dealer": 3,
            "finish_bonus": [0, 0, 0, 0, 0, 0],
            "finished": False,
        },
    },
    "frustration-nl": {
        "format": 1,
        "played": 3,
        "totals": [295, 200, 200, 200, 300, 300],
        "last": [100, 100, 100, 0, 100, 100],
        "progress": {"phases": [1, 2, 2, 2, 1, 1], "dealer": 3, "finished": False},
    },
    "klaverjassen": {
        "format": 1,
        "played": 3,
        "totals": [162, 364],
        "last": [0, 182],  # the third deal: 90 of 182 is not more than half, nat
        "progress": {"played": 3},
    },
    "tarot": {
        "format": 1,
        "played": 3,
        "totals": [58, -788, 394, 214, 122],
        "last": [-168, -336, 168, 168, 168],
        "progress": {"deals": 3},
    },
}

HEARTS = [{"entries": [{"points": p} for p in points]} for points in ([10, 6, 10, 0], [0, 26, 0, 0])]


def test_the_format_is_the_one_pinned() -> None:
    assert SNAPSHOT_FORMAT == 1


def test_every_built_in_game_has_its_snapshot_pinned() -> None:
    assert set(PINNED) == {game.slug for game in scoring.all_games()}


@pytest.mark.parametrize("slug", sorted(PINNED))
def test_a_games_snapshot_keeps_its_pinned_shape(slug: str) -> None:
    game = scoring.get_game(slug)
    setup, bodies = long_match(slug, 3)
    state = scoring.replay(game, setup, bodies)
    assert scoring.snapshot(state) == PINNED[slug]
    assert scoring.resume(game, setup, PINNED[slug]).progress == state.progress


def test_a_house_games_snapshot_keeps_its_pinned_shape() -> None:
    game = declared_game(read_definition(TEMPLATES["hartenjagen"]), "house-hearts")
    setup = create_setup(game, 4)
    state = scoring.replay(game, setup, HEARTS)
    assert scoring.snapshot(state) == {  # type: ignore[arg-type]  # a game's own progress type
        "format": 1,
        "played": 2,
        "totals": [36, 6, 36, 26],
        "last": [26, 0, 26, 26],
        "progress": {"deals": 2},
    }


@pytest.mark.parametrize(
    "stored",
    [
        pytest.param({"format": 0}, id="another-format"),
        pytest.param({"format": None}, id="no-format"),
        pytest.param({"progress": {"deals": 3, "rounds_left": 2}}, id="a-field-the-game-has-not"),
        pytest.param({"progress": {"dealt": 3}}, id="a-renamed-field"),
        pytest.param({"progress": {}}, id="a-field-missing"),
        pytest.param({"totals": [1, 2, 3]}, id="other-units"),
        pytest.param({"played": "3"}, id="not-a-number"),
    ],
)
def test_resume_refuses_a_snapshot_of_another_format_or_shape(stored: dict[str, Any]) -> None:
    game = scoring.get_game("duizenden")
    setup, bodies = long_match("duizenden", 3)
    state = scoring.replay(game, setup, bodies)
    with pytest.raises(scoring.StaleSnapshot):
        scoring.resume(game, setup, {**scoring.snapshot(state), **stored})


@pytest.mark.django_db
@pytest.mark.parametrize(
    "stale",
    [
        pytest.param({"format": 0}, id="another-format"),
        pytest.param({"progress": {"dealt": 3}}, id="a-renamed-field"),
    ],
)
def test_a_stale_snapshot_is_replayed_and_written_again(stale: dict[str, Any]) -> None:
    user: Any = UserFactory()
    match = Match.start(club=Club.personal_for(user), game="duizenden", players=["Anna", "Bram"], by=user)
    _setup, bodies = long_match("duizenden", 3, players=2)
    for body in bodies:
        match.add_round(body, by=user)
    good: dict[str, Any] = Match.objects.get(pk=match.pk).snapshot or {}
    updated_at = Match.objects.get(pk=match.pk).updated_at
    Match.objects.filter(pk=match.pk).update(snapshot={**good, **stale})

    browser = Client()
    browser.force_login(user)
    assert browser.get(f"/matches/{match.pk}/").status_code == 200
    stored = Match.objects.get(pk=match.pk)
    assert stored.snapshot == good
    assert stored.updated_at == updated_at  # how the state is kept changed, not the match

    Match.objects.filter(pk=match.pk).update(snapshot={**good, **stale})
    match.refresh_from_db()
    assert match.state().totals == tuple(good["totals"])
    assert Match.objects.get(pk=match.pk).snapshot == good
    Match.objects.filter(pk=match.pk).update(snapshot={**good, **stale})
    match.refresh_from_db()
    assert match.add_round(bodies[0], by=user).state.played == 4
