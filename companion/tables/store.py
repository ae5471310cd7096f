"""Rows <-> plain events. Every change is an appended ``Event``; nothing is updated or deleted.

Only the service (``companion.tables.service``) decides what to append: it plans the events
(``companion.games.plan``: the version check, then the game's ``apply``) and hands them here;
a new table's and a new game's first event are written here as they are created. Each names
the slot it changes (one cell, one hand, the seats...) and that slot's next version; the
database's unique key on ``(game_id, slot, slot_version)`` lets exactly one change per version
win, whichever process made it, and the loser is told (``Conflict``) with the values now.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import cast

from sqlalchemy import Connection, Dialect, Select, bindparam, func, insert, or_, select
from sqlalchemy import event as sa_event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, joinedload, selectinload

from companion.errors import Conflict, Forbidden
from companion.extensions import db
from companion.games.plan import Columns
from companion.games.protocol import JSON, Payload
from companion.games.protocol import Event as Plain
from companion.tables import driver, tokens
from companion.tables.models import Event, Game, OldLink, Seat, Table, now


def create_table(
    kind: str, options: dict[str, JSON], names: list[str], phone: str, commit: bool = True
) -> Table:
    table = Table(
        token=tokens.link_token(),
        join_token=tokens.link_token(),
        join_code=free_code(),
        share_token=tokens.link_token(),
        host_phone=phone,
    )
    table.seats = [Seat(position=i, name=name) for i, name in enumerate(names)]
    table.games = [Game(number=1, kind=kind, options=options)]
    db.session.add(table)
    db.session.flush()
    append(table.games[0], "new-table", "Host", None, {"names": names})
    if commit:
        db.session.commit()
    return table


def free_code() -> str:
    while True:
        code = tokens.join_code()
        if db.session.scalar(select(Table.id).where(Table.join_code == code)) is None:
            return code


_LOCK = select(Game.id).where(Game.id == bindparam("game")).with_for_update()
EVENTS = Event.__table__
_INSERT = insert(EVENTS).returning(EVENTS.c.id, sort_by_parameter_order=True)


def rotate(table: Table) -> str:
    """New table, join and share links and a new code; returns the old table link's token,
    kept as an ``OldLink`` so the table's own phones find their way to the new one.
    The game's lock comes first, as in every other change of the table (a join, a freed
    seat, an action), and the links are read again under it: two rotations at once then
    run one after the other, each from the links the other left, and a join meanwhile
    cannot deadlock with it."""
    lock_game(table.game.id)
    db.session.refresh(table, ["token", "join_token", "share_token", "join_code"])
    old = table.token
    db.session.add(OldLink(table_id=table.id, token=old))
    table.token, table.join_token = tokens.link_token(), tokens.link_token()
    table.share_token, table.join_code = tokens.link_token(), free_code()
    return old


def moved_table(token: str) -> Table | None:
    """The table an old (rotated) table link belonged to."""
    if not token or len(token) > 64 or "\x00" in token:
        return None
    found = db.session.scalar(select(OldLink.table_id).where(OldLink.token == token))
    return None if found is None else db.session.get(Table, found)


def lock_game(game_id: int) -> None:
    """Hold the game's writes until this transaction ends, so a game's event ids are given
    out in commit order and nobody else appends between this transaction's read of the
    events and its commit (see ``snapshot``). PostgreSQL: the game's row, FOR UPDATE.
    SQLite: ``BEGIN IMMEDIATE``, the database's one write lock, taken before the read."""
    if game_id in db.session.info.get("locked_games", ()):
        return
    conn = db.session.connection()
    if not begin_immediate(conn):
        conn.execute(_LOCK, {"game": game_id})
    held(game_id)


def held(game_id: int) -> None:
    """Note that this transaction holds the game's lock (taken by ``lock_game``, or by a
    query of the caller's own: FOR UPDATE, or ``begin_immediate``)."""
    db.session.info.setdefault("locked_games", set()).add(game_id)


def begin_immediate(conn: Connection) -> bool:
    """On SQLite, take the write lock now, before reading (True); elsewhere do nothing
    (False). The driver opens a transaction only before its first write, so one already
    open has written and holds the lock."""
    if conn.dialect.name != "sqlite":
        return False
    raw = conn.connection.dbapi_connection
    if raw is not None and not raw.in_transaction:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    return True


@sa_event.listens_for(Session, "after_commit")
@sa_event.listens_for(Session, "after_rollback")
def _unlocked(session: Session, *_: object) -> None:
    session.info.pop("locked_games", None)


# the most events one game keeps (a phone looping score and undo, or renaming itself, must not
# grow a table without bound); an import takes as many, so any table's export imports again
MAX_EVENTS = 5_000
FULL = (
    f"This game has reached {MAX_EVENTS:,} changes, as many as one game keeps. Nothing "
    "of yours was saved: start a new game to keep playing."
)


def append(
    game: Game,
    kind: str,
    actor: str,
    actor_seat: int | None,
    payload: dict[str, object],
    round_: int | None = None,
    slot: tuple[str, int] | None = None,
    capped: bool = True,
) -> Event:
    """Add an event to the session. ``slot`` is ``(name, version)`` for a versioned change.
    ``Forbidden`` when the game has ``MAX_EVENTS`` already (``capped``: an import counts its
    own)."""
    if game.id is not None:
        lock_game(game.id)
        if capped and events_count(game.id) >= MAX_EVENTS:
            db.session.rollback()
            raise Forbidden(FULL, "full")
    event = Event(
        game_id=game.id,
        kind=kind,
        actor=actor,
        actor_seat=actor_seat,
        round=round_,
        slot=slot[0] if slot else None,
        slot_version=slot[1] if slot else None,
        payload=payload,
    )
    db.session.add(event)
    return event


_COUNT = select(Game.__table__.c.event_count).where(Game.__table__.c.id == bindparam("game"))


def events_count(game_id: int) -> int:
    """How many events the game holds (every kind): its row's count, kept by the database on
    every insert (``Game.event_count``), so the cost does not grow with the game. Exact for
    a caller that holds the game's lock (``lock_game``); the session's pending events are
    flushed (and so counted) first."""
    db.session.flush()
    return int(db.session.connection().execute(_COUNT, {"game": game_id}).scalar() or 0)


class KeptColumns(Columns):
    """An imported event's columns: it keeps its own time."""

    created_at: datetime | None  # always given by an import (importing._time)


def insert_kept(game_id: int, rows: Sequence[KeptColumns]) -> list[int]:
    """Store events that keep their own times (``created_at`` in each row: an import's) in
    one statement, without ORM objects; their ids, in the rows' order."""
    params = [{**r, "game_id": game_id} for r in rows]
    return list(db.session.connection().execute(_INSERT, params).scalars().all())


def insert_events(
    game_id: int,
    rows: Sequence[Columns],
    if_head: bool = False,
    head: int = 0,
    raw: driver.Raw | None = None,
) -> list[Plain] | None:
    """Store new events of a locked game in one statement, without ORM objects; answer them
    as plain values with their ids, the payload as the database gives it back (JSON).
    ``if_head``: on PostgreSQL, only if the game's newest event is still ``head``, the newest
    event the caller folded under the lock (``insert_after``; None, nothing stored, only if a
    later game was started meanwhile). ``raw``: on that connection (``driver``), whose
    transaction holds the game's lock, not the session's. Other processes' streams are told
    after the commit (``live.PostgresBroker.publish``), not by this statement."""
    if raw is not None:
        if if_head and not raw.sqlite:
            return insert_after(game_id, head, rows, raw)
        return _insert_raw(raw, game_id, rows)
    conn = db.session.connection()
    if if_head and conn.dialect.name != "sqlite":
        return insert_after(game_id, head, rows)
    at = now()
    params = [{**r, "game_id": game_id, "created_at": at} for r in rows]
    ids = list(conn.execute(_INSERT, params).scalars().all())
    return sorted(_plain(ids, rows, at), key=lambda e: e.id)


def _same(value: object) -> object:
    return value


def _insert_raw(raw: driver.Raw, game_id: int, rows: Sequence[Columns]) -> list[Plain]:
    """``insert_events`` on SQLite through the driver: one ``INSERT ... RETURNING`` a row, in
    the rows' order, in the transaction that holds the write lock (``BEGIN IMMEDIATE``)."""
    if game_id not in raw.locked:
        raise RuntimeError("insert_events: the game's lock first (holders.holder for a change)")
    at = now()
    sql, binds = _inserting(raw.dialect)
    stamp = binds["created_at"](at)
    ids = []
    texts = _texts(rows)
    columns: Sequence[Mapping[str, object]] = rows
    for r, text in zip(columns, texts, strict=True):
        values = [game_id, *(binds[name](r[name]) for name in _OWN), text, stamp]
        ids.append(cast(int, raw.sql(sql, values)[0][0]))
    return _plain(ids, rows, at, texts)


def _texts(rows: Sequence[Columns]) -> list[str]:
    """Each row's payload as the JSON text stored (what the column's type would write: the
    driver is given the text itself, and the answer reads it back, so it is written once)."""
    return [json.dumps(r["payload"]) for r in rows]


_INSERTING: dict[str, tuple[str, dict[str, Callable[[object], object]]]] = {}


def _inserting(dialect: Dialect) -> tuple[str, dict[str, Callable[[object], object]]]:
    """``_insert_raw``'s statement for a positional driver, and each column's conversion."""
    found = _INSERTING.get(dialect.name)
    if found is None:
        names = [name for name, _ in _APPENDED]
        marks = ", ".join("?" for _ in range(len(names) + 2))
        sql = (
            f"INSERT INTO events (game_id, {', '.join(names)}, created_at) "
            f"VALUES ({marks}) RETURNING id"
        )
        binds: dict[str, Callable[[object], object]] = {}
        for name in [*_OWN, "created_at"]:
            convert = EVENTS.c[name].type.dialect_impl(dialect).bind_processor(dialect)
            binds[name] = convert or _same
        found = _INSERTING[dialect.name] = (sql, binds)
    return found


def insert_after(
    game_id: int, head: int, rows: Sequence[Columns], raw: driver.Raw | None = None
) -> list[Plain] | None:
    """PostgreSQL, outside a transaction: store ``rows`` as the game's next events only if its
    newest event is still ``head`` and the table has started no later game, in one statement
    that is its own transaction; answer the stored events, or None (nothing stored) when
    another writer got there first. The condition is
    on the game's row (``last_event``, kept by a trigger), locked by the statement: a writer
    that waited for another's lock sees that row as the other left it, so two writers that
    folded the same head cannot both append.
    The ids are taken while the row is locked, so they still grow in commit order.
    Also the locked way's insert (``insert_events``): under the game's lock the condition
    holds unless a later game was started. ``raw``: on that connection (``driver``)."""
    at = now()
    if raw is not None:
        autocommit, locked = raw.autocommit, game_id in raw.locked
    else:
        conn = db.session.connection()
        autocommit = conn.connection.dbapi_connection.autocommit  # type: ignore[union-attr]
        locked = game_id in db.session.info.get("locked_games", ())
    if not autocommit and not locked:
        # a transaction nobody holds the lock for might never be committed: never answer it
        raise RuntimeError("insert_after: autocommit (driver.connection), or the game's lock")
    sql = _appending(len(rows))
    texts = _texts(rows)
    columns: Sequence[Mapping[str, object]] = rows
    # positional, in the order the statement's parameters appear (no names to look up)
    params: list[object] = [game_id, head, at]
    for r, text in zip(columns, texts, strict=True):
        params += [r[name] for name in _OWN]
        params.append(text)
    if raw is not None:
        ids = sorted(cast(int, row[0]) for row in raw.sql(sql, params))
    else:
        ids = sorted(row[0] for row in conn.exec_driver_sql(sql, tuple(params)))
    if not ids:
        return None
    return _plain(ids, rows, at, texts)


def _plain(
    ids: Sequence[int], rows: Sequence[Columns], at: datetime, texts: Sequence[str] | None = None
) -> list[Plain]:
    """Stored rows as plain events, in id order (ids given in the rows' order); the payload as
    the database gives it back, read from ``texts`` (``_texts``) when given."""
    stored = texts if texts is not None else _texts(rows)
    return [
        Plain(
            id=i,
            kind=r["kind"],
            actor=r["actor"],
            actor_seat=r["actor_seat"],
            round=r["round"],
            slot=r["slot"],
            slot_version=r["slot_version"],
            payload=json.loads(text),
            created_at=at,
        )
        for i, r, text in zip(ids, rows, stored, strict=True)
    ]


# an appended event's own columns: (name, PostgreSQL type for its VALUES entry)
_APPENDED = (
    ("kind", "varchar"),
    ("actor", "varchar"),
    ("actor_seat", "integer"),
    ("round", "integer"),
    ("slot", "varchar"),
    ("slot_version", "integer"),
    ("payload", "json"),
)
# the columns given as they are (the payload, last, is given as its JSON text)
_OWN = tuple(name for name, _ in _APPENDED[:-1])


@functools.lru_cache(maxsize=64)
def _appending(count: int) -> str:
    """``insert_after``'s statement for ``count`` rows, its parameters positional: the game,
    its head, the time, each row's own columns (``_OWN``) and payload as JSON text. The
    ``NOTIFY`` is not in it: a ``NOTIFY`` makes PostgreSQL hold one lock for the whole
    database from before the commit until it is on disk, so every writer's commit waited for
    every other's (``live.PostgresBroker`` sends it after the commit). Written as SQL:
    SQLAlchemy cannot cache an INSERT inside a CTE, and
    PostgreSQL can prepare the same text again and again."""
    names = [name for name, _ in _APPENDED]
    rows = ", ".join(
        "(" + ", ".join([str(i)] + [f"CAST(%s AS {kind})" for _, kind in _APPENDED]) + ")"
        for i in range(count)
    )
    columns = ", ".join(names)
    return (
        "WITH head AS (SELECT id FROM games WHERE id = %s AND last_event = %s "
        "AND NOT EXISTS (SELECT 1 FROM games AS later WHERE later.table_id = games.table_id "
        "AND later.number > games.number) FOR UPDATE OF games), "
        f"ins AS (INSERT INTO events (game_id, {columns}, created_at) "
        f"SELECT head.id, {', '.join('v.' + n for n in names)}, %s "
        f"FROM head, (VALUES {rows}) AS v(n, {columns}) ORDER BY v.n RETURNING id) "
        "SELECT id FROM ins"
    )


_SEATS = Seat.__table__


def change_seats(game_id: int, kind: str, payload: Mapping[str, object]) -> None:
    """The table's seat rows after an ``add-seat`` (a free seat at the end) or a
    ``remove-seat`` (the seat goes, the seats after it move up one place, lowest first so the
    unique (table, position) key holds at every step). The game is locked (``lock_game``)."""
    conn = db.session.connection()
    table_id = conn.execute(select(Game.table_id).where(Game.id == game_id)).scalar_one()
    where = _SEATS.c.table_id == table_id
    if kind == "add-seat":
        position = conn.execute(select(func.count()).select_from(_SEATS).where(where)).scalar()
        name = str(payload.get("name") or "")
        conn.execute(_SEATS.insert().values(table_id=table_id, position=position, name=name))
        return
    seat = payload["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):  # the custom sheet stores one
        raise TypeError(f"A seat removed names seat {seat!r}.")
    conn.execute(_SEATS.delete().where(where, _SEATS.c.position == seat))
    later = (
        conn.execute(
            select(_SEATS.c.id).where(where, _SEATS.c.position > seat).order_by(_SEATS.c.position)
        )
        .scalars()
        .all()
    )
    for step, seat_id in enumerate(later):
        conn.execute(_SEATS.update().where(_SEATS.c.id == seat_id).values(position=seat + step))


def seat_changes_after(table: Table, number: int) -> list[tuple[str, Payload]]:
    """The seats added and removed in the table's games after game ``number``, in order."""
    stmt = (
        select(Event.kind, Event.payload)
        .join(Game, Game.id == Event.game_id)
        .where(
            Game.table_id == table.id,
            Game.number > number,
            Event.kind.in_(("add-seat", "remove-seat")),
        )
        .order_by(Event.id)
    )
    return [(kind, payload or {}) for kind, payload in db.session.execute(stmt)]


def cell_slot(round_: int, seat: int) -> str:
    return f"r{round_}s{seat}"


def slot_version(game: Game, slot: str) -> int:
    stmt = select(func.max(Event.slot_version)).where(Event.game_id == game.id, Event.slot == slot)
    return db.session.scalar(stmt) or 0


def commit_change(what: str) -> None:
    """Commit, turning a lost race for the same slot version into ``Conflict``."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(
            f"{what} was changed on another phone a moment ago. "
            "Nothing of yours was saved: check the latest values and send again."
        ) from None


def events(game: Game) -> list[Event]:
    stmt = select(Event).where(Event.game_id == game.id).order_by(Event.id)
    return list(db.session.scalars(stmt))


def table_by(column: str, value: str) -> Table | None:
    """The table whose ``column`` is ``value``; None for a value no link can hold (empty, too
    long, or with a NUL byte, which PostgreSQL refuses to compare at all)."""
    if not value or len(value) > 64 or "\x00" in value:
        return None
    stmt = _TABLE_BY.get(column)
    if stmt is None:  # built once per column (a quarter of a lookup's time when built each time)
        stmt = select(Table).where(getattr(Table, column) == bindparam("value"))
        # every page reads the seats and the games: loaded with the table (2 queries, not 3)
        stmt = _TABLE_BY[column] = stmt.options(joinedload(Table.seats), selectinload(Table.games))
    return db.session.scalars(stmt, {"value": value}).unique().first()


_TABLE_BY: dict[str, Select[Table]] = {}


_GAMES_C = Game.__table__.c
_TABLE_COUNT = select(func.coalesce(func.sum(_GAMES_C.event_count), 0)).where(
    _GAMES_C.table_id == bindparam("table")
)


def table_version(table: Table) -> int:
    """Grows with every change to this table and nothing else: how many events the table has
    stored (``Snapshot.table_version`` counts the same; event ids are shared by all tables),
    summed from its games' counts (``Game.event_count``): one row per game, never the events."""
    db.session.flush()
    return int(db.session.connection().execute(_TABLE_COUNT, {"table": table.id}).scalar() or 0)


def last_change(table: Table) -> datetime:
    """When the table's newest event was stored."""
    stmt = (
        select(func.max(Event.created_at))
        .join(Game, Game.id == Event.game_id)
        .where(Game.table_id == table.id)
    )
    return db.session.scalar(stmt) or table.created_at


def new_game(table: Table, actor: str, actor_seat: int | None) -> Game:
    old = table.game
    options = dict(old.options)
    players = len(table.seats)
    if "players" in options:  # the seats may have changed during the game (custom sheet)
        options["players"] = players
    options["first_dealer"] = (int(options.get("first_dealer", 0)) + 1) % players
    game = Game(table_id=table.id, number=old.number + 1, kind=old.kind, options=options)
    db.session.add(game)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise Conflict("A new game was just started on another phone.") from None
    append(game, "new-game", actor, actor_seat, {"after": old.number})
    db.session.commit()
    return game


def tables_of(phone: str, limit: int = 12) -> list[tuple[Table, Seat | None]]:
    """The tables this phone hosts or sits at, newest first, with its seat there (if any)."""
    seated = select(Seat.table_id).where(Seat.phone == phone)
    rows = db.session.scalars(
        select(Table)
        .where(or_(Table.host_phone == phone, Table.id.in_(seated)))
        .order_by(Table.id.desc())
        .limit(limit)
    ).all()
    return [(t, next((s for s in t.seats if s.phone == phone), None)) for t in rows]
