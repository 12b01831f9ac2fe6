from django.urls import path

from league import views
from players import converters  # noqa: F401  (registers <token:…>)

urlpatterns = [
    path("clubs/<int:club_id>/competitions/", views.competitions, name="league_competitions"),
    path("competitions/<int:competition_id>/", views.standings, name="league_standings"),
    path("competitions/<int:competition_id>/standings.csv", views.standings_csv, name="league_standings_csv"),
    path("competitions/<int:competition_id>/evenings/", views.evening_create, name="league_evening_create"),
    path("evenings/<int:evening_id>/", views.evening, name="league_evening"),
    path("evenings/<int:evening_id>/presence/", views.evening_presence, name="league_presence"),
    path(
        "evenings/<int:evening_id>/presence/<int:player_id>/",
        views.evening_presence_player,
        name="league_presence_player",
    ),
    path("evenings/<int:evening_id>/newcomer/", views.evening_newcomer, name="league_newcomer"),
    path("evenings/<int:evening_id>/report/", views.evening_report, name="league_evening_report"),
    path(
        "evenings/<int:evening_id>/report/mail/", views.evening_report_mail, name="league_evening_report_mail"
    ),
    path("evenings/<int:evening_id>/draw/", views.evening_draw, name="league_draw"),
    path("evenings/<int:evening_id>/tables/", views.evening_tables, name="league_tables"),
    path("evenings/<int:evening_id>/attach/", views.evening_attach, name="league_attach"),
    path("competitions/<int:competition_id>/edit/", views.competition_edit, name="league_competition_edit"),
    path(
        "competitions/<int:competition_id>/delete/",
        views.competition_delete,
        name="league_competition_delete",
    ),
    path("evenings/<int:evening_id>/edit/", views.evening_edit, name="league_evening_edit"),
    path("evenings/<int:evening_id>/delete/", views.evening_delete, name="league_evening_delete"),
    path("clubs/<int:club_id>/players/<int:player_id>/merge/", views.player_merge, name="player_merge"),
    path("clubs/<int:club_id>/honours/", views.honours, name="league_honours"),
    path("clubs/<int:club_id>/calendar/", views.calendar_link, name="league_calendar_link"),
    path("calendar/<token:token>.ics", views.calendar_feed, name="league_calendar"),
    path(
        "competitions/<int:competition_id>/archive/",
        views.competition_archive,
        name="league_competition_archive",
    ),
    path(
        "competitions/<int:competition_id>/reopen/",
        views.competition_reopen,
        name="league_competition_reopen",
    ),
    path("competitions/<int:competition_id>/next/", views.competition_next, name="league_competition_next"),
]
