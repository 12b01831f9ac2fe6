"""A password change revokes the user's API tokens.

Django calls ``password_changed`` on every configured password validator whenever a user's
password is saved (the password change and reset pages, the admin, ``changepassword``), which
makes a validator the one hook that sees them all (and not the silent re-hash at log-in, which
changes nothing). This one accepts every password; its help text says what a change does.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from knox.models import get_token_model


class RevokeTokensOnChange:
    def validate(self, password: str, user=None) -> None:
        return None

    def password_changed(self, password: str, user=None) -> None:
        if user is not None and user.pk is not None:
            get_token_model().objects.filter(user=user).delete()

    def get_help_text(self) -> str:
        return _("Changing your password signs out every app or script that uses an API token.")
