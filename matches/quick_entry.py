"""The round typed or said in one line, as the sheet shows it: the game's home says what its
form takes, ``games.quick_entry`` reads the line in the page's language, and this module words
the outcome for the table (what could not be placed) in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.quick_entry import read
from matches.sheets import Sheet

# Longer than anyone says a round; a longer post is cut here rather than read word by word.
MAX_LINE = 300


@dataclass(frozen=True)
class QuickLine:
    """A line as the form shows it again: what was typed, the round it filled in, and what the
    table is told about it."""

    line: str
    body: dict[str, Any]
    message: str
    unplaced: bool  # some words could not be placed (the message says which)


def line_names(sheet: Sheet) -> list[list[str]]:
    """The players' names of each line of the round form: one per seat, or each side's players
    where a line is a side."""
    players = sheet.players
    if sheet.state.game.entries_per_seat:
        return [[name] for name in players]
    return [[players[seat] for seat in seats] for seats in sheet.state.setup.units]


def hear(sheet: Sheet, line: str) -> QuickLine:
    """The next deal's form filled from ``line``; nothing is stored."""
    line = line.strip()[:MAX_LINE]
    if not line:
        message = _("Type or say the round first: a player's name, then their numbers.")
        return QuickLine(line, {}, message, True)
    state = sheet.state
    heard = read(
        line,
        get_language() or "en",
        line_names(sheet),
        sheet.home.quick_entry(state),
        sitting_out=sheet.home.sitting_out(state),
    )
    if not heard.placed:
        message = _("Nothing in this line fits the round: start with a player's name, then their numbers.")
        return QuickLine(line, {}, message, True)
    if heard.unplaced:
        words = ", ".join(f"“{word}”" for word in heard.unplaced)
        message = ngettext(
            "Not placed: %(words)s. The rest is filled in below: check it, then save.",
            "Not placed: %(words)s. The rest is filled in below: check it, then save.",
            len(heard.unplaced),
        ) % {"words": words}
        return QuickLine(line, heard.body, message, True)
    return QuickLine(line, heard.body, _("Filled in below: check it, then save."), False)
