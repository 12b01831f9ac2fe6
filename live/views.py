"""Live scoreboards: share links with a QR code, the read-only viewer, TV views, and the pieces
of the installable web app (manifest, service worker, offline page).

A viewer holds a share link and no account: it sees the players, the standings and the rounds,
and nothing that names an account or changes anything. Its board refreshes through
``live_board``: one indexed query and ``304`` while nothing changed (``live/versions.py``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import segno
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_variables
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from league.models import Evening
from league.models import Table as EveningTable
from live.models import ClubScreen, MatchShare
from live.versions import (
    club_version,
    evening_version,
    not_modified,
    stamp,
    tagged,
    version_tag,
    watch_token,
    watched_version,
)
from matches.models import Match, states_of
from matches.sheets import build_sheet
from players.models import Club
from players.permissions import club_for_manager, club_for_member

VIEWER = "live/viewer.html"
TV = "live/tv.html"
CLUB_TV = "live/club_tv.html"


def _match_for_sharer(request: HttpRequest, match_id: int) -> Match:
    """Sharing is for those who may keep the match's score; 404 outside its club, 403 inside."""
    match = get_object_or_404(Match.objects.for_user(request.user).select_related("club"), pk=match_id)
    if not match.can_score(request.user):
        raise PermissionDenied(_("Only the club's scorekeepers may share this match."))
    return match


def _share_or_404(token: str) -> MatchShare:
    return get_object_or_404(MatchShare.objects.live().select_related("match__club"), token=token)


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code (drawn here by segno; no outside service sees it)."""
    code = segno.make(url, error="m")
    return code.svg_inline(scale=6, dark="#000", light="#fff", title=_("QR code of the share link"))


@login_required
@require_http_methods(["GET", "POST"])
def match_share(request: HttpRequest, match_id: int) -> HttpResponse:
    """The match's share link and its QR code; POST makes the link (once per match)."""
    match = _match_for_sharer(request, match_id)
    if request.method == "POST":
        MatchShare.share(match, by=request.user)
        return redirect("match_share", match_id=match.pk)
    share = MatchShare.objects.filter(match=match).first()
    context: dict[str, Any] = {"match": match, "home": match.home, "share": share}
    if share is not None:
        url = request.build_absolute_uri(reverse("live_viewer", args=[share.token]))
        context |= {
            "url": url,
            "tv_url": request.build_absolute_uri(reverse("live_tv", args=[share.token])),
            "qr": qr_svg(url),
        }
    return render(request, "live/share.html", context)


@login_required
@require_POST
def match_share_revoke(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match_for_sharer(request, match_id)
    MatchShare.revoke(match)
    return redirect("match_share", match_id=match.pk)


def _board_tag(match_id: int, updated_at: Any) -> str:
    # The board is translated: another language is another version.
    return version_tag("board", match_id, stamp(updated_at), get_language())


def _board_context(match: Match) -> dict[str, Any]:
    sheet = build_sheet(match, match.replayed())
    return {"sheet": sheet, "home": sheet.home, "version": _board_tag(match.pk, match.updated_at)}


@sensitive_variables("token")
@require_safe
def live_viewer(request: HttpRequest, token: str) -> HttpResponse:
    share = _share_or_404(token)
    context = _board_context(share.match)
    return tagged(render(request, VIEWER, {**context, "token": token}), context["version"])


@sensitive_variables("token")
@require_safe
def live_tv(request: HttpRequest, token: str) -> HttpResponse:
    share = _share_or_404(token)
    context = _board_context(share.match)
    return tagged(render(request, TV, {**context, "token": token}), context["version"])


@sensitive_variables("token")
@require_safe
def live_board(request: HttpRequest, token: str) -> HttpResponse:
    """The board alone, for refreshing: ``304`` from one indexed query while nothing changed."""
    found = MatchShare.objects.live().filter(token=token).values_list("match_id", "match__updated_at").first()
    if found is None:
        raise Http404
    tag = _board_tag(*found)
    unchanged = not_modified(request, tag)
    if unchanged is not None:
        return unchanged
    share = _share_or_404(token)
    context = _board_context(share.match)
    template = f"{TV}#board" if request.GET.get("tv") else f"{VIEWER}#board"
    return tagged(render(request, template, {**context, "token": token}), context["version"])


@sensitive_variables("signed")
@require_safe
def live_watch(request: HttpRequest, signed: str) -> HttpResponse:
    """Changed or not, for a page that needs a login to read (the scorer's sheet, a club's TV)
    or a club's TV link: ``304`` while the version the page holds is current, ``204`` with the
    new version if not, ``404`` once the token expired or what it watches is gone or no longer
    the member's (``live.versions.watched_version``)."""
    tag = watched_version(signed)
    if tag is None:
        raise Http404
    unchanged = not_modified(request, tag)
    if unchanged is not None:
        return unchanged
    return tagged(HttpResponse(status=204), tag)


@dataclass(frozen=True)
class TableLine:
    rank: int
    label: str
    total: int


@dataclass(frozen=True)
class Table:
    match: Match
    name: str  # the game's
    deal: int
    lines: list[TableLine]
    finished: bool = False
    number: int = 0  # the table's number within its evening; 0 for a match outside one
    evening: int | None = None
    round: int = 0
    competition: str = ""
    label: str = ""  # what names the card on this screen ("Table 2"), set by ``labelled``
    context: str = ""  # what tells it from the screen's other cards ("Winter · round 2")


def club_tables(club: Club) -> list[Table]:
    """Every match in progress at the club, with its standings: three queries however many
    matches, rounds or players (rounds and seats are prefetched and replayed here)."""
    return labelled(
        tables_of(Match.objects.filter(club=club, deleted_at=None, status=Match.Status.IN_PROGRESS))
    )


def evening_tables(evening: Evening) -> list[Table]:
    """The tables of the evening's latest seating, finished ones included: the room sees who
    won a table until the next draw."""
    tables = evening.tables.filter(match__deleted_at__isnull=True)  # a deleted table is gone
    last = tables.order_by("-round").values_list("round", flat=True).first()
    if last is None:
        return []
    return labelled(
        tables_of(
            Match.objects.filter(league_table__evening=evening, league_table__round=last, deleted_at=None)
        )
    )


def tables_of(matches: QuerySet[Match]) -> list[Table]:
    seatings = Prefetch("league_table", queryset=EveningTable.objects.select_related("evening__competition"))
    matches = matches.order_by("created_at", "pk").prefetch_related("seats__player", seatings)
    tables = []
    playing = list(matches)
    states = states_of(playing)
    for match in playing:
        seating = getattr(match, "league_table", None)  # a reverse one-to-one: absent outside an evening
        names = [seat.player.name for seat in match.seats.all()]
        state = states[match.pk]
        lines = [
            TableLine(row.rank, " & ".join(names[seat] for seat in row.seats), row.total)
            for row in state.standings
        ]
        deal = state.played if state.finished else state.played + 1
        table = Table(match, str(match.home.name), deal, lines, state.finished)
        if seating is not None:
            table = replace(
                table,
                number=seating.number,
                evening=seating.evening_id,
                round=seating.round,
                competition=seating.evening.competition.name,
            )
        tables.append(table)
    return tables


def labelled(tables: list[Table]) -> list[Table]:
    """Each card named so that no two on one screen read alike: an evening's table by its number
    there ("Table 2"), a match outside an evening by its place among those ("Match 1"); then
    only what differs on this screen: the competition when several evenings show, the round
    when one evening shows two, the game when several are played."""
    evenings = {table.evening for table in tables if table.evening is not None}
    rounds = {(table.evening, table.round) for table in tables if table.evening is not None}
    games = {table.name for table in tables}
    named = []
    loose = 0
    for table in tables:
        context = []
        if table.evening is not None:
            label = _("Table %(number)s") % {"number": table.number}
            if len(evenings) > 1:
                context.append(table.competition)
            if len({r for e, r in rounds if e == table.evening}) > 1:
                context.append(_("round %(round)s") % {"round": table.round})
        else:
            loose += 1
            label = _("Match %(number)s") % {"number": loose}
        if len(games) > 1:
            context.append(table.name)
        named.append(replace(table, label=label, context=" · ".join(context)))
    return named


def _render_club_tv(request: HttpRequest, club: Club, address: str, watch: str) -> HttpResponse:
    context = {
        "title": club.name,
        "tables": club_tables(club),
        "version": club_version(club.pk),
        "watch": reverse("live_watch", args=[watch]),
        "stream": reverse("live_watch_stream", args=[watch]),
        "refresh": f"{address}?fragment=1",
    }
    return _render_tv(request, context)


def _render_tv(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    template = f"{CLUB_TV}#tables" if request.GET.get("fragment") else CLUB_TV
    return render(request, template, context)


@login_required
@require_safe
def club_tv(request: HttpRequest, club_id: int) -> HttpResponse:
    """One screen for the room: every table in progress, cycling when they do not all fit."""
    club = club_for_member(request, club_id)
    watch = watch_token("c", club.pk, request.user.pk or 0)
    return _render_club_tv(request, club, reverse("club_tv", args=[club.pk]), watch)


@login_required
@require_safe
def evening_tv(request: HttpRequest, evening_id: int) -> HttpResponse:
    """The room's screen on a club evening: every table of the current seating."""
    clubs = Club.objects.for_user(request.user)
    evening = get_object_or_404(
        Evening.objects.filter(competition__club__in=clubs).select_related("competition__club"), pk=evening_id
    )
    watch = watch_token("e", evening.pk, request.user.pk or 0)
    context = {
        "title": evening_title(evening),
        "tables": evening_tables(evening),
        "version": evening_version(evening.pk),
        "watch": reverse("live_watch", args=[watch]),
        "stream": reverse("live_watch_stream", args=[watch]),
        "refresh": reverse("evening_tv", args=[evening.pk]) + "?fragment=1",
    }
    return _render_tv(request, context)


def evening_title(evening: Evening) -> str:
    """The club, the competition and the evening's date in the long form of the reader's
    language ("De Klaverclub · Winter · 4 december 2026"), and the game where it has several."""
    parts = [
        evening.competition.club.name,
        evening.competition.name,
        date_format(evening.date, "DATE_FORMAT"),
    ]
    if len(evening.competition.games) > 1:
        parts.append(evening.game_name)
    return " · ".join(parts)


@sensitive_variables("token")
@require_safe
def club_tv_shared(request: HttpRequest, token: str) -> HttpResponse:
    """The club's TV through its TV link: the room's screen needs nobody's account."""
    screen = get_object_or_404(ClubScreen.objects.select_related("club"), token=token)
    # The watch follows the screen, not the club: revoking the link silences it at once.
    watch = watch_token("s", screen.pk)
    return _render_club_tv(request, screen.club, reverse("club_tv_shared", args=[token]), watch)


@login_required
@require_http_methods(["GET", "POST"])
def club_tv_share(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's TV link and its QR code, for the owners and admins; POST makes it."""
    club = club_for_manager(request, club_id)
    if request.method == "POST":
        ClubScreen.share(club, by=request.user)
        return redirect("club_tv_share", club_id=club.pk)
    screen = ClubScreen.objects.filter(club=club).first()
    context: dict[str, Any] = {"club": club, "screen": screen}
    if screen is not None:
        url = request.build_absolute_uri(reverse("club_tv_shared", args=[screen.token]))
        context |= {"url": url, "qr": qr_svg(url)}
    return render(request, "live/club_tv_share.html", context)


@login_required
@require_POST
def club_tv_share_revoke(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_for_manager(request, club_id)
    ClubScreen.revoke(club)
    return redirect("club_tv_share", club_id=club.pk)


# --- the installable web app ----------------------------------------------------------------

# What the service worker keeps from the first visit on: the pages' CSS and scripts, and the
# offline page. The open scoresheets are added as they are visited (network first).
SHELL = [
    "css/scoreblok.css",
    "js/htmx-2.0.11.min.js",
    "js/scoreblok.js",
    "js/live.js",
    "js/offline.js",
    "icons/scoreblok.svg",
]
SERVICE_WORKER = Path(__file__).resolve().parent / "service_worker.js"


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "name": "Scoreblok",
        "short_name": "Scoreblok",
        "description": _("The scorepad that knows the rules."),
        "lang": get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b6b4f",
        "icons": [
            {"src": static("icons/scoreblok-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/scoreblok-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/scoreblok-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("icons/scoreblok.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "max-age=3600"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The worker, served from the root so its scope is the whole site. Its first line names
    the shell by the static files' current (hashed) names, so a deploy installs a new worker."""
    shell = [static(path) for path in SHELL] + [reverse("offline")]
    version = hashlib.sha256(" ".join(shell).encode()).hexdigest()[:12]  # same on every server
    head = f"const SHELL = {shell!r};\nconst VERSION = {version!r};\n".replace("'", '"')
    response = HttpResponse(head + SERVICE_WORKER.read_text(), content_type="text/javascript")
    # Browsers re-check a worker at most daily anyway; no-cache makes a deploy show up at once.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for a page it never kept, when there is no connection."""
    return render(request, "live/offline.html")
