from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "stats"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from backup.exports import register
        from stats import receivers  # noqa: F401  (connects to matches.signals.match_recorded)
        from stats.exports import Ratings

        register(Ratings())  # a club's export holds its ratings and their history
