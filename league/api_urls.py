"""The league's API addresses, under /api/ next to matches.api.urls."""

from django.urls import path

from league import api

urlpatterns = [
    path("clubs/<int:club_id>/competitions/", api.competition_list, name="api-competitions"),
    path("competitions/<int:competition_id>/", api.competition_detail, name="api-competition"),
    path("competitions/<int:competition_id>/standings/", api.standings, name="api-standings"),
    path(
        "competitions/<int:competition_id>/archive/", api.competition_archive, name="api-competition-archive"
    ),
    path("competitions/<int:competition_id>/next/", api.competition_next, name="api-competition-next"),
    path("clubs/<int:club_id>/honours/", api.honours, name="api-honours"),
    path("competitions/<int:competition_id>/evenings/", api.evening_create, name="api-evenings"),
    path("evenings/<int:evening_id>/", api.evening_detail, name="api-evening"),
    path("evenings/<int:evening_id>/draw/", api.evening_draw, name="api-evening-draw"),
    path("evenings/<int:evening_id>/presence/", api.evening_presence, name="api-evening-presence"),
    path(
        "evenings/<int:evening_id>/presence/<int:player_id>/",
        api.evening_presence_player,
        name="api-evening-presence-player",
    ),
    path("evenings/<int:evening_id>/tables/", api.evening_tables, name="api-evening-tables"),
    path("evenings/<int:evening_id>/matches/", api.evening_attach, name="api-evening-attach"),
    path("clubs/<int:club_id>/players/", api.club_players, name="api-club-players"),
    # A player's own address (``/api/clubs/{id}/players/{id}/`` is their statistics, ``stats``).
    path("players/<int:player_id>/", api.club_player, name="api-club-player"),
    path("players/<int:player_id>/merge/", api.club_player_merge, name="api-club-player-merge"),
]
