"""The API's addresses (api.md). Log-in and log-out are players' views; their schema is attached here."""

from django.urls import path
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from matches.api import docs, views
from players import api as accounts

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
    path("auth/token/", docs.token_schema(accounts.obtain_token), name="api-token"),
    path("auth/logout/", docs.logout_schema(accounts.revoke_token), name="api-logout"),
    path("games/", views.game_list, name="api-games"),
    path("matches/", views.match_list, name="api-matches"),
    path("matches/<int:match_id>/", views.match_detail, name="api-match"),
    path("matches/<int:match_id>/restore/", views.match_restore, name="api-match-restore"),
    path("matches/<int:match_id>/rounds/", views.round_list, name="api-rounds"),
    path("matches/<int:match_id>/rounds/<int:number>/", views.round_detail, name="api-round"),
    path(
        "matches/<int:match_id>/rounds/<int:number>/confirm/", views.round_confirm, name="api-round-confirm"
    ),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "docs/",
        csp_override(DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
]
