"""Variant options: their types, defaults and allowed values, and how a set-up reads them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from types import MappingProxyType

from scoring.errors import Code, RuleError, rule_error
from scoring.form import is_int

Default = object | Callable[[int], object]

# Upper bounds for the open-ended options: the spec says "0 or more", but a number that no
# table will ever play is refused rather than stored (a target of 10**4299 broke the pages).
MAX_TARGET = 100_000
MAX_POINTS = 10_000  # a bonus, a penalty or a card's value


@dataclass(frozen=True)
class IntOption:
    """An integer option; ``default`` may depend on the number of players. Every integer option
    has a ``maximum``: a value above it is ``invalid`` like one below ``minimum``."""

    name: str
    default: int | Callable[[int], int]
    _: KW_ONLY
    maximum: int
    minimum: int = 0
    choices: tuple[int, ...] | None = None
    multiple_of_5: bool = False
    kind: str = "integer"

    def default_for(self, players: int) -> int:
        return self.default(players) if callable(self.default) else self.default

    def check(self, value: object, field: str) -> RuleError | None:
        if not is_int(value):
            return rule_error(Code.INVALID, field)
        assert isinstance(value, int)
        if self.choices is not None and value not in self.choices:
            return rule_error(Code.INVALID, field, choices=self.choices)
        if not self.minimum <= value <= self.maximum:
            return rule_error(Code.INVALID, field, minimum=self.minimum, maximum=self.maximum)
        if self.multiple_of_5 and value % 5:
            return rule_error(Code.NOT_MULTIPLE_OF_5, field)
        return None


@dataclass(frozen=True)
class ChoiceOption:
    name: str
    default: str
    choices: tuple[str, ...]
    kind: str = "string"

    def default_for(self, players: int) -> str:
        return self.default

    def check(self, value: object, field: str) -> RuleError | None:
        if not isinstance(value, str) or value not in self.choices:
            return rule_error(Code.INVALID, field, choices=self.choices)
        return None


@dataclass(frozen=True)
class BoolOption:
    name: str
    default: bool
    kind: str = "boolean"

    def default_for(self, players: int) -> bool:
        return self.default

    def check(self, value: object, field: str) -> RuleError | None:
        return None if isinstance(value, bool) else rule_error(Code.INVALID, field)


Option = IntOption | ChoiceOption | BoolOption


def read_options(
    specs: Sequence[Option], raw: object, players: int
) -> tuple[Mapping[str, object], list[RuleError]]:
    """Every option with defaults filled in, and the errors of the values given."""
    errors: list[RuleError] = []
    values: dict[str, object] = {spec.name: spec.default_for(players) for spec in specs}
    if raw is None:
        return MappingProxyType(values), errors
    if not isinstance(raw, Mapping):
        return MappingProxyType(values), [rule_error(Code.INVALID, "options")]
    by_name = {spec.name: spec for spec in specs}
    for name, value in raw.items():
        field = f"options.{name}"
        spec = by_name.get(name)
        if spec is None:
            errors.append(rule_error(Code.UNKNOWN_OPTION, field))
            continue
        error = spec.check(value, field)
        if error:
            errors.append(error)
        else:
            values[name] = value
    return MappingProxyType(values), errors
