"""A club's house games pages, under the club's address (``/clubs/<id>/games/``)."""

from django.urls import path

from house import views

urlpatterns = [
    path("clubs/<int:club_id>/games/", views.house_games, name="house_games"),
    path("clubs/<int:club_id>/games/new/", views.house_game_new, name="house_game_new"),
    path("clubs/<int:club_id>/games/import/", views.house_game_import, name="house_game_import"),
    path("clubs/<int:club_id>/games/<slug:slug>/", views.house_game_edit, name="house_game_edit"),
    path("clubs/<int:club_id>/games/<slug:slug>/delete/", views.house_game_delete, name="house_game_delete"),
]
