"""Reads on every request's path, composed once per database instead of once per request.

Why: the ORM composes a query anew each time it runs, and for a join with a related object and
an annotation (a member's match, an API token with its user) composing took five to six times
longer than PostgreSQL took to answer (1.5 ms of 1.7 ms on these machines). A ``PreparedRead``
writes its ``SELECT`` from the models' own fields the first time a database is asked, and builds
each row's objects as the ORM's ``select_related`` builds them: every value through the
converters the ORM applies to that column (JSON decoded, times made aware...), then the model's
``from_db``. A field added to a model is read here too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import connections, models

type Quote = Callable[[str], str]


class PreparedRead:
    """Whole rows of ``models`` (each under its table alias), then the ``extra`` columns, then
    the ``expressions``, from the ``FROM ... WHERE ...`` that ``tail`` writes with the
    database's quoting function.

    An ``extra`` column is ``(alias, column name)``, read as the database gives it, or
    ``(alias, field)``, read through the field's converters (a date from SQLite is text until
    converted). An expression (a count, say) is SQL written with the quoting function, its value
    read as the database gives it."""

    def __init__(
        self,
        models: Sequence[tuple[type[models.Model], str]],
        tail: Callable[[Quote], str],
        extra: Sequence[tuple[str, str | models.Field[Any, Any]]] = (),
        expressions: Sequence[Callable[[Quote], str]] = (),
    ) -> None:
        self.models = list(models)
        self.tail = tail
        self.extra = list(extra)
        self.expressions = list(expressions)
        self._composed: dict[tuple[str, str], _Composed] = {}

    def rows(self, using: str, params: Sequence[Any]) -> list[tuple[list[models.Model], list[Any]]]:
        """Each row's objects (one per model, in order) and its extra values."""
        connection = connections[using]
        composed = self._composed.get((using, connection.vendor))
        if composed is None:
            composed = self._composed[(using, connection.vendor)] = _Composed(self, connection)
        with connection.cursor() as cursor:
            cursor.execute(composed.sql, params)
            return [composed.load(row) for row in cursor.fetchall()]


def fits(using: str, model: type[models.Model], pk: int) -> bool:
    """Whether ``pk`` could be a key of ``model`` in that database: the ORM answers "no such
    row" for one that could not, where the database would refuse the statement."""
    pk_field = model._meta.pk
    assert pk_field is not None
    lowest, highest = connections[using].ops.integer_field_range(pk_field.get_internal_type())
    return (lowest is None or pk >= lowest) and (highest is None or pk <= highest)


class _Composed:
    def __init__(self, read: PreparedRead, connection: Any) -> None:
        quote = connection.ops.quote_name
        self.connection = connection
        columns = [
            f"{alias}.{quote(field.column)}"
            for model, alias in read.models
            for field in model._meta.concrete_fields
        ]
        columns += [
            f"{alias}.{quote(column if isinstance(column, str) else str(column.column))}"
            for alias, column in read.extra
        ]
        columns += [f"({expression(quote)})" for expression in read.expressions]
        self.sql = f"SELECT {', '.join(columns)} {read.tail(quote)}"
        self.models = [
            (model, [field.attname for field in model._meta.concrete_fields], self._converters(model, alias))
            for model, alias in read.models
        ]
        self.extra = [
            [] if isinstance(column, str) else self._field_converters(column, alias)
            for alias, column in read.extra
        ]

    def _converters(self, model: type[models.Model], alias: str) -> list[list[tuple[Any, Any]]]:
        """Per field, what the ORM's compiler would apply to its column: the backend's
        converters, then the field's."""
        return [self._field_converters(field, alias) for field in model._meta.concrete_fields]

    def _field_converters(self, field: models.Field[Any, Any], alias: str) -> list[tuple[Any, Any]]:
        column = field.get_col(alias)
        both = self.connection.ops.get_db_converters(column) + column.get_db_converters(self.connection)
        return [(converter, column) for converter in both]

    def load(self, row: Sequence[Any]) -> tuple[list[models.Model], list[Any]]:
        objects, start = [], 0
        for model, names, converters in self.models:
            values = list(row[start : start + len(names)])
            for index, field_converters in enumerate(converters):
                for converter, column in field_converters:
                    values[index] = converter(values[index], column, self.connection)
            objects.append(model.from_db(self.connection.alias, names, values))
            start += len(names)
        extra = list(row[start:])
        for index, field_converters in enumerate(self.extra):
            for converter, column in field_converters:
                extra[index] = converter(extra[index], column, self.connection)
        return objects, extra
