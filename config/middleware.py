"""Small guards in front of every view."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware import common
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_cache_control

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


class PrivateAnswersMiddleware:
    """``Cache-Control: private, no-store`` on every answer to a signed-in user (a session or an
    API token): no shared cache or browser disk keeps a member's sheet, club or download.

    Anonymous answers are left as they are. Only a request that carries a session cookie or an
    ``Authorization`` header can be signed in, so the others are told apart without reading a
    session.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not (settings.SESSION_COOKIE_NAME in request.COOKIES or "HTTP_AUTHORIZATION" in request.META):
            return response
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response


class CompressMiddleware(GZipMiddleware):
    """Django's gzip, except for event streams (live/streams.py): each compressed stream would
    keep a zlib compressor of its own (some 256 kB) for hours, to shrink events of a few dozen
    bytes."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
