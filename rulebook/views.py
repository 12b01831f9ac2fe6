"""The rules pages: the list of games, one game's rules, one section of them, a search across
them, a paper sheet.

The pages are public (a rule is no secret) and ask the game's home for everything: its sections,
its tables (built from the engine's data) and its prose (``<game>/rules.html``, one
``{% partialdef %}`` per section, named after the section's anchor), so the full page and the
fragment the scoresheet opens in ``#rules-panel`` render the very same markup.

``rules_section`` answers htmx with the fragment; a plain request (a link opened in a new tab,
a page without JavaScript) is sent to the full page at that anchor, so the link always works.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from games.protocol import Context, GameHome, HtmxHttpRequest, Section
from games.registry import all_homes, home_for
from games.tables import OptionField, option_fields
from rulebook.search import member_homes, search
from scoring import Setup, UnknownGame

QUERY_LENGTH = 100  # characters of a search read; a rule is found with a few words


def _home_or_404(game: str) -> GameHome:
    try:
        return home_for(game)
    except UnknownGame:
        raise Http404 from None


def _section(home: GameHome, anchor: str, tables: Context) -> Section | None:
    """The section (or contract, or level) an anchor names; None when there is none."""
    for section in home.rules_sections():
        if section.anchor == anchor:
            return section
    return home.rules_item(anchor, tables)


def _page_context(home: GameHome, options: Mapping[str, object] | None = None) -> dict[str, object]:
    return {
        "home": home,
        "game": home.slug,
        "name": home.name,
        "t": home.rules_tables(options),
        "rules_template": home.rules_template,
    }


def match_rules_context(home: GameHome, setup: Setup) -> dict[str, object]:
    """A match's own glance card: the game's card with the match's numbers and lists, and the
    options it was set up with (``rulebook/match_rules.html``, and its ``#card`` for the sheet)."""
    glance = next(section for section in home.rules_sections() if section.anchor == "glance")
    return {
        **_page_context(home, setup.options),
        "section": glance,
        "option_fields": option_fields(home, setup.options),
        "option_meanings": {name: home.option_meaning(name) for name in setup.options},
        "page_url": f"{reverse('rules_game', args=[home.slug])}#glance",
    }


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rulebook/index.html", {"games": all_homes()})


@require_safe
def rules_search(request: HttpRequest) -> HttpResponse:
    """The sections of the rules pages that hold the query's words, in the reader's language,
    best first; ``game`` keeps them to one game (the scoresheet opens it so)."""
    query = request.GET.get("q", "").strip()[:QUERY_LENGTH]
    # The reader's own house games join the five; nobody else's are searched or offered.
    games = (*all_homes(), *member_homes(request.user))
    wanted = request.GET.get("game", "")
    scope = next((home for home in games if home.slug == wanted), None)
    homes = games[len(all_homes()) :]
    hits = search(query, [scope.slug] if scope else None, homes=homes) if query else []
    return render(
        request,
        "rulebook/search.html",
        {"query": query, "scope": scope, "games": games, "hits": hits},
    )


@require_safe
def rules_game(request: HttpRequest, game: str) -> HttpResponse:
    return game_page(request, _home_or_404(game))


def game_page(request: HttpRequest, home: GameHome) -> HttpResponse:
    """A game's rules page; a club's house games are served so too (``house.rules_pages``)."""
    return render(request, "rulebook/game.html", {**_page_context(home), "sections": home.rules_sections()})


@require_safe
@vary_on_headers("HX-Request")
def rules_section(request: HtmxHttpRequest, game: str, anchor: str) -> HttpResponse:
    return section_page(request, _home_or_404(game), anchor)


def section_page(request: HtmxHttpRequest, home: GameHome, anchor: str) -> HttpResponse:
    """One section as a fragment for the scoresheet's ``#rules-panel``."""
    context = _page_context(home)
    section = _section(home, anchor, home.rules_tables())
    if section is None:
        raise Http404
    page = f"{reverse('rules_game', args=[home.slug])}#{anchor}"
    if not request.htmx:
        return redirect(page)
    back = request.htmx.current_url_abs_path or page
    return render(
        request,
        "rulebook/game.html#fragment",
        {**context, "section": section, "item": section.item, "page_url": page, "back_url": back},
    )


def _number(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.GET.get(name, ""))
    except ValueError:
        return None


@require_safe
def paper_sheet(request: HttpRequest, game: str) -> HttpResponse:
    return paper_page(request, _home_or_404(game))


def paper_page(request: HttpRequest, home: GameHome) -> HttpResponse:
    """A blank scoresheet to print, for a table that keeps score on paper: a column group per
    player (or per team), the options to note on its head, the rules reminder on the back."""
    choices = home.paper_columns()
    columns = _number(request, "columns")
    if columns not in choices:
        columns = 4 if 4 in choices else min(choices)
    team_choices = home.paper_teams(columns)
    teams = _number(request, "teams")
    if teams not in team_choices:
        teams = team_choices[0]
    return render(request, home.paper_template, paper_context(home, columns, teams, option_fields(home)))


def paper_context(
    home: GameHome,
    players: int,
    teams: int,
    fields: Sequence[OptionField],
    options: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """What a paper sheet's template needs, for a table of ``players`` sitting in ``teams``;
    with a match's ``options``, its reminder holds that match's numbers."""
    sides = home.paper_sides(players, teams)
    return {
        **_page_context(home, options),
        "column_choices": home.paper_columns(),
        "team_choices": home.paper_teams(players),
        "columns": range(1, sides + 1),
        "column_count": players,
        "team_count": teams,
        "team_columns": range(1, teams + 1) if sides == players else range(0),
        "plays_alone": sides == players,
        "option_fields": fields,
        "rows": home.paper_rows(),
    }
