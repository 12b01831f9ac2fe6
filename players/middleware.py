"""Pages follow the language a signed-in user chose, on every device; otherwise the browser's
(Django's LocaleMiddleware), English as the fallback. API calls keep following Accept-Language,
as the API contract says."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from players.models import Preference


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not request.path.startswith("/api/"):
            language = Preference.objects.filter(user=user).values_list("language", flat=True).first()
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)
