"""The club's record as a file, on the club's page: the JSON export asked for, followed and
downloaded by the club's owners and admins, and the results CSV any member may read."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_POST, require_safe

from backup.exports import results_csv
from backup.models import ClubExport
from backup.tasks import start_export
from games.protocol import HtmxHttpRequest
from players.models import Club
from players.permissions import club_for_manager


@login_required
@require_POST
def club_export_start(request: HttpRequest, club_id: int) -> HttpResponse:
    """Ask for everything the club entered as JSON (what ``manage.py import_club`` rebuilds it
    from): written by a task, followed on its progress page."""
    club = club_for_manager(request, club_id)
    export = start_export(club, by=request.user)
    return redirect("club_export_detail", club_id=club.pk, export_id=export.pk)


@login_required
@require_safe
def club_export_detail(request: HtmxHttpRequest, club_id: int, export_id: int) -> HttpResponse:
    """How far the export got (htmx asks again every two seconds while it runs), then its link."""
    club = club_for_manager(request, club_id)
    export = get_object_or_404(ClubExport.objects.defer("content"), club=club, pk=export_id)
    template = "backup/club_export.html#progress" if request.htmx else "backup/club_export.html"
    response = render(request, template, {"club": club, "export": export})
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_safe
def club_export_download(request: HttpRequest, club_id: int, export_id: int) -> StreamingHttpResponse:
    club = club_for_manager(request, club_id)
    """The export's file, sent a part at a time as it is read (``ClubExport.read``): a club's
    file may be large, and the app server holds one part of it."""
    exports = ClubExport.objects.defer("content")
    export = get_object_or_404(exports, club=club, pk=export_id, status=ClubExport.Status.DONE)
    response = StreamingHttpResponse(export.read(), content_type="application/json")
    response["Content-Length"] = export.size
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
