"""The site's URLs plus ``/bench/bare/``: one query, no template, the ceiling a page is compared
with. Mounted only by ``tests.bench.settings``."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import path

from config.urls import urlpatterns as site
from matches.models import Match


def bare(request: HttpRequest) -> JsonResponse:
    """One row by primary key, as JSON: what any Django view costs at least."""
    row = Match.objects.filter(pk=request.GET.get("id", 1)).values("id", "status").first()
    return JsonResponse(row or {})


urlpatterns = [path("bench/bare/", bare), *site]
