"""The games a table can play. A game plugs in by adding a ``GameType`` here.

A game type turns a form into options (stored with the game, so later default changes never
rewrite old games), and the game's stored events into a ``Sheet``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import Unreadable
from companion.games import custom, scoresheet
from companion.games.custom import table as custom_table
from companion.games.protocol import Event
from companion.tables.store import effective


@dataclass(frozen=True)
class GameType:
    """How a game plugs into the table shell.

    ``table`` is the game's table protocol (``companion.games.protocol``): every action goes
    through it (``companion.tables.service``, the pages and the Table API alike), and
    ``parse_options``, ``load_options`` and ``sheet`` are read from it. Templates:
    ``options_template`` is the game's part of the new-table form, ``entry_template`` what a
    phone enters each round, ``rules_template`` the table's rules page. ``entry_key`` names the
    state the entry box shows, so a live update re-renders it only when that changed.
    A game's own routes live in a blueprint under ``companion/web/games/``. ``replayed``: the
    event kinds an export carries and an import replays; ``undoable``: the kinds "undo the last
    change" may take back; ``assets``: extra static files (``.css``/``.js``) for its pages.
    ``describe`` words a history line for the game's own event kinds (None: the shell's
    words); ``exportable`` filters the events an export may show (e.g. sealed choices before
    their reveal). ``cell_link(v, round, seat)`` is where tapping a sheet cell leads (None: no
    link; unset: the shell's number editor); it must depend on the round and seat only, since
    a live update redraws only the rows whose values changed (``companion.web.livesheet``).
    ``status_template`` adds the game's own status (e.g. the next pass) to the live sheet every
    phone, share link and TV view shows, first on the page; it is sent again with every update.
    ``row_marks(v)`` gives each sheet row's short marks (e.g. ``moon``), ``row_legend(v)`` says
    in words what each mark means (shown under the sheet). ``dealt``: False for a game
    with no rounds dealt (AlphaGrams), whose pages then name no round and no dealer.
    """

    key: str
    name: str
    min_players: int
    max_players: int
    dealer: Callable[[Any, int], int]
    descriptions: Mapping[str, str]
    table: Any  # the game's table protocol (companion.games.protocol.TableGame)
    summary: str = ""
    options_template: str = "custom/_options.html"
    entry_template: str = "_entry.html"
    rules_template: str | None = None
    entry_key: Callable[[Any], str] | None = None
    replayed: frozenset[str] = frozenset({"score", "undo"})
    undoable: frozenset[str] = frozenset({"score"})
    assets: tuple[str, ...] = ()
    describe: Callable[[Event, list[str]], str | None] | None = None
    exportable: Callable[[list[Event]], list[Event]] | None = None
    cell_link: Callable[[Any, int, int], str | None] | None = None
    status_template: str | None = None
    row_marks: Callable[[Any], Sequence[tuple[str, ...]]] | None = None
    row_legend: Callable[[Any], Sequence[tuple[str, str]]] | None = None
    dealt: bool = True  # played in rounds someone deals ("Round 3 · Ann deals")

    def parse_options(self, data: Mapping[str, Any]) -> Any:
        return self.table.parse_options(data)

    def load_options(self, data: Mapping[str, Any]) -> Any:
        return self.table.load_options(data)

    def sheet(self, options: Any, rows: Sequence[Event]) -> scoresheet.Sheet:
        """The sheet from a list of stored events (exports, imports, old games): the
        events still in force, folded one at a time."""
        state = self.table.initial(options, options.players)
        for event in effective(rows):
            state = self.table.fold(state, event)
        return self.table.sheet(state)  # type: ignore[no-any-return]


CUSTOM = GameType(
    key="custom",
    name="Custom scoresheet",
    min_players=custom.MIN_PLAYERS,
    max_players=custom.MAX_PLAYERS,
    dealer=custom.dealer,
    descriptions=custom.DESCRIPTIONS,
    summary="Keep score of any game: 2 to 10 players, you set how it ends.",
    table=custom_table.GAME,
    replayed=frozenset({"score", "undo", "add-seat", "remove-seat"}),
)

GAMES: dict[str, GameType] = {CUSTOM.key: CUSTOM}


def register(kind: GameType) -> None:
    GAMES[kind.key] = kind


def game_type(key: str) -> GameType:
    try:
        return GAMES[key]
    except KeyError:
        raise Unreadable(f"There is no game called '{key[:40]}'.", "game") from None
