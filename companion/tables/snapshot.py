"""One folded state per game and version, kept per process, so a request reads only the
events newer than what this process has already folded.

A ``Snapshot`` holds a game's events as plain values (``companion.games.protocol.Event``),
the version of every slot, the ids taken out of force by undo and, for a game that
implements the table protocol, its folded state. Snapshots never change: a newer one is
made from an older one plus the newer events, so threads share them freely.

Ids grow in commit order within a game because every append first locks the game's row
(``store.lock_game``); so "events with an id above the last one seen" is exactly what is new.
Ids are shared by every table, so they stay inside (this cache, the game's ``last_event``):
what a phone or a key is shown is ``table_version``, the number of this table's own events
(``store.table_version`` counts the same).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Protocol, cast

from sqlalchemy import and_, bindparam, func, select

from companion.extensions import db, kept_in_app
from companion.games.plan import Folded, fold_in
from companion.games.protocol import Event, Opaque, Payload
from companion.games.scoresheet import Sheet
from companion.tables import driver
from companion.tables.models import Event as EventRow
from companion.tables.models import Game
from companion.tables.registry import game_type


class GameRef(Protocol):
    """What the snapshot needs of a game: its row, or a plain value read without the ORM."""

    @property
    def id(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def options(self) -> Payload: ...  # as stored


def plain(row: EventRow) -> Event:
    return Event(
        id=row.id,
        kind=row.kind,
        actor=row.actor,
        actor_seat=row.actor_seat,
        round=row.round,
        slot=row.slot,
        slot_version=row.slot_version,
        payload=row.payload or {},
        created_at=row.created_at,
    )


@dataclass(frozen=True)
class Snapshot:
    game_id: int
    kind: str
    options: Opaque  # the game's own Options
    players: int
    events: tuple[Event, ...] = ()
    undone: frozenset[int] = frozenset()
    versions: Mapping[str, int] = field(default_factory=dict)
    state: Opaque = None  # the game's own State
    base: int = 0  # the events of the table's earlier games (they never change)

    @property
    def last_id(self) -> int:
        """The id of the game's newest event: for this process's caches and the game's lock,
        never shown (ids count every table's events)."""
        return self.events[-1].id if self.events else 0

    @property
    def table_version(self) -> int:
        """The table's version as phones and keys see it: how many events this table has
        stored, in all its games; it grows with every change to this table only."""
        return self.base + len(self.events)

    @cached_property
    def effective(self) -> list[Event]:
        """Every event still in force, undo events left out, in order."""
        return [e for e in self.events if e.kind != "undo" and e.id not in self.undone]

    @cached_property
    def sheet(self) -> Sheet:
        """The scoresheet, worked out once per snapshot."""
        return game_type(self.kind).table.sheet(self.state)

    def version(self, slot: str) -> int:
        return self.versions.get(slot, 0)

    def newer(self, rows: list[Event]) -> Snapshot:
        """This snapshot with ``rows`` (newer events, in id order) folded in
        (``plan.fold_in``)."""
        if not rows:
            return self
        table = game_type(self.kind).table
        before = Folded(self.events, self.undone, self.versions, self.state)
        f = fold_in(table, self.options, self.players, before, rows)
        return Snapshot(
            self.game_id,
            self.kind,
            self.options,
            self.players,
            f.events,
            f.undone,
            f.versions,
            f.state,
            self.base,
        )


def empty(game: GameRef, players: int, base: int = 0) -> Snapshot:
    kind = game_type(game.kind)
    options = kind.load_options(game.options)
    state = kind.table.initial(options, players)
    return Snapshot(game.id, game.kind, options, players, state=state, base=base)


class SnapshotCache:
    """The newest snapshot of the most recently used games of this process (bounded)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._items: OrderedDict[int, Snapshot] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: int) -> Snapshot | None:
        with self._lock:
            snap = self._items.get(game_id)
            if snap is not None:
                self._items.move_to_end(game_id)
            return snap

    def put(self, snap: Snapshot) -> None:
        with self._lock:
            old = self._items.get(snap.game_id)
            if old is not None and old.last_id > snap.last_id:
                return  # another thread already folded further
            self._items[snap.game_id] = snap
            self._items.move_to_end(snap.game_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def cache() -> SnapshotCache:
    return kept_in_app("snapshots", SnapshotCache)


_COLUMNS = EventRow.__table__.c
_NEWER = (
    select(
        _COLUMNS.id,
        _COLUMNS.kind,
        _COLUMNS.actor,
        _COLUMNS.actor_seat,
        _COLUMNS.round,
        _COLUMNS.slot,
        _COLUMNS.slot_version,
        _COLUMNS.payload,
        _COLUMNS.created_at,
    )
    .where(_COLUMNS.game_id == bindparam("game"), _COLUMNS.id > bindparam("after"))
    .order_by(_COLUMNS.id)
)


_GAMES = Game.__table__
_THIS = _GAMES.alias("this")
# the table's earlier games' counts (``Game.event_count``): one row per game, not its events
_EARLIER = (
    select(func.coalesce(func.sum(_GAMES.c.event_count), 0))
    .select_from(_GAMES)
    .join(_THIS, and_(_THIS.c.table_id == _GAMES.c.table_id, _GAMES.c.number < _THIS.c.number))
    .where(_THIS.c.id == bindparam("game"))
)


def earlier(game_id: int, raw: driver.Raw | None = None) -> int:
    """How many events the table of game ``game_id`` stored in its earlier games."""
    if raw is not None:
        found = raw.rows(driver.prepared(_EARLIER, raw.dialect), {"game": game_id})[0][0]
        return int(cast(int | None, found) or 0)
    return int(db.session.connection().execute(_EARLIER, {"game": game_id}).scalar() or 0)


# an event's columns as ``_NEWER`` reads them; ``_FIRST`` adds ``base``
_Read = tuple[
    int, str, str, "int | None", "int | None", "str | None", "int | None", "Payload | None",
    datetime, int,
]  # fmt: skip


# a game this process has not folded yet: its events and, in the same statement, the count of
# the table's earlier events (``Snapshot.base``)
_FIRST = _NEWER.add_columns(_EARLIER.scalar_subquery().label("base"))


def load(
    game: GameRef, players: int, head: int | None = None, raw: driver.Raw | None = None
) -> Snapshot:
    """The game's snapshot now: the cached one plus the events stored since (one query,
    Core rows straight into plain values). ``head``: the game's newest event id as just read
    (``games.last_event``); a cached snapshot that has folded it is taken without a query.
    ``raw``: read on that connection (``driver``), not the session's."""
    found = cache().get(game.id)
    if found is not None and head is not None and found.last_id >= head:
        return found
    query, after = (_NEWER, found.last_id) if found is not None else (_FIRST, 0)
    values = {"game": game.id, "after": after}
    read: Sequence[Sequence[object]]
    if raw is not None:
        read = raw.rows(driver.prepared(query, raw.dialect), values)
    else:
        read = db.session.connection().execute(query, values).all()
    result = cast(Sequence[_Read], read)  # the columns of ``_NEWER`` (and ``_FIRST``'s base)
    rows = [Event(*r[:7], payload=r[7] or {}, created_at=r[8]) for r in result]
    if found is None:
        base = int(result[0][9] or 0) if result else earlier(game.id, raw)
    snap = found or empty(game, players, base)
    if rows:
        snap = snap.newer(rows)
    if rows or found is None:
        cache().put(snap)
    return snap


def stored(snap: Snapshot, rows: list[Event]) -> Snapshot:
    """``snap`` with the events this transaction has just committed: the game was locked
    from before ``snap`` was read until the commit (``store.lock_game``), so nobody else's
    event falls between; nothing is read back."""
    after = snap.newer(rows)
    cache().put(after)
    return after
