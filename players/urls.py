"""The club pages, the invitation link, one's account (signing up, logging in, a password reset
in the site's own words, before Django's other account pages in ``config/urls.py``), the
language and colour switches and a guest's start."""

from django.urls import path

from players import converters, views  # noqa: F401  (converters: <token:…>)

urlpatterns = [
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<int:club_id>/", views.club_detail, name="club_detail"),
    path("clubs/<int:club_id>/delete/", views.club_delete, name="club_delete"),
    path("clubs/<int:club_id>/settings/", views.club_settings, name="club_settings"),
    path("clubs/<int:club_id>/leave/", views.club_leave, name="club_leave"),
    path("clubs/<int:club_id>/members/<int:membership_id>/role/", views.member_role, name="member_role"),
    path(
        "clubs/<int:club_id>/members/<int:membership_id>/remove/", views.member_remove, name="member_remove"
    ),
    path("clubs/<int:club_id>/invitations/", views.invitation_create, name="invitation_create"),
    path(
        "clubs/<int:club_id>/invitations/<int:invitation_id>/revoke/",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path("clubs/<int:club_id>/players/<int:player_id>/link/", views.player_link, name="player_link"),
    path("clubs/<int:club_id>/players/new/", views.player_add, name="player_add"),
    path("clubs/<int:club_id>/players/<int:player_id>/rename/", views.player_rename, name="player_rename"),
    path("clubs/<int:club_id>/players/<int:player_id>/retire/", views.player_retire, name="player_retire"),
    path("invite/<token:token>/", views.invitation_accept, name="invitation_accept"),
    path("account/", views.account, name="account"),
    path("account/delete/", views.account_delete, name="account_delete"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("i18n/setlang/", views.set_language, name="set_language"),
    path("theme/", views.set_theme, name="set_theme"),
    path("try/", views.guest_start, name="guest_start"),
]
