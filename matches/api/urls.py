from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from matches.api import clubs, views

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("games/", views.game_list, name="api-games"),
    path("matches/", views.match_list, name="api-matches"),
    path("matches/<int:match_id>/", views.match_detail, name="api-match"),
    path("matches/<int:match_id>/rounds/", views.round_list, name="api-rounds"),
    path("matches/<int:match_id>/rounds/<int:number>/", views.round_detail, name="api-round"),
    path("clubs/", clubs.club_list, name="api-clubs"),
    path("clubs/<int:club_id>/", clubs.club_detail, name="api-club"),
    path("clubs/<int:club_id>/invitations/", clubs.invitation_list, name="api-invitations"),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/",
        clubs.invitation_detail,
        name="api-invitation",
    ),
    path("invitations/<str:token>/accept/", clubs.invitation_accept, name="api-invitation-accept"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
