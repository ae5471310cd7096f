"""Database set-up: SQLite in WAL mode by default, PostgreSQL by DATABASE_URL; Alembic
migrations (Flask-Migrate) applied at start."""

from __future__ import annotations

import os
import time
from pathlib import Path

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
# PostgreSQL connections each worker keeps open (``COMPANION_DB_POOL_SIZE``)
POOL_SIZE = 30


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()


def engine_options(app: Flask) -> None:
    """Set before ``db.init_app`` builds the engine. A gevent worker runs on one core, so a
    few dozen connections per worker keep it busy; requests beyond them wait for one (instead of
    exhausting PostgreSQL's ``max_connections``, 100 by default, across workers). The pool
    keeps ``COMPANION_DB_POOL_SIZE`` connections (30) and opens at most 10 more for a burst:
    with 50 phones on two workers, a smaller pool closed and reopened connections all the time
    (a new PostgreSQL connection costs a process on the server and a login)."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if uri.startswith("sqlite"):
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"connect_args": {"timeout": 10}})
        return
    app.config.setdefault(
        "SQLALCHEMY_ENGINE_OPTIONS",
        {"pool_size": pool_size(), "max_overflow": 10, "pool_timeout": 15},
    )


def pool_size() -> int:
    """``COMPANION_DB_POOL_SIZE`` when it is a whole number above 0, else 30."""
    try:
        size = int(os.environ.get("COMPANION_DB_POOL_SIZE", POOL_SIZE))
    except ValueError:
        return POOL_SIZE
    return size if size > 0 else POOL_SIZE


def ping_idle_connections(engine: Engine, after_seconds: float) -> None:
    """Before a pooled PostgreSQL connection is handed out, check it is still alive, but only
    if it has sat unused for ``after_seconds`` (``COMPANION_DB_PING_AFTER_SECONDS``, 5 by
    default): a database restart or an idle timeout ends idle connections, while a connection
    given back a moment ago is busy and alive. SQLAlchemy's ``pool_pre_ping`` would spend a
    round trip on every request, a sixth of a Table API action's; a dead connection is
    swapped for a new one either way."""
    if engine.dialect.name == "sqlite":
        return

    @event.listens_for(engine, "checkin")
    def _checked_in(_dbapi: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _checked_out(
        dbapi: DBAPIConnection, record: ConnectionPoolEntry, _proxy: PoolProxiedConnection
    ) -> None:
        since = record.info.pop("idle_since", None)
        if since is None or time.monotonic() - since < after_seconds:
            return  # a new connection, or one given back a moment ago
        try:
            engine.dialect.do_ping(dbapi)
        except Exception as gone:  # the pool replaces it with a new connection
            raise DisconnectionError(str(gone)) from gone


def init_app(app: Flask) -> None:
    from companion.tables import circlemodels, models  # noqa: F401  (register the models)

    if app.config.get("AUTO_MIGRATE"):
        upgrade(app)


def upgrade(app: Flask) -> None:
    from flask_migrate import upgrade as alembic_upgrade

    with app.app_context():
        alembic_upgrade(directory=str(MIGRATIONS))
