"""The pure packages import only the standard library and other pure companion modules, read
no files and no clock (DESIGN.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "companion"
PURE_DIRS = ["cards", "games"]
PURE_WORDS = ["lexicon.py", "anagram.py", "judge.py", "helper.py", "prepared.py"]
ALLOWED_COMPANION = ("companion.errors", "companion.cards", "companion.games", "companion.words")
FORBIDDEN_CALLS = {"open", "time", "now", "today", "perf_counter", "monotonic", "read_text"}
FORBIDDEN_MODULES = {"time", "datetime", "os", "pathlib", "io", "random", "socket", "secrets"}


def pure_files() -> list[Path]:
    files = [p for d in PURE_DIRS for p in (ROOT / d).rglob("*.py")]
    files += [ROOT / "words" / name for name in PURE_WORDS if (ROOT / "words" / name).exists()]
    return sorted(files)


def type_only(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:``: imports for the type checker alone, never run."""
    return isinstance(node, ast.If) and ast.unparse(node.test) in (
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    )


def walk_run(tree: ast.AST) -> list[ast.AST]:
    """Every node that runs: ``ast.walk`` without the type-only blocks."""
    out, todo = [], [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        todo += [child for child in ast.iter_child_nodes(node) if not type_only(child)]
    return out


def imported(tree: ast.AST) -> list[str]:
    names = []
    for node in walk_run(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_imports_only_stdlib_and_pure_code(path: Path):
    tree = ast.parse(path.read_text())
    for name in imported(tree):
        top = name.split(".")[0]
        if top == "companion":
            assert name.startswith(ALLOWED_COMPANION), f"{path.name} imports {name}"
            assert not name.startswith("companion.words.loader"), name
            continue
        assert top in sys.stdlib_module_names, f"{path.name} imports {name}"
        assert top not in FORBIDDEN_MODULES, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_reads_no_files_and_no_clock(path: Path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            assert name not in FORBIDDEN_CALLS, f"{path.name} calls {name}()"


def test_the_purity_check_sees_the_engines():
    names = {p.parent.name for p in pure_files()}
    assert {"cards", "custom"} <= names
