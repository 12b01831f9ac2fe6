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


def placeholder(sheet: Sheet) -> str:
    """The empty line's example, as this game's table says a round, with the first two lines'
    players: "Anna out, Bram 15…", "No hearts, Anna 4, Bram 2…"."""
    names = line_names(sheet)
    example = sheet.home.quick_entry(sheet.state).example or _("%(first)s 15, %(second)s minus 20…")
    first = names[0][0] if names else ""
    second = names[1][0] if len(names) > 1 else first
    return str(example) % {"first": first, "second": second}


def hear(sheet: Sheet, line: str) -> QuickLine:
    """The next deal's form filled from ``line``; nothing is stored. The status sits under the
    form and says so; what could not be placed is named, and so are the lines it left empty."""
    line = line.strip()[:MAX_LINE]
    if not line:
        message = _("Type or say the round first: a player's name, then their numbers.")
        return QuickLine(line, {}, message, True)
    state = sheet.state
    names = line_names(sheet)
    heard = read(
        line,
        get_language() or "en",
        names,
        sheet.home.quick_entry(state),
        sitting_out=sheet.home.sitting_out(state),
    )
    words = ", ".join(f"“{word}”" for word in heard.unplaced)
    empty = ", ".join(" & ".join(names[index]) for index in heard.unfilled)
    if not heard.placed:
        if heard.unfilled:
            message = ngettext(
                "Not placed: %(words)s. Nothing is filled in: check the line, or fill in the form.",
                "Not placed: %(words)s. Nothing is filled in: check the line, or fill in the form.",
                len(heard.unplaced),
            ) % {"words": words}
        else:
            message = _(
                "Nothing in this line fits the round: start with a player's name, then their numbers."
            )
        return QuickLine(line, {}, message, True)
    if heard.unfilled:
        message = ngettext(
            "Not placed: %(words)s. Left empty: %(lines)s. The rest is filled in above: check it, then save.",
            "Not placed: %(words)s. Left empty: %(lines)s. The rest is filled in above: check it, then save.",
            len(heard.unplaced),
        ) % {"words": words, "lines": empty}
        return QuickLine(line, heard.body, message, True)
    if heard.unplaced:
        message = ngettext(
            "Not placed: %(words)s. The rest is filled in above: check it, then save.",
            "Not placed: %(words)s. The rest is filled in above: check it, then save.",
            len(heard.unplaced),
        ) % {"words": words}
        return QuickLine(line, heard.body, message, True)
    return QuickLine(line, heard.body, _("Filled in above: check it, then save."), False)
