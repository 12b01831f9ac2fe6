"""The toy game's home: its name, round form, rules page and the words of its own rule code.

Its one translated sentence comes from its own catalogue (``tests/toy_game/locale``, added to
``LOCALE_PATHS`` while the toy is registered): the site's catalogues hold the site's words only,
and ``make messages`` leaves tests out."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.base import BaseHome
from tests.toy_game.engine import GAME, HonderdCode


class HonderdHome(BaseHome):
    slug = GAME.slug
    name = "Honderd"
    summary = "Score your tricks; the first to 100 wins."
    entry_template = "toy/entry.html"
    hints_template = "toy/hints.html"
    rules_template = "toy/rules.html"
    paper_template = "toy/paper.html"
    sections = (("tricks", "Tricks"),)
    option_labels = {"target": "Target"}
    option_meanings = {"target": "The first to reach it wins."}
    messages = {HonderdCode.OVER_THE_DEAL: gettext_lazy("A deal brings a player at most %(maximum)s points.")}


HOME = HonderdHome()
