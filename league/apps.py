from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("League")

    def ready(self) -> None:
        from league import receivers  # noqa: F401  (connects the match_recorded receiver)
        from league.exports import Competitions
        from matches.exports import register

        register(Competitions())  # a club's export holds its competitions
