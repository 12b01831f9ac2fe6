"""Sign-up: a new user gets a personal club at once, so the first match is one tap away."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language as django_set_language

from players.forms import SignupForm
from players.middleware import LANGUAGE_SESSION_KEY
from players.models import Club, Preference


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Club.personal_for(user)
        login(request, user)
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
