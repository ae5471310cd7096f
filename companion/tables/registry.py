"""The games a table can play. A game plugs in by adding a ``GameType`` here.

A game type turns a form into options (stored with the game, so later default changes never
rewrite old games), and the game's stored events into a ``Sheet``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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

    ``parse_options`` reads the new-table form (or an import) into an options value with
    ``players`` and ``to_dict()``; ``load_options`` reads the stored dict back; ``sheet`` turns
    the game's stored events into the scoresheet. Templates: ``options_template`` is the
    game's part of the new-table form, ``entry_template`` what a phone enters each round,
    ``rules_template`` the table's rules page. ``entry_key`` names the state the entry box
    shows, so a live update re-renders it only when that changed (typing is never lost).
    A game's own routes live in a blueprint under ``companion/web/games/``. ``replayed``: the
    event kinds an export carries and an import replays; ``undoable``: the kinds "undo the last
    change" may take back; ``assets``: extra static files (``.css``/``.js``) for its pages.
    ``describe`` words a history line for the game's own event kinds (None: the shell's
    words); ``exportable`` filters the events an export may show (e.g. sealed choices before
    their reveal). ``cell_link(v, round, seat)`` is where tapping a sheet cell leads (None: no
    link; unset: the shell's number editor). ``status_template`` adds the game's own status
    (e.g. the next pass) to the live sheet every phone, share link and TV view shows.
    ``table``: the game's table protocol (``companion.games.protocol``); a game that has one
    takes its actions through ``companion.tables.service`` and the Table API.
    """

    key: str
    name: str
    min_players: int
    max_players: int
    parse_options: Callable[[Mapping[str, Any]], Any]
    load_options: Callable[[dict[str, Any]], Any]
    sheet: Callable[[Any, list[Event]], scoresheet.Sheet]
    dealer: Callable[[Any, int], int]
    descriptions: Mapping[str, str]
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
    table: Any = None  # the game's table protocol (companion.games.protocol.TableGame)


def folded_sheet(table: Any) -> Callable[[Any, list[Event]], scoresheet.Sheet]:
    """A protocol game's sheet from a list of stored events (exports, imports, old games)."""

    def sheet(options: Any, rows: list[Event]) -> scoresheet.Sheet:
        state = table.initial(options, options.players)
        for event in effective(rows):
            state = table.fold(state, event)
        return table.sheet(state)  # type: ignore[no-any-return]

    return sheet


CUSTOM = GameType(
    key="custom",
    name="Custom scoresheet",
    min_players=custom.MIN_PLAYERS,
    max_players=custom.MAX_PLAYERS,
    parse_options=custom.parse_options,
    load_options=lambda data: custom.Options(**data),
    sheet=folded_sheet(custom_table.GAME),
    dealer=custom.dealer,
    descriptions=custom.DESCRIPTIONS,
    summary="Keep score of any game: 2 to 10 players, you set how it ends.",
    table=custom_table.GAME,
)

GAMES: dict[str, GameType] = {CUSTOM.key: CUSTOM}


def register(kind: GameType) -> None:
    GAMES[kind.key] = kind


def game_type(key: str) -> GameType:
    try:
        return GAMES[key]
    except KeyError:
        raise Unreadable(f"There is no game called '{key[:40]}'.", "game") from None
