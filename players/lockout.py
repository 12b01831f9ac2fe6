"""Which failed log-ins lock what, and what a locked-out client is told (django-axes counts).

``AXES_FAILURE_LIMIT`` failed log-ins for one username from one address lock that pair for the
cool-off time: usernames are no secret, so a lock on the username alone would let anyone lock a
member out from anywhere, and one on the address alone would lock a whole club behind one Wi-Fi
for one member's typos. One address that fails ``LOGIN_FAILURES_PER_ADDRESS`` times, whatever
the usernames, is locked for every username: that is the guesser who tries one password on many
accounts. axes compares every combination it is given against its one failure limit, so the
address joins ``lockout_parameters`` only once it has passed its own, higher limit.

The log-in page says so in the reader's language; the token endpoint says it in the API's error
shape. Both answer 429.
"""

from __future__ import annotations

from axes.attempts import get_cool_off_threshold
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext
from rest_framework import status
from rest_framework.exceptions import APIException

PAIR = ["username", "ip_address"]


def lockout_parameters(request: HttpRequest, credentials: dict | None = None) -> list[str | list[str]]:
    """``AXES_LOCKOUT_PARAMETERS``: the pair always, and the address alone once it is over its limit."""
    address = getattr(request, "axes_ip_address", None)
    if not address:
        return [PAIR]
    attempts = AccessAttempt.objects.filter(
        ip_address=address, attempt_time__gte=get_cool_off_threshold(request)
    )
    failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
    return [PAIR, "ip_address"] if failures >= settings.LOGIN_FAILURES_PER_ADDRESS else [PAIR]


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
