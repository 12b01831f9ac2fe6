"""The phone pages: home, new match, the scoresheet with its round form, corrections and undo.

Thin function views: the first line fetches the match through ``_match_for_member`` (404 for
other clubs' matches) or ``_match_for_scorer`` (also 403 for a member who may not keep its
score), then one model call, then ``render`` or ``redirect``. htmx requests get
a partial of the same template; everything works without JavaScript too.

A round saved over htmx answers only what changed (``#round-saved``: a fresh form, and out of
band the new row, the totals, the standings, the hints and a confirmation with its undo), so the
answer stays the same size at deal 200 as at deal 2. An undone round can be redone while the
session lasts: the undo keeps its body in the session, keyed by match.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

import scoring
from games.messages import error_list, error_summary, sheet_errors
from games.protocol import GameHome, HtmxHttpRequest
from games.refusals import SiteCode, SiteRefused, refuse
from games.registry import all_homes
from games.round_forms import errors_by_field
from games.tables import option_fields
from house.homes import home_by_slug
from house.models import HouseGame
from matches.history import HistoryLine, history_lines
from matches.home_lists import home_lists
from matches.models import IDEMPOTENCY_KEY_LENGTH, Conflict, Match, Replayed, Round, RoundRevision
from matches.quick_entry import QuickLine, hear
from matches.round_fields import fields_context
from matches.setup_forms import NewMatchForm
from matches.sheets import Sheet, build_sheet, entry_rows, line_labels, lines, totals_change
from players.models import Club, Player
from rulebook.views import match_rules_context, paper_context
from scoring import Refused, UnknownGame

SHEET = "matches/match_detail.html"
QUICK_ENTRY = "matches/quick_entry.html#filled"


def _match_for_member(request: HttpRequest, match_id: int) -> Match:
    try:
        return Match.objects.get_for_member(request.user, match_id)
    except Match.DoesNotExist:
        raise Http404 from None


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
    lists = home_lists(request.user)
    return render(
        request,
        "matches/home.html",
        {
            "in_progress": lists.in_progress,
            "finished": lists.finished,
            "rematch": lists.rematch,
            "has_deleted": lists.has_deleted,
        },
    )


@login_required
def new_match(request: HttpRequest) -> HttpResponse:
    """Step 1: pick the game (big buttons, one tap): the five, then the house games of the
    user's clubs."""
    clubs = Club.objects.where_user_scores(request.user)
    house_games = (
        HouseGame.objects.current().filter(club__in=clubs).select_related("club").order_by("name", "pk")
    )
    # Each game under its club's name once two clubs' games are listed.
    several_clubs = len({game.club_id for game in house_games}) > 1
    return render(
        request,
        "matches/new_match.html",
        {"games": all_homes(), "house_games": house_games, "several_clubs": several_clubs},
    )


@login_required
@require_http_methods(["GET", "POST"])
def new_match_setup(request: HttpRequest, game: str) -> HttpResponse:
    """Step 2: players in seating order, first dealer, teams and options."""
    try:
        home = home_by_slug(game)
    except UnknownGame:
        raise Http404 from None
    Club.personal_for(request.user)  # every user has a table of their own to start with
    clubs = Club.objects.where_user_scores(request.user).order_by("-personal", "name")
    # A house game is played in its own club only: that club is the form's one choice.
    house_club = HouseGame.objects.current().filter(slug=game).values_list("club", flat=True).first()
    if house_club is not None:
        clubs = clubs.filter(pk=house_club)
        if not clubs.exists():
            raise Http404
    if "add_seat" in request.POST:
        # One more seat, without JavaScript: the same form again, nothing checked yet.
        form = NewMatchForm(home, clubs, initial=request.POST.dict(), add_seat=True)
    else:
        form = NewMatchForm(home, clubs, request.POST or None)
    if request.method == "POST" and "add_seat" not in request.POST and form.is_valid():
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
    """The sheet; ``?saved=N`` (after a deal saved without JavaScript) shows deal N's
    confirmation with its undo while N is still the last deal."""
    match = _match_for_member(request, match_id)
    replayed = match.replayed()
    last = len(replayed.rounds)
    saved = last if request.GET.get("saved", "") == str(last) and last else None
    return _render_sheet(request, match, replayed, body=None, errors=[], saved=saved)


@login_required
@require_safe
def match_rules(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The rules of this match at a glance: the game's card with the numbers and lists of the
    options the match was set up with, and those options; over htmx the card alone, for the
    sheet's rules panel."""
    match = _match_for_member(request, match_id)
    context = {**match_rules_context(match.home, match.setup), "match": match}
    if request.htmx:
        back = request.htmx.current_url_abs_path or reverse("match_detail", args=[match.pk])
        response = render(request, "rulebook/match_rules.html#card", {**context, "back_url": back})
    else:
        response = render(request, "rulebook/match_rules.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_safe
def match_paper(request: HttpRequest, match_id: int) -> HttpResponse:
    """This match's paper scoresheet: its options written on the head, its numbers on the back."""
    match = _match_for_member(request, match_id)
    home, setup = match.home, match.setup
    choices = home.paper_teams(setup.players)
    teams = len(setup.teams) if setup.teams else 0
    fields = option_fields(home, setup.options)
    context = paper_context(
        home, setup.players, teams if teams in choices else choices[0], fields, setup.options
    )
    return render(request, home.paper_template, {**context, "match": match})


@login_required
@require_safe
def match_history(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The newest changes to a match: the sheet's history box loads them when it opens (a page
    of their own without JavaScript), so the sheet itself does not build them on every view
    and they are fresh each time the box opens."""
    match = _match_for_member(request, match_id)
    history = history_lines(match.revisions.all(), line_labels(match), HISTORY_LINES, match.club)
    template = "includes/history.html" if request.htmx else "matches/match_history.html"
    response = render(request, template, {"match": match, "home": match.home, "history": history})
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_POST
def match_end(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """End the table before its planned end ("End this table early" in the sheet's menu), with
    the reason typed: finished as it stands. Refused (no reason, over already...), the sheet
    comes back with the reason as typed and why next to it."""
    match = _match_for_scorer(request, match_id)
    reason = request.POST.get("reason", "")
    try:
        match.end_early(reason, by=request.user)
    except SiteRefused as refused:
        ending = None
        if any(error.field == "reason" for error in refused.errors):  # what was typed: next to it
            status, ending = 400, {"reason": reason, "errors": error_list(refused.errors)}
        else:  # the match's state (over already, on another phone): on top of the sheet
            status = 409
            messages.error(request, error_list(refused.errors)[0]["message"])
        replayed = match.replayed()
        response = _render_sheet(request, match, replayed, body=None, errors=[], status=status, ending=ending)
        return _retarget(response) if request.htmx else response
    messages.success(request, _("The table ended early: its standings are final until it is resumed."))
    if request.htmx:
        return _retarget(_render_sheet(request, match, match.replayed(), body=None, errors=[]))
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_POST
def match_resume(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """Take back ending the table early: it plays on from the deal it stopped at."""
    match = _match_for_scorer(request, match_id)
    try:
        match.resume(by=request.user)
    except SiteRefused as refused:
        messages.error(request, error_list(refused.errors)[0]["message"])
    else:
        messages.success(request, _("The table plays on."))
    if request.htmx:
        return _retarget(_render_sheet(request, match, match.replayed(), body=None, errors=[]))
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_POST
def match_rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """The same game, players, teams and options again in one tap; the next seat deals first."""
    match = _match_for_scorer(request, match_id)
    try:
        rematch = match.rematch(by=request.user)
    except (Refused, SiteRefused) as refused:
        messages.error(request, error_list(refused.errors, match.home)[0]["message"])
        return redirect("match_detail", match_id=match.pk)
    return redirect("match_detail", match_id=rematch.pk)


@login_required
@require_POST
def round_add(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_scorer(request, match_id)
    body = match.home.parse_round(request.POST, match.entry_lines)
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        number = None  # an old page without the deal number: nothing to compare
    try:
        key = _idempotency_key(request)
        added = match.add_round(body, by=request.user, idempotency_key=key, number=number)
    except (Refused, SiteRefused) as refused:
        errors = sheet_errors(refused.errors, match.home)
        if request.htmx:  # only the form comes back, holding what was typed and why
            return _render_form(request, match, match.replayed(), body=body, errors=errors, status=400)
        if match.status == Match.Status.FINISHED:
            # Over meanwhile (ended early on another phone): the sheet shows no form to say why.
            for error in errors:
                messages.error(request, error["message"])
        return _render_sheet(request, match, match.replayed(), body=body, errors=errors, status=400)
    except Conflict as conflict:
        if conflict.error.code == SiteCode.STALE_ROUND and conflict.existing is not None:
            # Another phone entered this deal first: compare this phone's round with the stored
            # one. The same: nothing to do. Different: the form keeps what was typed, to keep
            # the other phone's, correct the stored deal to this one, or enter it as the next.
            existing = conflict.existing
            duplicate = {
                "number": existing.number,
                "who": conflict.error.params.get("who", "?"),
                "same": existing.body == body,
            }
            kept = None if duplicate["same"] else body
            return _retarget(
                _render_sheet(
                    request, match, match.replayed(), body=kept, errors=[], status=409, duplicate=duplicate
                )
            )
        # Another phone got there first: show the sheet as it is now, with why nothing was stored.
        errors = error_list([conflict.error], match.home)
        return _retarget(
            _render_sheet(request, match, match.replayed(), body=None, errors=errors, status=409)
        )
    _forget_redo(request, match)
    if not request.htmx:
        # The sheet shows the confirmation with its undo while this deal is still the last one.
        url = reverse("match_detail", args=[match.pk])
        return redirect(f"{url}?saved={added.round.number}")
    if added.state.finished or added.round.provisional:
        # The form goes and the winners or a confirmation box come: the whole sheet changes.
        return _retarget(_render_sheet(request, match, match.replayed(), body=None, errors=[]))
    # The answer shows the new round alone (its row, out of band), not every round.
    return _render_form(
        request, match, Replayed([added.round], added.state), body=None, errors=[], saved=True
    )


@login_required
@require_POST
def round_quick_entry(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The next deal's form filled in from one line typed or said ("Anna out, Bram 15, Cor 95"),
    for the table to check and save: nothing is stored. Words that could not be placed are
    named above the form, and what was understood is filled in all the same."""
    match = _match_for_scorer(request, match_id)
    replayed = match.replayed()
    if replayed.state.finished:
        # Over on another phone meanwhile: the sheet as it is now, with its winners.
        return _retarget(_render_sheet(request, match, replayed, body=None, errors=[]))
    quick = hear(build_sheet(match, replayed), request.POST.get("line", ""))
    if request.htmx:
        response = _render_form(request, match, replayed, body=quick.body, errors=[], quick=quick)
        if not quick.body:
            # Nothing understood: only the status changes; the form keeps what was typed in it.
            response["HX-Reswap"] = "none"
        return response
    return _render_sheet(request, match, replayed, body=quick.body, errors=[], quick=quick)


@login_required
@require_POST
def round_preview(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """What the deal typed so far would score, as the engine scores it: the game's entry
    template's ``preview`` partial, drawn from its ``entry_context``, under the round form
    before Save. Nothing is stored; a game whose form shows no preview gets an empty one."""
    match = _match_for_scorer(request, match_id)
    try:
        template = get_template(f"{match.home.entry_template}#preview")
    except TemplateDoesNotExist:
        return HttpResponse("")
    sheet = build_sheet(match, match.replayed())
    body = match.home.parse_round(request.POST, match.entry_lines)
    return HttpResponse(template.render(dict(match.home.entry_context(sheet, body, None)), request))


def _idempotency_key(request: HttpRequest) -> str | None:
    """The page's key, whole, as the API takes its header: only a crafted form sends one that
    is too long or holds a control character (which no column stores)."""
    key = request.POST.get("idempotency_key", "").strip()
    if len(key) > IDEMPOTENCY_KEY_LENGTH or not key.isprintable():
        raise refuse(SiteCode.INVALID, "idempotency_key")
    return key or None


@login_required
@require_http_methods(["GET", "POST"])
def round_edit(request: HttpRequest, match_id: int, number: int) -> HttpResponse:
    """Correct a round: the form holds its current values; "Show the new totals" replays the
    match with the change without storing it, so the table sees what it changes first."""
    match = _match_for_scorer(request, match_id)
    replayed = match.replayed()
    if not 1 <= number <= len(replayed.rounds):
        raise Http404
    body: Any = replayed.rounds[number - 1].body
    errors: list[dict[str, str]] = []
    preview: list[dict[str, Any]] | None = None
    if request.method == "POST":
        body = match.home.parse_round(request.POST, match.entry_lines)
        try:
            if "preview" in request.POST:
                after = scoring.correct_round(
                    match.rules, match.setup, [r.body for r in replayed.rounds], number, body
                )
                preview = totals_change(build_sheet(match, replayed), after)
            else:
                match.correct_round(number, body, by=request.user)
        except (Refused, SiteRefused) as refused:
            errors = sheet_errors(refused.errors, match.home)
        except Round.DoesNotExist:
            raise Http404 from None  # undone on another phone while this one corrected it
        else:
            if preview is None:
                messages.success(request, _("Deal %(number)s corrected.") % {"number": number})
                return redirect("match_detail", match_id=match.pk)
    sheet = build_sheet(match, replayed)
    return render(
        request,
        "matches/round_edit.html",
        {
            **_form_context(sheet, body, errors, number),
            "number": number,
            "preview": preview,
            "previewing": "preview" in request.POST,
            "history": _history(sheet, match.revisions.filter(number=number)),
        },
        status=400 if errors else 200,
    )


@login_required
@require_POST
def match_delete(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_admin(request, match_id)
    try:
        match.soft_delete(by=request.user)
    except SiteRefused as refused:
        messages.error(request, error_list(refused.errors)[0]["message"])
        return redirect("match_detail", match_id=match.pk)
    messages.success(
        request, _("The match was deleted. An admin of the club can restore it under Deleted matches.")
    )
    return redirect("home")


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
    try:
        match.restore()
    except SiteRefused as refused:
        messages.error(request, error_list(refused.errors)[0]["message"])
        return redirect("deleted_matches")
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
        return _render_sheet(request, match, match.replayed(), body=None, errors=[])
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_POST
def round_undo(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """Undo the last round; with ``number``, only if that is still the last one (a confirmation's
    undo must not take away a round another phone entered since)."""
    match = _match_for_scorer(request, match_id)
    try:
        number = int(request.POST["number"]) if request.POST.get("number") else None
    except ValueError:
        number = None
    try:
        replayed = match.undo_last_round(number, by=request.user)
    except Round.DoesNotExist:
        messages.info(request, _("There is no round to undo."))
        replayed = match.replayed()
    except SiteRefused as refused:
        messages.error(request, error_list(refused.errors)[0]["message"])
        replayed = match.replayed()
    else:
        # The undo's revision holds the round as it was: what Redo puts back.
        undone = len(replayed.rounds) + 1
        revisions = match.revisions.filter(number=undone, action=RoundRevision.Action.UNDO)
        body = revisions.order_by("-pk").values_list("before", flat=True).first()
        request.session[_redo_key(match)] = {"number": undone, "body": body}
        messages.success(request, _("The last round was undone."))
    if request.htmx:
        return _render_sheet(request, match, replayed, body=None, errors=[])
    return redirect("match_detail", match_id=match.pk)


@login_required
@require_POST
def round_redo(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """Put back the round this session undid last, as it was, if it would still be next."""
    match = _match_for_scorer(request, match_id)
    kept = request.session.pop(_redo_key(match), None)
    replayed = match.replayed()
    if not isinstance(kept, dict) or kept.get("number") != len(replayed.rounds) + 1:
        messages.info(request, _("There is no undone round to put back."))
    else:
        try:
            match.add_round(kept["body"], by=request.user, number=kept["number"])
        except SiteRefused as refused:
            messages.error(request, error_list(refused.errors)[0]["message"])
        except (Refused, Conflict):
            messages.error(request, _("The undone round no longer fits the match; enter it again."))
        else:
            messages.success(request, _("Deal %(number)s is back.") % {"number": kept["number"]})
            replayed = match.replayed()
    if request.htmx:
        return _render_sheet(request, match, replayed, body=None, errors=[])
    return redirect("match_detail", match_id=match.pk)


def _redo_key(match: Match) -> str:
    return f"redo-{match.pk}"


def _forget_redo(request: HttpRequest, match: Match) -> None:
    """A new round replaces what could be redone: the undone one would no longer be next."""
    if _redo_key(match) in request.session:
        del request.session[_redo_key(match)]


def _retarget(response: HttpResponse) -> HttpResponse:
    """An htmx answer that replaces the whole sheet instead of the form that asked."""
    response["HX-Retarget"] = "#sheet"
    response["HX-Reswap"] = "outerHTML"
    return response


def _form_context(
    sheet: Sheet, body: Any, errors: list[dict[str, str]], number: int | None = None
) -> dict[str, Any]:
    """What every round form needs: its fields' own context (``round_fields``: the lines with
    typed values and errors, the calculator keys, what the game's entry adds), the errors, and
    the game's home and what its hints add."""
    grouped = errors_by_field(errors)
    home: GameHome = sheet.home
    rows = entry_rows(sheet, body, grouped, upcoming=number is None)
    return {
        "sheet": sheet,
        "match": sheet.match,
        "home": home,
        "errors": grouped,
        "error_summary": error_summary(errors, [row.label for row in rows]),
        "fields": fields_context(sheet, rows, body, grouped, number),
        **home.sheet_context(sheet, body, number),
    }


HISTORY_LINES = 30


def _history(sheet: Sheet, revisions: QuerySet[RoundRevision]) -> list[HistoryLine]:
    """The newest changes, each value named after its line of the round form."""
    return history_lines(revisions, [label for label, _unit in lines(sheet)], HISTORY_LINES, sheet.match.club)


def _render_sheet(
    request: HtmxHttpRequest,
    match: Match,
    replayed: Replayed,
    *,
    body: Any,
    errors: list[dict[str, str]],
    status: int = 200,
    saved: int | None = None,
    duplicate: dict[str, Any] | None = None,
    quick: QuickLine | None = None,
    ending: dict[str, Any] | None = None,
) -> HttpResponse:
    """The whole sheet, as ``replayed`` (a read or a write's answer) shows the match; with
    ``duplicate``, the comparison of a deal another phone entered first with this one's;
    ``quick`` is the line that filled its form in; ``ending``, a refused "End this table
    early" (the reason as typed and why)."""
    sheet = build_sheet(match, replayed)
    context = {
        **_form_context(sheet, body, errors),
        "changes": match.revisions.count(),
        "idempotency_key": uuid.uuid4().hex,
        "redo": _redo_number(request, match, sheet),
        "saved": saved if saved is not None and match.can_score(request.user) else None,
        "drawn_from": _drawn_from(request, match, sheet),
        "duplicate": duplicate,
        "quick": quick,
        "ending": ending,
    }
    template = f"{SHEET}#sheet" if request.htmx else SHEET
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _drawn_from(request: HttpRequest, match: Match, sheet: Sheet) -> tuple[object, ...]:
    """What the sheet's cached fragments (the grid, the chart, a blank form's fields) are drawn
    from, besides the language: the match's version and its players' names (a renamed player
    moves no match), and whether the reader sees the scorekeepers' controls."""
    return (*sheet.version, match.can_score(request.user))


def _redo_number(request: HttpRequest, match: Match, sheet: Sheet) -> int | None:
    """The deal a Redo button would put back: the one this session undid, if it is next again."""
    kept = request.session.get(_redo_key(match))
    number = kept.get("number") if isinstance(kept, dict) else None
    if number is None or sheet.next is None:
        return None
    return number if number == sheet.next.get("number") else None


def _render_form(
    request: HtmxHttpRequest,
    match: Match,
    replayed: Replayed,
    *,
    body: Any,
    errors: list[dict[str, str]],
    status: int = 200,
    saved: bool = False,
    quick: QuickLine | None = None,
) -> HttpResponse:
    """The round form alone (a refusal), or with the parts a saved round changed out of band,
    or with the line that filled it in (``quick``), out of band too."""
    sheet = build_sheet(match, replayed, newest_only=saved)
    context = {
        **_form_context(sheet, body, errors),
        "idempotency_key": uuid.uuid4().hex,
        "saved": replayed.state.played if saved else None,
        "drawn_from": _drawn_from(request, match, sheet),
        "oob": True,
        "quick": quick,
    }
    template = f"{SHEET}#round-saved" if saved else f"{SHEET}#roundform"
    if quick is not None:
        template = QUICK_ENTRY
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response
