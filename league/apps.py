from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from rest_framework.response import Response


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("League")

    # The codes of the league's own refusals (``Evening.start_tables``, ``Evening.attach``, the
    # club's players: ``Club.add_player``, ``Player.rename``, ``league.merge``),
    # which the API passes on as they are (``config.errors``).
    error_codes = frozenset(
        {
            "still_playing",
            "duplicate_player",
            "unknown_player",
            "wrong_player_count",
            "unknown_match",
            "wrong_game",
            "already_a_table",
            "duplicate_name",
            "played_together",
            "played_same_round",
            "merged_meanwhile",
            "plays_at_table",
            "season_archived",
        }
    )

    def api_error(self, exc: Exception) -> Response | None:
        """An archived season refusing a write that would change its record (``SeasonArchived``):
        409 in the one error shape, whichever endpoint it came through. None for anything else."""
        from rest_framework import status
        from rest_framework.response import Response
        from rest_framework.views import set_rollback

        from league.models import SeasonArchived

        if not isinstance(exc, SeasonArchived):
            return None
        set_rollback()
        errors = [{"field": "", "code": "season_archived", "message": message} for message in exc.messages]
        return Response({"errors": errors}, status=status.HTTP_409_CONFLICT)

    def ready(self) -> None:
        from backup.exports import register
        from league import receivers  # noqa: F401  (connects the match_recorded receiver)
        from league.exports import Competitions

        register(Competitions())  # a club's export holds its competitions
