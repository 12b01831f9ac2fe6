from django.contrib import admin
from django.urls import include, path

from matches import views as match_views
from players import views as player_views

urlpatterns = [
    path("", match_views.home, name="home"),
    path("matches/new/", match_views.new_match, name="new_match"),
    path("matches/new/<slug:game>/", match_views.new_match_setup, name="new_match_setup"),
    path("matches/<int:match_id>/", match_views.match_detail, name="match_detail"),
    path("matches/<int:match_id>/rounds/", match_views.round_add, name="round_add"),
    path("matches/<int:match_id>/rounds/<int:number>/edit/", match_views.round_edit, name="round_edit"),
    path("matches/<int:match_id>/undo/", match_views.round_undo, name="round_undo"),
    path("", include("players.urls")),
    path("rules/", include("rulebook.urls")),
    path("accounts/signup/", player_views.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/setlang/", player_views.set_language, name="set_language"),
    path("api/", include("matches.api.urls")),
    path("admin/", admin.site.urls),
]
