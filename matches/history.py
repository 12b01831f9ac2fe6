"""A match's history as people read it: who entered, corrected or undid which deal, when, and
what changed ("Bram: points 40 → 45"), from the revisions every write keeps.

An undone round is gone from the sheet but not from here: its undo line lists what it said.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from matches.models import RoundRevision, display_names
from players.models import Club

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
    kind: str  # add, correct, undo, end (ended early) or resume
    who: str
    at: datetime
    changes: tuple[Change, ...]
    # "Deal 3 corrected by alice, 1-12-2026 20:15": written here, not by a {% blocktranslate %}
    # with a date filter in the template, which cost the sheet about 70 µs a line.
    said: str = ""


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


def history_lines(
    revisions: QuerySet[RoundRevision], labels: Sequence[str], limit: int, club: Club | None = None
) -> list[HistoryLine]:
    """The ``limit`` newest changes, newest first; ``labels`` names the round form's lines
    (players or sides). With ``club``, who made each change is named as the table knows them
    (``display_names``), not by a guest's made-up username.

    A round entered lists no changes (it is on the sheet as it was entered): only corrections
    and undos say what they changed, which also spares working out a diff for most lines. The
    revisions are read as plain values: the lines need no model objects."""
    fields = ("number", "action", "by_name", "at", "before", "after", "by_id")
    newest = list(revisions.order_by("-at", "-pk").values_list(*fields)[:limit])
    known = display_names([row[-1] for row in newest if row[-1]], club) if club is not None else {}
    actions = {action: str(name) for action, name in RoundRevision.Action.choices}
    sentence = _("Deal %(number)s %(action)s by %(who)s, %(when)s")
    # Ending early and resuming concern the match, not a deal: said as such, with the reason.
    ended = _("Ended early after deal %(number)s by %(who)s, %(when)s: %(reason)s")
    resumed = _("Resumed after deal %(number)s by %(who)s, %(when)s")
    lines = []
    for number, kind, by_name, at, before, after, by_id in newest:
        who = known.get(by_id) or by_name or "?"
        action = actions[kind]
        # Day and month in words, as on every page: "12/03" reads as two dates across languages.
        when = date_format(localtime(at), "SHORT_DATETIME_FORMAT")
        said = {"number": number, "action": action, "who": who, "when": when}
        if kind in (RoundRevision.Action.END, RoundRevision.Action.RESUME):
            kept = (after if kind == RoundRevision.Action.END else before) or {}
            words = ended if kind == RoundRevision.Action.END else resumed
            said["reason"] = kept.get("reason", "")
            lines.append(HistoryLine(number, action, kind, who, at, (), words % said))
            continue
        lines.append(
            HistoryLine(
                number=number,
                action=action,
                kind=kind,
                who=who,
                at=at,
                changes=() if kind == RoundRevision.Action.ADD else changes(before, after, labels),
                said=sentence % said,
            )
        )
    return lines
