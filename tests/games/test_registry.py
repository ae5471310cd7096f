"""The games are plain data: importing the registry lists every game and imports no web module
(``companion.games.registry`` not even Flask); the shell's registry holds every game before any
page is imported; the web layer's pages are keyed by the same games, installed when the app is
created and never by importing a page module."""

from __future__ import annotations

import json
import subprocess
import sys

EVERY_GAME = [
    "custom",
    "alphagrams",
    "consonants",
    "follow-the-author",
    "hearts",
    "spades",
    "oh-hell",
]
LOADED = """
import json, sys
{imports}
import {module} as registry
print(json.dumps([list(registry.GAMES), sorted(sys.modules)]))
"""


def fresh_import(module: str, imports: str = "") -> tuple[list[str], list[str]]:
    """The games ``module`` lists and every module loaded, in a fresh interpreter."""
    code = LOADED.format(module=module, imports=imports)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    games, modules = json.loads(out.stdout)
    return games, modules


def test_the_games_registry_lists_every_game_and_imports_no_web_module_nor_flask():
    games, modules = fresh_import("companion.games.registry")
    assert games == EVERY_GAME
    assert not [m for m in modules if m.startswith(("companion.web", "companion.tables"))]
    assert not [m for m in modules if m.split(".")[0] in ("flask", "sqlalchemy", "jinja2")]


def test_the_shells_registry_holds_every_game_without_importing_the_web_layer():
    games, modules = fresh_import("companion.tables.registry")
    assert games == EVERY_GAME
    assert not [m for m in modules if m.startswith("companion.web")]


def test_the_shell_serves_every_game_without_importing_the_web_layer():
    shell = "import companion.tables, companion.tables.service, companion.tables.snapshot"
    games, modules = fresh_import("companion.games.registry", shell)
    assert games == EVERY_GAME
    assert "companion.tables.service" in modules
    assert not [m for m in modules if m.startswith("companion.web")]


def test_importing_a_games_pages_installs_nothing():
    code = "import companion.web.games.hearts as h, companion.web.kinds as k; print(len(k.WEB))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_the_app_installs_every_games_pages_and_refuses_pages_of_no_game(app):
    import pytest

    from companion.web import kinds
    from companion.web.games import hearts

    assert list(kinds.WEB) == EVERY_GAME
    assert kinds.web_game("hearts") is hearts.PAGES
    assert kinds.web_game("hearts").entry_template == "hearts/_entry.html"
    assert kinds.web_game("custom").entry_template == "_entry.html"
    with pytest.raises(ValueError, match="given twice"):
        kinds.install([hearts.PAGES, hearts.PAGES])
    assert kinds.web_game("hearts") is hearts.PAGES  # nothing changed by a refused install


def test_the_web_pages_are_keyed_by_the_registrys_games(app):
    from companion.games.challenges import JUDGE_KINDS as JUDGE
    from companion.games.registry import GAMES
    from companion.web.games.deck import KIND as DECK
    from companion.web.kinds import WEB, web_games

    assert set(WEB) <= set(GAMES) and list(web_games()) == EVERY_GAME
    for key in ("alphagrams", "consonants"):
        assert JUDGE | {DECK} <= GAMES[key].replayed
    for key, kind in web_games().items():
        assert kind.table is GAMES[key].table or key in ("alphagrams", "consonants")
