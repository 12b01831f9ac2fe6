"""The matches' API addresses (api.md): the games, the matches and their rounds. The schema and
its page are the project's (``config/urls.py``); each app's API has its ``api_urls.py``."""

from django.urls import path

from matches.api import views

urlpatterns = [
    path("games/", views.game_list, name="api-games"),
    path("matches/", views.match_list, name="api-matches"),
    path("matches/<int:match_id>/", views.match_detail, name="api-match"),
    path("matches/<int:match_id>/restore/", views.match_restore, name="api-match-restore"),
    path("matches/<int:match_id>/end/", views.match_end, name="api-match-end"),
    path("matches/<int:match_id>/resume/", views.match_resume, name="api-match-resume"),
    path("matches/<int:match_id>/rounds/", views.round_list, name="api-rounds"),
    path("matches/<int:match_id>/rounds/<int:number>/", views.round_detail, name="api-round"),
    path(
        "matches/<int:match_id>/rounds/<int:number>/confirm/", views.round_confirm, name="api-round-confirm"
    ),
]
