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


def _open_in_club(q: Quote) -> str:
    """The club's open matches (its ``(club, status)`` index finds them), with their table and
    evening where they have one."""
    match, table, evening = (q(model._meta.db_table) for model in (Match, Table, Evening))
    return (
        f"FROM {match} m LEFT JOIN {table} t ON t.{q('match_id')} = m.{q('id')}"
        f" LEFT JOIN {evening} e ON e.{q('id')} = t.{q('evening_id')}"
        f" WHERE m.{q('club_id')} = %s AND m.{q('status')} = %s AND m.{q('deleted_at')} IS NULL"
        f" ORDER BY m.{q('created_at')}, m.{q('id')}"
    )


def _open_at_evenings(q: Quote) -> str:
    """The club's open matches first, then each one's table at a counted evening of this
    competition. The subquery per match (``LATERAL``, kept apart by its ``LIMIT``: a match has
    one table at most) holds that order whatever the planner's statistics say: a season's
    tables, bulk-added after the last ``ANALYZE``, made it start from the evenings and look up
    all 10 000 tables' matches to find the twenty still playing (40 ms instead of 0.3)."""
    match, table, evening = (q(model._meta.db_table) for model in (Match, Table, Evening))
    return (
        f"FROM {match} m CROSS JOIN LATERAL (SELECT t.{q('round')}, t.{q('number')}, e.{q('date')}"
        f" FROM {table} t JOIN {evening} e ON e.{q('id')} = t.{q('evening_id')}"
        f" WHERE t.{q('match_id')} = m.{q('id')} AND e.{q('competition_id')} = %s AND e.{q('counts')} = %s"
        f" LIMIT 1) x WHERE m.{q('club_id')} = %s AND m.{q('status')} = %s AND m.{q('deleted_at')} IS NULL"
        f" ORDER BY m.{q('created_at')}, m.{q('id')}"
    )


def _open_at_evenings_joined(q: Quote) -> str:
    """``_open_at_evenings`` for SQLite (``make run``), which has no ``LATERAL``."""
    match, table, evening = (q(model._meta.db_table) for model in (Match, Table, Evening))
    return (
        f"FROM {match} m JOIN {table} t ON t.{q('match_id')} = m.{q('id')}"
        f" JOIN {evening} e ON e.{q('id')} = t.{q('evening_id')} AND e.{q('competition_id')} = %s"
        f" AND e.{q('counts')} = %s WHERE m.{q('club_id')} = %s AND m.{q('status')} = %s"
        f" AND m.{q('deleted_at')} IS NULL ORDER BY m.{q('created_at')}, m.{q('id')}"
    )


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
