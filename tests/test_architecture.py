"""The shape of the house (docs/architecture.md), checked on the code's own imports: no
import cycles, the faces above the library, the shared layer below the games, and the
games apart from each other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("advisor", "service")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    """Every module of the packages → the project modules it imports (anywhere in it,
    function bodies included), each import resolved to the module it names."""
    files = {_module(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base
                           for a in node.names]
            for t in targets:
                while t and t not in files:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    found.add(t)
        graph[name] = found
    return graph


GRAPH = _imports()


def _cycle() -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for n in sorted(GRAPH[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state and (found := visit(n)) is not None:
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(GRAPH):
        if m not in state and (found := visit(m)) is not None:
            return found
    return None


def test_the_modules_are_found() -> None:
    assert {"advisor.games.bots", "advisor.chan.game", "advisor.khanhoo.game",
            "service.tables"} <= set(GRAPH)


def test_no_import_cycles() -> None:
    cycle = _cycle()
    assert cycle is None, " → ".join(cycle or [])


def _importers(prefix: str, of: str) -> list[tuple[str, str]]:
    return sorted((m, n) for m, ns in GRAPH.items() if m.startswith(prefix)
                  for n in ns if n == of or n.startswith(of + "."))


def test_the_service_does_not_import_the_command_line() -> None:
    assert _importers("service", "advisor.cli") == []


def test_the_library_does_not_import_its_faces() -> None:
    for face in ("advisor.cli", "service"):
        wrong = [(m, n) for m, n in _importers("advisor", face) if not m.startswith(face)]
        assert wrong == []


def _registered() -> list[str]:
    from advisor.registry import GAMES

    return [g.name for g in GAMES]


GAMES = _registered()


def test_every_game_package_is_registered() -> None:
    packages = sorted(p.name for p in (ROOT / "advisor").iterdir()
                      if (p / "faces.py").exists() and p.name != "games")
    assert packages == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_shared_layer_knows_no_game(game: str) -> None:
    for shared in ("advisor.games", "advisor.counts", "advisor.text", "advisor.forms",
                   "advisor.botpipe", "advisor.jsonio", "advisor.errors"):
        assert _importers(shared, f"advisor.{game}") == []


@pytest.mark.parametrize("game", GAMES)
def test_the_games_do_not_import_each_other(game: str) -> None:
    for other in GAMES:
        if other != game:
            assert _importers(f"advisor.{game}", f"advisor.{other}") == []


def _declares_endpoints(m: str) -> bool:
    """A module of what the games declare for the web service (advisor.games.endpoints,
    advisor.<game>.endpoints): marshmallow schemas, which only the service imports."""
    parts = m.split(".")
    return len(parts) == 3 and parts[0] == "advisor" and parts[2] == "endpoints"


def test_the_library_needs_no_web_or_terminal_framework() -> None:
    for m, path in ((m, m.replace(".", "/")) for m in GRAPH if m.startswith("advisor")
                    and not m.startswith("advisor.cli")):
        file = ROOT / (path + ".py") if (ROOT / (path + ".py")).exists() else \
            ROOT / path / "__init__.py"
        names = {n.split(".")[0] for node in ast.walk(ast.parse(file.read_text("utf-8")))
                 if isinstance(node, (ast.Import, ast.ImportFrom))
                 for n in ([a.name for a in node.names] if isinstance(node, ast.Import)
                           else [node.module or ""])}
        allowed = {"marshmallow"} if _declares_endpoints(m) else set()
        assert not names & ({"click", "flask", "marshmallow"} - allowed), m


def test_only_the_faces_import_the_endpoint_declarations() -> None:
    wrong = [(m, n) for m, ns in GRAPH.items() if m.startswith("advisor")
             and not _declares_endpoints(m) for n in ns if _declares_endpoints(n)]
    assert wrong == []


def test_only_advisor_core_imports_the_compiled_core() -> None:
    """``advisor._core`` is read in one place (``advisor/core.py``: which engines run, and
    ``ADVISOR_CORE``); every other module asks :mod:`advisor.core` for it, so nothing
    runs on the core when it is off or missing."""
    readers = set()
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    base = "." * node.level + (node.module or "")
                    names = [base, *(f"{base}.{a.name}" for a in node.names)]
                if any(n.endswith("._core") or n == "_core" for n in names):
                    readers.add(_module(path))
    assert readers == {"advisor.core"}
