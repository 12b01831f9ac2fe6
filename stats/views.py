"""The player page and the club's ratings: members of the club read them, nobody writes here
(ratings follow the matches by themselves, ``stats.receivers``). Guests are refused them
(``not_for_guests``), as they are the league: they are a club's pages, not a scorepad's."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from players.permissions import club_for_member
from players.views import not_for_guests
from stats import profile
from stats.models import Rating


@login_required
@not_for_guests
@require_GET
def player_detail(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = club_for_member(request, club_id)
    player = profile.player_of(club, player_id)
    shown = profile.cached_profile(player)
    rating = shown.rating
    # The rating as a card player reads it: the cautious skill number and a place in the club.
    ladder = Rating.objects.filter(club=club, ladder=rating.ladder) if rating is not None else None
    context = {
        "club": club,
        "player": player,
        "rating": rating,
        "rating_place": ladder.filter(ordinal__gt=rating.ordinal).count() + 1 if ladder and rating else None,
        "rating_of": ladder.count() if ladder is not None else None,
        "games": shown.games,
        "opponents": shown.opponents,
        "recent": profile.recent_matches(player),
        "history": shown.history,
        "window": profile.STATISTICS_WINDOW,
    }
    return render(request, "stats/player_detail.html", context)


@login_required
@not_for_guests
@require_GET
def club_ratings(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_for_member(request, club_id)
    found = profile.club_ladders(club.pk)
    names = profile.ladder_names(found)
    ladders = [(names[ladder], rows) for ladder, rows in found.items()]
    return render(request, "stats/club_ratings.html", {"club": club, "ladders": ladders})
