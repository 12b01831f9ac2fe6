from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = _("Players and clubs")

    def ready(self) -> None:
        from players import guessing  # noqa: F401  (counts failed log-ins per account)
