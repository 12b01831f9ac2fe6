"""The standings page's two reads besides the competition, each one statement composed once per
database (``config.prepared``): its evenings with their number of tables, and its matches still
playing. The ORM composed them anew on every view, which took about as long as the rest of the
page's reads together (an aggregate over a join; three joins for the open tables' places).

Each gives what the ORM's query gave (``tests/league/test_page_reads.py`` holds them equal).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import connections, router
from django.utils import timezone

from config.prepared import PreparedRead, Quote
from league.models import Competition, Evening, Table
from league.provisional import OpenMatch
from matches.models import Match


def _evenings_tail(q: Quote) -> str:
    return (
        f"FROM {q(Evening._meta.db_table)} e WHERE e.{q('competition_id')} = %s"
        f" ORDER BY e.{q('date')}, e.{q('id')}"
    )


def _table_count(q: Quote) -> str:
    return f"SELECT COUNT(*) FROM {q(Table._meta.db_table)} t WHERE t.{q('evening_id')} = e.{q('id')}"


_EVENINGS = PreparedRead([(Evening, "e")], _evenings_tail, expressions=[_table_count])


def evenings_with_tables(competition: Competition) -> list[Evening]:
    """The competition's evenings in date order, each with its ``table_count`` (what
    ``annotate(table_count=Count("tables"))`` gave, in the order it left out: Django drops
    ``Meta.ordering`` from an aggregate's query, so an evening added later for an earlier date
    was listed last)."""
    evenings = []
    for [evening], [count] in _EVENINGS.rows(router.db_for_read(Evening), [competition.pk]):
        assert isinstance(evening, Evening)
        evening.table_count = count  # type: ignore[attr-defined]  # as the annotation set it
        evening.competition = competition
        evenings.append(evening)
    return evenings


def _field(model: Any, name: str) -> Any:
    return model._meta.get_field(name)


def _open_columns(table: str, evening: str) -> list[tuple[str, Any]]:
    return [
        ("m", _field(Match, "id")),
        ("m", _field(Match, "updated_at")),
        ("m", _field(Match, "created_at")),
        ("m", _field(Match, "game")),
        (table, _field(Table, "round")),
        (table, _field(Table, "number")),
        (evening, _field(Evening, "date")),
    ]


def _open(q: Quote, joined: str) -> str:
    """The club's open matches (its ``(club, status)`` index finds them) as ``m``, oldest first,
    with what ``joined`` adds to each."""
    return (
        f"FROM {q(Match._meta.db_table)} m {joined}"
        f" WHERE m.{q('club_id')} = %s AND m.{q('status')} = %s AND m.{q('deleted_at')} IS NULL"
        f" ORDER BY m.{q('created_at')}, m.{q('id')}"
    )


def _open_in_club(q: Quote) -> str:
    """Every open match of the club, with its table and evening where it has one."""
    return _open(
        q,
        f"LEFT JOIN {q(Table._meta.db_table)} t ON t.{q('match_id')} = m.{q('id')}"
        f" LEFT JOIN {q(Evening._meta.db_table)} e ON e.{q('id')} = t.{q('evening_id')}",
    )


def _at_counted_evening(q: Quote) -> str:
    """From the match ``m``: its table ``t`` at an evening ``e`` of this competition that counts."""
    return (
        f"{q(Table._meta.db_table)} t JOIN {q(Evening._meta.db_table)} e ON e.{q('id')} = t.{q('evening_id')}"
        f" AND e.{q('competition_id')} = %s AND e.{q('counts')} = %s"
    )


def _open_at_evenings(q: Quote) -> str:
    """The club's open matches first, then each one's table at a counted evening of this
    competition. The subquery per match (``LATERAL``, kept apart by its ``LIMIT``: a match has
    one table at most) holds that order whatever the planner's statistics say: a season's
    tables, bulk-added after the last ``ANALYZE``, made it start from the evenings and look up
    all 10 000 tables' matches to find the twenty still playing (40 ms instead of 0.3)."""
    columns = f"t.{q('round')}, t.{q('number')}, e.{q('date')}"
    tables = f"{_at_counted_evening(q)} WHERE t.{q('match_id')} = m.{q('id')}"
    return _open(q, f"CROSS JOIN LATERAL (SELECT {columns} FROM {tables} LIMIT 1) x")


def _open_at_evenings_joined(q: Quote) -> str:
    """``_open_at_evenings`` for SQLite (``make run``), which has no ``LATERAL``."""
    return _open(q, f"JOIN {_at_counted_evening(q)} AND t.{q('match_id')} = m.{q('id')}")


_OPEN_AT_EVENINGS = PreparedRead([], _open_at_evenings, extra=_open_columns("x", "x"))
_OPEN_AT_EVENINGS_JOINED = PreparedRead([], _open_at_evenings_joined, extra=_open_columns("t", "e"))
_OPEN_IN_CLUB = PreparedRead([], _open_in_club, extra=_open_columns("t", "e"))


def open_matches(competition: Competition) -> list[OpenMatch]:
    """The competition's matches still playing that would count once finished, oldest first:
    what ``Competition.open_matches`` selects."""
    using = router.db_for_read(Match)
    playing = Match.Status.IN_PROGRESS.value
    if not competition.counts_matches:
        lateral = connections[using].vendor == "postgresql"
        read = _OPEN_AT_EVENINGS if lateral else _OPEN_AT_EVENINGS_JOINED
        found = read.rows(using, [competition.pk, True, competition.club_id, playing])
        return [OpenMatch._make(row) for _objects, row in found]
    today: date = timezone.localdate()
    if not competition.starts_on <= today <= competition.ends_on:
        return []
    games = set(competition.games)  # few open matches in a club: filtered here, one statement
    found = _OPEN_IN_CLUB.rows(using, [competition.club_id, playing])
    return [OpenMatch._make(row) for _objects, row in found if row[3] in games]
