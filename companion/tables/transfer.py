"""Export a game as CSV or JSON; import the JSON back into a new table with the same result."""

from __future__ import annotations

import csv
import io
import re

from companion.games.protocol import JSON, Event
from companion.games.scoresheet import Sheet
from companion.tables.models import Game, Table
from companion.tables.registry import game_type

FORMAT = "companion-game"


# a spreadsheet runs a cell starting with one of these as a formula ("=HYPERLINK(...)")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def inert(value: object) -> object:
    """A cell no spreadsheet will run: text starting like a formula gets a leading ``'``
    (which spreadsheets hide); numbers, and text that is only a number like ``-5``, stay."""
    if not isinstance(value, str) or not value.startswith(FORMULA_START):
        return value
    return value if PLAIN_NUMBER.fullmatch(value) else "'" + value


def to_csv(sheet: Sheet, names: list[str], dealers: list[int]) -> str:
    """The sheet as CSV text, every cell made inert (see ``inert``); no BOM (the download
    adds it)."""
    rows: list[list[object]] = [["round", "dealer", *names]]
    for number, row in enumerate(sheet.rows, start=1):
        cells = ["" if v is None else v for v in row]
        rows.append([number, names[dealers[number - 1]], *cells])
    rows.append(["total", "", *sheet.totals])
    out = io.StringIO()
    csv.writer(out).writerows([inert(cell) for cell in row] for row in rows)
    return out.getvalue()


def to_json(table: Table, game: Game, rows: list[Event]) -> dict[str, JSON]:
    kind = game_type(game.kind)
    if kind.exportable is not None:
        rows = kind.exportable(rows)
    return {
        "format": FORMAT,
        "version": 1,
        "game": {"kind": game.kind, "options": game.options, "number": game.number},
        "seats": [s.name for s in table.seats],
        "events": [
            {
                "id": e.id,
                "kind": e.kind,
                "actor": e.actor,
                "actor_seat": e.actor_seat,
                "round": e.round,
                "slot": e.slot,
                "slot_version": e.slot_version,
                "payload": e.payload,
                "at": e.created_at.isoformat(timespec="seconds") if e.created_at else None,
            }
            for e in rows
            if e.kind in game_type(game.kind).replayed
        ],
    }
