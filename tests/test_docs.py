"""docs/api.md lists exactly the API the URLconf serves: every method of every route under
``/api/`` (but the schema and its browsable page) is a row of its table, and the table names no
endpoint that does not exist. Paths are compared with their parameters unnamed, since the doc
writes ``{id}`` where the URLconf says ``<int:match_id>``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

API_DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"
UNDOCUMENTED = {"api-schema", "api-docs"}  # the schema describes itself
METHODS = ("get", "post", "put", "patch", "delete")
DOC_ROW = re.compile(r"^\| `(?P<method>[A-Z]+) (?P<path>/api/\S*)` \|", re.MULTILINE)
PARAMETER = re.compile(r"<[^>]+>|\{[^}]+\}")


def _shape(path: str) -> str:
    return PARAMETER.sub("{}", path)


def _routes(patterns: list[URLPattern | URLResolver], prefix: str = "/") -> Iterator[tuple[str, URLPattern]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern


def _served() -> set[tuple[str, str]]:
    served = set()
    for path, pattern in _routes(get_resolver().url_patterns):
        if not path.startswith("/api/") or pattern.name in UNDOCUMENTED:
            continue
        allowed = pattern.callback.view_class.http_method_names  # type: ignore[attr-defined]
        served |= {(method.upper(), _shape(path)) for method in allowed if method in METHODS}
    return served


def _documented() -> set[tuple[str, str]]:
    return {(row["method"], _shape(row["path"])) for row in DOC_ROW.finditer(API_DOC.read_text())}


def test_api_doc_lists_every_endpoint_the_urlconf_serves() -> None:
    served = _served()
    assert len(served) > 20  # the walk found the API
    assert sorted(served - _documented()) == []


def test_api_doc_lists_no_endpoint_that_does_not_exist() -> None:
    assert sorted(_documented() - _served()) == []
