"""Export a game as CSV or JSON; import the JSON back into a new table with the same result."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from sqlalchemy.exc import IntegrityError

from companion.errors import Unreadable
from companion.extensions import db
from companion.games.protocol import Event
from companion.games.scoresheet import Sheet
from companion.tables import store
from companion.tables.models import Game, Table
from companion.tables.registry import game_type
from companion.tables.snapshot import plain

FORMAT = "companion-game"
REPLAYED = {"score", "undo"}


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


def to_json(table: Table, game: Game, rows: list[Event]) -> dict[str, Any]:
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
                "at": e.created_at.isoformat(timespec="seconds"),
            }
            for e in rows
            if e.kind in game_type(game.kind).replayed
        ],
    }


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise Unreadable(f"This file is not a Companion game export: {what}.", "file")


def from_json(data: Any, phone: str) -> Table:
    """Create a new table replaying the exported events; all or nothing."""
    _need(isinstance(data, dict) and data.get("format") == FORMAT, "the format mark is missing")
    game, seats, events = data.get("game"), data.get("seats"), data.get("events")
    _need(isinstance(game, dict) and isinstance(game.get("options"), dict), "no game options")
    _need(isinstance(seats, list) and all(isinstance(s, str) for s in seats), "no seat names")
    _need(isinstance(events, list), "no list of events")
    kind = game_type(str(game.get("kind")))
    options = kind.parse_options(game["options"])
    _need(len(seats) == options.players, "the seats do not match the number of players")
    try:
        table = store.create_table(
            kind.key, options.to_dict(), [s[:40] for s in seats], phone, commit=False
        )
        _replay(table.game, events, options.players)
        kind.sheet(options, [plain(e) for e in store.events(table.game)])  # must still add up
        store.append(table.game, "import", "Import", None, {"events": len(events)})
        db.session.commit()
    except (KeyError, TypeError, ValueError, AttributeError, IntegrityError) as err:
        db.session.rollback()
        raise Unreadable(f"This file's events cannot be read ({err.__class__.__name__}).") from None
    except Unreadable:
        db.session.rollback()
        raise
    return table


def _replay(game: Game, events: list[Any], players: int) -> None:
    """Replay score/undo events (cells) or a game's own events (kept as they were)."""
    ids: dict[int, int] = {}
    replayed = game_type(game.kind).replayed
    for item in events:
        _need(isinstance(item, dict) and item.get("kind") in replayed, "an unknown event")
        own_undo = item["kind"] == "undo" and "seat" not in item["payload"]
        if item["kind"] not in REPLAYED or own_undo:
            _replay_own(game, item, ids)
            continue
        payload = dict(item["payload"])
        seat, round_ = int(payload["seat"]), int(item["round"])
        _need(0 <= seat < players and round_ >= 1, "a seat or round out of range")
        if item["kind"] == "undo":
            payload["undoes"] = ids[int(payload["undoes"])]
        else:
            payload["points"] = int(payload["points"])
        slot = (store.cell_slot(round_, seat), int(item["slot_version"]))
        event = store.append(
            game, item["kind"], str(item.get("actor", ""))[:60], None, payload, round_, slot
        )
        db.session.flush()
        ids[int(item["id"])] = event.id


def _replay_own(game: Game, item: dict[str, Any], ids: dict[int, int]) -> None:
    payload = dict(item["payload"])
    if "undoes" in payload:
        payload["undoes"] = ids[int(payload["undoes"])]
    slot = None
    if item.get("slot") is not None:
        slot = (str(item["slot"])[:40], int(item["slot_version"]))
    round_ = None if item.get("round") is None else int(item["round"])
    actor = str(item.get("actor", ""))[:60]
    event = store.append(
        game, str(item["kind"]), actor, item.get("actor_seat"), payload, round_, slot
    )
    db.session.flush()
    ids[int(item["id"])] = event.id
