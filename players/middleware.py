"""Pages follow the language a signed-in user chose, on every device; otherwise the browser's
(Django's LocaleMiddleware), English as the fallback. API calls keep following Accept-Language,
as the API contract says.

The choice is read from the database once per session and kept in it (``LANGUAGE_SESSION_KEY``),
so a page costs no query for it; ``players.views.set_language`` writes both. A preference
changed on another device applies here from the next login.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from players.models import Preference

LANGUAGE_SESSION_KEY = "players.language"  # the user's chosen language, "" for none


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not request.path.startswith("/api/"):
            language = request.session.get(LANGUAGE_SESSION_KEY)
            if language is None:
                language = (
                    Preference.objects.filter(user=user).values_list("language", flat=True).first() or ""
                )
                request.session[LANGUAGE_SESSION_KEY] = language
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)
