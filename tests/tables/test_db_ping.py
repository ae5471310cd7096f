"""Pooled PostgreSQL connections: one unused for a while is checked before it is used, so a
database restart costs no request; one given back a moment ago is used without a check."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from sqlalchemy import create_engine, text

from companion.extensions import db
from tests.sent import recording, sql

BODY = {"action": "score", "target": {"round": 1, "seat": 0}, "version": 0,
        "data": {"points": 4}}  # fmt: skip


@pytest.fixture
def make_app(make_pg_app) -> Callable[[float], Flask]:
    """A PostgreSQL app whose pool checks a connection unused for the given seconds."""
    return lambda ping_after: make_pg_app(DB_PING_AFTER_SECONDS=ping_after)


def _terminate_others(url: str) -> int:
    """End every other session on the test database, as a database restart would."""
    base, name = url.rsplit("/", 1)
    admin = create_engine(base + "/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        ended = conn.execute(
            text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                 " WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name},
        ).scalar_one()  # fmt: skip
    admin.dispose()
    return int(ended)


def _table(client) -> dict[str, str]:
    made = client.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B"]})
    assert made.status_code == 201, made.get_data(as_text=True)
    return {"Authorization": f"Bearer {made.json['host_key']}"}


def test_a_connection_ended_while_idle_is_replaced_without_an_error(make_app, pg_emptied):
    client = make_app(0.0).test_client()
    key = _table(client)
    assert _terminate_others(pg_emptied) >= 1  # the pooled connection is gone
    answer = client.post("/api/v1/table/actions", json=BODY, headers=key)
    assert answer.status_code == 200, answer.get_data(as_text=True)


@pytest.mark.parametrize("ping_after, pings", [(3600.0, 0), (0.0, 1)])
def test_only_a_connection_unused_for_a_while_is_checked(make_app, monkeypatch, ping_after, pings):
    app = make_app(ping_after)
    client = app.test_client()
    key = _table(client)
    sent = recording(app)  # at the driver (``tests.sent``), after the ping
    with app.app_context():
        dialect = type(db.engine.dialect)
    checks: list[object] = []
    real = dialect.do_ping
    monkeypatch.setattr(
        dialect, "do_ping", lambda self, conn: checks.append(conn) or real(self, conn)
    )
    assert client.post("/api/v1/table/actions", json=BODY, headers=key).status_code == 200
    assert len(checks) == pings
    seen = sql(sent)
    # the key's row (with its game's newest event), the events this process had not folded,
    # the insert (each its own transaction: tests/tables/test_unlocked); the NOTIFY goes after
    # the commit, on the broker's own connection (tests/tables/test_postgres_fanout)
    assert len(seen) == 3, seen
    assert "INSERT INTO events" in seen[-1] and "pg_notify" not in seen[-1]


def test_the_insert_is_the_same_statement_every_time(make_app):
    """The action's INSERT is written once per row count, not per request:
    every action sends the same SQL text (so PostgreSQL can prepare it) and nothing is
    written again."""
    from companion.tables import store

    app = make_app(3600.0)
    client = app.test_client()
    key = _table(client)
    sent = recording(app)
    answer = client.post("/api/v1/table/actions", json=BODY, headers=key)
    assert answer.status_code == 200
    compiled = store._appending.cache_info().currsize
    for round_, seat in ((1, 1), (2, 0)):
        body = {**BODY, "target": {"round": round_, "seat": seat}}
        assert client.post("/api/v1/table/actions", json=body, headers=key).status_code == 200
    inserts = [s for s in sql(sent) if "INSERT INTO events" in s]
    assert len(inserts) == 3 and len(set(inserts)) == 1
    assert store._appending.cache_info().currsize == compiled
    table = client.get("/api/v1/table", headers=key).json
    assert table["version"] > 0
