from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "stats"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from stats import receivers  # noqa: F401  (connects to matches.signals.match_recorded)
