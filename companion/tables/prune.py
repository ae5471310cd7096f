"""Tables idle for longer than some days, and removing them (``companion prune``), so a hosted
server's disk stays bounded: nothing else ever deletes a table.

A table's last change is its newest event (each game's ``last_event``, kept by the database),
or when it was made if it has none. Removing a table removes everything it holds: its games'
events, its games, seats, Table API keys and retired links.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from companion.extensions import db
from companion.games.seats import seat_name
from companion.tables.models import ApiKey, Event, Game, OldLink, Seat, Table, now

BATCH = 500  # tables removed per statement, so no statement names too many


@dataclass(frozen=True)
class Idle:
    """A table with no change since ``last``: its number, name, game and seats' names."""

    id: int
    name: str
    game: str
    seats: str
    last: datetime


def idle(days: float, at: datetime | None = None) -> list[Idle]:
    """Every table whose last change is more than ``days`` days before ``at`` (now), oldest
    first."""
    cutoff = (at or now()) - timedelta(days=days)
    newest = (
        select(func.max(Event.created_at))
        .join(Game, Event.id == Game.last_event)
        .where(Game.table_id == Table.id)
        .scalar_subquery()
    )
    last = func.coalesce(newest, Table.created_at).label("last")
    rows = db.session.execute(
        select(Table.id, last).where(last < cutoff).order_by(last, Table.id)
    ).all()
    return [_described(ident, when) for ident, when in rows]


def _described(ident: int, last: datetime) -> Idle:
    table = db.session.get(Table, ident)
    assert table is not None
    seats = ", ".join(seat_name(s.position, {s.position: s.name}) for s in table.seats)
    game = table.games[-1].kind if table.games else ""
    db.session.expunge(table)  # one at a time: a long list never sits in the session
    return Idle(ident, table.name, game, seats, last)


def remove(ids: Sequence[int]) -> int:
    """Remove the tables ``ids`` and all they hold; commits. How many were removed."""
    removed = 0
    for start in range(0, len(ids), BATCH):
        chunk = list(ids[start : start + BATCH])
        games = select(Game.id).where(Game.table_id.in_(chunk))
        db.session.execute(delete(Event).where(Event.game_id.in_(games)))
        db.session.execute(delete(Game).where(Game.table_id.in_(chunk)))
        for model in (Seat, ApiKey, OldLink):
            db.session.execute(delete(model).where(model.table_id.in_(chunk)))
        db.session.execute(delete(Table).where(Table.id.in_(chunk)))
        db.session.commit()
        removed += len(chunk)
    return removed
