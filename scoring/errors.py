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
    """Every code the engine raises. A ``StrEnum``, so a code compares equal to its string and
    serialises as it (``Code.INVALID == "invalid"``); the strings are the spec's."""

    # Generic: every game may raise these (spec/README.md, "Generic codes").
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

    # Rule codes: a game raises those listed in its ``codes`` (the Checks table of its spec).
    WENT_OUT_COUNT = "went_out_count"
    WENT_OUT_WITHOUT_CONTRACT = "went_out_without_contract"
    WENT_OUT_WITH_CARDS = "went_out_with_cards"
    ZERO_WITHOUT_GOING_OUT = "zero_without_going_out"
    WRONG_CARD_COUNT = "wrong_card_count"
    POINTS_TOO_LOW = "points_too_low"
    POINTS_TOO_HIGH = "points_too_high"
    FINISHED_PLAYER_ENTRY = "finished_player_entry"
    MORE_POINTS_THAN_CARDS = "more_points_than_cards"
    UNKNOWN_CONTRACT = "unknown_contract"
    CONTRACT_ALREADY_PLAYED = "contract_already_played"
    TRICKS_TOTAL = "tricks_total"
    QUEENS_TOTAL = "queens_total"
    HEARTS_TOTAL = "hearts_total"
    PLACES = "places"
    KING_COUNT = "king_count"
    TOO_MANY_RED_THREES = "too_many_red_threes"
    CONCEALED_WITHOUT_GOING_OUT = "concealed_without_going_out"
    WENT_OUT_WITHOUT_CANASTA = "went_out_without_canasta"
    CANASTAS_EXCEED_MELD = "canastas_exceed_meld"
    BELOW_MINIMUM_MELD = "below_minimum_meld"


# Codes every game may raise (spec/README.md, "Generic codes").
GENERIC_CODES: frozenset[Code] = frozenset(
    {
        Code.REQUIRED,
        Code.INVALID,
        Code.WRONG_ENTRY_COUNT,
        Code.NEGATIVE,
        Code.NOT_MULTIPLE_OF_5,
        Code.UNKNOWN_CARD,
        Code.TOO_MANY_CARDS,
        Code.POINTS_MISMATCH,
        Code.MATCH_FINISHED,
        Code.UNKNOWN_OPTION,
        Code.WRONG_PLAYER_COUNT,
    }
)


@dataclass(frozen=True)
class RuleError:
    """One reason a round (or a match set-up) is refused."""

    code: Code
    field: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def under(self, prefix: str) -> RuleError:
        """The same error, its field placed under ``prefix`` (e.g. ``rounds.5``)."""
        joined = f"{prefix}.{self.field}" if self.field else prefix
        return RuleError(self.code, joined, self.params)


def rule_error(code: Code, field: str = "", **params: object) -> RuleError:
    return RuleError(code, field, MappingProxyType(dict(params)))


class Refused(Exception):
    """Raised when a round or set-up breaks one or more rules; nothing may be stored."""

    def __init__(self, errors: Iterable[RuleError]) -> None:
        self.errors: tuple[RuleError, ...] = tuple(errors)
        if not self.errors:
            raise ValueError("Refused needs at least one error")
        super().__init__(", ".join(f"{e.code}@{e.field or '-'}" for e in self.errors))

    @property
    def codes(self) -> list[Code]:
        return [e.code for e in self.errors]

    @property
    def finished(self) -> bool:
        """The round was posted to a finished match: ``match_finished`` alone, for the round as
        a whole (a correction that ends the match earlier names the later round instead)."""
        return self.codes == [Code.MATCH_FINISHED] and self.errors[0].field == ""


def refuse(code: Code, field: str = "", **params: object) -> Refused:
    return Refused([rule_error(code, field, **params)])
