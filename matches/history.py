"""A match's history as people read it: who entered, corrected or undid which deal, when, and
what changed ("Bram: points 40 → 45"), from the revisions every write keeps.

An undone round is gone from the sheet but not from here: its undo line lists what it said.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from matches.models import RoundRevision

ARROW = "\N{RIGHTWARDS ARROW}"


@dataclass(frozen=True)
class Change:
    where: str
    before: str
    after: str


@dataclass(frozen=True)
class HistoryLine:
    number: int
    action: str
    kind: str  # add, correct or undo
    who: str
    at: datetime
    changes: tuple[Change, ...]


def _flatten(value: object, path: str = "") -> dict[str, object]:
    if isinstance(value, Mapping):
        flat: dict[str, object] = {}
        for key, item in value.items():
            flat.update(_flatten(item, f"{path}.{key}" if path else str(key)))
        return flat
    if isinstance(value, list):
        flat = {}
        for index, item in enumerate(value):
            flat.update(_flatten(item, f"{path}.{index}" if path else str(index)))
        return flat
    return {path: value}


def _shown(value: object) -> str:
    if value is None:
        return "–"  # noqa: RUF001 (an en dash: nothing there)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def _where(path: str, labels: Sequence[str]) -> str:
    """``entries.1.hand.K`` as "Bram: hand K"."""
    parts = path.split(".")
    if len(parts) >= 2 and parts[0] == "entries" and parts[1].isdigit() and int(parts[1]) < len(labels):
        rest = " ".join(parts[2:]).replace("_", " ")
        return f"{labels[int(parts[1])]}: {rest}" if rest else labels[int(parts[1])]
    return " ".join(parts).replace("_", " ")


def changes(before: object, after: object, labels: Sequence[str]) -> tuple[Change, ...]:
    """Every value that differs between two round bodies, in the order of the body."""
    old, new = _flatten(before), _flatten(after)
    paths = list(dict.fromkeys([*new, *old]))
    return tuple(
        Change(_where(path, labels), _shown(old.get(path)), _shown(new.get(path)))
        for path in paths
        if old.get(path) != new.get(path)
    )


def history_lines(revisions: Iterable[RoundRevision], labels: Sequence[str]) -> list[HistoryLine]:
    """Newest first; ``labels`` names the round form's lines (players or sides)."""
    return [
        HistoryLine(
            number=revision.number,
            action=revision.get_action_display(),
            kind=revision.action,
            who=revision.by_name or "?",
            at=revision.at,
            changes=changes(revision.before, revision.after, labels),
        )
        for revision in revisions
    ]
