"""The site's addresses: each app's pages (its ``urls.py``) and API (``matches/api/urls.py``, the
other apps' ``api_urls.py``), Django's account pages and admin, and the API's schema and its page
(here); the error pages are config/errors.py's."""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import health

# The Swagger UI page (self-hosted by drf-spectacular-sidecar) sets its own layout in an inline
# <style> and styles its widgets inline; its script comes from this site (the "split" view
# serves the start-up script as a file, not inline).
DOCS_CSP = {
    "default-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
}

urlpatterns = [
    path("", include("matches.urls")),
    path("", include("backup.urls")),
    path("", include("house.urls")),
    path("", include("players.urls")),
    path("", include("stats.urls")),
    path("", include("live.urls")),
    path("rules/", include("house.rules_pages")),  # a club's house games, then the built-in ones
    path("rules/", include("rulebook.urls")),
    path("", include("league.urls")),
    # Django's own account pages, after players.urls, whose sign-up, log-in and password reset
    # take their addresses first.
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("matches.api.urls")),
    path("api/", include("players.api_urls")),
    path("api/", include("house.api_urls")),
    path("api/", include("league.api_urls")),
    path("api/", include("stats.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        csp_override(DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),  # the balancer's check (config/health.py)
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
