"""Typed refusals. The engine reports *what* is wrong (a stable code, the field, parameters);
turning that into a sentence in the reader's language is the apps' job."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

# Codes every game may raise (spec/README.md, "Generic codes").
GENERIC_CODES: frozenset[str] = frozenset(
    {
        "required",
        "invalid",
        "wrong_entry_count",
        "negative",
        "not_multiple_of_5",
        "unknown_card",
        "too_many_cards",
        "points_mismatch",
        "match_finished",
        "unknown_option",
        "wrong_player_count",
    }
)

MATCH_FINISHED = "match_finished"


@dataclass(frozen=True)
class RuleError:
    """One reason a round (or a match set-up) is refused."""

    code: str
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
        """A round posted to a finished match (the API answers 409, not 400)."""
        return [e.code for e in self.errors] == [MATCH_FINISHED] and self.errors[0].field == ""


def refuse(code: str, field: str = "", **params: object) -> Refused:
    return Refused([rule_error(code, field, **params)])
