"""The table's own actions (seats, the lock, the links) through the pages, the Table API and
``service.act_table`` on a real database file (SQLite and PostgreSQL): each names its target
and the version its form was drawn at; a stale or future version is 409 with the target as it
is now, nothing stored; refusals are in words; never a 5xx, also when two phones act at once.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from sqlalchemy import func, select

from companion.errors import Conflict
from companion.extensions import db
from companion.games.protocol import Action, Actor
from companion.tables import service
from companion.tables.models import Event, Seat, Table
from tests.web.tablehelp import csrf, join_token, new_table

VERSION = re.compile(r'name="version-(\d+)" value="(\d+)"')


def _at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    gate = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        gate.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


def _join_form(phone, token: str) -> dict[str, str]:
    """The join page as a phone drew it: its csrf token and each seat's version."""
    page = phone.get(f"/j/{token}").get_data(as_text=True)
    return {"csrf_token": csrf(phone), **{f"version-{n}": v for n, v in VERSION.findall(page)}}


def _kinds(app) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(Event.kind).order_by(Event.id)))


def test_two_phones_that_drew_the_join_page_take_one_seat_at_once(app, client):
    """One takes it; the other is told, with its typed name kept, that a phone sits there
    now (409), and nothing of its is stored."""
    table = new_table(client, **{"name-2": ""})
    token = join_token(client, table)
    phones = [app.test_client() for _ in range(2)]
    forms = [_join_form(p, token) for p in phones]
    assert forms[0]["version-2"] == "0"
    calls = [
        lambda p=p, f=f, n=n: p.post(f"/j/{token}/seat", data={**f, "seat": "2", "name": n})
        for p, f, n in zip(phones, forms, ("Di", "Ed"), strict=True)
    ]
    answers = _at_once(calls)
    assert sorted(a.status_code for a in answers) == [303, 409]
    lost = next(a for a in answers if a.status_code == 409).get_data(as_text=True)
    assert "a phone sits there now" in lost and "Nothing was changed" in lost
    assert re.search(r'name="name" value="(Di|Ed)"', lost)  # the phone's input is kept
    assert _kinds(app).count("join") == 1


def test_a_seat_version_from_the_future_is_refused_by_the_service(app, client):
    """Through ``service.act_table`` on the database itself: a version no phone saw is 409,
    nothing stored (a plan that took it would store a join here)."""
    new_table(client, **{"name-1": ""})
    with app.app_context():
        table = db.session.scalars(select(Table)).one()
        before = db.session.scalar(select(func.count(Event.id)))
        action = Action("take-seat", {"seat": 1}, 1, {"name": "Bo"})
        with pytest.raises(service.StaleTarget) as refused:
            service.act_table(table, table.game, action, Actor("Someone"), "phone-x")
        assert refused.value.target_version == 0
        assert refused.value.current == {"seat": 1, "name": "Seat 2", "taken": False}
        db.session.rollback()
        assert db.session.scalar(select(func.count(Event.id))) == before
        assert db.session.scalar(select(Seat.phone).where(Seat.position == 1)) is None
        done = service.act_table(table, table.game, Action("take-seat", {"seat": 1}, 0,
                                 {"name": "Bo"}), Actor("Someone"), "phone-x")  # fmt: skip
        assert done.target_versions == (1,) and [e.kind for e in done.stored] == ["join"]
        assert done.stored[0].slot == "seat1"


def test_rename_while_the_host_frees_the_seat(app, client):
    """Whichever comes first, the other is refused in words or applied after it, never a
    5xx; the seat ends free and the history says what happened, in order."""
    for _ in range(4):
        table = new_table(client, **{"name-1": ""})
        guest = app.test_client()
        form = _join_form(guest, join_token(client, table))
        assert guest.post(f"/j/{join_token(client, table)}/seat",
                          data={**form, "seat": "1", "name": "Bo"}).status_code == 303  # fmt: skip
        page = guest.get(table).get_data(as_text=True)
        mine = re.search(r'id="rename-form".*?name="version" value="(\d+)"', page, re.S)
        host_page = client.get(table).get_data(as_text=True)
        seat = re.search(r'/free/1".*?name="version" value="(\d+)"', host_page, re.S)
        assert mine and seat and mine.group(1) == seat.group(1) == "1"
        rename = {"csrf_token": csrf(guest), "name": "Bob", "version": mine.group(1)}
        free = {"csrf_token": csrf(client), "version": seat.group(1)}
        answers = _at_once([partial(guest.post, f"{table}/me/name", data=rename),
                            partial(client.post, f"{table}/free/1", data=free)])  # fmt: skip
        codes = [a.status_code for a in answers]
        assert all(c < 500 for c in codes), codes
        with app.app_context():
            t = db.session.scalars(select(Table).order_by(Table.id.desc())).first()
            kinds = [e.kind for e in t.game.events]
        assert codes != [303, 303], f"both stored from the same version: {kinds}"
        if codes[1] == 303:  # freed first: the rename finds no seat (403) or a stale one (409)
            assert codes[0] in (403, 409) and kinds[-1] == "free-seat" and "rename" not in kinds
        else:  # renamed first: the host's form is stale (409), the seat stays Bob's
            assert codes == [303, 409] and kinds[-1] == "rename"
            assert "a phone sits there now" in answers[1].get_data(as_text=True)


def test_lock_while_someone_joins(app, client):
    """Joining and locking at once: the join is stored before the lock or refused because
    of it, in words; never both orders at once, never a 5xx."""
    for _ in range(4):
        table = new_table(client, **{"name-1": ""})
        token = join_token(client, table)
        guest = app.test_client()
        form = _join_form(guest, token)
        lock = {"csrf_token": csrf(client), "locked": "1", "version": "0"}
        answers = _at_once([
            partial(guest.post, f"/j/{token}/seat", data={**form, "seat": "1", "name": "Bo"}),
            partial(client.post, f"{table}/lock", data=lock),
        ])  # fmt: skip
        joined, locked = (a.status_code for a in answers)
        assert locked == 303
        with app.app_context():
            t = db.session.scalars(select(Table).order_by(Table.id.desc())).first()
            kinds = [e.kind for e in t.game.events if e.kind in ("join", "lock")]
            seated = t.seats[1].phone is not None
        if joined == 303:
            assert kinds == ["join", "lock"] and seated
        else:
            assert joined == 422 and "locked" in answers[0].get_data(as_text=True)
            assert kinds == ["lock"] and not seated


def test_the_table_api_names_seat_versions_and_answers_a_stale_one_like_every_409(client):
    made = client.post("/api/v1/tables", json={"game": "custom", "names": ["Ann", ""]}).json
    host = {"Authorization": f"Bearer {made['host_key']}"}
    join_link = made["links"]["join"]
    seat = client.post(f"/api/v1{join_link.replace('/j/', '/join/')}",
                       json={"seat": 1, "name": "Bo", "version": 0})  # fmt: skip
    assert seat.status_code == 200 and seat.json["seat"] == 1
    seats = client.get("/api/v1/table", headers=host).json["seats"]
    assert seats[1] == {"seat": 1, "name": "Bo", "taken": True, "version": 1}
    stale = client.post("/api/v1/table/host", json={"action": "free", "seat": 1, "version": 0},
                        headers=host)  # fmt: skip
    assert stale.status_code == 409
    assert stale.json["target"] == {"seat": 1} and stale.json["target_version"] == 1
    assert stale.json["current"] == {"seat": 1, "name": "Bo", "taken": True}
    freed = client.post("/api/v1/table/host", json={"action": "free", "seat": 1, "version": 1},
                        headers=host)  # fmt: skip
    assert freed.status_code == 200 and freed.json["target_version"] == 2
    unchecked = client.post("/api/v1/table/host", json={"action": "lock"}, headers=host)
    assert unchecked.status_code == 200 and set(unchecked.json) == {"version", "target_version"}


def test_a_taken_seat_through_the_service_is_a_conflict_in_words(app, client):
    new_table(client)
    with app.app_context():
        table = db.session.scalars(select(Table)).one()
        take = Action("take-seat", {"seat": 0}, 0, {"name": "Zed"})
        service.act_table(table, table.game, take, Actor("Someone"), "phone-a")
        with pytest.raises(Conflict, match="Ann is already taken by another phone"):
            service.act_table(table, table.game, take, Actor("Someone"), "phone-b", False)
