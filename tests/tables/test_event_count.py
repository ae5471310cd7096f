"""Each game's count of its events (``games.event_count``, kept by a trigger in the appending
transaction), which the 5,000-event cap and the table's version read instead of counting the
events: exact when phones store at the same moment, by every way of storing, on SQLite and
PostgreSQL (and from two server processes on PostgreSQL)."""

from __future__ import annotations

import threading

from flask import Flask
from sqlalchemy import func, select

from companion.extensions import db
from companion.tables import store
from companion.tables.models import Event, Game, Table


def _table(client, seats: int) -> tuple[str, dict[str, str]]:
    names = [f"P{i + 1}" for i in range(seats)]
    created = client.post("/api/v1/tables", json={"game": "custom", "names": names})
    assert created.status_code == 201, created.get_data(as_text=True)
    return created.json["token"], {"Authorization": f"Bearer {created.json['host_key']}"}


def _score(client, key, round_: int, seat: int, points: int, version: int = 0):
    body = {"action": "score", "target": {"round": round_, "seat": seat}, "version": version,
            "data": {"points": points}}  # fmt: skip
    return client.post("/api/v1/table/actions", json=body, headers=key)


def _kept_and_counted(app: Flask) -> list[tuple[int, int]]:
    """Each game's kept count beside a count of its events."""
    with app.app_context():
        counted = select(func.count(Event.id)).where(Event.game_id == Game.id).scalar_subquery()
        rows = db.session.execute(select(Game.event_count, counted).order_by(Game.id)).all()
        db.session.remove()
    return [(int(a), int(b)) for a, b in rows]


def _at_once(work: list[threading.Thread]) -> None:
    for t in work:
        t.start()
    for t in work:
        t.join(60)
    assert not any(t.is_alive() for t in work)


def test_the_count_is_exact_when_phones_store_at_the_same_moment(app: Flask, client):
    """Eight phones each store a score and correct it twice, as fast as they can, all at once;
    the host locks and opens joining meanwhile (table actions, the locked way).
    Every game's count is its number of events, and the version the Table API shows is it."""
    token, key = _table(client, 8)
    gate = threading.Barrier(9)
    codes: list[int] = []

    def phone(seat: int) -> None:
        own = app.test_client()
        gate.wait()
        for seen in (0, 1, 2):  # its cell, then two corrections of it
            codes.append(_score(own, key, 1, seat, seat + seen, seen).status_code)

    def host() -> None:
        own = app.test_client()
        gate.wait()
        for what in ("lock", "unlock", "lock", "unlock"):
            answer = own.post("/api/v1/table/host", json={"action": what}, headers=key)
            codes.append(answer.status_code)

    _at_once([threading.Thread(target=phone, args=(s,)) for s in range(8)]
             + [threading.Thread(target=host)])  # fmt: skip
    assert codes == [200] * 28
    counts = _kept_and_counted(app)
    assert counts == [(1 + 28, 1 + 28)]  # the new table's event, then every one stored
    shown = client.get("/api/v1/table", headers=key).json["version"]
    assert shown == 29
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == token))
        assert table is not None
        assert store.table_version(table) == 29
        assert store.events_count(table.game.id) == 29
        db.session.remove()


def test_a_new_game_starts_its_own_count_and_the_table_version_adds_them(app: Flask, client):
    """Undo, a batch of rows in one statement and a new game each count; the table's version
    is the sum of its games' counts, as the snapshot and the Table API show it."""
    token, key = _table(client, 2)
    version = _score(client, key, 1, 0, 4).json["version"]
    undone = client.post("/api/v1/table/undo", json={"version": version}, headers=key)
    assert undone.status_code == 200
    with app.app_context():  # three rows in one statement, through the locked way
        table = db.session.scalar(select(Table).where(Table.token == token))
        assert table is not None
        store.lock_game(table.game.id)
        rows = [{"kind": "note", "actor": "Host", "actor_seat": None, "round": None,
                 "slot": None, "slot_version": None, "payload": {"n": n}}
                for n in range(3)]  # fmt: skip
        store.insert_events(table.game.id, rows)
        db.session.commit()
        store.new_game(table, "Host", None)
        db.session.remove()
    assert _kept_and_counted(app) == [(6, 6), (1, 1)]
    assert _score(client, key, 1, 1, 3).status_code == 200
    assert _kept_and_counted(app) == [(6, 6), (2, 2)]
    assert client.get("/api/v1/table", headers=key).json["version"] == 8


def test_two_processes_storing_at_once_keep_the_count_exact(make_pg_app):
    """PostgreSQL, two server processes (each its own pool and caches), each acting without
    the game's lock (one statement, ``store.insert_after``) on different cells of one game at
    the same moment: the count is every event stored, no more and no fewer."""
    one, two = make_pg_app(), make_pg_app()
    _, key = _table(one.test_client(), 8)
    gate = threading.Barrier(8)
    codes: list[int] = []

    def phone(proc: Flask, seat: int) -> None:
        own = proc.test_client()
        gate.wait()
        for seen in (0, 1, 2):
            codes.append(_score(own, key, 1, seat, seat + seen, seen).status_code)

    _at_once([threading.Thread(target=phone, args=(one if s % 2 else two, s)) for s in range(8)])
    assert codes == [200] * 24
    assert _kept_and_counted(one) == [(25, 25)]
    assert two.test_client().get("/api/v1/table", headers=key).json["version"] == 25
