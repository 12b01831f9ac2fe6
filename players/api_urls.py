"""The accounts' and clubs' API addresses under /api/, next to matches.api.urls: log-in and
log-out (tokens), and the clubs with their members, players and invitation links."""

from django.urls import path

from players import api, clubs_api, converters  # noqa: F401  (converters: <token:…>)

urlpatterns = [
    path("auth/token/", api.obtain_token, name="api-token"),
    path("auth/logout/", api.revoke_token, name="api-logout"),
    path("clubs/", clubs_api.club_list, name="api-clubs"),
    path("clubs/<int:club_id>/", clubs_api.club_detail, name="api-club"),
    path("clubs/<int:club_id>/invitations/", clubs_api.invitation_list, name="api-invitations"),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/",
        clubs_api.invitation_detail,
        name="api-invitation",
    ),
    path("invitations/<token:token>/accept/", clubs_api.invitation_accept, name="api-invitation-accept"),
]
