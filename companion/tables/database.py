"""Database set-up: SQLite in WAL mode by default, PostgreSQL by DATABASE_URL; Alembic
migrations (Flask-Migrate) applied at start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
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
    exhausting PostgreSQL's ``max_connections``, 100 by default, across workers)."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    if uri.startswith("sqlite"):
        app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {"connect_args": {"timeout": 10}})
        return
    app.config.setdefault(
        "SQLALCHEMY_ENGINE_OPTIONS",
        {"pool_pre_ping": True, "pool_size": 10, "max_overflow": 20, "pool_timeout": 15},
    )


def init_app(app: Flask) -> None:
    from companion.tables import models  # noqa: F401  (register the models)

    if app.config.get("AUTO_MIGRATE"):
        upgrade(app)


def upgrade(app: Flask) -> None:
    from flask_migrate import upgrade as alembic_upgrade

    with app.app_context():
        alembic_upgrade(directory=str(MIGRATIONS))
