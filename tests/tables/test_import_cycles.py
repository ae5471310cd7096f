"""The storage layer's modules import one another without a cycle, counting the imports
inside functions too (one there hides a cycle from the import system, not from a reader):
circles -> service -> circlesettle used to lead back to circles."""

from __future__ import annotations

import ast
from pathlib import Path

import companion

PACKAGE = "companion.tables"
FOLDER = Path(companion.__file__).parent / "tables"


def _imports(path: Path) -> set[str]:
    """The ``companion.tables`` modules ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith(PACKAGE + ".")}
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:
                found |= {f"{PACKAGE}.{a.name}" for a in node.names}
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module)
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (as the path that closes it), or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> list[str]:
        state[name] = 1
        for nxt in sorted(graph.get(name, ())):
            if state.get(nxt) == 1:
                return [*path, name, nxt]
            if nxt not in state and (found := visit(nxt, [*path, name])):
                return found
        state[name] = 2
        return []

    for name in sorted(graph):
        if name not in state and (found := visit(name, [])):
            return found
    return []


def test_the_storage_modules_import_one_another_without_a_cycle():
    graph = {f"{PACKAGE}.{p.stem}": _imports(p) for p in FOLDER.glob("*.py")}
    assert f"{PACKAGE}.service" in graph[f"{PACKAGE}.circles"]  # the check sees it
    assert _cycle(graph) == []


def test_the_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
