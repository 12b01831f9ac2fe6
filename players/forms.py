"""Sign-up, deleting one's account, and the small forms of the club pages (each a single control
on the phone)."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import BaseUserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.debug import sensitive_variables

from players.models import PLAYER_NAME_MAX_LENGTH, Club, Guest, Invitation, Membership


class SignupForm(BaseUserCreationForm):
    """Django's sign-up form with an e-mail address, so a forgotten password can be reset.

    Whether the username is free is not part of ``is_valid``: ``create`` says it, once the rest
    of the form is right, so a half-filled form tells nobody which names exist (and the view
    counts each such complete sign-up against the client's rate). A name that differs from a
    taken one only in case is taken too, as in Django's ``UserCreationForm``.
    """

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("Optional; needed only to reset a forgotten password."),
    )

    class Meta(BaseUserCreationForm.Meta):
        fields = ("username", "email")

    def validate_unique(self) -> None:
        """Not here: ``create`` checks the username last (see the class)."""

    @sensitive_variables("data")
    def create(self, guest: Guest | None = None) -> User | None:
        """The new account (with its personal club), or the guest's made permanent; None, with
        the username's error on the form, if the name is taken. The database has the last word:
        two sign-ups with one name at the same moment both pass the check, one save fails."""
        data = self.cleaned_data
        if get_user_model()._default_manager.filter(username__iexact=data["username"]).exists():
            self.add_error("username", _("This username is taken: choose another."))
            return None
        try:
            with transaction.atomic():
                if guest is not None:
                    guest.claim(data["username"], data["password1"], data.get("email") or "")
                    return guest.user
                user = self.save()
                Club.personal_for(user)
                return user
        except IntegrityError:
            self.add_error("username", _("This username is taken: choose another."))
            return None


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's, except that the mails wait: ``send_later`` sends them once the answer is out.

    A known address and an unknown one then get the same answer in about the same time; only
    the mailbox learns which it was.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        self.waiting.append((translation.get_language(), args, kwargs))

    @sensitive_variables("args", "kwargs")
    def send_later(self) -> None:
        for language, args, kwargs in self.waiting:
            with translation.override(language):
                super().send_mail(*args, **kwargs)
        self.waiting.clear()


class DeleteAccountForm(forms.Form):
    """Deleting one's own account: the password once more (a guest has none to give), so a
    phone left signed in is not enough, and a tick to say what goes was read."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(label=_("Yes, delete my account and everything listed above"))

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        if not user.has_usable_password():
            del self.fields["password"]

    @sensitive_variables("password")
    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="password_incorrect")
        return password


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=100)


class PlayerNameForm(forms.Form):
    """A player's name as typed (a newcomer, or a new name): the model checks it."""

    name = forms.CharField(label=_("Name of the player"), max_length=PLAYER_NAME_MAX_LENGTH)


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class ClubSettingsForm(forms.ModelForm):
    """The club's settings (owners and admins)."""

    class Meta:
        model = Club
        fields = ["confirm_rounds"]
        labels = {"confirm_rounds": _("A second player confirms every round on their own phone")}


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
            field = cast(forms.ChoiceField, self.fields["role"])
            granted = [(role.value, role.label) for role in Invitation.GRANTABLE]
            field.choices = [(value, label) for value, label in granted if value in roles]


class LinkPlayerForm(forms.Form):
    user = forms.TypedChoiceField(
        label=_("Who plays as this player"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, club: Club, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = club.memberships.select_related("user").order_by("user__username")
        cast(forms.ChoiceField, self.fields["user"]).choices = [("", _("Nobody (a guest)"))] + [
            (m.user_id, m.user.get_username()) for m in members
        ]
