"""Sign-up, and the small forms of the club pages (each a single control on the phone)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from players.models import Club, Invitation, Membership


class SignupForm(UserCreationForm):
    """Django's sign-up form with an e-mail address, so a forgotten password can be reset."""

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("Optional; needed only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=100)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Joins as"),
        choices=[(role.value, role.label) for role in Invitation.GRANTABLE],
        initial=Membership.Role.MEMBER,
    )
    days = forms.IntegerField(
        label=_("Valid for (days)"),
        min_value=1,
        max_value=Invitation.MAX_DAYS,
        initial=Invitation.DEFAULT_DAYS,
    )

    def __init__(self, *args: Any, roles: list[str] | None = None, **kwargs: Any) -> None:
        """``roles``: the roles this user may grant (the others are not offered)."""
        super().__init__(*args, **kwargs)
        if roles is not None:
            field = self.fields["role"]
            field.choices = [(value, label) for value, label in field.choices if value in roles]


class LinkPlayerForm(forms.Form):
    user = forms.TypedChoiceField(
        label=_("Who plays as this player"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, club: Club, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = club.memberships.select_related("user").order_by("user__username")
        self.fields["user"].choices = [("", _("Nobody (a guest)"))] + [
            (m.user_id, m.user.get_username()) for m in members
        ]
