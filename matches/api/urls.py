from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from matches.api import views

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("games/", views.game_list, name="api-games"),
    path("matches/", views.match_list, name="api-matches"),
    path("matches/<int:match_id>/", views.match_detail, name="api-match"),
    path("matches/<int:match_id>/rounds/", views.round_list, name="api-rounds"),
    path("matches/<int:match_id>/rounds/<int:number>/", views.round_detail, name="api-round"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
