"""Dependencies point one way: scoring -> nothing, players -> nothing, games -> scoring,
rulebook -> games and scoring, matches -> all of them, and the apps above build on those below
(docs/engine.md draws them); no import circle between apps, function-level imports included, and
no import deferred into a function but where Django needs it; config is the wiring (settings,
URLs, the error shape), which no app imports and which imports no app; and
each game is named in one place outside its own home (the registry)."""

from __future__ import annotations

import ast
import graphlib
import re
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


APPS = ("scoring", "players", "games", "house", "rulebook", "matches", "backup", "league", "stats", "live")


def test_config_imports_no_app():
    """Settings name apps by dotted path, and the URLconf includes each app's URL module by name."""
    importers = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "config").rglob("*.py")
        if imported_modules(path.relative_to(ROOT).as_posix()) & set(APPS)
    }
    assert importers == set()


@pytest.mark.parametrize("package", APPS)
def test_no_app_imports_config(package: str):
    """An app takes nothing from the project's wiring (settings, URLs, the error shape)."""
    assert "config" not in imported_modules(package)


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        (
            "scoring",
            {
                "django",
                "rest_framework",
                "matches",
                "players",
                "config",
                "league",
                "stats",
                "live",
                "backup",
                "house",
            },
        ),
        (
            "players",
            {"matches", "scoring", "games", "rulebook", "league", "stats", "live", "backup", "house"},
        ),
        ("games", {"matches", "players", "rulebook", "config", "league", "stats", "live", "backup", "house"}),
        ("rulebook", {"matches", "players", "config", "league", "stats", "live", "backup", "house"}),
        # A club's house games (their pages, rules pages and API too) know the clubs, the rule
        # blocks, the games' homes and the rulebook's pages, not the matches that copy them.
        ("house", {"matches", "config", "league", "stats", "live", "backup"}),
        # The league reads matches and players; its arithmetic (seating, schemes) stays pure.
        ("league", {"config", "live"}),  # it draws its season chart with stats.charts
        ("league/seating.py", {"django", "matches", "players", "games", "config"}),
        ("league/schemes.py", {"django", "matches", "players", "games", "config"}),
        # stats reads matches, players, games and scoring; nothing but config reads stats.
        ("stats", {"config", "league", "live"}),
        ("matches", {"stats", "backup"}),
        # A club's record as a file reads matches and players; the league adds its part of it.
        ("backup", {"config", "league", "stats", "live"}),
        # Live boards read matches (whose sheet loads their tags), players and the league; its
        # demo loader spans every app. Players and the games know nothing of them.
        ("live", {"config", "rest_framework"}),
    ],
)
def test_package_does_not_depend_on(package: str, forbidden: set[str]):
    assert not imported_modules(package) & forbidden


@pytest.mark.parametrize("package", ["scoring", "players", "games", "house", "rulebook", "matches", "backup"])
def test_the_league_and_the_live_boards_build_on_apps_that_know_nothing_of_them(package: str):
    """The league and the live boards build on matches and players; no module of those knows
    them (the demo loader, which spans every app, lives in ``live``)."""
    assert not imported_modules(package) & {"league", "live"}


def _app_code(app: str) -> list[Path]:
    """An app's modules, without its migrations (generated, and frozen in their day)."""
    return [path for path in (ROOT / app).rglob("*.py") if "migrations" not in path.parts]


def _imports(tree: ast.AST) -> list[tuple[ast.Import | ast.ImportFrom, str]]:
    """Every absolute import of a module, at any depth (in functions too), with the module named."""
    found: list[tuple[ast.Import | ast.ImportFrom, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node, node.module))
    return found


DEMO_LOADERS = {"demo.py", "load_demo.py"}  # they span the apps to fill a demo club


def app_graph(*, demo_loaders: bool = True) -> dict[str, set[str]]:
    """Each app and the other apps it imports, function-level imports included."""
    graph: dict[str, set[str]] = {}
    for app in APPS:
        graph[app] = set()
        for path in _app_code(app):
            if not demo_loaders and path.name in DEMO_LOADERS:
                continue
            for _node, module in _imports(ast.parse(path.read_text())):
                top = module.split(".")[0]
                if top in APPS and top != app:
                    graph[app].add(top)
    return graph


def test_no_import_circle_between_apps():
    """Read from every import of the apps' code, those inside functions too."""
    try:
        order = list(graphlib.TopologicalSorter(app_graph()).static_order())
    except graphlib.CycleError as circle:
        pytest.fail(f"import circle between apps: {' -> '.join(circle.args[1])}")
    assert set(order) == set(APPS)


def _documented_graph() -> dict[str, set[str]]:
    """The arrows ``docs/engine.md`` draws at its top (``league -> stats, matches, ...``)."""
    drawing = (ROOT / "docs" / "engine.md").read_text().split("```")[1]
    graph: dict[str, set[str]] = {}
    for line in drawing.strip().splitlines():
        app, _arrow, targets = line.partition("->")
        named = re.sub(r"\(.*?\)", "", targets)  # "(nothing)", "(its URLs only)"
        graph[app.strip()] = {name.strip() for name in named.split(",") if name.strip()}
    return graph


def test_the_apps_import_what_docs_engine_md_draws():
    """The drawing is the apps' imports as they are (the demo loaders left out, as it says)."""
    documented = _documented_graph()
    assert {app: documented.get(app, set()) for app in APPS} == app_graph(demo_loaders=False)


# Imports deferred into a function, each with its reason; anywhere else an import is at the top
# of its module, so the import graph above is the whole truth and no circle hides in a function.
DEFERRED_IMPORTS = {
    # An AppConfig's module is imported before any model is loaded: the app's receivers, models
    # and the modules that read them are imported when the app is ready or asked (Django's way).
    "players/apps.py",
    "house/apps.py",
    "matches/apps.py",
    "league/apps.py",
    "stats/apps.py",
    "live/apps.py",
}


def _function_level_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    return sorted(
        {
            f"{path.relative_to(ROOT).as_posix()}:{node.lineno} {module}"
            for f in functions
            for node, module in _imports(f)
        }
    )


def test_no_import_is_deferred_into_a_function_but_where_django_needs_it():
    deferred = [
        line
        for app in (*APPS, "config")
        for path in _app_code(app)
        if path.relative_to(ROOT).as_posix() not in DEFERRED_IMPORTS
        for line in _function_level_imports(path)
    ]
    assert deferred == []


def test_the_deferred_imports_allowed_are_still_there():
    """An entry of the list that no longer defers an import goes, so the list stays short."""
    assert all(_function_level_imports(ROOT / path) for path in DEFERRED_IMPORTS)


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
