"""The round form's fields: each game's entry template and the card calculator, rendered from a
context of their own (no sheet, request or user), so the sheet, the correction page and the
answer to a saved deal draw the same fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import get_template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from games.protocol import GameHome, Json
from matches.sheets import EntryRow, Sheet

CALCULATOR = "includes/card_calculator.html"


def fields_context(
    sheet: Sheet, rows: list[EntryRow], body: Json, errors: Mapping[str, list[str]], number: int | None
) -> dict[str, Any]:
    """Everything the entry and calculator templates see: the lines with what was typed and
    their errors, the deal being corrected (None for the next one), the calculator's keys,
    whether sides are teams, and what the game adds."""
    home: GameHome = sheet.home
    return {
        "entry_template": home.entry_template,
        "rows": rows,
        "body": body or {},
        "errors": errors,
        "number": number,
        "calculator": [(key.rank, key.value) for key in home.calculator_keys(sheet.state.setup)],
        "teams": sheet.state.setup.teams is not None,
        **home.entry_context(sheet, body, number),
    }


def render_fields(fields: Mapping[str, Any]) -> SafeString:
    """The entry fields and the calculator (both templates autoescape what they show)."""
    context = dict(fields)
    entry = get_template(fields["entry_template"]).render(context)
    return format_html("{}{}", entry, get_template(CALCULATOR).render(context))
