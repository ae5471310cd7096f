"""Each game's pages, keyed by the game's key: the web side of a game type.

The games themselves are plain data (``companion.games.registry``, read through
``companion.tables.registry``); a ``WebGame`` is one of them with what only pages need. A game's
module under ``companion/web/games/`` makes its ``WebGame`` and ``register``s it; a game with
no pages of its own (the custom sheet) gets the shell's (``web_game``).

Templates: ``options_template`` is the game's part of the new-table form, ``entry_template``
what a phone enters each round, ``rules_template`` the table's rules page. ``entry_key`` names
the state the entry box shows, so a live update re-renders it only when that changed;
``assets``: extra static files (``.css``/``.js``) for its pages. ``describe`` words a history
line for the game's own event kinds (None: the shell's words). ``cell_link(v, round, seat)``
is where tapping a sheet cell leads (None: no link; unset: the shell's number editor); it must
depend on the round and seat only, since a live update redraws only the rows whose values
changed (``companion.web.livesheet``). ``status_template`` adds the game's own status (e.g. the
next pass) to the live sheet every phone, share link and TV view shows, first on the page; it
is sent again with every update. ``row_marks(v)`` gives each sheet row's short marks (e.g.
``moon``), ``row_legend(v)`` says in words what each mark means (shown under the sheet).
``dealt``: False for a game with no rounds dealt (AlphaGrams), whose pages then name no round
and no dealer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from companion.games.protocol import Event
from companion.tables.registry import GAMES, GameType, game_type

if TYPE_CHECKING:  # the view imports this module
    from companion.web.tableview import TableView


@dataclass(frozen=True)
class WebGame(GameType):
    """A game type with its pages (see the module docstring)."""

    options_template: str = "custom/_options.html"
    entry_template: str = "_entry.html"
    rules_template: str | None = None
    entry_key: Callable[[TableView], str] | None = None
    assets: tuple[str, ...] = ()
    describe: Callable[[Event, list[str]], str | None] | None = None
    cell_link: Callable[[TableView, int, int], str | None] | None = None
    status_template: str | None = None
    row_marks: Callable[[TableView], Sequence[tuple[str, ...]]] | None = None
    row_legend: Callable[[TableView], Sequence[tuple[str, str]]] | None = None
    dealt: bool = True  # played in rounds someone deals ("Round 3 · Ann deals")


WEB: dict[str, WebGame] = {}


def plain(key: str) -> dict[str, Any]:
    """The game ``key``'s plain fields, to make its ``WebGame`` from: ``WebGame(**plain(key),
    entry_template=...)``."""
    kind = game_type(key)
    return {f.name: getattr(kind, f.name) for f in fields(GameType)}


def register(kind: WebGame) -> None:
    WEB[kind.key] = kind


def web_game(key: str) -> WebGame:
    """The game ``key`` with its pages (the shell's, for a game with none of its own);
    ``Unreadable`` for a game that does not exist."""
    found = WEB.get(key)
    return found if found is not None else WebGame(**plain(key))


def web_games() -> dict[str, WebGame]:
    """Every game with its pages, in the registry's order."""
    return {key: web_game(key) for key in GAMES}
