"""Error pages: JSON in the API's error shape under ``/api/``, the site's own pages elsewhere.

Django answers an unknown address (404), a request it cannot take (400: a disallowed host, a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE``), a refusal (403) and a crash (500) through these. An API
client gets ``{"errors": [{"field", "code", "message"}]}`` in its language, as everywhere else
in the API; a person gets a page that looks like the rest of the site, never a debug page.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import is_valid_path
from django.views import defaults

from matches.messages import MESSAGES


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def api_error(status: int, code: str, field: str = "", **params: str) -> JsonResponse:
    message = str(MESSAGES[code])
    row = {"field": field, "code": code, "message": message % params if params else message}
    return JsonResponse({"errors": [row]}, status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return api_error(413, "too_large")
        return api_error(400, "bad_request")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return api_error(403, "permission_denied")
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        # A write to /api/matches (no slash) is not redirected: a redirect would lose its body.
        if not request.path_info.endswith("/") and is_valid_path(
            f"{request.path_info}/", getattr(request, "urlconf", None)
        ):
            return api_error(404, "missing_slash", path=f"{request.path}/")
        return api_error(404, "not_found")
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return api_error(500, "server_error")
    return defaults.server_error(request)
