"""Every game package has the same shape (DESIGN.md, "One seam"): ``games/<game>/table/``
whose ``__init__`` names ``GAME``, the table object the registry uses, beside ``actions``
(apply) and the modules a reader looks for by name: ``state``, ``view``, ``forms``, ``words``.
The bidding games (Spades, Oh Hell) take their state, view and forms from the shared bidding
table in ``trickgame``, so they hold only what they decide themselves."""

from __future__ import annotations

import importlib
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
        assert missing == [] or (key == "custom" and missing == ["forms"]), missing


@pytest.mark.parametrize("key", sorted(registry.GAMES))
def test_no_table_module_keeps_an_old_name(key: str) -> None:
    beside = [p.name for p in (GAMES / _package(key)).iterdir()]
    assert not [n for n in beside if n.startswith(OLD_NAMES) or n in OLD_NAMES], beside
