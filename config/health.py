"""The balancer's health check, ``GET /health/`` (deploy/haproxy.cfg, docs/deploy.md).

It asks what an app server needs to answer players: the database. One trivial ORM query; 200
while it answers, 503 with ``Retry-After`` while it does not. Redis is deliberately not asked: a
lost cache costs drawing time, never answers (sessions are written through to the database), so
it must not take a server out of the balancer. A page such as ``/rules/`` was the check before,
and while Redis was unreachable each of its cache calls waited out its half-second timeout, the
check timed out and both servers flapped out of the pool.

Nothing on this path reaches the cache: the view reads no session, no user, no template and no
cache, and the balancer's check carries no session cookie, so the middleware leave the session
unloaded (it is lazy) and no throttle runs (DRF's throttles are per API view). The HTTPS redirect
is the one middleware that would answer the balancer's plain-HTTP check without asking the
database: ``SECURE_REDIRECT_EXEMPT`` names this path (config/settings.py).
``tests/test_health.py`` holds both.

The answer is for a machine: two words of plain text, never stored by a cache.
"""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.db import DatabaseError, InterfaceError
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from config.errors import RETRY_AFTER


@require_safe
@never_cache
def health(request: HttpRequest) -> HttpResponse:
    try:
        # The smallest question the ORM can ask of a table every install has: a missing
        # database (stopped, restarting, failing over, refusing connections) raises here.
        ContentType.objects.exists()
    except (DatabaseError, InterfaceError):
        response = HttpResponse("database unavailable\n", status=503, content_type="text/plain")
        response["Retry-After"] = str(RETRY_AFTER)
        return response
    return HttpResponse("ok\n", content_type="text/plain")
