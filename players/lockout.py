"""What a locked-out account or address is told (django-axes counts the failed log-ins).

Ten failed log-ins lock the account, and separately the address they came from, for the
cool-off time in the settings. The log-in page says so in the reader's language; the token
endpoint says it in the API's error shape. Both answer 429.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from rest_framework import status
from rest_framework.exceptions import APIException


def lockout_message() -> str:
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    return ngettext(
        "Too many failed log-ins: try again in %(minutes)d minute.",
        "Too many failed log-ins: try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


class LockedOut(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"

    def __init__(self) -> None:
        super().__init__(lockout_message(), self.default_code)


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """axes' answer to a request whose log-in attempt hit the lock (``AXES_LOCKOUT_CALLABLE``)."""
    if request.path.startswith("/api/"):
        if (
            original_response is not None
            and original_response.status_code == status.HTTP_429_TOO_MANY_REQUESTS
        ):
            return original_response
        row = {"field": "", "code": LockedOut.default_code, "message": lockout_message()}
        return JsonResponse({"errors": [row]}, status=status.HTTP_429_TOO_MANY_REQUESTS)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    form = AuthenticationForm(request, initial={"username": username})
    context = {"form": form, "locked_out": lockout_message(), "next": request.POST.get("next", "")}
    return render(request, "registration/login.html", context, status=status.HTTP_429_TOO_MANY_REQUESTS)
