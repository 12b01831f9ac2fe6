"""The matches app. Its ``AppConfig`` also tells the project's API exception handler
(``config.errors``) how this app's refusals read, so the project's wiring imports no app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from rest_framework.response import Response


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Matches")

    def api_error(self, exc: Exception) -> Response | None:
        """The API's answer to a refusal of the engine or the site, None for anything else."""
        from matches.api.errors import refusal_response

        return refusal_response(exc)

    @property
    def error_codes(self) -> frozenset[str]:
        """The codes ``games.messages`` words (the engine's generic ones and the site's)."""
        from games.messages import MESSAGES

        return frozenset(MESSAGES)
