"""The real Alembic migrations, from an empty database, on SQLite and on PostgreSQL: the app
migrates at start (as ``companion serve`` does), the schema it makes is the models' schema,
and a second start finds nothing to do.

Other tests share one migrated database per session (see ``tests/conftest.py``); this is the
test that the migrations themselves work from nothing."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from companion import create_app
from companion.extensions import db
from companion.tables.database import MIGRATIONS


def _app(uri: str, migrate: bool):  # type: ignore[no-untyped-def]
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": uri,
         "AUTO_MIGRATE": migrate}
    )  # fmt: skip


def test_migrations_from_empty_make_the_models_schema(empty_database: str):
    before = _app(empty_database, migrate=False)
    with before.app_context():
        assert inspect(db.engine).get_table_names() == []  # really empty
        db.engine.dispose()

    app = _app(empty_database, migrate=True)  # the real upgrade, from nothing to head
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    with app.app_context(), db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert context.get_current_revision() == head
        assert compare_metadata(context, db.metadata) == []  # tables, columns, types, indexes
        names = set(inspect(conn).get_table_names())
    assert names == {t.name for t in db.metadata.sorted_tables} | {"alembic_version"}
    with app.app_context():
        db.engine.dispose()

    again = _app(empty_database, migrate=True)  # a restart: already at head
    with again.app_context(), db.engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_revision() == head
    with again.app_context():
        db.engine.dispose()
