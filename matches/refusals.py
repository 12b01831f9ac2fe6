"""The site's own refusals: what the web layer, not the rules engine, says no to.

The engine raises ``scoring.Refused`` with ``scoring.Code`` values and knows nothing of players,
clubs, requests or what is already stored. The site has a few refusals of its own (an unknown
player, a stale phone, a reused idempotency key...): they have their own codes, ``SiteCode``,
and travel as ``SiteRefused``. Both carry errors with ``code``, ``field`` and ``params``, so one
message table and one error shape serve them alike.

A refusal of the game's rules also says which rule it enforces: ``rule_link`` finds the section of
the game's rules page its home names for the code, so the sheet can link "why" to the rule itself.
The site's own refusals enforce no rule of the game and have no link (``required`` and
``invalid``, which the engine raises too, link to what Scoreblok checks).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from django.urls import reverse

from games.protocol import GameHome
from games.registry import home_for
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
    NOT_FOUND = "not_found"
    CONFIRM_OWN_ROUND = "confirm_own_round"
    INVITATION_EXPIRED = "invitation_expired"
    INVITATION_REVOKED = "invitation_revoked"
    INVITATION_USED = "invitation_used"


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
    """The rule a refusal enforces: its section's title, the rules page at its anchor, and the
    section alone (the fragment the scoresheet opens in its rules panel)."""

    anchor: str
    title: str
    page: str
    section: str


def rule_link(code: str, game: str | GameHome) -> RuleLink | None:
    """The section of ``game``'s rules page (a built-in game's slug, or a match's home) that a
    refusal with ``code`` enforces, or None: the site's own codes (a stale phone, an unknown
    player) are no rule of the game, so no home names a section for them."""
    home = home_for(game) if isinstance(game, str) else game
    game = home.slug
    anchor = home.rule_section(code)
    section = next((s for s in home.rules_sections() if s.anchor == anchor), None)
    if section is None:
        return None
    return RuleLink(
        section.anchor,
        section.title,
        f"{reverse('rules_game', args=[game])}#{section.anchor}",
        reverse("rules_section", args=[game, section.anchor]),
    )
