"""Dependencies point one way: scoring -> nothing, players -> nothing, games -> scoring,
rulebook -> games and scoring, matches -> all of them; config is the wiring (settings, URLs, the
error shape), which no app imports and which imports no app but in its URLconf; and each game is
named in one place outside its own home (the registry)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: str) -> set[str]:
    """The packages ``package`` imports from."""
    modules: set[str] = set()
    root = ROOT / package
    for path in [root] if root.is_file() else root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.add(node.module)
    return {module.split(".")[0] for module in modules}


APPS = ("scoring", "players", "games", "rulebook", "matches", "league", "stats", "live")


def test_config_imports_no_app_but_in_its_urlconf():
    """Settings name apps by dotted path; only the URLconf imports their views."""
    importers = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "config").rglob("*.py")
        if imported_modules(path.relative_to(ROOT).as_posix()) & set(APPS)
    }
    assert importers <= {"config/urls.py"}


@pytest.mark.parametrize("package", APPS)
def test_no_app_imports_config(package: str):
    """An app takes nothing from the project's wiring (settings, URLs, the error shape)."""
    assert "config" not in imported_modules(package)


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("scoring", {"django", "rest_framework", "matches", "players", "config", "league", "stats", "live"}),
        ("players", {"matches", "scoring", "games", "rulebook", "league", "stats", "live"}),
        ("games", {"matches", "players", "rulebook", "config", "league", "stats", "live"}),
        ("rulebook", {"matches", "players", "config", "league", "stats", "live"}),
        # The league reads matches and players; its arithmetic (seating, schemes) stays pure.
        ("league", {"config", "live"}),  # it draws its season chart with stats.charts
        ("league/seating.py", {"django", "matches", "players", "games", "config"}),
        ("league/schemes.py", {"django", "matches", "players", "games", "config"}),
        # stats reads matches, players, games and scoring; nothing but config reads stats.
        ("stats", {"config", "league", "live"}),
        ("matches", {"stats"}),
        # Live boards read matches (whose sheet loads their tags), players and the league; its
        # demo loader spans every app. Players and the games know nothing of them.
        ("live", {"config", "rest_framework"}),
    ],
)
def test_package_does_not_depend_on(package: str, forbidden: set[str]):
    assert not imported_modules(package) & forbidden


@pytest.mark.parametrize("package", ["scoring", "players", "games", "rulebook", "matches"])
def test_the_league_and_the_live_boards_build_on_apps_that_know_nothing_of_them(package: str):
    """The league and the live boards build on matches and players; no module of those knows
    them (the demo loader, which spans every app, lives in ``live``)."""
    assert not imported_modules(package) & {"league", "live"}


GAME_WORDS = ("barbuse", "canasta", "duizenden", "frustration", "klaverjassen", "tarot")
CODE_SUFFIXES = {".py", ".html", ".js", ".css"}
NOT_CODE = {"tests", ".venv", "locale", "staticfiles", "migrations", ".git"}


def _text(path: Path) -> str:
    return path.read_text(errors="ignore").lower()


@pytest.mark.parametrize("word", GAME_WORDS)
def test_a_game_is_named_only_in_its_home_and_the_registry(word: str):
    """Outside the files whose path names the game, at most one file names it: the registry."""
    naming = [
        path.relative_to(ROOT).as_posix()
        for path in ROOT.rglob("*")
        if path.suffix in CODE_SUFFIXES
        and not NOT_CODE & set(path.relative_to(ROOT).parts)
        and word not in path.relative_to(ROOT).as_posix().lower()
        and word in _text(path)
    ]
    assert naming == ["games/registry.py"]
