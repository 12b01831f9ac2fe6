"""The secretary's pages: competitions, an evening (presence, draw, every table's progress) and
the standings (printable, CSV). Thin function views: fetch through an access helper (404 for
other clubs, 403 for members who may not run the league), one model call, render or redirect.
Guests ("Keep score now") are refused every league page (``not_for_guests``): a league outlives
a guest's scorepad.
Standings are read from stored rows (``Standing``), never recomputed here; the CSV's cells are
written as ``backup.exports.spreadsheet_row`` writes them (a name is never a live formula).
"""

from __future__ import annotations

import csv
import re
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Count, F, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from backup.exports import spreadsheet_row
from games.protocol import HtmxHttpRequest
from league import rules
from league.calendar import CALENDAR_TOKEN, club_feed
from league.forms import (
    AttachForm,
    BaseSeatingFormSet,
    CompetitionChangeForm,
    CompetitionForm,
    EveningChangeForm,
    EveningForm,
    NewcomerForm,
    PresenceForm,
    seating_formset,
)
from league.merge import merge_players
from league.models import (
    ClubCalendar,
    Competition,
    Evening,
    ReportMailedAlready,
    ReportMailLimit,
    ReportMailState,
    SeasonArchived,
    StillPlaying,
    Table,
    roll_of_honour,
    table_sides,
)
from league.provisional import open_tables
from league.season import StoredTables
from league.seating import NoSeating
from league.tasks import mail_evening_report
from matches.models import Match, Seat
from players.models import Club
from players.versioned import Stale, stale_page
from players.views import not_for_guests
from scoring import Refused


def _may_manage(request: HttpRequest, club: Club) -> None:
    if not club.may_manage(request.user):
        raise PermissionDenied(_("Only the club's owners and admins may run the league."))


def _competition(request: HttpRequest, competition_id: int) -> Competition:
    """The competition if the user is a member of its club (404 otherwise), read with the
    user's role there, which the permission checks then ask the database for no more."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    read = (
        Competition.objects.select_related("club")
        .filter(club__memberships__user=user)
        .annotate(reader_role=F("club__memberships__role"))
    )
    try:
        competition = read.get(pk=competition_id)
    except Competition.DoesNotExist:
        raise Http404 from None
    competition.club.remember_role(user, competition.reader_role)
    return competition


def _archived(request: HttpRequest, competition: Competition) -> bool:
    """Whether the season is archived, and so takes nothing that would change its record: the
    page then says so (reopen it first), and the view changes nothing."""
    try:
        competition.refuse_if_archived()
    except SeasonArchived as refusal:
        messages.error(request, " ".join(refusal.messages))
        return True
    return False


def _evening(request: HttpRequest, evening_id: int) -> Evening:
    clubs = Club.objects.for_user(request.user)
    return get_object_or_404(
        Evening.objects.filter(competition__club__in=clubs).select_related("competition__club"), pk=evening_id
    )


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def competitions(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's competitions; its owners and admins start a new one here."""
    club = get_object_or_404(Club.objects.for_user(request.user), pk=club_id)
    form = CompetitionForm(request.POST or None, instance=Competition(club=club))
    if request.method == "POST":
        _may_manage(request, club)
        if form.is_valid():
            competition = form.save()
            return redirect("league_standings", competition.pk)
    return render(
        request,
        "league/competitions.html",
        {
            "club": club,
            "competitions": club.competitions.filter(archived_at__isnull=True),
            # A list shows no standings: the final tables stay in the database.
            "archived": club.competitions.filter(archived_at__isnull=False).defer("final_standings"),
            "form": form,
            "manages": club.may_manage(request.user),
            "calendar": ClubCalendar.objects.filter(club=club).first(),
        },
    )


@login_required
@not_for_guests
@require_safe
def standings(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = _competition(request, competition_id)
    return _standings_page(request, competition)


def _standings_page(
    request: HttpRequest, competition: Competition, evening_form: EveningForm | None = None, status: int = 200
) -> HttpResponse:
    evenings = list(competition.evenings_with_tables())
    manages = competition.club.may_manage(request.user)
    archived = competition.archived_at is not None
    if manages and evening_form is None and not archived:
        evening_form = EveningForm(competition=competition, ask_same_day=True)
    return render(
        request,
        "league/standings.html",
        {
            "competition": competition,
            "stored": StoredTables(competition, evenings),
            "evenings": evenings,
            "several_games": len(competition.games) > 1,
            # An archived season's tables are its final table's: none is provisional.
            "open_tables": [] if archived else open_tables(competition),
            "evening_form": evening_form if manages else None,
            "manages": manages,
            "history": competition.history() if archived else [],
        },
        status=status,
    )


def _plain(value: Decimal) -> Decimal | int:
    """A number as the page writes it: whole numbers bare, others without trailing zeros."""
    return int(value) if value == value.to_integral_value() else value.normalize()


@login_required
@not_for_guests
@require_safe
def standings_csv(request: HttpRequest, competition_id: int) -> HttpResponse:
    """The standings, then (where evenings count) a column of points per evening, and the units
    that did not count (best N): the evenings' dates, or how many matches."""
    competition = _competition(request, competition_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="standings-{competition.pk}.csv"'
    writer = csv.writer(response)
    evenings = [] if competition.counts_matches else list(competition.evenings.filter(counts=True))
    writer.writerow(
        [
            _("rank"),
            _("player"),
            _("points"),
            _("matches") if competition.counts_matches else _("evenings"),
            _("tables"),
            _("wins"),
            _("average place"),
            _("trend"),
            _("booby prize"),
            _("matches not counted") if competition.counts_matches else _("evenings not counted"),
            *(evening.date.isoformat() for evening in evenings),
        ]
    )
    for row in competition.rows(days=False):
        counted = set(row.counted)
        dropped = [
            evening for evening in evenings if str(evening.pk) in row.evenings and evening.pk not in counted
        ]
        writer.writerow(
            spreadsheet_row(
                [
                    row.rank or "",
                    row.name,
                    _plain(row.points),
                    row.played,
                    row.tables,
                    row.wins,
                    _plain(row.average_place),
                    "" if row.trend is None else row.trend,
                    "1" if row.booby else "",
                    row.played - len(counted)
                    if competition.counts_matches
                    else " ".join(evening.date.isoformat() for evening in dropped),
                    *(
                        _plain(Decimal(row.evenings[str(e.pk)])) if str(e.pk) in row.evenings else ""
                        for e in evenings
                    ),
                ]
            )
        )
    return response


@login_required
@not_for_guests
@require_POST
def evening_create(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = _competition(request, competition_id)
    _may_manage(request, competition.club)
    if _archived(request, competition):
        return redirect("league_standings", competition.pk)
    form = EveningForm(request.POST, competition=competition, ask_same_day=True)
    if not form.is_valid():
        # The page again, the form as typed: a second evening on one date asks a second press.
        if form.same_day is None:
            messages.error(request, _("Give the evening a date and one of the competition's games."))
        return _standings_page(request, competition, form, status=400)
    evening = form.save()
    return redirect("league_evening", evening.pk)


@login_required
@not_for_guests
@require_safe
def evening(request: HttpRequest, evening_id: int) -> HttpResponse:
    """Presence, the draw, tables seated by hand and every table's progress on one page."""
    evening = _evening(request, evening_id)
    return _evening_page(request, evening)


def _evening_page(
    request: HttpRequest,
    evening: Evening,
    form: PresenceForm | None = None,
    status: int = 200,
    *,
    seating: BaseSeatingFormSet | None = None,
    attach: AttachForm | None = None,
    newcomer: NewcomerForm | None = None,
    drawn: bool = False,
    sitting_out: list[str] | None = None,
) -> HttpResponse:
    # Read once: the page lists them, and the seating form numbers its next table after them
    # (after the deleted ones too, which keep their numbers but are gone from the page).
    every_table: list[Table] = list(
        evening.tables.select_related("match")
        .prefetch_related(Prefetch("match__seats", queryset=Seat.objects.select_related("player")))
        .annotate(deals=Count("match__rounds", filter=Q(match__rounds__provisional=False)))
    )
    tables = [table for table in every_table if table.match.deleted_at is None]
    manages = evening.club.may_manage(request.user)
    archived = evening.competition.archived_at is not None
    open_to_change = manages and not archived
    playing = any(table.match.status == Match.Status.IN_PROGRESS for table in tables)
    competition = evening.competition
    sides = table_sides(competition.scheme, tables, early_counts=competition.early_tables_count)
    present = list(evening.present.values_list("pk", flat=True))
    return render(
        request,
        "league/evening.html",
        {
            "evening": evening,
            "competition": evening.competition,
            "form": form or _presence_form(evening, present),
            "present_count": len(present),
            "newcomer": newcomer or NewcomerForm(),
            "tables": tables,
            "sides": sides,
            "playing": playing,
            "manages": manages,
            # An archived season's evening is final: no presence, seating or match to attach.
            "archived": archived,
            "seating": (seating or seating_formset(evening, tables=every_table)) if open_to_change else None,
            "attach": (attach or AttachForm(evening=evening)) if open_to_change else None,
            "drawn": drawn,
            # Who the draw seats out of the round it shows; and who sat out each round played.
            "sitting_out": sitting_out or [],
            "sat_out": evening.sat_out(),
        },
        status=status,
    )


def _presence_form(evening: Evening, present: list[int]) -> PresenceForm:
    """Who is present (``present``, their ids); before anybody is ticked (and no table started),
    last evening's players, ticked for the secretary to confirm."""
    expected = not present and not evening.tables.exists()
    initial = {"present": evening.expected() if expected else present, "was": ",".join(map(str, present))}
    form = PresenceForm(initial=initial, evening=evening)
    form.from_last_evening = expected and bool(form.initial["present"])
    return form


@login_required
@not_for_guests
@require_POST
def evening_newcomer(request: HttpRequest, evening_id: int) -> HttpResponse:
    """A newcomer at the door: a new player of the club, ticked present (or, with a name the
    club knows, that player ticked)."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    form = NewcomerForm(request.POST)
    if form.is_valid():
        try:
            player = evening.club.add_player(form.cleaned_data["name"])
        except ValidationError as refusal:
            form.add_error("name", refusal)
        else:
            evening.change_presence(add=[player.pk])
            messages.success(request, _("%(name)s is added and ticked present.") % {"name": player.name})
            return redirect(f"{reverse('league_evening', args=[evening.pk])}#presence")
    return _evening_page(request, evening, newcomer=form, status=400)


@login_required
@not_for_guests
@require_POST
def evening_presence(request: HttpRequest, evening_id: int) -> HttpResponse:
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    form = PresenceForm(request.POST, evening=evening)
    if not form.is_valid():
        return _evening_page(request, evening, form, status=400)
    changes = form.changes()
    try:
        if changes is None:
            evening.set_present(player.pk for player in form.cleaned_data["present"])
        else:
            evening.change_presence(add=changes[0], remove=changes[1])
    except ValidationError as refusal:
        form.add_error("present", refusal)
        return _evening_page(request, evening, form, status=400)
    messages.success(request, _("Presence saved."))
    return redirect("league_evening", evening.pk)


@login_required
@not_for_guests
@require_POST
def evening_presence_player(request: HtmxHttpRequest, evening_id: int, player_id: int) -> HttpResponse:
    """One tick of the presence list (its script sends one per tick): this player present if
    the post ticks them, absent if not; the other ticks stay as stored. Over htmx, the tick
    again (refused: still ticked, with the reason) and the count."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    player = get_object_or_404(rules.presence_choices(evening), pk=player_id)
    ticked = str(player.pk) in request.POST.getlist("present")
    refusal = None
    try:
        if ticked:
            evening.change_presence(add=[player.pk])
        else:
            evening.change_presence(remove=[player.pk])
    except ValidationError as refused:
        refusal, ticked = " ".join(refused.messages), True
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        return redirect(f"{reverse('league_evening', args=[evening.pk])}#presence")
    context = {
        "evening": evening,
        "pk": player.pk,
        "name": player.name,
        "ticked": ticked,
        "live": True,
        "error": refusal,
        "present_count": evening.present.count(),
    }
    response = render(request, "league/evening.html#tick", context, status=400 if refusal else 200)
    response["Vary"] = "HX-Request"
    return response


@login_required
@not_for_guests
@require_POST
def evening_draw(request: HttpRequest, evening_id: int) -> HttpResponse:
    """Draw the next round's seating and start every table in one step; or, with ``adjust``,
    only draw it, into the seating form, for the secretary to change before starting."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    try:
        if "adjust" in request.POST:
            drawn = evening.draw()
            seating = seating_formset(evening, seatings=drawn.tables)
            out = dict(evening.present.filter(pk__in=drawn.sitting_out).values_list("pk", "name"))
            sitting_out = [out[pk] for pk in drawn.sitting_out]
            return _evening_page(request, evening, seating=seating, drawn=True, sitting_out=sitting_out)
        tables = evening.draw_and_start(by=request.user)
    except NoSeating as refusal:
        messages.error(
            request,
            ngettext(
                "%(players)d player present does not fit tables of %(sizes)s for this game.",
                "%(players)d players present do not fit tables of %(sizes)s for this game.",
                refusal.players,
            )
            % {"players": refusal.players, "sizes": ", ".join(map(str, refusal.allowed))},
        )
    except StillPlaying:
        messages.error(request, _("Some tables are still playing: reseat when every table has finished."))
    except SeasonArchived as refusal:  # archived a moment ago, by another secretary
        messages.error(request, " ".join(refusal.messages))
    except Refused:
        messages.error(request, _("The game refused these tables; nothing was started."))
    else:
        _tables_started(request, len(tables))
    return redirect("league_evening", evening.pk)


def _tables_started(request: HttpRequest, count: int) -> None:
    messages.success(
        request, ngettext("%(count)d table started.", "%(count)d tables started.", count) % {"count": count}
    )


@login_required
@not_for_guests
@require_POST
def evening_tables(request: HttpRequest, evening_id: int) -> HttpResponse:
    """Start the tables as seated in the form: by hand, or the draw's tables changed. "Another
    table" (the form without its script) shows the same tables and one more."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    drawn = "drawn" in request.POST
    if "add_table" in request.POST:
        more = seating_formset(evening, request.POST, add_table=True)
        return _evening_page(
            request, evening, seating=more, status=400 if more.is_bound else 200, drawn=drawn
        )
    form = seating_formset(evening, request.POST)
    if not form.management_form.is_valid():
        # A count that is not one (a crafted request): the form afresh, saying so.
        form = seating_formset(evening)
        form.refused = [_("The tables could not be read; seat them again.")]
    elif form.is_valid():
        try:
            # The draw's tables are the whole round: whoever is left unseated sits it out.
            tables = evening.start_tables(form.seatings(), by=request.user, rest_sit_out=drawn)
        except ValidationError as refusal:
            form.refused = refusal.messages
        except Refused:
            form.refused = [_("The game refused these tables; nothing was started.")]
        else:
            _tables_started(request, len(tables))
            return redirect("league_evening", evening.pk)
    return _evening_page(request, evening, seating=form, status=400, drawn=drawn)


@login_required
@not_for_guests
@require_POST
def evening_attach(request: HttpRequest, evening_id: int) -> HttpResponse:
    """Make a match of the club already played (or playing) a table of the evening."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    form = AttachForm(request.POST, evening=evening)
    if form.is_valid():
        try:
            table = evening.attach(form.cleaned_data["match"])
        except ValidationError as refusal:
            form.add_error("match", refusal)
        else:
            messages.success(
                request,
                _("The match is table %(number)d of round %(round)d.")
                % {"number": table.number, "round": table.round},
            )
            return redirect("league_evening", evening.pk)
    return _evening_page(request, evening, attach=form, status=400)


# --- editing and deleting (owners and admins) ---------------------------------------------------


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def competition_edit(request: HttpRequest, competition_id: int) -> HttpResponse:
    """The create form, prefilled; saving rebuilds the stored standings (the scheme may change)."""
    competition = _competition(request, competition_id)
    _may_manage(request, competition.club)
    title = competition.name  # a refused form has already put what was typed on the instance
    form = CompetitionChangeForm(request.POST or None, instance=competition)
    archived = competition.archived_at is not None
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            # An archived season takes a new name and nothing else (its record is final).
            competition.refuse_settings_if_archived(form.cleaned_data.get("evening_dates") or [])
        except SeasonArchived as refusal:
            form.add_error(None, refusal)
            status = 409
        else:
            try:
                form.save()
            except Stale:
                return _changed_meanwhile(request, form, _competition(request, competition_id))
            if archived:
                messages.success(request, _("Competition saved; its final standings stay as they were."))
            else:
                messages.success(request, _("Competition saved; the standings are recalculated."))
            return redirect("league_standings", competition.pk)
    return render(
        request,
        "league/competition_edit.html",
        {"competition": competition, "title": title, "form": form, "archived": archived},
        status=status,
    )


def _changed_meanwhile(
    request: HttpRequest, mine: CompetitionChangeForm | EveningChangeForm, stored: Competition | Evening
) -> HttpResponse:
    """409: another secretary saved ``stored`` after this form was read; both versions side by
    side, to keep theirs or apply mine (``players.versioned.stale_page``)."""
    if isinstance(stored, Competition):
        theirs: CompetitionChangeForm | EveningChangeForm = CompetitionChangeForm(instance=stored)
        title, edit = stored.name, reverse("league_competition_edit", args=[stored.pk])
    else:
        theirs = EveningChangeForm(instance=stored, competition=stored.competition)
        title = _("the evening of %(date)s") % {"date": date_format(stored.date, "DATE_FORMAT")}
        edit = reverse("league_evening_edit", args=[stored.pk])
    return stale_page(
        request, title=title, theirs=theirs, mine=mine, version=stored.version, action=edit, back=edit
    )


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def competition_delete(request: HttpRequest, competition_id: int) -> HttpResponse:
    """What goes (the standings, the evenings with presence and seating) and what stays (every
    match played at its tables) is said on the page; POST deletes."""
    competition = _competition(request, competition_id)
    club = competition.club
    _may_manage(request, club)
    if request.method == "POST":
        competition.delete()
        messages.success(
            request,
            _("%(name)s is deleted; its matches stay in the club's history.") % {"name": competition.name},
        )
        return redirect("league_competitions", club.pk)
    context = {
        "competition": competition,
        "evenings": competition.evenings.count(),
        "matches": Table.objects.filter(evening__competition=competition).count(),
        "players": competition.standings.count(),
    }
    return render(request, "league/competition_delete.html", context)


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def evening_edit(request: HttpRequest, evening_id: int) -> HttpResponse:
    """The date and whether the evening counts; saving rebuilds the stored standings."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    if _archived(request, evening.competition):
        return redirect("league_evening", evening.pk)
    date = evening.date
    form = EveningChangeForm(request.POST or None, instance=evening, competition=evening.competition)
    if request.method == "POST" and form.is_valid():
        try:
            form.save()
        except Stale:
            return _changed_meanwhile(request, form, _evening(request, evening_id))
        messages.success(request, _("Evening saved; the standings are recalculated."))
        return redirect("league_evening", evening.pk)
    return render(
        request,
        "league/evening_edit.html",
        {"evening": evening, "competition": evening.competition, "date": date, "form": form},
    )


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def evening_delete(request: HttpRequest, evening_id: int) -> HttpResponse:
    """Allowed even while tables are playing: their matches go on as ordinary club matches (the
    page says so and how many); the standings are rebuilt without the evening."""
    evening = _evening(request, evening_id)
    competition = evening.competition
    _may_manage(request, competition.club)
    if _archived(request, competition):
        return redirect("league_evening", evening.pk)
    if request.method == "POST":
        evening.remove()
        messages.success(
            request,
            _("The evening of %(date)s is deleted; its matches stay in the club's history.")
            % {"date": date_format(evening.date, "DATE_FORMAT")},
        )
        return redirect("league_standings", competition.pk)
    tables = evening.tables.aggregate(
        matches=Count("pk"),
        playing=Count("pk", filter=Q(match__status=Match.Status.IN_PROGRESS, match__deleted_at__isnull=True)),
    )
    return render(
        request,
        "league/evening_delete.html",
        {"evening": evening, "competition": competition, **tables},
    )


# --- the club's players (the merge spans matches, ratings and standings: league.merge) ---------


@login_required
@not_for_guests
@require_POST
def player_merge(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """Merge this player into another of the club: their matches, ratings and standings follow."""
    club = get_object_or_404(Club.objects.for_user(request.user), pk=club_id)
    _may_manage(request, club)
    gone = get_object_or_404(club.players, pk=player_id)
    into = request.POST.get("into", "")
    kept = club.players.filter(pk=into).first() if re.fullmatch(r"[0-9]{1,18}", into) else None
    try:
        if kept is None:
            raise ValidationError(_("Choose another player of the same club."), code="invalid")
        merge_players(kept, gone)
    except ValidationError as refusal:
        messages.error(request, " ".join(refusal.messages))
    else:
        messages.success(
            request, _("%(gone)s is merged into %(kept)s.") % {"gone": gone.name, "kept": kept.name}
        )
    return redirect("club_detail", club_id=club.pk)


# --- seasons that live on: archived seasons, the roll of honour, the next season ------------


@login_required
@not_for_guests
@require_POST
def competition_archive(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Archive the season: its final table is stored and its matches closed. Bringing it back
    is asked on its own page first (``competition_reopen``)."""
    competition = _competition(request, competition_id)
    _may_manage(request, competition.club)
    if request.POST.get("archived") == "0":
        return redirect("league_competition_reopen", competition.pk)
    competition.archive(request.user)
    messages.success(
        request, _("%(name)s is archived: its standings are final.") % {"name": competition.name}
    )
    return redirect("league_standings", competition.pk)


@login_required
@not_for_guests
@require_http_methods(["GET", "POST"])
def competition_reopen(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Reopen an archived season, after a page that says what that undoes; POST reopens, and
    the season's history records who did it and when."""
    competition = _competition(request, competition_id)
    _may_manage(request, competition.club)
    if competition.archived_at is None:
        messages.info(request, _("%(name)s is not archived.") % {"name": competition.name})
        return redirect("league_standings", competition.pk)
    if request.method == "POST":
        competition.reopen(request.user)
        messages.success(
            request,
            _("%(name)s is reopened: its matches can be corrected and its standings follow them again.")
            % {"name": competition.name},
        )
        return redirect("league_standings", competition.pk)
    context = {"competition": competition, "history": competition.history()}
    return render(request, "league/competition_reopen.html", context)


@login_required
@not_for_guests
@require_POST
def competition_next(request: HttpRequest, competition_id: int) -> HttpResponse:
    """A new season with this one's settings, in one step; then its edit page, to adjust."""
    competition = _competition(request, competition_id)
    _may_manage(request, competition.club)
    season = competition.next_season()
    messages.success(
        request,
        _("%(name)s is ready, with the settings and evenings of %(last)s moved on: adjust what differs.")
        % {"name": season.name, "last": competition.name},
    )
    return redirect("league_competition_edit", season.pk)


@login_required
@not_for_guests
@require_safe
def honours(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's roll of honour: each archived season's winners, podium and booby prize."""
    club = get_object_or_404(Club.objects.for_user(request.user), pk=club_id)
    return render(request, "league/honours.html", {"club": club, "honours": roll_of_honour(club)})


# --- the club's calendar feed -------------------------------------------------------------------


@sensitive_variables("token", "calendar")
@require_safe
def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    """The club's evenings for a calendar app: no login, the private link is the key. Not kept
    by a shared cache (a revoked link must stop working there too); the calendar app asks anew."""
    if not CALENDAR_TOKEN.fullmatch(token):  # nothing else is a token: no query for it
        raise Http404
    calendar = get_object_or_404(ClubCalendar.objects.select_related("club"), token=token)
    response = HttpResponse(
        club_feed(calendar.club, request.get_host()), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = 'inline; filename="club-evenings.ics"'
    response["Cache-Control"] = "private, no-cache"
    return response


@login_required
@not_for_guests
@require_POST
def calendar_link(request: HttpRequest, club_id: int) -> HttpResponse:
    """A new private calendar link (the old one stops working), or, with ``revoke``, none."""
    club = get_object_or_404(Club.objects.for_user(request.user), pk=club_id)
    _may_manage(request, club)
    if "revoke" in request.POST:
        ClubCalendar.objects.filter(club=club).delete()
        messages.success(request, _("The calendar link no longer works."))
    else:
        ClubCalendar.renew(club)
        messages.success(
            request, _("A new calendar link: share it with the members; the old one no longer works.")
        )
    return redirect(f"{reverse('league_competitions', args=[club.pk])}#calendar")


# --- the evening's report ------------------------------------------------------------------------


@login_required
@not_for_guests
@require_safe
def evening_report(request: HttpRequest, evening_id: int) -> HttpResponse:
    """After the last table: every table's places, the standings' movement and the booby prize."""
    evening = _evening(request, evening_id)
    context = {
        "evening": evening,
        "competition": evening.competition,
        "finished": evening.finished(),
        "manages": evening.club.may_manage(request.user),
    }
    if context["finished"]:
        context["report"] = evening.report()
        if context["manages"]:
            context["mailing"] = _mailing(evening.report_mail_state())
    return render(request, "league/report.html", context)


def _mailing(state: ReportMailState) -> dict[str, str]:
    """What the report page says of its mail: mailed before (and the question to send it again),
    or mailed enough for this hour."""
    if state.held_until is not None:
        held = timezone.localtime(state.held_until)
        return {
            "held": _("The report was mailed as often as an hour allows; it can be sent again at %(time)s.")
            % {"time": date_format(held, "H:i")}
        }
    if state.last is not None:
        last = timezone.localtime(state.last)
        when = {"time": date_format(last, "H:i"), "date": date_format(last, "DATE_FORMAT")}
        if last.date() == timezone.localdate():
            return {"question": _("The report was mailed at %(time)s; send it again?") % when}
        return {"question": _("The report was mailed on %(date)s at %(time)s; send it again?") % when}
    return {}


@login_required
@not_for_guests
@require_POST
def evening_report_mail(request: HttpRequest, evening_id: int) -> HttpResponse:
    """Mail the report to the members (a task: the phone does not wait for the mail server).
    Once: another mailing needs ``again`` (the page's "send it again?"), and a few an hour at
    most; a press that sends nothing (a double tap, a stale page) goes back to what the report
    page says of its mail."""
    evening = _evening(request, evening_id)
    _may_manage(request, evening.club)
    report = reverse("league_evening_report", args=[evening.pk])
    if not evening.finished():
        messages.error(request, _("The report is mailed once the last table has ended."))
        return redirect(report)
    try:
        # The mailing is recorded with its task queued, or neither.
        with transaction.atomic():
            evening.record_report_mail(again="again" in request.POST)
            mail_evening_report.enqueue(evening.pk, get_language(), request.build_absolute_uri(report))
    except (ReportMailedAlready, ReportMailLimit):
        return redirect(f"{report}#report-mail")
    messages.success(request, _("The report is on its way to the members."))
    return redirect(report)
