"""Sign-up: a new user gets a personal club at once, so the first match is one tap away."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from players.models import Club


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Club.personal_for(user)
        login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
