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
    """Refuses API headers that no database column could store or compare.

    An ``Idempotency-Key`` is printable text (an UUID, usually); a NUL byte or another control
    character in it is answered with 400 ``invalid`` at the header, not passed on to the
    database. ``Authorization`` carries an API token, printable ASCII (hexadecimal): anything
    else is a wrong token, 401 as knox answers one, before knox decodes it or hands it to the
    database.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api(request):
            return self.get_response(request)
        key = request.headers.get("Idempotency-Key")
        if key is not None and not key.isprintable():
            return api_error(400, "invalid", field="Idempotency-Key")
        credentials = request.headers.get("Authorization")
        if credentials is not None and not (credentials.isascii() and credentials.isprintable()):
            response = api_error(401, "authentication_failed")
            response["WWW-Authenticate"] = "Token"
            return response
        return self.get_response(request)
