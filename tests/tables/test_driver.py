"""The Table API action's statements sent to the driver itself (``companion.tables.driver``):
what they read is what SQLAlchemy reads for the same statement (JSON, times, a statement's own
values, parameters in order), a lost unique-key race is SQLAlchemy's ``IntegrityError`` as
the service expects, and the connection goes back to the pool with nothing open."""

from __future__ import annotations

import sqlite3

import pytest
from flask import Flask
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from companion.extensions import db
from companion.tables import driver, holders, snapshot, store, tokens
from companion.tables.models import Game


def _key(client) -> str:
    made = client.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B", "C"]})
    assert made.status_code == 201, made.get_data(as_text=True)
    key = made.json["host_key"]
    for seat, points in ((0, 4), (1, 7)):
        body = {"action": "score", "target": {"round": 1, "seat": seat}, "version": 0,
                "data": {"points": points}}  # fmt: skip
        answer = client.post(
            "/api/v1/table/actions", json=body, headers={"Authorization": f"Bearer {key}"}
        )
        assert answer.status_code == 200, answer.get_data(as_text=True)
    return str(key)


def test_the_driver_reads_what_sqlalchemy_reads(app: Flask, client):
    key = _key(client)
    with app.app_context():
        game_id = db.session.scalar(select(Game.id))
        cases = [
            (holders._HOLDER, {"key_hash": tokens.key_hash(key)}),
            (snapshot._FIRST, {"game": game_id, "after": 0}),  # the payloads, times, base
            (snapshot._NEWER, {"game": game_id, "after": 0}),
            (snapshot._EARLIER, {"game": game_id}),  # a value the statement holds (0)
        ]
        expected = [
            [tuple(r) for r in db.session.connection().execute(stmt, v).all()] for stmt, v in cases
        ]
        db.session.remove()
        with driver.connection() as raw:
            got = [raw.rows(driver.prepared(stmt, raw.dialect), v) for stmt, v in cases]
    assert got == expected
    assert len(expected[0]) == 3 and len(expected[1]) == 3  # seats; new table and two scores
    assert expected[1][1][7] == {"seat": 0, "points": 4, "before": None}


@pytest.mark.parametrize("autocommit", [False, True])
def test_a_lost_race_is_an_integrity_error_and_the_connection_goes_back_clean(
    app: Flask, client, autocommit
):
    key = _key(client)
    row = {"kind": "score", "actor": "Host", "actor_seat": None, "round": 1, "slot": "r1s0",
           "slot_version": 1, "payload": {"seat": 0, "points": 9, "before": 4}}  # fmt: skip
    with app.app_context():
        with pytest.raises(IntegrityError):  # version 1 of that cell is stored already
            with driver.connection(autocommit) as raw:
                dbapi = raw.dbapi
                h = holders.holder(tokens.key_hash(key), not raw.autocommit, raw)
                assert h is not None
                store.insert_events(h.game.id, [row], True, h.game.last_event, raw)
    # the connection went back to the pool with no transaction open and out of autocommit
    if isinstance(dbapi, sqlite3.Connection):
        assert not dbapi.in_transaction
    else:
        assert dbapi.info.transaction_status.name == "IDLE"  # type: ignore[attr-defined]
        assert dbapi.autocommit is False  # type: ignore[attr-defined]
    state = client.get("/api/v1/table", headers={"Authorization": f"Bearer {key}"}).json
    assert state["version"] == 3  # the new table and two scores: nothing more was stored
