"""Sign-up: a new user gets a personal club at once, so the first match is one tap away.

Password reset answers alike for known and unknown addresses: the mail goes out after the answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language as django_set_language

from players.forms import PasswordResetForm, SignupForm
from players.middleware import LANGUAGE_SESSION_KEY
from players.models import Club, Preference

logger = logging.getLogger(__name__)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Club.personal_for(user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch, remembered for the signed-in user on every device."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        Preference.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[LANGUAGE_SESSION_KEY] = language
    return response


class RedirectThenSend(HttpResponseRedirect):
    """A redirect that runs ``send`` when the server closes it, i.e. after the client has it."""

    def __init__(self, url: str, send: Callable[[], None]) -> None:
        super().__init__(url)
        self.send = send

    def close(self) -> None:
        super().close()
        try:
            self.send()
        except Exception:
            # The answer is already out; a mail server's trouble is for the log, not a 500.
            logger.exception("A password reset mail could not be sent")


class PasswordResetView(auth_views.PasswordResetView):
    form_class = PasswordResetForm

    def form_valid(self, form: auth_forms.PasswordResetForm) -> HttpResponse:
        assert isinstance(form, PasswordResetForm)
        super().form_valid(form)  # queues the mails (form.save), answers a redirect we replace
        return RedirectThenSend(self.get_success_url(), form.send_later)
