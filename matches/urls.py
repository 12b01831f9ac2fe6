"""The matches' pages: home, a new match, the sheet and what it opens (its rounds, history,
rules and paper sheet), deleting and restoring. The API's are ``matches/api/urls.py``."""

from django.urls import path

from matches import views

urlpatterns = [
    path("", views.home, name="home"),
    path("matches/new/", views.new_match, name="new_match"),
    path("matches/new/<slug:game>/", views.new_match_setup, name="new_match_setup"),
    path("matches/deleted/", views.deleted_matches, name="deleted_matches"),
    path("matches/<int:match_id>/", views.match_detail, name="match_detail"),
    path("matches/<int:match_id>/history/", views.match_history, name="match_history"),
    path("matches/<int:match_id>/rules/", views.match_rules, name="match_rules"),
    path("matches/<int:match_id>/paper/", views.match_paper, name="match_paper"),
    path("matches/<int:match_id>/delete/", views.match_delete, name="match_delete"),
    path("matches/<int:match_id>/restore/", views.match_restore, name="match_restore"),
    path("matches/<int:match_id>/rounds/", views.round_add, name="round_add"),
    path("matches/<int:match_id>/rounds/quick/", views.round_quick_entry, name="round_quick_entry"),
    path("matches/<int:match_id>/rounds/preview/", views.round_preview, name="round_preview"),
    path("matches/<int:match_id>/rounds/<int:number>/edit/", views.round_edit, name="round_edit"),
    path("matches/<int:match_id>/undo/", views.round_undo, name="round_undo"),
    path("matches/<int:match_id>/redo/", views.round_redo, name="round_redo"),
    path("matches/<int:match_id>/rematch/", views.match_rematch, name="match_rematch"),
    path("matches/<int:match_id>/end/", views.match_end, name="match_end"),
    path("matches/<int:match_id>/resume/", views.match_resume, name="match_resume"),
    path("matches/<int:match_id>/rounds/<int:number>/confirm/", views.round_confirm, name="round_confirm"),
]
