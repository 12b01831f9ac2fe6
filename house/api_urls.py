"""A club's house games' API addresses, under /api/ next to matches.api.urls."""

from django.urls import path

from house import api

urlpatterns = [
    path("clubs/<int:club_id>/games/", api.house_game_list, name="api-house-games"),
    path("clubs/<int:club_id>/games/<slug:slug>/", api.house_game_detail, name="api-house-game"),
    path("clubs/<int:club_id>/games/<slug:slug>/file/", api.house_game_file, name="api-house-game-file"),
    path("house-games/templates/", api.template_list, name="api-house-game-templates"),
]
