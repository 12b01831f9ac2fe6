"""The phone pages: home, new match, the scoresheet with its round form, corrections and undo.

Thin function views: the first line fetches the match through ``_match_for_member`` (404 for
other clubs' matches) or ``_match_for_scorer`` (also 403 for a member who may not keep its
score), then one model call, then ``render`` or ``redirect``. htmx requests get
the ``sheet`` partial of the same template; everything works without JavaScript too.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.protocol import GameHome, HtmxHttpRequest
from games.registry import all_homes, home_for
from games.round_forms import errors_by_field
from matches.exports import export_club, results_csv
from matches.history import HistoryLine, history_lines
from matches.messages import error_list
from matches.models import IDEMPOTENCY_KEY_LENGTH, Conflict, Match, Recorded, Round, RoundRevision
from matches.refusals import SiteRefused
from matches.setup_forms import NewMatchForm
from matches.sheets import Sheet, build_sheet, entry_rows, lines
from players.models import Club, Player
from scoring import Refused, UnknownGame

SHEET = "matches/match_detail.html"


def _match_for_member(request: HttpRequest, match_id: int) -> Match:
    return get_object_or_404(Match.objects.for_user(request.user).select_related("club"), pk=match_id)


def _match_for_scorer(request: HttpRequest, match_id: int) -> Match:
    """The match if the user may keep its score; 404 outside its club, 403 inside it."""
    match = _match_for_member(request, match_id)
    if not match.can_score(request.user):
        raise PermissionDenied(_("Only the club's scorekeepers may change this match."))
    return match


def _match_for_admin(request: HttpRequest, match_id: int) -> Match:
    """The match if the user is an owner or admin of its club; 404 outside it, 403 inside."""
    match = _match_for_member(request, match_id)
    if not match.club.may_manage(request.user):
        raise PermissionDenied(_("Only the club's owners and admins may do this."))
    return match


def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        context = {"games": all_homes(), "guest_days": settings.GUEST_DAYS}
        return render(request, "matches/welcome.html", context)
    matches = Match.objects.for_user(request.user).prefetch_related("seats__player")
    return render(
        request,
        "matches/home.html",
        {
            "in_progress": matches.in_progress()[:20],
            "finished": matches.finished()[:10],
            "has_deleted": Match.objects.deleted_for_admin(request.user).exists(),
        },
    )


@login_required
def new_match(request: HttpRequest) -> HttpResponse:
    """Step 1: pick the game (big buttons, one tap)."""
    return render(request, "matches/new_match.html", {"games": all_homes()})


@login_required
@require_http_methods(["GET", "POST"])
def new_match_setup(request: HttpRequest, game: str) -> HttpResponse:
    """Step 2: players in seating order, first dealer, teams and options."""
    try:
        home = home_for(game)
    except UnknownGame:
        raise Http404 from None
    Club.personal_for(request.user)  # every user has a table of their own to start with
    clubs = Club.objects.where_user_scores(request.user).order_by("-personal", "name")
    form = NewMatchForm(home, clubs, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            match = Match.start(by=request.user, **form.match_arguments())
        except (Refused, SiteRefused) as refused:
            form.add_refusal(refused)
        else:
            return redirect("match_detail", match_id=match.pk)
    return render(
        request,
        "matches/new_match_setup.html",
        {
            "form": form,
            "game": home.slug,
            "game_name": home.name,
            "known_players": Player.objects.filter(club__in=clubs)
            .order_by("name")
            .values_list("name", flat=True)
            .distinct(),
        },
    )


@login_required
def match_detail(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_member(request, match_id)
    return _render_sheet(request, match, match.recorded(), body=None, errors=[])


@login_required
@require_POST
def round_add(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_scorer(request, match_id)
    body = home_for(match.game).parse_round(request.POST, match.entry_lines)
    key = request.POST.get("idempotency_key", "")[:IDEMPOTENCY_KEY_LENGTH] or None
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        number = None  # an old page without the deal number: nothing to compare
    try:
        recorded = match.add_round(body, by=request.user, idempotency_key=key, number=number)
    except Refused as refused:
        errors = error_list(refused.errors, match.game)
        return _render_sheet(request, match, match.recorded(), body=body, errors=errors, status=400)
    except Conflict as conflict:
        # Another phone got there first: show the sheet as it is now, with why nothing was stored.
        errors = error_list([conflict.error], match.game)
        return _render_sheet(request, match, match.recorded(), body=None, errors=errors, status=409)
    if request.htmx:
        return _render_sheet(request, match, recorded, body=None, errors=[])
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    match = _match_for_scorer(request, match_id)
    recorded = match.recorded()
    if not 1 <= number <= len(recorded.rounds):
        raise Http404
    body: Any = recorded.rounds[number - 1].body
    errors: list[dict[str, str]] = []
    if request.method == "POST":
        body = home_for(match.game).parse_round(request.POST, match.entry_lines)
        try:
            match.correct_round(number, body, by=request.user)
        except Refused as refused:
            errors = error_list(refused.errors, match.game)
        except Round.DoesNotExist:
            raise Http404 from None  # undone on another phone while this one corrected it
        else:
            messages.success(request, _("Round %(number)s corrected.") % {"number": number})
            return redirect("match_detail", match_id=match.pk)
    sheet = build_sheet(match, recorded)
    return render(
        request,
        "matches/round_edit.html",
        {
            **_form_context(sheet, body, errors, number),
            "number": number,
            "history": _history(sheet, match.revisions.filter(number=number)),
        },
        status=400 if errors else 200,
    )


@login_required
@require_POST
def match_delete(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_admin(request, match_id)
    match.soft_delete(by=request.user)
    messages.success(
        request, _("The match was deleted. An admin of the club can restore it under Deleted matches.")
    )
    return redirect("home")


def _club_for_admin(request: HttpRequest, club_id: int) -> Club:
    """The club if the user runs it; 404 for clubs they are not in, 403 for other members."""
    club = get_object_or_404(Club.objects.for_user(request.user), pk=club_id)
    if not club.may_manage(request.user):
        raise PermissionDenied(_("Only the club's owners and admins may do this."))
    return club


@login_required
@require_safe
def club_export(request: HttpRequest, club_id: int) -> HttpResponse:
    """Everything the club entered, as JSON that ``manage.py import_club`` rebuilds it from."""
    club = _club_for_admin(request, club_id)
    response = JsonResponse(export_club(club), json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="scoreblok-club-{club.pk}.json"'
    return response


@login_required
@require_safe
def club_results(request: HttpRequest, club_id: int) -> HttpResponse:
    """Every match's totals and ranks as CSV, for a spreadsheet; any member may read them."""
    club = get_object_or_404(Club.objects.for_user(request.user), pk=club_id)
    response = HttpResponse(results_csv(club), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="scoreblok-results-{club.pk}.csv"'
    return response


@login_required
def deleted_matches(request: HttpRequest) -> HttpResponse:
    """Deleted matches of the clubs the user runs, newest first, each with a Restore button."""
    deleted = Match.objects.deleted_for_admin(request.user).select_related("club", "deleted_by")
    return render(
        request,
        "matches/deleted_matches.html",
        {"matches": deleted.prefetch_related("seats__player").order_by("-deleted_at")[:50]},
    )


@login_required
@require_POST
def match_restore(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match.objects.deleted_for_admin(request.user), pk=match_id)
    match.restore()
    messages.success(request, _("The match was restored."))
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_POST
def round_confirm(request: HtmxHttpRequest, match_id: int, number: int) -> HttpResponse:
    """A second player at the table confirms a provisional round on their own phone."""
    match = _match_for_member(request, match_id)
    try:
        match.confirm_round(number, by=request.user)
    except Round.DoesNotExist:
        raise Http404 from None
    except SiteRefused as refused:
        messages.error(request, error_list(refused.errors)[0]["message"])
    else:
        messages.success(request, _("Deal %(number)s confirmed.") % {"number": number})
    if request.htmx:
        return _render_sheet(request, match, match.recorded(), body=None, errors=[])
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_POST
def round_undo(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_scorer(request, match_id)
    try:
        recorded = match.undo_last_round(by=request.user)
    except Round.DoesNotExist:
        messages.info(request, _("There is no round to undo."))
        recorded = match.recorded()
    else:
        messages.success(request, _("The last round was undone."))
    if request.htmx:
        return _render_sheet(request, match, recorded, body=None, errors=[])
    return redirect("match_detail", match_id=match.pk)


def _form_context(
    sheet: Sheet, body: Any, errors: list[dict[str, str]], number: int | None = None
) -> dict[str, Any]:
    """What every round form needs: its lines with typed values and errors, the game's home
    (its form and hint templates) and what the game adds, and the calculator keys."""
    grouped = errors_by_field(errors)
    home: GameHome = sheet.home
    return {
        "sheet": sheet,
        "home": home,
        "rows": entry_rows(sheet, body, grouped),
        "body": body or {},
        "errors": grouped,
        "calculator": [(key.rank, key.value) for key in home.calculator_keys(sheet.state.setup)],
        **home.sheet_context(sheet, body, number),
    }


HISTORY_LINES = 30


def _history(sheet: Sheet, revisions: QuerySet[RoundRevision]) -> list[HistoryLine]:
    """The newest changes, each value named after its line of the round form."""
    newest = revisions.order_by("-at", "-pk")[:HISTORY_LINES]
    return history_lines(newest, [label for label, _unit in lines(sheet)])


def _render_sheet(
    request: HtmxHttpRequest,
    match: Match,
    recorded: Recorded,
    *,
    body: Any,
    errors: list[dict[str, str]],
    status: int = 200,
) -> HttpResponse:
    sheet = build_sheet(match, recorded)
    template = f"{SHEET}#sheet" if request.htmx else SHEET
    context = {
        **_form_context(sheet, body, errors),
        "idempotency_key": uuid.uuid4().hex,
        "history": _history(sheet, match.revisions.all()),
    }
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response
