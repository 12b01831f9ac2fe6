"""The league's API addresses, under /api/ next to matches.api.urls."""

from django.urls import path

from league import api

urlpatterns = [
    path("clubs/<int:club_id>/competitions/", api.competition_list, name="api-competitions"),
    path("competitions/<int:competition_id>/", api.competition_detail, name="api-competition"),
    path("competitions/<int:competition_id>/standings/", api.standings, name="api-standings"),
    path("competitions/<int:competition_id>/evenings/", api.evening_create, name="api-evenings"),
    path("evenings/<int:evening_id>/", api.evening_detail, name="api-evening"),
    path("evenings/<int:evening_id>/draw/", api.evening_draw, name="api-evening-draw"),
    path("evenings/<int:evening_id>/presence/", api.evening_presence, name="api-evening-presence"),
    path("evenings/<int:evening_id>/tables/", api.evening_tables, name="api-evening-tables"),
    path("evenings/<int:evening_id>/matches/", api.evening_attach, name="api-evening-attach"),
]
