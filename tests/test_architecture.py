"""Dependencies point one way: scoring -> nothing, players -> nothing, matches -> both."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: str) -> set[str]:
    names: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("scoring", {"django", "rest_framework", "matches", "players", "config"}),
        ("players", {"matches", "scoring"}),
    ],
)
def test_package_does_not_depend_on(package: str, forbidden: set[str]):
    assert not imported_modules(package) & forbidden
