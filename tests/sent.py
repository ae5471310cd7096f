"""What an app sends to the database, counted at the driver, below SQLAlchemy: the Table API's
action sends its statements to the driver itself (``companion.tables.driver``), so
SQLAlchemy's ``before_cursor_execute`` never sees them.

- SQLite: the app's connections are made anew as a counting ``sqlite3.Connection`` (the
  engine's ``do_connect`` hands ``sqlite3.connect`` a ``factory``), whose cursors note each
  statement, and whose ``commit`` notes ``COMMIT`` when a transaction was open.
- PostgreSQL: every cursor of the connection is made by a counting cursor class
  (``psycopg.Connection.cursor_factory``), which notes each statement and whether the
  connection was in autocommit (no ``BEGIN`` or ``COMMIT`` around it) when it went.

Every connection is watched from its checkout from the engine's pool (the session's and the
driver's alike) to its return."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import psycopg
from flask import Flask
from sqlalchemy import event

from companion.extensions import db


@dataclass(frozen=True)
class Sent:
    sql: str
    autocommit: bool  # PostgreSQL: the connection was in autocommit (SQLite: False)


class _SqliteCursor(sqlite3.Cursor):
    def execute(self, sql, parameters=(), /):  # type: ignore[no-untyped-def, override]
        _note(self.connection, sql)
        return super().execute(sql, parameters)

    def executemany(self, sql, seq, /):  # type: ignore[no-untyped-def, override]
        _note(self.connection, sql)
        return super().executemany(sql, seq)


class _SqliteConnection(sqlite3.Connection):
    seen: list[Sent] | None = None

    def cursor(self, factory=None):  # type: ignore[no-untyped-def, override]
        return super().cursor(factory or _SqliteCursor)

    def execute(self, sql, parameters=(), /):  # type: ignore[no-untyped-def, override]
        return self.cursor().execute(sql, parameters)

    def executemany(self, sql, seq, /):  # type: ignore[no-untyped-def, override]
        return self.cursor().executemany(sql, seq)

    def commit(self) -> None:
        if self.in_transaction:
            _note(self, "COMMIT")
        super().commit()


def _note(conn: object, sql: str) -> None:
    seen = getattr(conn, "seen", None)
    if seen is not None:
        seen.append(Sent(sql, False))


def recording(app: Flask) -> list[Sent]:
    """Every statement the app sends from now on (the list fills as it goes; a later
    ``recording`` of the same app takes over). SQLite: the pool's connections are closed
    first, so that every one is made counting."""
    seen: list[Sent] = []

    class Counting(psycopg.Cursor):  # type: ignore[type-arg]
        def execute(self, query, params=None, **kw):  # type: ignore[no-untyped-def]
            seen.append(Sent(str(query), bool(self.connection.autocommit)))
            return super().execute(query, params, **kw)

        def executemany(self, query, params_seq, **kw):  # type: ignore[no-untyped-def]
            seen.append(Sent(str(query), bool(self.connection.autocommit)))
            return super().executemany(query, params_seq, **kw)

    def connect(_dialect, _record, _cargs, cparams) -> None:  # type: ignore[no-untyped-def]
        cparams["factory"] = _SqliteConnection

    def checkout(dbapi, _record, _proxy) -> None:  # type: ignore[no-untyped-def]
        if isinstance(dbapi, _SqliteConnection):
            dbapi.seen = seen
        elif isinstance(dbapi, psycopg.Connection):
            dbapi.cursor_factory = Counting

    def checkin(dbapi, _record) -> None:  # type: ignore[no-untyped-def]
        if isinstance(dbapi, _SqliteConnection):
            dbapi.seen = None
        elif isinstance(dbapi, psycopg.Connection):
            dbapi.cursor_factory = psycopg.Cursor

    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "do_connect", connect)
        engine.dispose()
    event.listen(engine, "checkout", checkout)
    event.listen(engine, "checkin", checkin)
    return seen


def sql(seen: list[Sent]) -> list[str]:
    return [s.sql for s in seen]
