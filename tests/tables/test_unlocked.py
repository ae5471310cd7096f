"""The Table API's action on PostgreSQL without the game's lock (``service.act_unlocked``):
one statement stores an action only if the game's newest event is still the one the phone's
read folded (``games.last_event``, kept by a trigger on every insert), so nothing is ever
stored on top of something its writer did not see; a process keeps each key's holder after
its action and acts for it again in one statement, and a holder gone stale (a seat freed, a
new game, another process's change) is never acted on.

Two apps on one database stand for two server processes, each with its own caches."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from flask import Flask
from sqlalchemy import func, select

from companion.extensions import db
from companion.tables import snapshot, store
from companion.tables.holders import PlainGame
from companion.tables.live import PostgresBroker
from companion.tables.models import Event, Game, Table
from tests.sent import Sent, recording


@pytest.fixture
def make_app(make_pg_app) -> Callable[[], Flask]:
    return make_pg_app


def _table(client, names: tuple[str, ...] = ("A", "B")) -> tuple[str, dict[str, str]]:
    made = client.post("/api/v1/tables", json={"game": "custom", "names": list(names)})
    assert made.status_code == 201, made.get_data(as_text=True)
    return made.json["token"], {"Authorization": f"Bearer {made.json['host_key']}"}


def _score(client, key, round_: int, seat: int, points: int, version: int = 0, **more):
    body = {"action": "score", "target": {"round": round_, "seat": seat}, "version": version,
            "data": {"points": points}, **more}  # fmt: skip
    return client.post("/api/v1/table/actions", json=body, headers=key)


def _statements(app: Flask) -> list[Sent]:
    """Every statement the app sends to the driver from now on, with whether its connection
    was in autocommit (no BEGIN or COMMIT round trips around it): ``tests.sent``."""
    return recording(app)


def _heads(app: Flask) -> list[tuple[int, int]]:
    """Each game's ``last_event`` beside the id of its newest event."""
    with app.app_context():
        newest = select(func.max(Event.id)).where(Event.game_id == Game.id).scalar_subquery()
        rows = db.session.execute(select(Game.last_event, newest).order_by(Game.id)).all()
        db.session.remove()
    return [(int(a), int(b or 0)) for a, b in rows]


def test_an_action_is_one_statement_once_its_key_is_kept(make_app):
    app = make_app()
    client = app.test_client()
    _, key = _table(client)
    seen = _statements(app)
    assert _score(client, key, 1, 0, 4).status_code == 200
    first = list(seen)
    seen.clear()
    assert _score(client, key, 1, 1, 6).status_code == 200
    # the first: the key's holder, the events this process had not folded, the insert
    assert len(first) == 3 and all(s.autocommit for s in first), first
    # the next: the insert alone, on the holder and the snapshot this process kept
    assert len(seen) == 1 and seen[0].autocommit, seen
    assert "INSERT INTO events" in seen[0].sql and "last_event" in seen[0].sql
    assert client.get("/api/v1/table", headers=key).json["sheet"]["totals"] == {"0": 4, "1": 6}


def test_last_event_follows_every_way_of_storing(make_app):
    """The trigger keeps ``games.last_event`` on the newest event, whoever inserts: the
    unlocked action, the pages' locked writes, undo, a batch of several rows, a new game."""
    app = make_app()
    client = app.test_client()
    _, key = _table(client, ("A", "B", "C"))
    version = _score(client, key, 1, 0, 4).json["version"]
    undo = client.post("/api/v1/table/undo", json={"version": version}, headers=key)
    assert undo.status_code == 200, undo.get_data(as_text=True)
    assert _score(client, key, 1, 0, 5, version=2).status_code == 200
    with app.app_context():  # three rows in one statement, through the locked way
        game_id = db.session.scalar(select(Game.id))
        store.lock_game(game_id)
        rows = [{"kind": "note", "actor": "Host", "actor_seat": None, "round": None,
                 "slot": None, "slot_version": None, "payload": {"n": n}}
                for n in range(3)]  # fmt: skip
        store.insert_events(game_id, rows)
        db.session.commit()
        db.session.remove()
    heads = _heads(app)
    assert heads[0][0] == heads[0][1] > 0
    assert (
        client.post("/api/v1/table/host", json={"action": "lock"}, headers=key).status_code == 200
    )
    assert [a == b for a, b in _heads(app)] == [True]


def test_a_stale_head_stores_nothing(make_app):
    app = make_app()
    client = app.test_client()
    _, key = _table(client)
    assert _score(client, key, 1, 0, 4).status_code == 200
    row = {"kind": "score", "actor": "Host", "actor_seat": None, "round": 1, "slot": "r1s1",
           "slot_version": 1, "payload": {"seat": 1, "points": 9, "before": None}}  # fmt: skip
    with app.app_context():
        game_id, head = db.session.execute(select(Game.id, Game.last_event)).one()
        db.session.remove()
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
        assert store.insert_after(game_id, head - 1, [row]) is None  # someone came after
        stored = store.insert_after(game_id, head, [row])
        assert stored is not None and [e.slot for e in stored] == ["r1s1"]
        assert store.insert_after(game_id, head, [{**row, "slot": "r2s1"}]) is None
        count = db.session.scalar(select(func.count()).select_from(Event))
        db.session.remove()
    assert count == 3  # the new table, the first score, the one stored above


def test_two_processes_on_one_head_store_exactly_one(make_app):
    """Two processes act on different cells of one game from the same head at once: the one
    that comes second folds the first one's event and stores on top of it; nothing is lost
    and each process's snapshot is what a fresh read folds."""
    one, two = make_app(), make_app()
    _, key = _table(one.test_client(), tuple("ABCDEFGH"))
    for app in (one, two):  # both keep the key's holder at the same head
        assert _score(app.test_client(), key, 1, 0 if app is one else 1, 1).status_code == 200
    gate = threading.Barrier(6)
    codes: list[int] = []

    def phone(app: Flask, seat: int) -> None:
        client = app.test_client()
        gate.wait()
        codes.append(_score(client, key, 1, seat, seat + 10).status_code)

    threads = [threading.Thread(target=phone, args=(one if seat % 2 else two, seat))
               for seat in range(2, 8)]  # fmt: skip
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert codes == [200] * 6
    totals = two.test_client().get("/api/v1/table", headers=key).json["sheet"]["totals"]
    assert totals == {"0": 1, "1": 1, **{str(seat): seat + 10 for seat in range(2, 8)}}
    assert [a == b for a, b in _heads(one)] == [True]
    for app in (one, two):
        with app.app_context():
            game = db.session.execute(select(Game.id, Game.kind, Game.options)).one()
            db.session.remove()
            kept = snapshot.cache().get(game.id)
            app.extensions["snapshots"] = snapshot.SnapshotCache()
            fresh = snapshot.load(PlainGame(game.id, game.kind, game.options), 8)
            db.session.remove()
        assert kept is not None
        assert [e.id for e in kept.events] == [e.id for e in fresh.events][: len(kept.events)]


def test_the_same_cell_from_two_processes_at_once_one_wins_the_other_is_told(make_app):
    one, two = make_app(), make_app()
    _, key = _table(one.test_client())
    for app in (one, two):
        assert _score(app.test_client(), key, 1, 0 if app is one else 1, 1).status_code == 200
    gate = threading.Barrier(2)
    answers: dict[str, object] = {}

    def phone(app: Flask, points: int) -> None:
        client = app.test_client()
        gate.wait()
        answers[str(points)] = _score(client, key, 2, 0, points)

    threads = [threading.Thread(target=phone, args=(app, p)) for app, p in ((one, 7), (two, 8))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    codes = sorted(a.status_code for a in answers.values())  # type: ignore[attr-defined]
    assert codes == [200, 409]
    lost = next(a for a in answers.values() if a.status_code == 409)  # type: ignore[attr-defined]
    won = next(p for p, a in answers.items() if a.status_code == 200)  # type: ignore[attr-defined]
    assert lost.json["current"] is not None and lost.json["target_version"] == 1
    sheet = one.test_client().get("/api/v1/table", headers=key).json["sheet"]
    assert sheet["totals"]["0"] == 1 + int(won)


def test_a_kept_holder_is_not_used_once_its_seat_is_freed_elsewhere(make_app):
    """Process one keeps a seat's holder; process two frees that seat: the seat's next action
    in process one is refused as a freed seat's, not stored from what was kept."""
    one, two = make_app(), make_app()
    host_client = two.test_client()
    made = host_client.post("/api/v1/tables", json={"game": "custom", "names": ["A", ""]}).json
    host = {"Authorization": f"Bearer {made['host_key']}"}
    join = made["links"]["join"].rsplit("/", 1)[1]
    joined = one.test_client().post(f"/api/v1/join/{join}", json={"seat": 1, "name": "B"})
    assert joined.status_code == 200, joined.get_data(as_text=True)
    seat_key = {"Authorization": f"Bearer {joined.json['seat_key']}"}
    phone = one.test_client()
    assert _score(phone, seat_key, 1, 1, 3).status_code == 200
    assert _score(phone, seat_key, 1, 1, 6, version=1).status_code == 200  # kept from here on
    freed = host_client.post("/api/v1/table/host", json={"action": "free", "seat": 1},
                             headers=host)  # fmt: skip
    assert freed.status_code == 200, freed.get_data(as_text=True)
    refused = _score(phone, seat_key, 1, 1, 9, version=2)
    assert refused.status_code == 401
    assert "freed" in refused.json["error"]
    totals = host_client.get("/api/v1/table", headers=host).json["sheet"]["totals"]
    assert totals["1"] == 6


def test_a_kept_holder_follows_a_new_game_started_elsewhere(make_app):
    """Process one keeps the host key's holder in game 1; process two starts game 2 without
    touching game 1's events: the next action goes to game 2, and one that names game 1 is
    refused, never stored in the finished game."""
    one, two = make_app(), make_app()
    phone = one.test_client()
    _, key = _table(phone)
    for seat in (0, 1):
        assert _score(phone, key, 1, seat, 5).status_code == 200
    with two.app_context():  # "play again" on another process's page
        store.new_game(db.session.scalars(select(Table)).one(), "Host", None)
        db.session.remove()
    late = _score(phone, key, 1, 0, 7, version=1, game_number=1)
    assert late.status_code == 409 and "Game 1 is over" in late.json["error"]
    assert _score(phone, key, 1, 0, 2, game_number=2).status_code == 200
    with one.app_context():
        per_game = dict(db.session.execute(
            select(Game.number, func.count(Event.id)).join(Event).where(Event.kind == "score")
            .group_by(Game.number)).all())  # fmt: skip
        db.session.remove()
    assert per_game == {1: 2, 2: 1}


def test_a_seat_added_through_a_kept_key_takes_the_lock_and_the_key_sees_the_new_seat(
    make_app,
):
    """Moving seats changes seat rows as well as events: that action takes the game's lock
    (``act``), wakes the other processes too, and the key's next action sees the new seat."""
    one, two = make_app(), make_app()
    phone = one.test_client()
    token, key = _table(phone)
    assert _score(phone, key, 1, 0, 2).status_code == 200
    assert _score(phone, key, 1, 1, 3).status_code == 200  # kept from here on
    with two.app_context():
        other = PostgresBroker(two.extensions["broker"]._dsn)
    other.prepare()  # another process listening before the action
    before = phone.get("/api/v1/table", headers=key).json["version"]
    body = {"action": "add-seat", "target": {}, "version": 0, "data": {"name": "Cy"}}
    added = phone.post("/api/v1/table/actions", json=body, headers=key)
    assert added.status_code == 200, added.get_data(as_text=True)
    assert other.wait(token, before, 10.0) == added.json["version"]
    assert _score(phone, key, 2, 2, 4).status_code == 200  # the third seat, round 2
    table = two.test_client().get("/api/v1/table", headers=key).json
    assert [s["name"] for s in table["seats"]] == ["A", "B", "Cy"]
    assert table["sheet"]["totals"]["2"] == 4


def test_an_action_refused_on_what_was_kept_and_stored_on_a_fresh_read_is_really_stored(make_app):
    """Process one keeps the seat's holder; the host changes the cell through process two;
    the seat, having seen that, changes it again through process one. What one kept refuses
    it (an old version), the fresh read stores it: it must be in the database, not only in
    one's snapshot (the refusal's rollback gave back the autocommit connection once)."""
    one, two = make_app(), make_app()
    phone, host_phone = one.test_client(), two.test_client()
    made = host_phone.post("/api/v1/tables", json={"game": "custom", "names": ["A", "B"]}).json
    host = {"Authorization": f"Bearer {made['host_key']}"}
    join = made["links"]["join"].rsplit("/", 1)[1]
    seat_key = {"Authorization": "Bearer " + phone.post(
        f"/api/v1/join/{join}", json={"seat": 1, "name": "B"}).json["seat_key"]}  # fmt: skip
    assert _score(phone, seat_key, 1, 1, 5).status_code == 200
    assert _score(host_phone, host, 1, 1, 7, version=1).status_code == 200
    again = _score(phone, seat_key, 1, 1, 9, version=2)
    assert again.status_code == 200, again.get_data(as_text=True)
    with two.app_context():
        stored = db.session.scalars(select(Event.id).order_by(Event.id)).all()
        db.session.remove()
    assert len(stored) == again.json["version"]  # the table's own count (its only table)
    for client in (phone, host_phone):  # both processes read it, from their own snapshots
        cells = client.get("/api/v1/table", headers=host).json["state"]["cells"]
        assert {"round": 1, "seat": 1, "points": 9, "version": 3} in cells
    assert [a == b for a, b in _heads(one)] == [True]


def test_the_connection_goes_back_to_the_pool_out_of_autocommit(make_app):
    """The action's connection is in autocommit only for that request: the next user of the
    same pooled connection (a page's locked write) gets a transaction again."""
    app = make_app(SQLALCHEMY_ENGINE_OPTIONS={"pool_size": 1, "max_overflow": 0})
    client = app.test_client()
    _, key = _table(client)
    seen = _statements(app)
    assert _score(client, key, 1, 0, 4).status_code == 200
    assert seen and all(s.autocommit for s in seen)  # the action ran in autocommit
    with app.app_context():
        raw = db.session.connection().connection.dbapi_connection
        assert raw is not None and raw.autocommit is False  # the one pooled connection
        db.session.remove()


def test_the_locked_way_stores_nothing_in_a_game_a_new_one_followed(make_app):
    """The locked way's insert on PostgreSQL is the same statement: holding the game's lock, a
    process still finds a game that another process started meanwhile, stores nothing in the
    finished one, and the service says so (409)."""
    one, two = make_app(), make_app()
    _, key = _table(one.test_client())
    assert _score(one.test_client(), key, 1, 0, 4).status_code == 200
    row = {"kind": "score", "actor": "Host", "actor_seat": None, "round": 1, "slot": "r1s1",
           "slot_version": 1, "payload": {"seat": 1, "points": 9, "before": None}}  # fmt: skip
    with one.app_context():
        game_id, head = db.session.execute(select(Game.id, Game.last_event)).one()
        store.lock_game(game_id)  # held by this transaction from here on
        with two.app_context():  # "play again" on another process meanwhile
            store.new_game(db.session.scalars(select(Table)).one(), "Host", None)
            db.session.remove()
        assert store.insert_events(game_id, [row], True, head) is None
        db.session.rollback()
        stored = db.session.scalar(select(func.count()).where(Event.game_id == game_id))
        db.session.remove()
    assert stored == 2  # the new table and the first score: nothing after the new game
