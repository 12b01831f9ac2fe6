from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


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
        }
    )

    def ready(self) -> None:
        from backup.exports import register
        from league import receivers  # noqa: F401  (connects the match_recorded receiver)
        from league.exports import Competitions

        register(Competitions())  # a club's export holds its competitions
