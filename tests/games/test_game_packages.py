"""No game imports another game's package (DESIGN.md, "One seam"): what two games share lives
in a shared package (``trickgame/``) or a shared module beside the games, never in one game
that the other imports. Read from the source (AST), so a lazy import inside a function counts
too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
SHARED = {"trickgame"}
"""Packages under ``games/`` that are shared layers, not games."""


def game_packages() -> list[str]:
    return sorted(
        p.name
        for p in GAMES.iterdir()
        if (p / "__init__.py").exists() and p.name not in SHARED and not p.name.startswith("_")
    )


def module_of(path: Path) -> list[str]:
    """``companion/games/hearts/table/words.py`` -> ``["companion", "games", "hearts", "table"]``
    (the package a relative import starts from)."""
    parts = ["companion", *path.relative_to(GAMES.parent).parts]
    return parts[:-1]


def imported_modules(path: Path, text: str | None = None) -> list[str]:
    """Every module ``path`` (or ``text`` as if it were at ``path``) imports, relative imports
    resolved, and for ``from pkg import x`` also ``pkg.x`` (x may be a module)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text() if text is None else text)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = module_of(path)
            if node.level:
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.append(module)
            found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def games_imported(path: Path) -> set[str]:
    """The game packages that ``path`` imports (its own included)."""
    games = set(game_packages())
    out = set()
    for module in imported_modules(path):
        parts = module.split(".")
        if parts[:2] == ["companion", "games"] and len(parts) > 2 and parts[2] in games:
            out.add(parts[2])
    return out


@pytest.mark.parametrize("game", game_packages())
def test_no_game_imports_another_games_package(game: str):
    wrong = {
        f"{path.relative_to(GAMES)} imports {', '.join(sorted(others))}"
        for path in sorted((GAMES / game).rglob("*.py"))
        if (others := games_imported(path) - {game})
    }
    assert not wrong, "; ".join(sorted(wrong))


def test_the_check_sees_every_game_and_a_cross_import():
    assert {"hearts", "consonants", "spades", "oh_hell", "alphagrams"} <= set(game_packages())
    assert "trickgame" not in game_packages()
    # a module that imports another game's package, in each way Python allows
    probe = GAMES / "consonants" / "table" / "probe.py"  # never written: read from text
    source = (
        "from companion.games.hearts import Pass\n"
        "from companion.games import alphagrams\n"
        "import companion.games.spades.options\n"
        "def later():\n    from ...oh_hell import options\n"
    )
    found = set()
    for module in imported_modules(probe, source):
        parts = module.split(".")
        if parts[:2] == ["companion", "games"] and len(parts) > 2:
            found.add(parts[2])
    assert {"hearts", "alphagrams", "spades", "oh_hell"} <= found
    # and the real Consonants package imports only itself among the games
    assert games_imported(GAMES / "consonants" / "deal.py") <= {"consonants"}


def test_the_registry_reads_each_game_through_its_table_package():
    """``games/registry.py`` names each game by its ``table`` package (``GAME`` or
    ``with_words``, its options, state, dealer and kinds), never a module inside it, and no
    web module."""
    registry = GAMES / "registry.py"
    games = set(game_packages())
    deep = []
    for module in imported_modules(registry):
        parts = module.split(".")
        assert parts[:2] != ["companion", "web"], module
        if parts[:2] == ["companion", "games"] and len(parts) > 3 and parts[2] in games:
            if parts[3] != "table" or len(parts) > 5 or (len(parts) == 5 and parts[4][0].islower()):
                deep.append(module)
    assert not deep, f"registry.py imports inside a game: {', '.join(deep)}"
