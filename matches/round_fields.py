"""The round form's fields: what each game's entry template and the card calculator see.

``{% round_fields fields %}`` (``templates/matches/round_fields.html``) draws them from this
context alone (no sheet, request or user): the next deal's form, the answer to a saved deal and
the correction page share it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import reverse

from games.protocol import GameHome, Json
from matches.sheets import EntryRow, Sheet


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
        # Where a game's form asks the engine what the deal typed so far would score.
        "preview_url": reverse("round_preview", args=[sheet.match.pk]),
        **home.entry_context(sheet, body, number),
    }
