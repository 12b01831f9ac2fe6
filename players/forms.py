from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):
    """Django's sign-up form with an e-mail address, so a forgotten password can be reset."""

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("Optional; needed only to reset a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


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

    def send_later(self) -> None:
        for language, args, kwargs in self.waiting:
            with translation.override(language):
                super().send_mail(*args, **kwargs)
        self.waiting.clear()
