"""Each game's pages, keyed by the game's key: the web side of a game type.

The games themselves are plain data (``companion.games.registry``, read through
``companion.tables.registry``); a ``WebGame`` is one of them with what only pages need. A game's
module under ``companion/web/games/`` names its ``WebGame`` ``PAGES``; the app, when it is
created, ``install``s them all (``companion.web.games.register``), nothing is kept by importing
a module. A game with no pages of its own gets the shell's.

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

from collections.abc import Callable, Iterable, Sequence
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


WEB: dict[str, WebGame] = {}  # every game's pages, by key: filled by ``install``


def plain(key: str) -> dict[str, Any]:
    """The game ``key``'s plain fields, to make its ``WebGame`` from: ``WebGame(**plain(key),
    entry_template=...)``."""
    kind = game_type(key)
    return {f.name: getattr(kind, f.name) for f in fields(GameType)}


def install(pages: Iterable[WebGame]) -> dict[str, WebGame]:
    """Key each game's pages by its key, in the registry's order (the shell's pages for a game
    with none of its own): called once as the app is created. ``ValueError`` for pages of a
    game the registry does not hold, or two for one game."""
    given: dict[str, WebGame] = {}
    for kind in pages:
        if kind.key not in GAMES or kind.key in given:
            raise ValueError(f"pages for {kind.key!r}: not a game, or given twice")
        given[kind.key] = kind
    built = {key: given.get(key) or WebGame(**plain(key)) for key in GAMES}
    WEB.clear()
    WEB.update(built)
    return built


def web_game(key: str) -> WebGame:
    """The game ``key`` with its pages; ``Unreadable`` for a game that does not exist."""
    found = WEB.get(key)
    if found is None:
        game_type(key)  # Unreadable: no such game
        raise LookupError("The games' pages are installed when the app is created.")
    return found


def web_games() -> dict[str, WebGame]:
    """Every game with its pages, in the registry's order."""
    return {key: web_game(key) for key in GAMES}
