from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from rest_framework.response import Response


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = _("Players and clubs")
    error_codes = frozenset({"stale_version"})

    def ready(self) -> None:
        from players import guessing  # noqa: F401  (counts failed log-ins per account)

    def api_error(self, exc: Exception) -> Response | None:
        """A write whose ``If-Match`` is stale (``players.versioned.Stale``, raised by the models
        of every app that versions its records): 412 ``stale_version``, nothing changed."""
        from players.versioned import Stale, stale_response

        return stale_response() if isinstance(exc, Stale) else None
