"""Every engine test also checks the codes: a refusal may only carry codes its game declares."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from typing import Any

import pytest

from scoring import Refused, all_games
from scoring.errors import GENERIC_CODES


def _declared_only(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` of a game, failing the test when it refuses with a code the game does not
    declare (in ``codes`` or among the generic ones) or with a plain string."""

    def checked(game: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(game, *args, **kwargs)
        except Refused as refused:
            plain = [code for code in refused.codes if not isinstance(code, StrEnum)]
            assert plain == [], f"{game.slug} refused with codes that are not a StrEnum member: {plain}"
            undeclared = set(refused.codes) - GENERIC_CODES - game.codes
            assert undeclared == set(), f"{game.slug} refused with undeclared codes {undeclared}"
            raise

    return checked


@pytest.fixture(autouse=True, scope="package")
def refusals_use_declared_codes() -> Iterator[None]:
    """Wraps every registered game's ``play`` and ``check_teams`` for the engine tests, so the
    hundreds of refusal tests also prove that each game's ``codes`` is complete."""
    with pytest.MonkeyPatch.context() as patch:
        for game in all_games():
            for name in ("play", "check_teams"):
                patch.setattr(type(game), name, _declared_only(getattr(type(game), name)))
        yield
