"""A club's house games (``house.models``). Its ``AppConfig`` answers the rulebook's hook for them
(``rulebook_games``), asked at search time, so the rulebook imports no app that keeps games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from games.protocol import GameHome


class HouseConfig(AppConfig):
    name = "house"
    verbose_name = _("House games")

    def rulebook_games(self, user: object) -> list[GameHome]:
        """The rulebook's hook (``rulebook.search.member_homes``), asked at search time: the
        house games of the clubs ``user`` belongs to, whose rules only their members search."""
        from house.models import member_homes

        return list(member_homes(user))
