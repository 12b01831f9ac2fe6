"""One table from the engine's generic codes and the site's own codes to sentences in the
reader's language.

The phone pages and the API both call ``message_for``, so a refused round reads the same in
both. Parameters come from the engine (``RuleError.params``); a message names them with
``%(name)s`` placeholders, and a missing parameter falls back to the sentence without it.

A game's rule codes are worded in its home (``GameHome.message``), next to its rules, their
numbers the engine's parameters; a message whose words follow a number ("1 card", "2 cards") is
an ``ngettext_lazy`` there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.protocol import GameHome, Text
from games.refusals import AnyError, RuleLink, rule_link
from games.registry import home_for
from scoring import RuleError


class Worded(Protocol):
    """What words a game's own codes: its home (``GameHome.message``), or another such table."""

    def message(self, error: RuleError) -> Text | None: ...


MESSAGES: Mapping[str, Promise] = {
    # Generic codes (every game).
    "required": _("This is required."),
    "invalid": _("This value is not valid here."),
    "wrong_entry_count": _("Enter exactly one line per player or team (%(expected)s)."),
    "negative": _("This cannot be negative."),
    "not_multiple_of_5": _("Points must be a multiple of 5."),
    "unknown_card": _("This is not a card of this game."),
    "too_many_cards": _("More of this card in this deal than the packs hold (%(limit)s)."),
    "points_mismatch": _("The points (%(points)s) do not match the cards (%(cards)s)."),
    "match_finished": _("This match is over: no more rounds can be entered."),
    "unknown_option": _("This game has no such option."),
    "wrong_player_count": _("This game cannot be played by this many players."),
    # The site (not the engine).
    "unknown_player": _("This club has no such player."),
    "duplicate_player": _("A player cannot sit at the table twice."),
    "player_merged": _("This player was merged into another a moment ago: choose the players again."),
    "not_last_round": _("Only the last round can be undone."),
    "confirm_own_round": _("Another player confirms a round, not the one who entered it."),
    "stale_round": _(
        "Deal %(number)s was already entered (by %(who)s) on another phone; nothing was stored. "
        "The sheet now shows deal %(next)s."
    ),
    "idempotency_key_reused": _("This Idempotency-Key was already used for another round."),
    "idempotency_key_spent": _(
        "This request was already handled: it stored deal %(number)s, which has been undone since."
    ),
    "ended_early": _("This table ended early (%(reason)s). Resume it to add or change a deal."),
    "not_ended_early": _("This table did not end early: there is nothing to resume."),
    "already_finished": _("This match is over already: it cannot end early."),
    "nothing_played": _(
        "No deal was played at this table yet: there is nothing to end. An admin can delete it."
    ),
    "too_long": _("At most %(limit)s characters."),
    "season_archived": _(
        "This match is a table of an archived season: its result is final. An owner or admin of "
        "the club can reopen the season to correct it."
    ),
}


def message_for(error: AnyError, game: str | Worded | None = None) -> str:
    """The sentence for an error, in the active language: the game's own words where its home
    (``game``: its slug, or the home itself) has them, else the shared table. A code with no
    sentence is a bug (a test checks them all)."""
    home = home_for(game) if isinstance(game, str) and game else game or None
    own = home.message(error) if home is not None and isinstance(error, RuleError) else None
    template = own if own is not None else MESSAGES[error.code]
    try:
        # Formatting the (lazy) template itself lets a plural message pick its form.
        return str(template % dict(error.params))
    except (KeyError, TypeError, ValueError):
        return _without_placeholders(str(template))


def _without_placeholders(text: str) -> str:
    """A parameter the engine did not send: keep the sentence up to the clause that needs it."""
    if "%(" not in text:
        return text
    first = text.index("%(")
    cut = max(text.rfind(mark, 0, first) for mark in (", ", " (", ": ", "; "))
    return (text[:cut] if cut > 0 else text[:first]).rstrip(" .,:;") + "."


def error_list(errors: Sequence[AnyError], game: str | Worded | None = None) -> list[dict[str, str]]:
    """The API's error rows, also used to show errors next to form fields."""
    return [{"field": e.field, "code": e.code, "message": message_for(e, game)} for e in errors]


# The keys of a sheet's error row that carry its rule (``sheet_errors``), RuleLink's fields.
RULE_KEYS = ("anchor", "title", "page", "section", "sentence")


def sheet_errors(errors: Sequence[AnyError], home: GameHome) -> list[dict[str, str]]:
    """``error_list``'s rows for the phone's forms, each with the rule it enforces where there
    is one (``rule_*`` keys), found through the match's own home."""
    rows = error_list(errors, home)
    for row, error in zip(rows, errors, strict=True):
        link = rule_link(error, home)
        if link is not None:
            row.update({f"rule_{key}": getattr(link, key) for key in RULE_KEYS})
    return rows


def error_summary(
    errors: Sequence[dict[str, str]], labels: Sequence[str]
) -> list[tuple[str, str, RuleLink | None]]:
    """(where, message, rule) per error for the list on top of a refused form: ``where`` is the
    player or side an ``entries.<i>...`` error concerns (``labels`` holds the form's lines), else
    ""; ``rule`` the place in the game's rules the refusal enforces (``sheet_errors``), if any."""
    summary = []
    for error in errors:
        parts = error["field"].split(".")
        where = ""
        if len(parts) >= 2 and parts[0] == "entries" and parts[1].isdigit() and int(parts[1]) < len(labels):
            where = labels[int(parts[1])]
        rule = RuleLink(*(error[f"rule_{key}"] for key in RULE_KEYS)) if "rule_anchor" in error else None
        summary.append((where, error["message"], rule))
    return summary
