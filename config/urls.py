"""The site's addresses; the API's are in matches/api/urls.py and the apps' api_urls.py, beside
the schema of them all and its page (here), its error pages in config/errors.py."""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from matches import views as match_views
from players import views as player_views

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
    path("", match_views.home, name="home"),
    path("matches/new/", match_views.new_match, name="new_match"),
    path("matches/new/<slug:game>/", match_views.new_match_setup, name="new_match_setup"),
    path("matches/deleted/", match_views.deleted_matches, name="deleted_matches"),
    path("", include("backup.urls")),
    path("", include("house.urls")),
    path("matches/<int:match_id>/", match_views.match_detail, name="match_detail"),
    path("matches/<int:match_id>/history/", match_views.match_history, name="match_history"),
    path("matches/<int:match_id>/rules/", match_views.match_rules, name="match_rules"),
    path("matches/<int:match_id>/paper/", match_views.match_paper, name="match_paper"),
    path("matches/<int:match_id>/delete/", match_views.match_delete, name="match_delete"),
    path("matches/<int:match_id>/restore/", match_views.match_restore, name="match_restore"),
    path("matches/<int:match_id>/rounds/", match_views.round_add, name="round_add"),
    path("matches/<int:match_id>/rounds/quick/", match_views.round_quick_entry, name="round_quick_entry"),
    path("matches/<int:match_id>/rounds/preview/", match_views.round_preview, name="round_preview"),
    path("matches/<int:match_id>/rounds/<int:number>/edit/", match_views.round_edit, name="round_edit"),
    path("matches/<int:match_id>/undo/", match_views.round_undo, name="round_undo"),
    path("matches/<int:match_id>/redo/", match_views.round_redo, name="round_redo"),
    path("matches/<int:match_id>/rematch/", match_views.match_rematch, name="match_rematch"),
    path(
        "matches/<int:match_id>/rounds/<int:number>/confirm/", match_views.round_confirm, name="round_confirm"
    ),
    path("", include("players.urls")),
    path("", include("stats.urls")),
    path("", include("live.urls")),
    path("rules/", include("house.rules_pages")),  # a club's house games, then the built-in ones
    path("rules/", include("rulebook.urls")),
    path("", include("league.urls")),
    path("accounts/signup/", player_views.signup, name="signup"),
    path("accounts/login/", player_views.LoginView.as_view(), name="login"),
    path("accounts/password_reset/", player_views.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/setlang/", player_views.set_language, name="set_language"),
    path("theme/", player_views.set_theme, name="set_theme"),
    path("try/", player_views.guest_start, name="guest_start"),
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
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
