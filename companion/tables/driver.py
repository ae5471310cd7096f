"""The Table API action's statements sent to the database driver itself, on a pooled
connection of its own, outside SQLAlchemy's session and execution layer (a third of an
action's CPU went there for two or three statements).

The statements stay SQLAlchemy Core statements (``Prepared``): each is compiled once per
dialect, and its parameters and columns are converted by the column types' own bind and
result processors, so a row read here is the row SQLAlchemy reads. What a write needs is
unchanged: the game's lock (``BEGIN IMMEDIATE`` on SQLite, ``FOR UPDATE`` on PostgreSQL, or
PostgreSQL's one-statement compare-and-set in autocommit), all or nothing, commit before the
answer. The connection is the engine's pool's, so the pool's checks (``database``'s ping of
an idle connection) and its reset on return apply as to the session's."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Protocol

from sqlalchemy import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

from companion.extensions import db

Convert = Callable[[object], object]


class Cursor(Protocol):
    """What is used of a DB-API cursor (sqlite3's, psycopg's)."""

    def execute(
        self, sql: str, params: Sequence[object] | Mapping[str, object] = ...
    ) -> object: ...

    def fetchall(self) -> list[tuple[object, ...]]: ...

    def close(self) -> None: ...


class Prepared:
    """A Core statement compiled for one dialect: its SQL text, its parameters' order (a
    positional driver's) and each result column's conversion."""

    def __init__(self, stmt: ClauseElement, dialect: Dialect) -> None:
        self.stmt = stmt  # held, so its id is never another statement's while this is kept
        compiled = stmt.compile(dialect=dialect)
        assert isinstance(compiled, SQLCompiler)
        self.sql = compiled.string
        positions = compiled.positiontup
        self.positions: tuple[str, ...] | None = tuple(positions) if positions else None
        self.results: tuple[Convert | None, ...] = tuple(
            column.type.dialect_impl(dialect).result_processor(dialect, None)
            for column in getattr(stmt, "selected_columns", ())
        )
        # the columns whose values are converted (JSON and times on SQLite), by position
        self.converts = tuple((i, c) for i, c in enumerate(self.results) if c is not None)
        # the values the statement holds itself (a ``coalesce(..., 0)``'s 0), by their names
        given = {bind.key for bind in compiled.binds.values() if bind.required}
        self.fixed = {k: v for k, v in compiled.params.items() if k not in given}

    def params(self, values: Mapping[str, object]) -> Sequence[object] | Mapping[str, object]:
        if self.fixed:
            values = {**self.fixed, **values}
        if self.positions is None:
            return values
        return [values[name] for name in self.positions]


class Raw:
    """One pooled DB-API connection, for one request's write."""

    def __init__(self, dbapi: object, dialect: Dialect) -> None:
        self.dbapi = dbapi
        self.dialect = dialect
        self.sqlite = dialect.name == "sqlite"
        self.locked: set[int] = set()  # the games this transaction holds the lock of
        self.integrity: type[Exception] = dialect.loaded_dbapi.IntegrityError

    def cursor(self) -> Cursor:
        return self.dbapi.cursor()  # type: ignore[attr-defined, no-any-return]

    def rows(self, prepared: Prepared, values: Mapping[str, object]) -> list[tuple[object, ...]]:
        """The statement's rows, each column as SQLAlchemy converts it."""
        found = self.sql(prepared.sql, prepared.params(values))
        if not prepared.converts:
            return found
        rows = []
        for row in found:
            cells = list(row)
            for i, convert in prepared.converts:
                if cells[i] is not None:
                    cells[i] = convert(cells[i])
            rows.append(tuple(cells))
        return rows

    def sql(
        self, text: str, params: Sequence[object] | Mapping[str, object] = ()
    ) -> list[tuple[object, ...]]:
        """SQL text as the driver takes it (its own parameter style); the rows, if any."""
        cursor = self.cursor()
        try:
            cursor.execute(text, params)
            return cursor.fetchall()
        except self.integrity as err:  # as SQLAlchemy raises it, for the callers' ``except``
            raise IntegrityError(text, params, err) from err
        finally:
            cursor.close()

    def begin_immediate(self) -> None:
        """SQLite: the database's write lock, taken before the first read."""
        if not self.dbapi.in_transaction:  # type: ignore[attr-defined]
            self.sql("BEGIN IMMEDIATE")

    @property
    def autocommit(self) -> bool:
        """PostgreSQL: each statement its own transaction (``driver.connection``)."""
        return not self.sqlite and bool(self.dbapi.autocommit)  # type: ignore[attr-defined]

    @autocommit.setter
    def autocommit(self, on: bool) -> None:
        self.dbapi.autocommit = on  # type: ignore[attr-defined]

    def commit(self) -> None:
        self.dbapi.commit()  # type: ignore[attr-defined]
        self.locked.clear()

    def rollback(self) -> None:
        self.dbapi.rollback()  # type: ignore[attr-defined]
        self.locked.clear()


@contextmanager
def connection(autocommit: bool = False) -> Iterator[Raw]:
    """A connection from the engine's pool for this block, rolled back if the block raises or
    leaves anything uncommitted, and given back. ``autocommit``: PostgreSQL's, for the block
    (SQLite has none)."""
    engine = db.engine
    fairy = engine.raw_connection()
    raw = Raw(fairy.dbapi_connection, engine.dialect)
    try:
        if autocommit and not raw.sqlite:
            raw.autocommit = True
        yield raw
    finally:
        try:
            raw.rollback()
            if autocommit and not raw.sqlite:
                raw.autocommit = False
        finally:
            fairy.close()


_PREPARED: dict[tuple[int, str], Prepared] = {}


def prepared(stmt: ClauseElement, dialect: Dialect) -> Prepared:
    """``stmt`` compiled for ``dialect``, once per process (``stmt`` is a module's constant)."""
    key = (id(stmt), dialect.name)
    found = _PREPARED.get(key)
    if found is None or found.stmt is not stmt:
        found = _PREPARED[key] = Prepared(stmt, dialect)
    return found
