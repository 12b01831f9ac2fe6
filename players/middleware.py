"""Pages follow the language a signed-in user chose, on every device; otherwise the browser's
(Django's LocaleMiddleware), English as the fallback. API calls keep following Accept-Language,
as the API contract says.

The choice is read from the database once per session and kept in it (``LANGUAGE_SESSION_KEY``),
so a page costs no query for it; ``players.views.set_language`` writes both. A preference
changed on another device applies here from the next login. The colour scheme the user chose
(``THEME_SESSION_KEY``) comes with it in the same query, for ``players.context_processors``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from players.models import Preference

LANGUAGE_SESSION_KEY = "players.language"  # the user's chosen language, "" for none
THEME_SESSION_KEY = "players.theme"  # "light", "dark", or "" to follow the device


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith("/api/"):
            # Asked first: ``request.user`` is lazy, and an API call with a token (which DRF
            # reads later) must not pay for loading a session and a user it does not use.
            return self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = request.session.get(LANGUAGE_SESSION_KEY)
            if language is None or THEME_SESSION_KEY not in request.session:
                language, theme = Preference.objects.filter(user=user).values_list(
                    "language", "theme"
                ).first() or ("", "")
                request.session[LANGUAGE_SESSION_KEY] = language
                request.session[THEME_SESSION_KEY] = theme
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)
