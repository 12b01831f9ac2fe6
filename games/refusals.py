"""The site's own refusals: what the web layer, not the rules engine, says no to.

The engine raises ``scoring.Refused`` with ``scoring.Code`` values and knows nothing of players,
clubs, requests or what is already stored. The site has a few refusals of its own (an unknown
player, a stale phone, a reused idempotency key...): they have their own codes, ``SiteCode``,
and travel as ``SiteRefused``. Both carry errors with ``code``, ``field`` and ``params``, so one
message table and one error shape serve them alike.

A refusal of the game's rules also says which rule it enforces: ``rule_link`` asks the game's home
where its rules page states it (``GameHome.rule_anchor``: a section, and the id of the sentence
in it), so the sheet can link "why" to the rule itself. The home is the one the caller holds (a
match's own, for a house game the home of the definition the match keeps), never looked up
again. The site's own refusals enforce no rule of the game and have no link (``required`` and
``invalid``, which the engine raises too, link to the form's checks).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from django.urls import reverse

from games.protocol import GameHome
from scoring import RuleError


class SiteCode(StrEnum):
    INVALID = "invalid"
    REQUIRED = "required"
    UNKNOWN_PLAYER = "unknown_player"
    PLAYER_MERGED = "player_merged"
    DUPLICATE_PLAYER = "duplicate_player"
    NOT_LAST_ROUND = "not_last_round"
    STALE_ROUND = "stale_round"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    IDEMPOTENCY_KEY_SPENT = "idempotency_key_spent"
    CONFIRM_OWN_ROUND = "confirm_own_round"
    # Ending a table early, and what an ended one refuses until it is resumed.
    ENDED_EARLY = "ended_early"
    NOT_ENDED_EARLY = "not_ended_early"
    ALREADY_FINISHED = "already_finished"
    NOTHING_PLAYED = "nothing_played"
    TOO_LONG = "too_long"
    SEASON_ARCHIVED = "season_archived"


@dataclass(frozen=True)
class SiteError:
    code: SiteCode
    field: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=lambda: MappingProxyType({}))


# Either kind of error, as the message table and the error shape read them.
AnyError = RuleError | SiteError


class SiteRefused(Exception):
    """Nothing is stored; ``errors`` say why."""

    def __init__(self, errors: Iterable[SiteError]) -> None:
        self.errors: tuple[SiteError, ...] = tuple(errors)
        super().__init__(", ".join(f"{e.code}@{e.field or '-'}" for e in self.errors))


def refuse(code: SiteCode, field: str = "", **params: object) -> SiteRefused:
    return SiteRefused([SiteError(code, field, MappingProxyType(params))])


@dataclass(frozen=True)
class RuleLink:
    """The rule a refusal enforces: its section's title, the rules page at the sentence that
    states it (or at the section), the section alone (the fragment the scoresheet opens in its
    rules panel), and that sentence's id in it ("" when the whole section states it)."""

    anchor: str
    title: str
    page: str
    section: str
    sentence: str = ""


def rule_link(error: AnyError, home: GameHome) -> RuleLink | None:
    """Where ``home``'s rules page states the rule that ``error`` enforces, or None: the site's
    own codes (a stale phone, an unknown player) are no rule of the game, so no home names a
    place for them."""
    where = home.rule_anchor(RuleError(error.code, error.field, error.params))
    if where is None:
        return None
    section = next((s for s in home.rules_sections() if s.anchor == where.section), None)
    if section is None:
        return None
    page = reverse("rules_game", args=[home.slug])
    return RuleLink(
        section.anchor,
        section.title,
        f"{page}#{where.sentence or section.anchor}",
        reverse("rules_section", args=[home.slug, section.anchor]),
        where.sentence,
    )
