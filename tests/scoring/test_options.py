"""Every integer option has an upper bound: the bound itself is accepted, anything above it is
``invalid``, however large (a target of 10**4299 once reached the pages)."""

from __future__ import annotations

import pytest

from scoring import Refused, all_games, create_setup
from scoring.match import Game
from scoring.options import MAX_TARGET, IntOption

INT_OPTIONS = [
    pytest.param(game, option, id=f"{game.slug}.{option.name}")
    for game in all_games()
    for option in game.options
    if isinstance(option, IntOption)
]


def _refusal(game: Game[object, object], options: dict[str, object]) -> list[tuple[str, str]]:
    with pytest.raises(Refused) as refused:
        create_setup(game, game.player_counts[0], options=options)
    return [(error.code, error.field) for error in refused.value.errors]


@pytest.mark.parametrize(("game", "option"), INT_OPTIONS)
def test_every_default_lies_within_the_bounds(game: Game[object, object], option: IntOption) -> None:
    assert option.maximum <= MAX_TARGET
    for players in game.player_counts:
        assert option.minimum <= option.default_for(players) <= option.maximum


@pytest.mark.parametrize(("game", "option"), INT_OPTIONS)
def test_accepts_the_maximum(game: Game[object, object], option: IntOption) -> None:
    setup = create_setup(game, game.player_counts[-1], options={option.name: option.maximum})
    assert setup.int_option(option.name) == option.maximum


@pytest.mark.parametrize(("game", "option"), INT_OPTIONS)
@pytest.mark.parametrize("above", [5, 10**4299], ids=["next-multiple-of-5", "huge"])
def test_refuses_a_value_above_the_maximum_as_invalid(
    game: Game[object, object], option: IntOption, above: int
) -> None:
    assert _refusal(game, {option.name: option.maximum + above}) == [("invalid", f"options.{option.name}")]


@pytest.mark.parametrize(
    ("slug", "name", "maximum"),
    [
        ("duizenden", "target", 100_000),
        ("canasta", "target", 100_000),
        ("duizenden", "queen_of_spades", 10_000),
        ("canasta", "concealed_bonus", 10_000),
        ("barbuse", "all_hearts_bonus", 10_000),
        ("barbuse", "king_of_hearts_penalty", 10_000),
        ("frustration-fr", "finish_bonus", 10_000),
    ],
)
def test_open_ended_options_stop_at_a_playable_bound(slug: str, name: str, maximum: int) -> None:
    """Targets up to 100000; bonuses, penalties and card values up to 10000."""
    game = next(game for game in all_games() if game.slug == slug)
    (option,) = (option for option in game.options if option.name == name)
    assert isinstance(option, IntOption) and option.maximum == maximum
