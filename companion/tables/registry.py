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
from companion.tables.models import Event
from companion.tables.store import changes


@dataclass(frozen=True)
class GameType:
    key: str
    name: str
    min_players: int
    max_players: int
    parse_options: Callable[[Mapping[str, Any]], Any]
    load_options: Callable[[dict[str, Any]], Any]
    sheet: Callable[[Any, list[Event]], scoresheet.Sheet]
    dealer: Callable[[Any, int], int]
    descriptions: Mapping[str, str]


def _custom_sheet(options: custom.Options, rows: list[Event]) -> scoresheet.Sheet:
    points: dict[int, dict[int, int]] = {}
    for change in changes(rows):
        points.setdefault(change.round, {})[change.seat] = change.points
    return scoresheet.build(options.players, points, options.end_rule())


CUSTOM = GameType(
    key="custom",
    name="Custom scoresheet",
    min_players=custom.MIN_PLAYERS,
    max_players=custom.MAX_PLAYERS,
    parse_options=custom.parse_options,
    load_options=lambda data: custom.Options(**data),
    sheet=_custom_sheet,
    dealer=custom.dealer,
    descriptions=custom.DESCRIPTIONS,
)

GAMES: dict[str, GameType] = {CUSTOM.key: CUSTOM}


def game_type(key: str) -> GameType:
    try:
        return GAMES[key]
    except KeyError:
        raise Unreadable(f"There is no game called '{key[:40]}'.", "game") from None
