"""A club's house game's rules page, section and paper sheet, at the addresses of the rules pages
(``/rules/house-…/``), drawn by the rulebook's pages from the game's rules as the club keeps them
now (a deleted game's too: it is retired, and its rules stay). The rulebook knows the built-in
games only; a match's own rules are its match's pages (``matches.views.match_rules``), drawn from
the copy the match keeps."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path, register_converter
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from games.protocol import GameHome, HtmxHttpRequest
from house.homes import home_by_slug
from house.models import SLUG_PREFIX
from rulebook.views import game_page, paper_page, section_page
from scoring import UnknownGame


class HouseSlug:
    """A house game's slug (``house-`` and hex digits): only those reach these views."""

    regex = f"{SLUG_PREFIX}[0-9a-f]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(HouseSlug, "house")


def _home_or_404(game: str) -> GameHome:
    try:
        return home_by_slug(game)
    except UnknownGame:
        raise Http404 from None


@require_safe
def house_rules(request: HttpRequest, game: str) -> HttpResponse:
    return game_page(request, _home_or_404(game))


@require_safe
@vary_on_headers("HX-Request")
def house_rules_section(request: HtmxHttpRequest, game: str, anchor: str) -> HttpResponse:
    return section_page(request, _home_or_404(game), anchor)


@require_safe
def house_paper(request: HttpRequest, game: str) -> HttpResponse:
    return paper_page(request, _home_or_404(game))


# Included before the rulebook's own addresses (``config/urls.py``): the same paths, so the
# rulebook's names (``rules_game``...) link to them too.
urlpatterns = [
    path("<house:game>/", house_rules, name="house_rules_game"),
    path("<house:game>/section/<slug:anchor>/", house_rules_section, name="house_rules_section"),
    path("<house:game>/paper/", house_paper, name="house_rules_paper"),
]
