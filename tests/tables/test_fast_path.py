"""The Table API's fast path: the key lookup, the stored events folded without reading them
back, and the live update sent with the commit. Each test would fail if that part broke."""

from __future__ import annotations

import threading

import pytest
from flask import Flask

from companion.extensions import db
from companion.tables import snapshot
from companion.tables.holders import PlainGame
from companion.tables.live import PostgresBroker
from companion.tables.models import Event, Game
from tests.sent import recording, sql


def _table(client, seats: int = 2) -> tuple[str, dict[str, str]]:
    names = [f"P{i + 1}" for i in range(seats)]
    created = client.post("/api/v1/tables", json={"game": "custom", "names": names}).json
    return created["token"], {"Authorization": f"Bearer {created['host_key']}"}


def _score(client, key, round_: int, seat: int, points: int, version: int = 0):
    body = {"action": "score", "target": {"round": round_, "seat": seat}, "version": version,
            "data": {"points": points}}  # fmt: skip
    return client.post("/api/v1/table/actions", json=body, headers=key)


def test_the_snapshot_after_an_action_is_what_a_fresh_read_folds(app: Flask, client):
    """The events an action stored are folded in without reading them back; a process
    with no snapshot that reads every event gets the very same events and state."""
    _, key = _table(client)
    for i in range(6):
        assert _score(client, key, i // 2 + 1, i % 2, i + 3).status_code == 200
    with app.app_context():
        game_id = db.session.scalar(db.select(Event.game_id).order_by(Event.id.desc()))
        kept = snapshot.cache().get(game_id)
        assert kept is not None
        app.extensions["snapshots"] = snapshot.SnapshotCache()  # as a new process would
        options = db.session.get(Game, game_id).options
        fresh = snapshot.load(PlainGame(game_id, kept.kind, options), kept.players)
    assert [e.id for e in fresh.events] == [e.id for e in kept.events]
    assert [(e.kind, e.slot, e.slot_version, e.payload) for e in fresh.events] == [
        (e.kind, e.slot, e.slot_version, e.payload) for e in kept.events
    ]
    assert fresh.state == kept.state
    assert list(fresh.sheet.totals) == list(kept.sheet.totals) == [3 + 5 + 7, 4 + 6 + 8]


def test_a_stale_action_stores_nothing_and_the_next_one_still_counts(app: Flask, client):
    _, key = _table(client)
    assert _score(client, key, 1, 0, 5).status_code == 200
    stale = _score(client, key, 1, 0, 9)  # version 0 again: the cell is at 1 now
    assert stale.status_code == 409
    assert stale.json["current"] is not None
    assert _score(client, key, 1, 0, 7, version=1).status_code == 200
    state = client.get("/api/v1/table", headers=key).json
    assert state["sheet"]["totals"]["0"] == 7
    with app.app_context():
        points = [e.payload["points"] for e in db.session.scalars(db.select(Event)) if
                  e.kind == "score"]  # fmt: skip
    assert points == [5, 7]


def test_an_action_wakes_this_process_and_every_other_one(app: Flask, client):
    """This process's streams are woken after the commit; on PostgreSQL the NOTIFY for the
    other processes goes out after it (``live.PostgresBroker``)."""
    token, key = _table(client)
    broker = app.extensions["broker"]
    other = None
    if isinstance(broker, PostgresBroker):
        other = PostgresBroker(broker._dsn)
        other.prepare()  # listening before the action, so its NOTIFY cannot be missed
    before = client.get("/api/v1/table", headers=key).json["version"]
    heard: list[int | None] = []
    waiter = threading.Thread(target=lambda: heard.append(broker.wait(token, before, 10.0)))
    waiter.start()
    answer = _score(client, key, 1, 1, 4)
    assert answer.status_code == 200
    waiter.join(12)
    assert heard == [answer.json["version"]]
    if other is not None:
        assert other.wait(token, before, 10.0) == answer.json["version"]


def test_actions_at_once_on_one_game_leave_no_event_out_of_the_snapshot(app: Flask, client):
    """Eight phones score different cells of one game at the same moment: the snapshot this
    process keeps (folded from each action's own events, never read back) holds every one of
    them, as a fresh read of all the events does."""
    _, key = _table(client, 8)
    gate = threading.Barrier(8)
    codes: list[int] = []

    def phone(i: int) -> None:
        own = app.test_client()
        gate.wait()
        codes.append(_score(own, key, 1, i, i + 10).status_code)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert codes == [200] * 8
    with app.app_context():
        game_id = db.session.scalar(db.select(Event.game_id).order_by(Event.id.desc()))
        kept = snapshot.cache().get(game_id)
        stored = list(db.session.scalars(db.select(Event.id).where(Event.game_id == game_id)))
    assert kept is not None
    assert [e.id for e in kept.events] == sorted(stored)
    assert list(kept.sheet.totals) == [i + 10 for i in range(8)]


@pytest.mark.one_database  # SQLite: the Table API's locked way (PostgreSQL's: test_unlocked)
def test_an_action_on_sqlite_reads_no_events_its_process_has_folded(app: Flask, client):
    """SQLite (the locked way): the key's query takes the write lock and reads the game's
    newest event, so an action on a game this process has folded that far reads no events
    again: the lock and key, the insert, the commit, nothing else (counted at the driver:
    ``tests.sent``). Its table belongs to no circle, so the sheet is not worked out for the
    action either (only a circle's game settles on it)."""
    _, key = _table(client)
    assert _score(client, key, 1, 0, 4).status_code == 200
    sent = recording(app)
    assert _score(client, key, 1, 1, 6).status_code == 200
    seen = sql(sent)
    assert not [s for s in seen if "FROM events" in s], seen
    assert [s.split()[0] for s in seen] == ["BEGIN", "SELECT", "INSERT", "COMMIT"], seen
    assert seen[0] == "BEGIN IMMEDIATE", seen
    with app.app_context():
        game_id = db.session.scalar(db.select(Game.id))
        kept = snapshot.cache().get(game_id)
        db.session.remove()
    assert kept is not None and "sheet" not in vars(kept)  # never worked out
    assert client.get("/api/v1/table", headers=key).json["sheet"]["totals"] == {"0": 4, "1": 6}
