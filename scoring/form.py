"""Reading a posted round: keys, types, ranges and card maps ("form checks").

A ``Form`` collects every form error of a round; for one field only the first failure counts,
in the order required, invalid, negative, not_multiple_of_5 (spec/README.md). A game reads its
entries with these helpers and, if ``form.errors`` is not empty, refuses the round before any
rule check runs.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from scoring.errors import Code, Refused, RuleError, rule_error


@lru_cache(maxsize=4096)
def join(*parts: object) -> str:
    """A dotted field path: ``join("entries", 2, "points") == "entries.2.points"``.

    Cached: a replay names the same few fields in every round (``entries.3.hand_points``), and
    building them again each time was over a quarter of the engine's time."""
    return ".".join(str(p) for p in parts if p != "")


def key_path(path: str, key: object) -> str:
    """The field of a posted key under ``path``. Unlike ``join`` it keeps an empty key, so that
    ``{"hand_cards": {"": 1}}`` names ``entries.1.hand_cards.`` and not the map itself (the spec:
    keys and list indexes joined with dots)."""
    return f"{path}.{key}" if path else str(key)


def is_int(value: object) -> bool:
    # JSON true/false arrive as bool, a subclass of int: they are not numbers here.
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Counted:
    """A value entered as points, as a card-count map, or both.

    ``points_field`` / ``cards_field`` are the paths of the two keys; which one an error names
    follows the spec: the points field if points were sent, else the map. They are built when
    an error asks for them, not for every value read.
    """

    points: int | None
    cards: Mapping[str, int] | None
    path: str
    points_key: str
    cards_key: str

    @property
    def points_field(self) -> str:
        return join(self.path, self.points_key)

    @property
    def cards_field(self) -> str:
        return join(self.path, self.cards_key)

    @property
    def field(self) -> str:
        return self.points_field if self.points is not None else self.cards_field

    def card_count(self) -> int | None:
        return None if self.cards is None else sum(self.cards.values())


class Form:
    """Collects form errors; at most one per field."""

    def __init__(self) -> None:
        self.errors: list[RuleError] = []
        self._failed: set[str] = set()

    def fail(self, code: str, field: str, **params: object) -> None:
        if field not in self._failed:
            self._failed.add(field)
            self.errors.append(rule_error(code, field, **params))

    def raise_if_failed(self) -> None:
        if self.errors:
            raise Refused(self.errors)

    # --- containers ---------------------------------------------------------------------

    def body(self, body: object, allowed: Collection[str]) -> Mapping[str, object] | None:
        """The round as a JSON object with only ``allowed`` top-level keys."""
        if not isinstance(body, Mapping):
            self.fail(Code.INVALID, "")
            return None
        self.only_keys(body, allowed, "")
        return body

    def entries(self, body: Mapping[str, object], count: int) -> list[object] | None:
        value = body.get("entries")
        if "entries" not in body or value is None:
            self.fail(Code.REQUIRED, "entries")
            return None
        if not isinstance(value, list):
            self.fail(Code.INVALID, "entries")
            return None
        if len(value) != count:
            self.fail(Code.WRONG_ENTRY_COUNT, "entries", expected=count, got=len(value))
            return None
        return value

    def entry(self, value: object, path: str, allowed: Collection[str]) -> Mapping[str, object] | None:
        if value is None:
            self.fail(Code.REQUIRED, path)
            return None
        if not isinstance(value, Mapping):
            self.fail(Code.INVALID, path)
            return None
        self.only_keys(value, allowed, path)
        return value

    def only_keys(self, obj: Mapping[str, object], allowed: Collection[str], path: str) -> None:
        for key in obj:
            if key not in allowed:
                self.fail(Code.INVALID, key_path(path, key))

    # --- scalars ------------------------------------------------------------------------

    def boolean(
        self, obj: Mapping[str, object], key: str, path: str, *, default: bool | None = None
    ) -> bool | None:
        """A required boolean, or an optional one when ``default`` is given."""
        if key not in obj:
            if default is None:
                self.fail(Code.REQUIRED, join(path, key))
            return default
        value = obj[key]
        if not isinstance(value, bool):
            self.fail(Code.INVALID, join(path, key))
            return None
        return value

    def integer(
        self,
        obj: Mapping[str, object],
        key: str,
        path: str,
        *,
        minimum: int | None = 0,
        maximum: int | None = None,
        default: int | None = None,
        required: bool = True,
        multiple_of_5: bool = False,
    ) -> int | None:
        """An integer field. Below 0 is ``negative`` when ``minimum`` is 0; any other value
        outside [minimum, maximum] is ``invalid``."""
        if key not in obj:
            if required and default is None:
                self.fail(Code.REQUIRED, join(path, key))
            return default
        value = obj[key]
        if not is_int(value):
            self.fail(Code.INVALID, join(path, key))
            return None
        assert isinstance(value, int)
        if minimum == 0 and value < 0:
            self.fail(Code.NEGATIVE, join(path, key))
            return None
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            self.fail(Code.INVALID, join(path, key), minimum=minimum, maximum=maximum)
            return None
        if multiple_of_5 and value % 5:
            self.fail(Code.NOT_MULTIPLE_OF_5, join(path, key))
            return None
        return value

    def points(self, obj: Mapping[str, object], key: str, path: str) -> int | None:
        """A points value: an integer, 0 or more, a multiple of 5 (not required here)."""
        return self.integer(obj, key, path, required=False, multiple_of_5=True)

    def card_map(
        self, obj: Mapping[str, object], key: str, path: str, ranks: Collection[str]
    ) -> Mapping[str, int] | None:
        """A card-count map with keys among ``ranks``; zero counts are dropped."""
        if key not in obj:
            return None
        field = join(path, key)
        value = obj[key]
        if not isinstance(value, Mapping):
            self.fail(Code.INVALID, field)
            return None
        counts: dict[str, int] = {}
        ok = True
        for rank, count in value.items():
            if not is_int(count):
                self.fail(Code.INVALID, key_path(field, rank))
                ok = False
            elif count < 0:
                self.fail(Code.NEGATIVE, key_path(field, rank))
                ok = False
            elif rank not in ranks:
                self.fail(Code.UNKNOWN_CARD, key_path(field, rank))
                ok = False
            elif count:
                counts[rank] = count
        return MappingProxyType(counts) if ok else None

    def counted(
        self,
        obj: Mapping[str, object],
        path: str,
        points_key: str,
        cards_key: str,
        ranks: Collection[str],
    ) -> Counted | None:
        """Points and/or a card map standing for the same value; ``required`` (at the points
        field) when neither is sent."""
        if points_key not in obj and cards_key not in obj:
            self.fail(Code.REQUIRED, join(path, points_key))
            return None
        before = len(self.errors)
        points = self.points(obj, points_key, path)
        cards = self.card_map(obj, cards_key, path, ranks)
        if len(self.errors) != before:
            return None
        return Counted(points, cards, path, points_key, cards_key)
