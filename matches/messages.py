"""One table from the engine's error codes to sentences in the reader's language.

The phone pages and the API both call ``message_for``, so a refused round reads the same in
both. Parameters come from the engine (``RuleError.params``); a message names them with
``%(name)s`` placeholders, and a missing parameter falls back to the sentence without it.

A message whose words follow a number ("1 canasta", "2 canastas") is a tuple ``(singular,
plural, parameter)``: the parameter named third picks the form through ``ngettext``. The pair is
written once more in an ``ngettext`` call that never runs, so that ``makemessages`` finds it.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring import RuleError

# (singular, plural, the parameter whose number picks the form)
Plural = tuple[str, str, str]

MESSAGES: Mapping[str, Promise | Plural] = {
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
    # Frustration (both).
    "went_out_count": _("Exactly one player must go out."),
    "went_out_without_contract": _("A player who went out must have laid down the contract."),
    "went_out_with_cards": _("A player who went out has no cards left: enter 0."),
    "zero_without_going_out": _("A player who did not go out still holds cards: more than 0."),
    "wrong_card_count": _("This hand has the wrong number of cards (%(minimum)s to %(maximum)s)."),
    "points_too_low": _("Too few points: at least %(minimum)s."),
    "points_too_high": _("Too many points: at most %(maximum)s."),
    "finished_player_entry": _("This player has finished and sits out: leave the line empty."),
    # Duizenden.
    "more_points_than_cards": _(
        "Table and hands add up to %(points)s, more than all the cards in the packs are worth (%(limit)s)."
    ),
    # Barbuse.
    "unknown_contract": _("This is not one of the five contracts."),
    "contract_already_played": _("The spelmaker has already played this contract."),
    "tricks_total": _("The tricks must add up to 9, not %(got)s."),
    "queens_total": _("The queens must add up to 4, not %(got)s."),
    "hearts_total": _("The hearts must add up to 9, not %(got)s."),
    "places": _("The places must be 1, 2, 3 and 4, each once."),
    "king_count": _("Exactly one player takes the king of hearts."),
    # Canasta.
    "too_many_red_threes": _("There are only %(limit)s red threes in the packs."),
    "concealed_without_going_out": _("Only the side that went out can have gone out concealed."),
    "went_out_without_canasta": (
        "A side needs %(required)s canasta to go out; this one has %(canastas)s.",
        "A side needs %(required)s canastas to go out; this one has %(canastas)s.",
        "required",
    ),
    "canastas_exceed_meld": _("These canastas need at least %(minimum)s melded points."),
    "below_minimum_meld": _("Below the minimum first meld: this side needs at least %(minimum)s."),
    # The site (not the engine).
    "unknown_player": _("This club has no such player."),
    "duplicate_player": _("A player cannot sit at the table twice."),
    "not_last_round": _("Only the last round can be undone."),
    "not_found": _("Not found."),
    "not_authenticated": _("Please log in first."),
    "authentication_failed": _("The username or password is wrong."),
    "permission_denied": _("You may not do this."),
    "method_not_allowed": _("This method is not allowed here."),
    "parse_error": _("The request body is not valid JSON."),
    "unsupported_media_type": _("Send the request body as JSON."),
    "throttled": _("Too many requests: try again shortly."),
}


# Where one code means something else in one game, that game says it its own way.
GAME_MESSAGES: Mapping[tuple[str, str], Promise] = {
    ("canasta", "went_out_count"): _("At most one side can go out, not %(count)s."),
    ("canasta", "went_out_with_cards"): _("A player who went out has no cards left: enter 0."),
}


def _plural_markers() -> None:  # pragma: no cover - never called
    """Only for ``makemessages``: the plural messages above, in a form it extracts."""
    ngettext(
        "A side needs %(required)s canasta to go out; this one has %(canastas)s.",
        "A side needs %(required)s canastas to go out; this one has %(canastas)s.",
        1,
    )


def message_for(error: RuleError, game: str | None = None) -> str:
    template = GAME_MESSAGES.get((game or "", error.code)) or MESSAGES.get(error.code, MESSAGES["invalid"])
    if isinstance(template, tuple):
        singular, plural, count = template
        number = error.params.get(count)
        text = ngettext(singular, plural, number if isinstance(number, int) else 2)
    else:
        text = str(template)
    try:
        return text % dict(error.params) if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return _without_placeholders(text)


def _without_placeholders(text: str) -> str:
    """A parameter the engine did not send: keep the sentence up to the clause that needs it."""
    first = text.index("%(")
    cut = max(text.rfind(mark, 0, first) for mark in (", ", " (", ": ", "; "))
    return (text[:cut] if cut > 0 else text[:first]).rstrip(" .,:;") + "."


def error_list(
    errors: tuple[RuleError, ...] | list[RuleError], game: str | None = None
) -> list[dict[str, str]]:
    """The API's error rows, also used to show errors next to form fields."""
    return [{"field": e.field, "code": e.code, "message": message_for(e, game)} for e in errors]
