"""The addresses of a club's record as a file (the same paths and names they had in the
project's URLconf)."""

from django.urls import path

from backup import views

urlpatterns = [
    path("clubs/<int:club_id>/exports/", views.club_export_start, name="club_export_start"),
    path(
        "clubs/<int:club_id>/exports/<int:export_id>/",
        views.club_export_detail,
        name="club_export_detail",
    ),
    path(
        "clubs/<int:club_id>/exports/<int:export_id>/download/",
        views.club_export_download,
        name="club_export_download",
    ),
    path("clubs/<int:club_id>/results.csv", views.club_results, name="club_results"),
]
