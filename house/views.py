"""The phone pages of a club's house games: the list (every member), and declaring, changing,
importing and deleting one (the club's owners and admins; in one's own club, oneself)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.declared import templates
from games.protocol import HtmxHttpRequest
from house.forms import HouseGameForm, chosen_kind, initial_from
from house.models import HouseGame
from players.models import Club
from players.permissions import club_for_manager, club_for_member
from players.versioned import FIELD as VERSION
from players.versioned import Stale, add_version_field, read_version, stale_page
from scoring import Refused
from scoring.declared import MAX_NAME, read_definition

MAX_FILE = 20_000  # bytes: a shared definition is a few hundred


@login_required
@require_safe
def house_games(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_for_member(request, club_id)
    return render(
        request,
        "house/house_games.html",
        {
            "club": club,
            "games": club.house_games.current(),
            "may_manage": club.may_manage(request.user),
            "templates": [(key, value["name"]) for key, value in templates().items()],
        },
    )


def _declaration_form(request: HtmxHttpRequest, initial: dict[str, Any] | None) -> tuple[HouseGameForm, bool]:
    """The form as posted, and whether the post only asks for another block's fields (the
    kind changed: over htmx the block's fieldset, without JavaScript the page again, with what
    was typed kept and nothing checked yet)."""
    if "show_block" in request.POST:
        return HouseGameForm(initial=request.POST.dict(), kind=chosen_kind(request.POST)), True
    if request.POST.get("copy_name"):
        # "Name the copy": the same rules under the name the warning offered.
        data = request.POST.copy()
        data["name"] = request.POST["copy_name"]
        return HouseGameForm(data, initial=initial), False
    return HouseGameForm(request.POST or None, initial=initial), False


def _namesake(club: Club, name: str, game: HouseGame | None) -> HouseGame | None:
    """Another of the club's games already called ``name``: two "Hartenjagen" in one list
    cannot be told apart."""
    others = club.house_games.current().filter(name__iexact=name)
    if game is not None:
        others = others.exclude(pk=game.pk)
    return others.first()


def _free_name(club: Club, name: str) -> str:
    """``name`` with the first number that no game of the club has yet: "Hartenjagen 2"."""
    taken = {taken.casefold() for taken in club.house_games.current().values_list("name", flat=True)}
    number = 2
    while True:
        suffix = f" {number}"
        candidate = f"{name[: MAX_NAME - len(suffix)]}{suffix}"
        if candidate.casefold() not in taken:
            return candidate
        number += 1


def _form_page(
    request: HtmxHttpRequest,
    club: Club,
    form: HouseGameForm,
    game: HouseGame | None,
    *,
    block_only: bool = False,
    namesake: HouseGame | None = None,
) -> HttpResponse:
    context = {"club": club, "form": form, "game": game, "namesake": namesake}
    if namesake is not None:
        context["copy_name"] = _free_name(club, form.cleaned_data["name"])
    if block_only and request.htmx:
        response = render(request, "house/house_game_form.html#block", context)
    else:
        response = render(request, "house/house_game_form.html", context, status=400 if namesake else 200)
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_http_methods(["GET", "POST"])
def house_game_new(request: HtmxHttpRequest, club_id: int) -> HttpResponse:
    """Declare a game from the blocks; ``?template=`` starts from one of the shipped ones. A
    name the club has already is refused with a warning that opens the existing game or
    names this one a copy."""
    club = club_for_manager(request, club_id)
    template = templates().get(request.GET.get("template", ""))
    form, block_only = _declaration_form(request, initial_from(template) if template else None)
    if request.method == "POST" and not block_only and form.is_valid() and (definition := form.read()):
        if namesake := _namesake(club, definition["name"], None):
            return _form_page(request, club, form, None, namesake=namesake)
        game = HouseGame.declare(club, definition, by=request.user)
        messages.success(request, _("%(name)s is ready to play.") % {"name": game.name})
        return redirect("house_games", club_id=club.pk)
    return _form_page(request, club, form, None, block_only=block_only)


@login_required
@require_http_methods(["GET", "POST"])
def house_game_edit(request: HtmxHttpRequest, club_id: int, slug: str) -> HttpResponse:
    """New rules for the matches to come; matches already started keep theirs."""
    club = club_for_manager(request, club_id)
    game = get_object_or_404(club.house_games.current(), slug=slug)
    form, block_only = _declaration_form(request, initial_from(game.definition))
    # The version this page was read at, kept through "Show the fields of this way".
    read = request.POST.get(VERSION, "")
    add_version_field(form, int(read) if read.isdigit() and len(read) < 10 else game.version)
    if request.method == "POST" and not block_only and form.is_valid() and (definition := form.read()):
        if namesake := _namesake(club, definition["name"], game):
            return _form_page(request, club, form, game, namesake=namesake)
        try:
            game.change(definition, version=read_version(form))
        except Stale:
            stored = get_object_or_404(club.house_games.current(), slug=slug)
            theirs = HouseGameForm(initial=initial_from(stored.definition))
            edit = reverse("house_game_edit", args=[club.pk, slug])
            return stale_page(
                request,
                title=stored.name,
                theirs=theirs,
                mine=form,
                version=stored.version,
                action=edit,
                back=edit,
            )
        messages.success(request, _("%(name)s is changed for the matches to come.") % {"name": game.name})
        return redirect("house_games", club_id=club.pk)
    return _form_page(request, club, form, game, block_only=block_only)


@login_required
@require_POST
def house_game_delete(request: HttpRequest, club_id: int, slug: str) -> HttpResponse:
    club = club_for_manager(request, club_id)
    game = get_object_or_404(club.house_games.current(), slug=slug)
    game.retire()
    messages.success(request, _("%(name)s is deleted; its matches keep their rules.") % {"name": game.name})
    return redirect("house_games", club_id=club.pk)


@login_required
@require_POST
def house_game_import(request: HttpRequest, club_id: int) -> HttpResponse:
    """A game shared as a file (what the API's ``…/file/`` gives) becomes one of the club's;
    under a name of its own when the club has a game of that name already, and it says so."""
    club = club_for_manager(request, club_id)
    upload = request.FILES.get("file")
    try:
        if upload is None or upload.size is None or upload.size > MAX_FILE:
            raise ValueError
        raw = json.loads(upload.read().decode())
        name = read_definition(raw).name
        namesake = _namesake(club, name, None)
        if namesake is not None:
            raw = {**raw, "name": _free_name(club, name)}
        game = HouseGame.declare(club, raw, by=request.user)
    except (ValueError, UnicodeDecodeError, RecursionError, Refused):
        messages.error(request, _("This file does not hold a game Scoreblok can read."))
        return redirect("house_games", club_id=club.pk)
    if namesake is not None:
        messages.success(
            request,
            _("%(name)s is ready to play: the club already had a game called %(taken)s.")
            % {"name": game.name, "taken": namesake.name},
        )
    else:
        messages.success(request, _("%(name)s is ready to play.") % {"name": game.name})
    return redirect("house_games", club_id=club.pk)
