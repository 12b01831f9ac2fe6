"""The toy game's home: its name, round form and rules page, and nothing else."""

from __future__ import annotations

from games.base import BaseHome
from tests.toy_game.engine import GAME


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


HOME = HonderdHome()
