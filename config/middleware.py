"""Small guards in front of every view."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.middleware import common

from config.errors import api_error, is_api


class CommonMiddleware(common.CommonMiddleware):
    """Django's, except that a write under /api/ is never redirected to the address with a slash.

    Clients do not resend a body after a redirect (and most turn the POST into a GET), so
    ``POST /api/matches`` answers 404 naming ``/api/matches/`` instead (config/errors.py).
    """

    def should_redirect_with_slash(self, request: HttpRequest) -> bool:
        if is_api(request) and request.method not in ("GET", "HEAD", "OPTIONS"):
            return False
        return super().should_redirect_with_slash(request)


class ApiHeadersMiddleware:
    """Refuses an ``Idempotency-Key`` that no database column could store or compare.

    A key is printable text (an UUID, usually); a NUL byte or another control character in it
    is answered with 400 ``invalid`` at the header, not passed on to the database.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = request.headers.get("Idempotency-Key")
        if key is not None and is_api(request) and not key.isprintable():
            return api_error(400, "invalid", field="Idempotency-Key")
        return self.get_response(request)
