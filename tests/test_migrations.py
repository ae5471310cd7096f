"""The real Alembic migrations, from an empty database, on SQLite and on PostgreSQL: the app
migrates at start (as ``companion serve`` does), the schema it makes is the models' schema,
and a second start finds nothing to do.

Other tests share one migrated database per session (see ``tests/conftest.py``); this is the
test that the migrations themselves work from nothing."""

from __future__ import annotations

import json
from datetime import datetime

import flask_migrate
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, select, text

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


COUNTED = "a3d8f2c6b1e9"  # games.event_count
REVISES = "f7c3a9d1e2b4"  # the revision before it


def _insert_events(conn, game_id: int, how_many: int) -> None:  # type: ignore[no-untyped-def]
    for n in range(how_many):
        conn.execute(
            text("INSERT INTO events (game_id, kind, actor, payload, created_at) "
                 "VALUES (:game, 'note', 'Host', :payload, :at)"),
            {"game": game_id, "payload": json.dumps({"n": n}), "at": datetime(2026, 11, 1)},
        )  # fmt: skip


def _table_with_games(conn, token: str, counts: list[int]) -> list[int]:  # type: ignore[no-untyped-def]
    """A table (as an older version stored it) with one game per count, each holding that many
    events; the games' ids."""
    conn.execute(
        text("INSERT INTO tables (token, join_token, join_code, share_token, host_phone, name, "
             "locked, created_at) VALUES (:t, :j, :code, :s, 'p', '', false, :at)"),
        {"t": token, "j": token + "j", "s": token + "s", "code": token[:6],
         "at": datetime(2026, 11, 1)},
    )  # fmt: skip
    table_id = conn.execute(text("SELECT id FROM tables WHERE token = :t"), {"t": token}).scalar()
    ids = []
    for number, how_many in enumerate(counts, start=1):
        conn.execute(
            text("INSERT INTO games (table_id, number, kind, options, created_at) "
                 "VALUES (:table, :number, 'custom', '{}', :at)"),
            {"table": table_id, "number": number, "at": datetime(2026, 11, 1)},
        )  # fmt: skip
        game_id = conn.execute(
            text("SELECT id FROM games WHERE table_id = :table AND number = :number"),
            {"table": table_id, "number": number},
        ).scalar()
        _insert_events(conn, game_id, how_many)
        ids.append(game_id)
    return ids


def _counts(conn, ids: list[int]) -> list[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    """Each game's stored count, the count of its events, and whether ``last_event`` is its
    newest event's id (1) or not (0)."""
    rows = conn.execute(
        text("SELECT g.event_count, (SELECT count(*) FROM events e WHERE e.game_id = g.id), "
             "CASE WHEN g.last_event = (SELECT max(e.id) FROM events e WHERE e.game_id = g.id) "
             "THEN 1 ELSE 0 END FROM games g ORDER BY g.id")
    ).all()  # fmt: skip
    return [tuple(int(v) for v in row) for row in rows]  # type: ignore[misc]


def test_the_event_count_migration_counts_an_existing_database(empty_database: str):
    """A database made before ``games.event_count``, holding tables, games and events, is
    upgraded: every game's count is its number of events, the table's version is their sum,
    and the trigger counts every insert from then on (and still keeps ``last_event``)."""
    from companion.tables import snapshot, store
    from companion.tables.models import Table

    before = _app(empty_database, migrate=False)
    with before.app_context():
        flask_migrate.upgrade(directory=str(MIGRATIONS), revision=REVISES)
        with db.engine.begin() as conn:
            first = _table_with_games(conn, "tableone", [3, 7])
            second = _table_with_games(conn, "tabletwo", [1, 0])
        db.engine.dispose()

    app = _app(empty_database, migrate=True)  # the upgrade a restart runs
    with app.app_context():
        with db.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == COUNTED
            assert _counts(conn, first + second) == [(3, 3, 1), (7, 7, 1), (1, 1, 1), (0, 0, 0)]
        table = db.session.scalar(select(Table).where(Table.token == "tableone"))
        assert table is not None
        assert store.table_version(table) == 10
        assert store.events_count(first[1]) == 7
        game = table.games[-1]  # the table's version as the snapshot counts it: 3 + 7
        assert snapshot.load(game, 2).table_version == 10
        db.session.remove()
        with db.engine.begin() as conn:  # every way of inserting counts: one row, and several
            _insert_events(conn, first[0], 1)
            conn.execute(
                text("INSERT INTO events (game_id, kind, actor, payload, created_at) "
                     "VALUES (:g, 'note', 'Host', '{}', :at), (:g, 'note', 'Host', '{}', :at)"),
                {"g": second[1], "at": datetime(2026, 11, 2)},
            )  # fmt: skip
        with db.engine.connect() as conn:
            assert _counts(conn, first + second) == [(4, 4, 1), (7, 7, 1), (1, 1, 1), (2, 2, 1)]
        assert store.table_version(table) == 11
        db.session.remove()  # its read would hold the downgrade's lock on games
        flask_migrate.downgrade(directory=str(MIGRATIONS), revision=REVISES)
        with db.engine.begin() as conn:  # the older trigger is back: it keeps last_event
            _insert_events(conn, first[1], 1)
            newest = conn.execute(
                text("SELECT max(id) FROM events WHERE game_id = :g"), {"g": first[1]}
            ).scalar()
            head = conn.execute(
                text("SELECT last_event FROM games WHERE id = :g"), {"g": first[1]}
            ).scalar()
            assert head == newest
            names = {c["name"] for c in inspect(conn).get_columns("games")}
            assert "event_count" not in names
        db.session.remove()
        db.engine.dispose()
