"""How often one client may ask for what costs the site or someone's mailbox: API log-ins,
sign-ups, password-reset mails. Counted by DRF's throttles in the shared cache, per client
address (``players.addresses``) or per e-mail address; the rates are
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``, one per scope.

``ScopedRateThrottle`` is the API's (``DEFAULT_THROTTLE_CLASSES``): a view opts in with
``@throttle_scope``, and a refusal is DRF's ``Throttled``, answered 429 in the error shape with
``Retry-After``. ``wait_for`` gives pages the same counting. A request refused is not counted,
and a cache that cannot be reached counts nothing (it reads as empty), so an outage lets
requests through rather than turning them away.
"""

from __future__ import annotations

import hashlib
import math
from typing import TYPE_CHECKING, cast

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import ngettext
from rest_framework import throttling

from players.addresses import client_address

if TYPE_CHECKING:  # DRF's views import the throttle classes named in the settings
    from rest_framework.request import Request
    from rest_framework.views import APIView


def _rates() -> dict[str, str | None]:
    return cast(dict[str, str | None], settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    """DRF's, counting an anonymous client by its address behind the balancer too (DRF's own
    ``get_ident`` would take a client-written X-Forwarded-For as it is).

    Both classes read the rates from the settings when asked (DRF reads them once, when it is
    imported), so a test or a changed setting is heard.
    """

    def get_ident(self, request: Request) -> str:
        return client_address(request)

    def get_rate(self) -> str | None:
        self.THROTTLE_RATES = _rates()
        return super().get_rate()


class PageThrottle(throttling.SimpleRateThrottle):
    """A scope's rate for a page, counted per client address, or per ``ident`` when given."""

    def __init__(self, scope: str, ident: str | None = None) -> None:
        self.scope = scope
        self.ident = ident
        self.THROTTLE_RATES = _rates()
        super().__init__()

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.ident or client_address(request)}


def wait_for(request: HttpRequest, scope: str, ident: str | None = None) -> int | None:
    """None if ``scope``'s rate lets this request through (it is counted then); otherwise the
    seconds until it would, for ``Retry-After``."""
    throttle = PageThrottle(scope, ident)
    if throttle.allow_request(request, None):  # type: ignore[arg-type]
        return None
    return math.ceil(throttle.wait() or 60)


def mailbox(email: str) -> str:
    """An e-mail address as a throttle counts it: any case alike, and kept as a digest, not as
    the address."""
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


def wait_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many tries: try again in %(minutes)d minute.",
        "Too many tries: try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
