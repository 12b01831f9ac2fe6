"""The phone pages of a club's house games: the list (every member), and declaring, changing,
importing and deleting one (the club's owners and admins; in one's own club, oneself)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.declared import templates
from matches.house_game_forms import HouseGameForm, initial_from
from matches.house_games import HouseGame
from players.models import Club
from scoring import Refused

MAX_FILE = 20_000  # bytes: a shared definition is a few hundred


def _club_for_member(request: HttpRequest, club_id: int) -> Club:
    return get_object_or_404(Club.objects.for_user(request.user), pk=club_id)


def _club_for_admin(request: HttpRequest, club_id: int) -> Club:
    """The club if the user runs it; 404 for clubs they are not in, 403 for other members."""
    club = _club_for_member(request, club_id)
    if not club.may_manage(request.user):
        raise PermissionDenied(_("Only the club's owners and admins may do this."))
    return club


@login_required
@require_safe
def house_games(request: HttpRequest, club_id: int) -> HttpResponse:
    club = _club_for_member(request, club_id)
    return render(
        request,
        "matches/house_games.html",
        {
            "club": club,
            "games": club.house_games.all(),
            "may_manage": club.may_manage(request.user),
            "templates": [(key, value["name"]) for key, value in templates().items()],
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def house_game_new(request: HttpRequest, club_id: int) -> HttpResponse:
    """Declare a game from the blocks; ``?template=`` starts from one of the shipped ones."""
    club = _club_for_admin(request, club_id)
    template = templates().get(request.GET.get("template", ""))
    form = HouseGameForm(request.POST or None, initial=initial_from(template) if template else None)
    if request.method == "POST" and form.is_valid() and (definition := form.read()) is not None:
        game = HouseGame.declare(club, definition, by=request.user)
        messages.success(request, _("%(name)s is ready to play.") % {"name": game.name})
        return redirect("house_games", club_id=club.pk)
    return render(request, "matches/house_game_form.html", {"club": club, "form": form, "game": None})


@login_required
@require_http_methods(["GET", "POST"])
def house_game_edit(request: HttpRequest, club_id: int, slug: str) -> HttpResponse:
    """New rules for the matches to come; matches already started keep theirs."""
    club = _club_for_admin(request, club_id)
    game = get_object_or_404(club.house_games, slug=slug)
    form = HouseGameForm(request.POST or None, initial=initial_from(game.definition))
    if request.method == "POST" and form.is_valid() and (definition := form.read()) is not None:
        game.change(definition)
        messages.success(request, _("%(name)s is changed for the matches to come.") % {"name": game.name})
        return redirect("house_games", club_id=club.pk)
    return render(request, "matches/house_game_form.html", {"club": club, "form": form, "game": game})


@login_required
@require_POST
def house_game_delete(request: HttpRequest, club_id: int, slug: str) -> HttpResponse:
    club = _club_for_admin(request, club_id)
    game = get_object_or_404(club.house_games, slug=slug)
    game.delete()
    messages.success(request, _("%(name)s is deleted; its matches keep their rules.") % {"name": game.name})
    return redirect("house_games", club_id=club.pk)


@login_required
@require_POST
def house_game_import(request: HttpRequest, club_id: int) -> HttpResponse:
    """A game shared as a file (what the API's ``…/file/`` gives) becomes one of the club's."""
    club = _club_for_admin(request, club_id)
    upload = request.FILES.get("file")
    try:
        if upload is None or upload.size is None or upload.size > MAX_FILE:
            raise ValueError
        game = HouseGame.declare(club, json.loads(upload.read().decode()), by=request.user)
    except (ValueError, UnicodeDecodeError, RecursionError, Refused):
        messages.error(request, _("This file does not hold a game Scoreblok can read."))
    else:
        messages.success(request, _("%(name)s is ready to play.") % {"name": game.name})
    return redirect("house_games", club_id=club.pk)
