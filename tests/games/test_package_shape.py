"""Every game package has the same shape (DESIGN.md, "One seam"): ``games/<game>/table/``
whose ``__init__`` names ``GAME``, the table object the registry uses, beside ``actions``
(apply) and the modules a reader looks for by name: ``state``, ``view``, ``forms``, ``words``.
The bidding games (Spades, Oh Hell) take their state, view and forms from the shared bidding
table in ``trickgame``, so they hold only what they decide themselves."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from companion.games import registry
from companion.games.trickgame.bidtable import BidTable

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
SHAPE = ("state", "actions", "view", "forms", "words")
SHARED_BIDDING = ("bidstate", "bidtable", "bidview", "bidforms")
# modules that once drifted (table_state/tablestate, table_options/tableopts/tableoptions,
# table_display/board/tablepanels...): none of them may come back beside a table package
OLD_NAMES = ("table.py", "table_", "tablestate", "tableopts", "tableoptions", "tableform",
             "tablepanels", "tablesheet", "tablewords", "tablefold", "tablemoves",
             "board.py")  # fmt: skip


def _package(key: str) -> str:
    return key.replace("-", "_")


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_a_game_has_one_table_package_naming_its_game(key: str) -> None:
    package = importlib.import_module(f"companion.games.{_package(key)}.table")
    game = package.GAME
    assert type(game) is type(registry.GAMES[key].table)
    folder = GAMES / _package(key) / "table"
    assert (folder / "actions.py").is_file()
    if isinstance(game, BidTable):
        shared = GAMES / "trickgame"
        assert all((shared / f"{name}.py").is_file() for name in SHARED_BIDDING)
    else:
        missing = [name for name in SHAPE if not (folder / f"{name}.py").is_file()]
        assert missing == [], missing


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_no_table_module_keeps_an_old_name(key: str) -> None:
    beside = [p.name for p in (GAMES / _package(key)).iterdir()]
    assert not [n for n in beside if n.startswith(OLD_NAMES) or n in OLD_NAMES], beside


ROOT = GAMES.parents[1]
TABLE_PACKAGE = re.compile(r"companion\.games\.\w+\.table$")
# a module once had its own name; an alias or a docstring still using it sends a reader looking
# for a file that is not there
OLD_WORDS = re.compile(
    r"``(table_(?:forms?|display|words|summary|options|state|view)|"
    r"table(?:state|opts|options|forms?|panels|sheet|words|fold|moves|seal|play)|board)``"
)


def _old_alias(alias: str, name: str, package: Path) -> bool:
    """An alias that reads as a module's old name, or as another module of the same package."""
    others = {p.stem for p in package.glob("*.py")} - {name}
    return alias.startswith(("table", "board", "hearts_table")) or alias in others


def _sources() -> list[Path]:
    return sorted([*(ROOT / "companion").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])


def old_aliases(path: Path, source: str) -> list[str]:
    """Each ``from companion.games.<game>.table import <module> as <old name>`` in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.ImportFrom) and TABLE_PACKAGE.match(node.module or "")):
            continue
        package = ROOT / str(node.module).replace(".", "/")
        for name in node.names:
            is_module = (package / f"{name.name}.py").is_file()
            if is_module and name.asname and _old_alias(name.asname, name.name, package):
                found.append(f"{path.name}:{node.lineno}: {name.name} as {name.asname}")
    return found


def test_a_table_module_is_imported_under_its_own_name() -> None:
    found = [hit for path in _sources() for hit in old_aliases(path, path.read_text())]
    assert found == []


def test_the_alias_check_catches_an_old_name() -> None:
    source = (
        "from companion.games.hearts.table import setup as table_form\n"
        "from companion.games.hearts.table import setup_words as words\n"
        "from companion.games.hearts.table import state as ts\n"
    )
    found = old_aliases(Path("x.py"), source)
    assert found == ["x.py:1: setup as table_form", "x.py:2: setup_words as words"]


def test_no_docstring_names_a_table_module_by_an_old_name() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {match}"
        for path in _sources()
        if path.name != "test_package_shape.py"
        for match in OLD_WORDS.findall(path.read_text())
    ]
    assert found == []
