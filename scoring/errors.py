"""Typed refusals. The engine reports *what* is wrong (a stable code, the field, parameters);
turning that into a sentence in the reader's language is the apps' job."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum, unique
from types import MappingProxyType


@unique
class Code(StrEnum):
    """The generic codes: every game may raise these (spec/README.md, "Generic codes"). A
    ``StrEnum``, so a code compares equal to its string and serialises as it
    (``Code.INVALID == "invalid"``); the strings are the spec's.

    A game's rule codes (the Checks table of its spec) are a ``StrEnum`` of its own, declared in
    its module and listed in its ``codes``: a game with a rule of its own touches no shared file.
    Two games may declare the same string where their specs give it the same meaning
    (``went_out_count``)."""

    REQUIRED = "required"
    INVALID = "invalid"
    WRONG_ENTRY_COUNT = "wrong_entry_count"
    NEGATIVE = "negative"
    NOT_MULTIPLE_OF_5 = "not_multiple_of_5"
    UNKNOWN_CARD = "unknown_card"
    TOO_MANY_CARDS = "too_many_cards"
    POINTS_MISMATCH = "points_mismatch"
    MATCH_FINISHED = "match_finished"
    UNKNOWN_OPTION = "unknown_option"
    WRONG_PLAYER_COUNT = "wrong_player_count"


GENERIC_CODES: frozenset[Code] = frozenset(Code)


@dataclass(frozen=True)
class RuleError:
    """One reason a round (or a match set-up) is refused."""

    code: str  # a generic ``Code`` or one of the game's own codes
    field: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def under(self, prefix: str) -> RuleError:
        """The same error, its field placed under ``prefix`` (e.g. ``rounds.5``)."""
        joined = f"{prefix}.{self.field}" if self.field else prefix
        return RuleError(self.code, joined, self.params)


def rule_error(code: str, field: str = "", **params: object) -> RuleError:
    return RuleError(code, field, MappingProxyType(dict(params)))


class Refused(Exception):
    """Raised when a round or set-up breaks one or more rules; nothing may be stored."""

    def __init__(self, errors: Iterable[RuleError]) -> None:
        self.errors: tuple[RuleError, ...] = tuple(errors)
        if not self.errors:
            raise ValueError("Refused needs at least one error")
        super().__init__(", ".join(f"{e.code}@{e.field or '-'}" for e in self.errors))

    @property
    def codes(self) -> list[str]:
        return [e.code for e in self.errors]

    @property
    def finished(self) -> bool:
        """The round was posted to a finished match: ``match_finished`` alone, for the round as
        a whole (a correction that ends the match earlier names the later round instead)."""
        return self.codes == [Code.MATCH_FINISHED] and self.errors[0].field == ""


def refuse(code: str, field: str = "", **params: object) -> Refused:
    return Refused([rule_error(code, field, **params)])
