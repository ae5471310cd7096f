"""Changes to a table itself (new links, a seat taken or freed, joining locked) beside
actions, at the same moment on PostgreSQL: every writer takes the game's lock first, so none
of them deadlocks with another (a deadlock's victim was a 500), and two new-link requests at
once both succeed, one after the other."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

from flask import Flask
from sqlalchemy import select

from companion.extensions import db
from companion.tables.models import OldLink, Table


def _at_once(jobs: list[Callable[[], None]]) -> None:
    gate = threading.Barrier(len(jobs))

    def run(job: Callable[[], None]) -> None:
        gate.wait()
        job()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)


def _table(app: Flask) -> tuple[dict, dict[str, str]]:
    made = (
        app.test_client()
        .post("/api/v1/tables", json={"game": "custom", "names": ["A", "B", "", ""]})
        .json
    )
    return made, {"Authorization": f"Bearer {made['host_key']}"}


def test_two_new_links_at_once_both_succeed_and_every_old_link_leads_on(make_pg_app):
    app = make_pg_app()
    made, host = _table(app)
    tables = {made["links"]["table"]}
    answers: list = []

    def rotate() -> None:
        client = app.test_client()
        answers.append(client.post("/api/v1/table/host", json={"action": "rotate"}, headers=host))

    for _ in range(6):
        answers.clear()
        _at_once([rotate, rotate])
        assert [a.status_code for a in answers] == [200, 200], [a.json for a in answers]
        new = {a.json["links"]["table"] for a in answers}
        assert len(new) == 2 and not new & tables  # each made its own new links
        tables |= new
    with app.app_context():  # every link given out before leads its phones on (OldLink)
        current = db.session.scalar(select(Table.token))
        old = set(db.session.scalars(select(OldLink.token)))
        db.session.remove()
    given = {link.rsplit("/", 1)[1] for link in tables}
    assert current in given and given - {current} == old


def test_links_seats_and_actions_changed_at_once_never_fail(make_pg_app):
    """New links, a seat taken and freed through the join link, joining locked and opened,
    and scores, all at once and again: each answers in words (no 5xx), scores keep counting."""
    one, two = make_pg_app(), make_pg_app()  # two processes
    made, host = _table(one)
    join = [made["links"]["join"].rsplit("/", 1)[1]]
    codes: Counter = Counter()

    def rotate() -> None:
        answer = one.test_client().post("/api/v1/table/host", json={"action": "rotate"},
                                        headers=host)  # fmt: skip
        codes["rotate", answer.status_code] += 1
        if answer.status_code == 200:
            join[0] = answer.json["links"]["join"].rsplit("/", 1)[1]

    def sit_and_free() -> None:
        sat = two.test_client().post(f"/api/v1/join/{join[0]}", json={"seat": 3, "name": "D"})
        codes["join", sat.status_code] += 1
        freed = two.test_client().post("/api/v1/table/host", json={"action": "free", "seat": 3},
                                       headers=host)  # fmt: skip
        codes["free", freed.status_code] += 1

    def lock() -> None:
        for what in ("lock", "unlock"):
            answer = one.test_client().post("/api/v1/table/host", json={"action": what},
                                            headers=host)  # fmt: skip
            codes[what, answer.status_code] += 1

    def score(app: Flask, seat: int) -> Callable[[], None]:
        def go() -> None:
            client = app.test_client()
            cells = client.get("/api/v1/table", headers=host).json["state"]["cells"]
            version = next((c["version"] for c in cells if c["seat"] == seat), 0)
            body = {"action": "score", "target": {"round": 1, "seat": seat},
                    "version": version, "data": {"points": version + 1}}  # fmt: skip
            answer = client.post("/api/v1/table/actions", json=body, headers=host)
            codes["score", answer.status_code] += 1

        return go

    for _ in range(8):
        _at_once([rotate, rotate, sit_and_free, lock, score(one, 0), score(two, 1)])
    assert not [k for k in codes if k[1] >= 500], codes
    assert codes["rotate", 200] == 16 and codes["score", 200] >= 8, codes
    cells = one.test_client().get("/api/v1/table", headers=host).json["state"]["cells"]
    assert sum(c["version"] for c in cells) == codes["score", 200]  # each one stored
