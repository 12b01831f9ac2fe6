"""A competition's and an evening's rules beyond the model's field checks, written once for the
two ways they come in: the secretary's form (``league.forms``) and the JSON API (``league.api``).

Each rule takes plain values and answers Django ``ValidationError``s; the form says them next to
its fields, the API at its JSON paths. Neither reshapes its input into the other's: the form
reads its text fields, the API's serializers read JSON, and both hand the values to these
functions and then to the model's own checks (``Competition.clean``, ``Evening.clean``, run by
``full_clean``), so a competition obeys one set of rules whichever way it comes in.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from games.messages import message_for
from games.registry import all_homes
from house.homes import names_by_slug
from league.models import Evening
from players.models import Club, Player
from scoring import get_game
from scoring.options import read_options

MAX_TIE_BREAKS = 4  # the form offers this many ordered selects; the API takes a list this long

REPEATED_TIE_BREAK = _("Already chosen above: pick each tie-break at most once.")


def clean_name(value: object) -> str:
    """Kept as a club's name is (and as ``import_club`` reads one back): spaces, tabs and line
    breaks made one space, the ends trimmed; other control characters refused."""
    name = " ".join(str(value or "").split())
    if not name:
        raise ValidationError(_("This field is required."), code="required")
    if any(unicodedata.category(char) in {"Cc", "Cs"} for char in name):
        raise ValidationError(_("This is not a name."), code="invalid")
    return name


def game_choices(club: Club | None, keeping: Sequence[str] = ()) -> list[tuple[str, str]]:
    """What a competition of ``club`` may play: the built-in games, then the club's house games,
    then those of ``keeping`` (the competition's games) that are neither: a house game the club
    deleted since stays on the list it was chosen for, under its name."""
    built_in = [(home.slug, str(home.name)) for home in all_homes()]
    if club is None:
        return built_in
    choices = [*built_in, *club.house_games.current().values_list("slug", "name")]
    offered = {slug for slug, _name in choices}
    kept = [slug for slug in keeping if slug not in offered]
    names = names_by_slug(kept) if kept else {}
    return [*choices, *((slug, names[slug]) for slug in kept)]


def repeated_tie_breaks(stated: Sequence[str]) -> dict[int, ValidationError]:
    """The positions in ``stated`` that repeat an earlier tie-break, each with its refusal."""
    return {
        index: ValidationError(REPEATED_TIE_BREAK, code="invalid")
        for index, name in enumerate(stated)
        if name in stated[:index]
    }


def too_many_tie_breaks(stated: Sequence[str]) -> ValidationError | None:
    if len(stated) <= MAX_TIE_BREAKS:
        return None
    return ValidationError(
        _("At most %(count)d tie-breaks."), code="invalid", params={"count": MAX_TIE_BREAKS}
    )


def table_options(
    games: Iterable[str], given: Mapping[str, Mapping[str, object]]
) -> tuple[dict[str, dict[str, object]], dict[tuple[str, str], ValidationError]]:
    """The options every table of each game starts with, for the games played, checked by each
    game's own option rules as a new match's are: the options kept (a value left empty keeps
    the game's default, a game not played is dropped) and the refusals by (game, option).
    A house game has no options: its rules are its definition."""
    built_in = {home.slug for home in all_homes()}
    options: dict[str, dict[str, object]] = {}
    refusals: dict[tuple[str, str], ValidationError] = {}
    for slug in games:
        if slug not in built_in:
            continue
        values = {name: value for name, value in (given.get(slug) or {}).items() if value not in (None, "")}
        rules = get_game(slug)
        _read, errors = read_options(rules.options, values, min(rules.player_counts))
        for error in errors:
            option = error.field.removeprefix("options.")
            refusals[(slug, option)] = ValidationError(message_for(error, slug), code=error.code)
        if values:
            options[slug] = values
    return options, refusals


def dates_outside_season(
    dates: Iterable[datetime.date], starts_on: datetime.date | None, ends_on: datetime.date | None
) -> ValidationError | None:
    """Evenings are planned between the season's first and last day."""
    if starts_on and ends_on and any(not starts_on <= day <= ends_on for day in dates):
        return ValidationError(
            _("Plan the evenings between the season's first and last day."), code="invalid"
        )
    return None


def presence_choices(evening: Evening) -> QuerySet[Player]:
    """Who may be ticked present: the club's players (members and guests alike); a retired
    player only when ticked already (their ticks stay)."""
    return (
        evening.club.players.filter(Q(retired_at__isnull=True) | Q(evenings=evening))
        .distinct()
        .order_by("name")
    )
