"""The player page and the club's ratings (their API is in stats/api.py)."""

from django.urls import path

from stats import views

urlpatterns = [
    path("clubs/<int:club_id>/players/<int:player_id>/", views.player_detail, name="player_detail"),
    path("clubs/<int:club_id>/ratings/", views.club_ratings, name="club_ratings"),
]
