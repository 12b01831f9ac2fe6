from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LiveConfig(AppConfig):
    name = "live"
    verbose_name = _("Live scoreboards")

    def ready(self) -> None:
        from live import events  # noqa: F401  (connects the receivers that push live pages)
