"""The rules pages: the list of games, one game's rules, one section of them, a paper sheet.

The pages are public (a rule is no secret) and read only the engine: their tables come from
``matches.rule_tables``, their prose from ``templates/rules/<game>.html``. That template holds
one ``{% partialdef %}`` per section, named after the section's anchor, so the full page and the
fragment the scoresheet opens in ``#rules-panel`` render the very same markup.

Anchors (shared with the scoresheet's hint links): every game has ``glance`` (first),
``scoring``, ``end``, ``options`` and ``cards``; Frustration NL adds ``contract-<n>``,
Frustration FR ``level-<n>``, Barbuse ``contract-<slug>`` and Canasta ``minimum-meld``.

``rules_section`` answers htmx with the fragment; a plain request (a link opened in a new tab,
a page without JavaScript) is sent to the full page at that anchor, so the link always works.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from matches.rule_tables import BARBUSE_CONTRACT_NAMES, tables_for
from matches.terms import game_name
from scoring import UnknownGame, all_games, get_game
from scoring.games import barbuse, canasta

Titles = tuple[tuple[str, Promise], ...]

# First on every page: the numbers a table looks up mid-game, on one phone screen.
_GLANCE = ("glance", gettext_lazy("At a glance"))

_COMMON_END: Titles = (
    ("cards", gettext_lazy("Card values")),
    ("scoring", gettext_lazy("Scoring")),
    ("end", gettext_lazy("End of the match")),
    ("checks", gettext_lazy("What Scoreblok checks")),
    ("options", gettext_lazy("Options")),
    ("decisions", gettext_lazy("Where the original rules are silent")),
)

# The sections of each game's page, in order: (anchor = partial name, title).
SECTIONS: Mapping[str, Titles] = {
    "frustration-nl": (
        _GLANCE,
        ("players", gettext_lazy("Players and cards")),
        ("deal", gettext_lazy("The deal")),
        ("turn", gettext_lazy("A turn")),
        ("melds", gettext_lazy("Sets and runs")),
        ("contracts", gettext_lazy("The eleven contracts")),
        ("laying-down", gettext_lazy("Laying down")),
        ("going-out", gettext_lazy("Going out")),
        *_COMMON_END,
    ),
    "frustration-fr": (
        _GLANCE,
        ("players", gettext_lazy("Players and cards")),
        ("deal", gettext_lazy("The deal and a turn")),
        ("melds", gettext_lazy("Sets and runs")),
        ("levels", gettext_lazy("The ten levels")),
        ("completing", gettext_lazy("Completing a level")),
        *_COMMON_END,
    ),
    "duizenden": (
        _GLANCE,
        ("players", gettext_lazy("Players, teams and cards")),
        ("deal", gettext_lazy("The deal")),
        ("turn", gettext_lazy("A turn")),
        # The original's word for a meld is "setje".
        ("melds", pgettext_lazy("duizenden", "Melds")),
        ("jokers", gettext_lazy("Jokers")),
        ("queen-of-spades", gettext_lazy("The queen of spades")),
        ("going-out", gettext_lazy("The end of a deal")),
        *_COMMON_END,
    ),
    "barbuse": (
        _GLANCE,
        ("players", gettext_lazy("Players and cards")),
        ("tricks", gettext_lazy("Playing the tricks")),
        ("spelmaker", gettext_lazy("The spelmaker")),
        ("contracts", gettext_lazy("The five contracts")),
        # One section per contract, in the engine's fixed order, titled with its name.
        *((f"contract-{slug}", BARBUSE_CONTRACT_NAMES[slug]) for slug in barbuse.CONTRACTS),
        *_COMMON_END,
    ),
    "canasta": (
        _GLANCE,
        ("players", gettext_lazy("Players and partnerships")),
        ("deal", gettext_lazy("The deal")),
        ("turn", gettext_lazy("A turn")),
        ("melds", gettext_lazy("Melds")),
        ("minimum-meld", gettext_lazy("The minimum first meld")),
        ("canastas", gettext_lazy("Canastas")),
        ("threes", gettext_lazy("Red and black threes")),
        ("frozen-pile", gettext_lazy("A frozen discard pile")),
        ("going-out", gettext_lazy("Going out")),
        ("stock-out", gettext_lazy("When the stock runs out")),
        *_COMMON_END,
    ),
}

# One line per game on the index page.
SUMMARIES: Mapping[str, Promise] = {
    "frustration-nl": gettext_lazy(
        "Rummy with eleven contracts to make in order; the cards left in hand count against you."
    ),
    "frustration-fr": gettext_lazy(
        "Rummy with ten levels; finished players sit out until the table has played them all."
    ),
    "duizenden": gettext_lazy("Rummy to 1000: what you melded counts for you, what you hold against you."),
    "barbuse": gettext_lazy("Four players, five trick-taking contracts, twenty deals of penalty points."),
    "canasta": gettext_lazy("Partnership rummy with canastas, red threes and a rising minimum first meld."),
}

# Items inside a section that the scoresheet links to: (game, pattern) -> (partial, table key).
_ITEM_ANCHORS: Mapping[str, tuple[re.Pattern[str], str, str]] = {
    "frustration-nl": (re.compile(r"contract-(\d+)"), "contract", "contracts"),
    "frustration-fr": (re.compile(r"level-(\d+)"), "level", "levels"),
}

# Deals on one paper sheet: enough for a usual match (Barbuse: exactly its deals).
PAPER_ROWS: Mapping[str, int] = {
    "frustration-nl": 30,
    "frustration-fr": 30,
    "duizenden": 20,
    "barbuse": barbuse.DEALS,
    "canasta": 16,
}


@dataclass(frozen=True)
class Section:
    """One part of a rules page: its anchor, heading, the partial that holds it and, for one
    contract or level, the table row it shows."""

    anchor: str
    title: str
    template: str
    item: Any = None


def _game_or_404(game: str) -> str:
    try:
        return get_game(game).slug
    except UnknownGame:
        raise Http404 from None


def _template(game: str) -> str:
    return f"rules/{game}.html"


# Sections told in the same words for every game live in the shared page template.
SHARED_SECTIONS = frozenset({"options"})


def _sections(game: str) -> list[Section]:
    return [
        Section(
            anchor,
            str(title),
            f"rules/game.html#{anchor}" if anchor in SHARED_SECTIONS else f"{_template(game)}#{anchor}",
        )
        for anchor, title in SECTIONS[game]
    ]


def _section(game: str, anchor: str, tables: Mapping[str, Any]) -> Section | None:
    """The section (or contract, or level) an anchor names; None when there is none."""
    for section in _sections(game):
        if section.anchor == anchor:
            return section
    item = _ITEM_ANCHORS.get(game)
    if item is None:
        return None
    pattern, partial, key = item
    found = pattern.fullmatch(anchor)
    if found is None:
        return None
    rows = {row.anchor: row for row in tables[key]}
    row = rows.get(anchor)
    if row is None:
        return None
    if partial == "level":
        title = _("Level %(number)s") % {"number": row.number}
    else:
        title = _("Contract %(number)s") % {"number": row.number}
    return Section(anchor, title, f"{_template(game)}#{partial}", row)


def _page_context(game: str) -> dict[str, Any]:
    return {
        "game": game,
        "name": game_name(game),
        "t": tables_for(game),
        "rules_template": _template(game),
    }


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    games = [
        {"slug": g.slug, "name": game_name(g.slug), "summary": SUMMARIES.get(g.slug, "")} for g in all_games()
    ]
    return render(request, "rules/index.html", {"games": games})


@require_safe
def rules_game(request: HttpRequest, game: str) -> HttpResponse:
    game = _game_or_404(game)
    return render(request, "rules/game.html", {**_page_context(game), "sections": _sections(game)})


@require_safe
@vary_on_headers("HX-Request")
def rules_section(request: HttpRequest, game: str, anchor: str) -> HttpResponse:
    """One section as a fragment for the scoresheet's ``#rules-panel``."""
    game = _game_or_404(game)
    context = _page_context(game)
    section = _section(game, anchor, context["t"])
    if section is None:
        raise Http404
    page = f"{reverse('rules_game', args=[game])}#{anchor}"
    if not request.htmx:
        return redirect(page)
    back = request.htmx.current_url_abs_path or page
    return render(
        request,
        "rules/game.html#fragment",
        {**context, "section": section, "item": section.item, "page_url": page, "back_url": back},
    )


@require_safe
def paper_sheet(request: HttpRequest, game: str) -> HttpResponse:
    """A blank scoresheet to print, for a table that keeps score on paper."""
    game = _game_or_404(game)
    context = _page_context(game)
    choices = _paper_columns(game)
    try:
        players = int(request.GET.get("columns", ""))
    except ValueError:
        players = 0
    if players not in choices:
        players = 4 if 4 in choices else min(choices)
    sides = _paper_sides(game, players)
    context.update(
        {
            "column_choices": choices,
            "columns": range(1, sides + 1),
            "column_count": players,
            "plays_alone": sides == players,
            "rows": _paper_rows(game),
        }
    )
    return render(request, "rules/paper_sheet.html", context)


def _paper_rows(game: str) -> list[dict[str, int | bool]]:
    """The numbered deals of a paper sheet; Barbuse's come in blocks of one spelmaker's deals."""
    block = barbuse.DEALS_PER_SPELMAKER if game == "barbuse" else 0
    return [
        {"number": number, "block_end": bool(block) and number % block == 0}
        for number in range(1, PAPER_ROWS[game] + 1)
    ]


def _paper_columns(game: str) -> tuple[int, ...]:
    """The table sizes a paper sheet can be printed for: the game's player counts."""
    return get_game(game).player_counts


def _paper_sides(game: str, players: int) -> int:
    """Columns of the paper sheet: one per player, or per partnership where Canasta plays in teams
    (its usual teams: two for four or six players)."""
    if game == "canasta":
        return len(canasta.DEFAULT_TEAMS.get(players, ())) or players
    return players
