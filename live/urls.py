"""The live pages' addresses; the service worker and the manifest sit at the site's root."""

from django.urls import path

from live import streams, views
from players import converters  # noqa: F401  (registers <token:…> and <signed:…>)

urlpatterns = [
    path("matches/<int:match_id>/share/", views.match_share, name="match_share"),
    path("matches/<int:match_id>/share/revoke/", views.match_share_revoke, name="match_share_revoke"),
    path("live/<token:token>/", views.live_viewer, name="live_viewer"),
    path("live/<token:token>/tv/", views.live_tv, name="live_tv"),
    path("live/<token:token>/board/", views.live_board, name="live_board"),
    path("watch/<signed:signed>/", views.live_watch, name="live_watch"),
    path("clubs/<int:club_id>/tv/", views.club_tv, name="club_tv"),
    path("clubs/<int:club_id>/tv/share/", views.club_tv_share, name="club_tv_share"),
    path("clubs/<int:club_id>/tv/share/revoke/", views.club_tv_share_revoke, name="club_tv_share_revoke"),
    path("evenings/<int:evening_id>/tv/", views.evening_tv, name="evening_tv"),
    path("tv/<token:token>/", views.club_tv_shared, name="club_tv_shared"),
    # Streams: every address under /events/, so that the balancer sends them to the ASGI server.
    path("events/live/<token:token>/", streams.share_stream, name="live_share_stream"),
    path("events/watch/<signed:signed>/", streams.watch_stream, name="live_watch_stream"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline/", views.offline, name="offline"),
]
