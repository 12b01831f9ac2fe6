"""What every page's frame (templates/base.html) needs to know about the visitor, at no query:
the colour scheme to render on ``<html data-theme>`` (so a dark page never flashes light) and
whether the visitor is a guest (who is offered to sign up instead of clubs)."""

from __future__ import annotations

from django.http import HttpRequest

from players.middleware import THEME_SESSION_KEY
from players.models import Preference

THEME_COOKIE = "theme"  # anonymous visitors' choice; signed-in users' lives in Preference
GUEST_SESSION_KEY = "players.guest"  # set when "Keep score now" made this session's user
THEMES = {Preference.Theme.LIGHT.value, Preference.Theme.DARK.value}


def theme_of(request: HttpRequest) -> str:
    """ "light", "dark", or "" for the device's own setting."""
    theme = request.COOKIES.get(THEME_COOKIE, "")
    if _signed_in(request):
        theme = request.session.get(THEME_SESSION_KEY, theme)
    return theme if theme in THEMES else ""


def _signed_in(request: HttpRequest) -> bool:
    # An error page for a request refused before the session and auth middleware ran (a
    # disallowed host) has neither.
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and hasattr(request, "session"))


def visitor(request: HttpRequest) -> dict[str, object]:
    return {
        "theme": theme_of(request),
        "theme_choices": Preference.Theme.choices,
        "is_guest": _signed_in(request) and bool(request.session.get(GUEST_SESSION_KEY)),
    }
