"""The API's addresses for ratings and player statistics (api.md), mounted under /api/."""

from django.urls import path

from stats import api

urlpatterns = [
    path("clubs/<int:club_id>/ratings/", api.club_ratings, name="api-club-ratings"),
    path("clubs/<int:club_id>/players/<int:player_id>/", api.player_statistics, name="api-player"),
]
